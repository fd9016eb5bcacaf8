/**
 * Command-line parsing shared by every command: flags are declared per command, so a typo is a
 * usage error naming the flag instead of being silently ignored.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../../engine/run/input-error';

/** Bad usage: the message is printed with the help text, exit 2. */
export class UsageError extends Error {}

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

export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(
      `cannot read the ${what} file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}
