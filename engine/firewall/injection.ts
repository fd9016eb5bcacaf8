/**
 * Prompt-injection detection (PROMPT_INJECTION). The patterns themselves are data
 * (patterns.embed.yaml); this file runs them over three views of the text:
 *
 * 1. the de-obfuscated text (normalize.ts); a match that needed de-obfuscation (homoglyphs,
 *    invisible characters, tag characters) is reported as `encoded-instruction`;
 * 2. the raw text, for the patterns that look for invisible characters themselves;
 * 3. base64 blobs, decoded, when the decoded text is readable and matches a pattern.
 *
 * A finding tags a value; it never decides anything by itself (the gate decides on labels).
 */
import { CAPS, excerpt, matchesOf, type Finding } from './finding';
import { normalizeForMatching, originalSpan, spanObfuscated } from './normalize';
import { beginningsOf, leadingWords, wordIndex } from './leading-words';
import type { InjectionPattern, PatternSet } from './patterns';

export interface InjectionOptions {
  /**
   * Hosts (and their subdomains) that exfiltration-category matches may point at without a
   * finding, e.g. the user's own domains. Default: none.
   */
  readonly knownHosts?: readonly string[];
  /** How deep to follow base64 inside base64. Default 2. */
  readonly maxDecodeDepth?: number;
  /**
   * Skip detectors whose trigger characters the text lacks (default true). It never changes the
   * findings; `false` runs every detector on every text, so tests can compare the two.
   */
  readonly screen?: boolean;
}

const BASE64_BLOB = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,65536}={0,2}(?![A-Za-z0-9+/=_-])/g;
const MAX_BLOBS = 64;
const HOST_IN_URL = /\/\/([^/\s)?#:"'<>]{1,253})/;

function hostAllowed(matchText: string, knownHosts: readonly string[]): boolean {
  const host = HOST_IN_URL.exec(matchText)?.[1]?.toLowerCase();
  if (!host) return false;
  return knownHosts.some((k) => {
    const base = k.toLowerCase();
    return host === base || host.endsWith(`.${base}`);
  });
}

/** Decodes a base64 (or base64url) blob to readable text, or null when it is not text. */
export function decodeBase64Text(blob: string): string | null {
  const body = blob.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (body.length % 4 === 1) return null;
  // Mixed case and letters are what base64 of text looks like; long plain words are not blobs.
  if (!/[A-Z]/.test(body) || !/[a-z]/.test(body)) return null;
  let binary: string;
  try {
    binary = atob(body + '='.repeat((4 - (body.length % 4)) % 4));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (text.length < 8) return null;
  let printable = 0;
  for (const ch of text) if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]/u.test(ch)) printable++;
  return printable / [...text].length >= 0.9 ? text : null;
}

/** A normalized-scope pattern, ready for the screened scan. */
interface ScreenedPattern {
  readonly pattern: InjectionPattern;
  /** The words every match starts with (leading-words.ts), or null when it may start anywhere. */
  readonly lead: readonly string[] | null;
  /** The regex with the sticky flag, to try it at one position. */
  readonly sticky: RegExp;
}

/** What the screened scan needs of a pattern set, worked out once per set. */
interface ScreenPlan {
  readonly normalized: readonly ScreenedPattern[];
  /** The beginnings of every leading word: the only words the word index is asked about. */
  readonly beginnings: Uint8Array;
  /**
   * One alternation per flag set over the patterns without leading words: it matches somewhere
   * exactly when one of them does (an alternation tries every alternative at each position), so
   * text that none of them matches — nearly all mail — costs one pass per flag set.
   */
  readonly wordless: readonly RegExp[];
}

const plans = new WeakMap<readonly InjectionPattern[], ScreenPlan>();
function screenPlan(patterns: readonly InjectionPattern[]): ScreenPlan {
  let plan = plans.get(patterns);
  if (plan) return plan;
  const normalized = patterns
    .filter((p) => p.scope === 'normalized')
    .map((pattern) => ({
      pattern,
      lead: leadingWords(pattern.regex.source, pattern.regex.flags),
      sticky: new RegExp(pattern.regex.source, `${pattern.regex.flags.replace(/[gy]/g, '')}y`),
    }));
  const byFlags = new Map<string, string[]>();
  for (const { pattern, lead } of normalized) {
    if (lead !== null) continue;
    const flags = pattern.regex.flags.replace(/[gy]/g, '');
    byFlags.set(flags, [...(byFlags.get(flags) ?? []), `(?:${pattern.regex.source})`]);
  }
  plan = {
    normalized,
    beginnings: beginningsOf(normalized.flatMap((p) => p.lead ?? [])),
    wordless: [...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags)),
  };
  plans.set(patterns, plan);
  return plan;
}

/**
 * The matches a global scan of `text` makes, trying the regex only at `starts` (ascending): when
 * no match can start anywhere else, the first start past the previous match where the regex
 * matches is exactly where the global scan's next match is.
 */
function matchesAt(sticky: RegExp, text: string, starts: readonly number[]): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  let from = 0;
  for (const s of starts) {
    if (s < from) continue;
    sticky.lastIndex = s;
    const m = sticky.exec(text);
    if (m === null) continue;
    out.push(m);
    from = s + Math.max(1, m[0].length);
  }
  return out;
}

