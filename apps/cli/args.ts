/**
 * Command-line parsing shared by every command: flags are declared per command, so a typo is a
 * usage error naming the flag instead of being silently ignored.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../../engine/run/input-error';

/** Bad usage: the message is printed with the help text, exit 2. */
export class UsageError extends Error {}

/**
 * The profile refuses what was asked in its present state (paused): the message, exit 1. Under
 * `--json` it is also one JSON object on stdout, its `error` shaped as a run report's
 * (`refusalJson`), so a script reading stdout always has an answer.
 */
export class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly kind: 'Paused',
  ) {
    super(`zamburak: ${reason}`);
  }
}

/** A refusal as `--json` prints it: a run report that did nothing (contracts.md, "The CLI report"). */
export const refusalJson = (r: Refused) => ({
  status: 'failed',
  result: null,
  error: { kind: r.kind, message: r.reason, position: null },
  calls: [],
  claims: [],
});

export { InputError };

/** The flags that name the profile a command works on (profile-arg.ts opens it). */
export const PROFILE_FLAGS = ['--profile', '--db'] as const;

export interface Parsed {
  readonly positional: string[];
  /** Each flag's last value (or `true` for a flag that stands alone). */
  readonly flags: Map<string, string | true>;
  /** Every value of a flag given more than once (`--attach A --attach B`), in order. */
  readonly repeated?: Map<string, string[]>;
}

export interface FlagSpec {
  /** Flags that take a value (`--world FILE` or `--world=FILE`). */
  readonly values: ReadonlySet<string>;
  /** Flags that stand alone (`--json`). */
  readonly bools: ReadonlySet<string>;
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-') && a !== '-') {
      const eq = a.indexOf('=');
      const [name, inline] = eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
      if (spec.values.has(name)) {
        const v = inline ?? argv[++i];
        if (v === undefined) throw new UsageError(`${name} needs a value`);
        flags.set(name, v);
        repeated.set(name, [...(repeated.get(name) ?? []), v]);
      } else if (spec.bools.has(name)) flags.set(name, true);
      else throw new UsageError(`unknown option ${name}`);
    } else positional.push(a);
  }
  return { positional, flags, repeated };
}

/** The value of a flag that takes one, if given. */
export const str = (p: Parsed, name: string): string | undefined => {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
};

/** Every value of a flag that may be repeated, in order (none: empty). */
export const strs = (p: Parsed, name: string): string[] =>
  p.repeated?.get(name) ?? (typeof p.flags.get(name) === 'string' ? [p.flags.get(name) as string] : []);

/**
 * A text file the command reads (a plan, a world, a policy, a message body): UTF-8, or refused at
 * its first bad byte with `file:line:col`. Decoding would otherwise put U+FFFD in its place and
 * run on a file that says something else than the one written. A sealed bundle and its key are
 * read with `{ lenient: true }`: a bundle whose bytes were changed is for `verify-bundle` to refuse.
 */
export function readText(path: string, what: string, o: { lenient?: boolean } = {}): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new InputError(
      `cannot read the ${what} file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  if (o.lenient) return bytes.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const { line, column } = firstBadByte(bytes);
    throw new InputError(`${path}:${line}:${column}: not valid UTF-8 (save the ${what} file as UTF-8)`);
  }
}

/** Where the first byte that is not UTF-8 is: its line, and its column in characters. */
function firstBadByte(bytes: Buffer): { line: number; column: number } {
  // Streaming, a prefix decodes unless it holds a bad byte (one cut inside a character waits for
  // the rest), so the longest prefix that decodes ends at the bad byte.
  const decodes = (n: number): string | null => {
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, n), { stream: true });
    } catch {
      return null;
    }
  };
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (decodes(mid) === null) hi = mid - 1;
    else lo = mid;
  }
  // What decoded is whole characters: a character the bad byte broke is not in it.
  const before = (decodes(lo) ?? '').split('\n');
  return { line: before.length, column: [...before[before.length - 1]!].length + 1 };
}

/** What `--limit N` of a listing takes. */
export const LIMIT_RANGE = { min: 1, max: 1_000_000 } as const;

/**
 * A flag that takes a whole number (`--limit N`): absent gives `fallback`; anything else than
 * digits within [min, max] is bad usage naming the flag.
 */
export function intFlag(p: Parsed, name: string, fallback: number, range: { min: number; max: number }): number {
  const v = str(p, name);
  if (v === undefined) return fallback;
  const n = /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!(n >= range.min && n <= range.max))
    throw new UsageError(`${name} takes a whole number from ${range.min} to ${range.max}, not ${JSON.stringify(v)}`);
  return n;
}

/**
 * The exit code of a refused command, by what the service said: an id or a name the profile
 * does not have is a bad argument, as a wrong `--account NAME` is (2, whichever command it was
 * given to); a refusal of the action itself (its state, the server) is a failure (1).
 */
export const refusalExit = (kind: string): 1 | 2 => (kind === 'not-found' || kind === 'bad-request' ? 2 : 1);