/**
 * Where each normalized-scope pattern matches. Screened, a pattern with leading words is tried only
 * where a word starting with one of them starts (leading-words.ts: no match starts elsewhere), and
 * the others only when their alternation matches somewhere; unscreened, each scans the whole text.
 */
function normalizedMatches(
  patterns: readonly InjectionPattern[],
  text: string,
  screen: boolean,
): { pattern: InjectionPattern; matches: RegExpExecArray[] }[] {
  if (!screen)
    return patterns
      .filter((p) => p.scope === 'normalized')
      .map((pattern) => ({ pattern, matches: matchesOf(pattern.regex, text) }));
  const plan = screenPlan(patterns);
  const words = wordIndex(text, plan.beginnings);
  const wordless = plan.wordless.some((r) => r.test(text));
  return plan.normalized.map(({ pattern, lead, sticky }) => {
    if (lead === null) return { pattern, matches: wordless ? matchesOf(pattern.regex, text) : [] };
    return { pattern, matches: matchesAt(sticky, text, words.startsOf(lead)) };
  });
}

function runNormalized(
  text: string,
  patterns: readonly InjectionPattern[],
  knownHosts: readonly string[],
  screen: boolean,
): Finding[] {
  const out: Finding[] = [];
  const nz = normalizeForMatching(text);
  for (const { pattern: p, matches } of normalizedMatches(patterns, nz.text, screen)) {
    for (const m of matches) {
      const s = m.index;
      const e = m.index + m[0].length;
      const span = originalSpan(nz, s, e);
      if (p.category === 'exfiltration' && knownHosts.length > 0 && hostAllowed(m[0], knownHosts)) continue;
      const obfuscated = spanObfuscated(nz, s, e);
      out.push({
        cap: CAPS.PROMPT_INJECTION,
        kind: obfuscated ? 'encoded-instruction' : p.category,
        detail: obfuscated
          ? `obfuscated (homoglyphs or invisible characters) ${p.category}: ${p.description} [${p.id}]: "${excerpt(m[0])}"`
          : `${p.description} [${p.id}]: "${excerpt(m[0])}"`,
        start: span.start,
        end: span.end,
      });
    }
  }
  return out;
}

function runRaw(text: string, patterns: readonly InjectionPattern[]): Finding[] {
  const out: Finding[] = [];
  for (const p of patterns) {
    if (p.scope !== 'raw') continue;
    for (const m of matchesOf(p.regex, text)) {
      out.push({
        cap: CAPS.PROMPT_INJECTION,
        kind: p.category,
        detail: `${p.description} [${p.id}]: "${excerpt(m[0])}"`,
        start: m.index,
        end: m.index + m[0].length,
      });
    }
  }
  return out;
}

/** Is `c` in BASE64_BLOB's run class `[A-Za-z0-9+/_-]`? */
const isBlobChar = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2b ||
  c === 0x2f ||
  c === 0x5f ||
  c === 0x2d;

/**
 * Does `text` hold a run of 16 blob characters? BASE64_BLOB needs one, and prose (words under 16
 * letters) has none. A loop, not the regex `[…]{16}` (which retries up to 16 characters at every
 * position), that tests the last character of each 16-character window first: a window holding a
 * non-blob character at `j` rules out every window that contains `j`, so the next one starts
 * after `j` and prose costs a few tests per 16 characters.
 */
export function mayHoldBlob(text: string): boolean {
  for (let from = 0; from + 16 <= text.length;) {
    let j = from + 15;
    while (j >= from && isBlobChar(text.charCodeAt(j))) j--;
    if (j < from) return true;
    from = j + 1;
  }
  return false;
}

function runEncoded(
  text: string,
  set: PatternSet,
  knownHosts: readonly string[],
  depth: number,
  screen: boolean,
): Finding[] {
  if (depth <= 0 || (screen && !mayHoldBlob(text))) return [];
  const out: Finding[] = [];
  let blobs = 0;
  for (const m of matchesOf(BASE64_BLOB, text)) {
    if (++blobs > MAX_BLOBS) break;
    const decoded = decodeBase64Text(m[0]);
    if (decoded === null) continue;
    const inner = [
      ...runNormalized(decoded, set.patterns, knownHosts, screen),
      ...runEncoded(decoded, set, knownHosts, depth - 1, screen),
    ];
    const first = inner[0];
    if (!first) continue;
    out.push({
      cap: CAPS.PROMPT_INJECTION,
      kind: 'encoded-instruction',
      detail: `base64 text that decodes to an instruction (${first.kind}): "${excerpt(decoded)}"`,
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

/** Prompt-injection findings in `text`. Bounded: linear passes plus at most 64 decoded blobs. */
export function findInjections(text: string, set: PatternSet, opts: InjectionOptions = {}): Finding[] {
  const knownHosts = opts.knownHosts ?? [];
  return [
    ...runNormalized(text, set.patterns, knownHosts, opts.screen ?? true),
    ...runRaw(text, set.patterns),
    ...runEncoded(text, set, knownHosts, opts.maxDecodeDepth ?? 2, opts.screen ?? true),
  ];
}
