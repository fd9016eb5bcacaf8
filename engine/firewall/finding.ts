/**
 * What the tool-output firewall reports: a finding names the cap it adds, what it found and where
 * (UTF-16 offsets into the scanned text). `detail` is for people and audit logs, so it never
 * repeats a secret: card numbers, keys, codes and passwords are masked.
 */

export interface Finding {
  /** The cap added to the value's label (see CAPS). */
  readonly cap: string;
  /** What was found: `card`, `iban`, `aws-access-key`, `one-time-code`, or an injection category. */
  readonly kind: string;
  /** A short, masked description, e.g. `Visa card ending 4242`. */
  readonly detail: string;
  readonly start: number;
  readonly end: number;
}

/** The caps the firewall emits. Tool declarations set the others (UNTRUSTED_TEXT, EXTERNAL_CONTENT, ...). */
export const CAPS = Object.freeze({
  SECRET: 'SECRET',
  PII_CARD: 'PII_CARD',
  PII_IBAN: 'PII_IBAN',
  FINANCIAL: 'FINANCIAL',
  PII_SSN: 'PII_SSN',
  PII_PHONE: 'PII_PHONE',
  PII_EMAIL: 'PII_EMAIL',
  PROMPT_INJECTION: 'PROMPT_INJECTION',
  /** Part of the value was too long to scan: treat it as possibly carrying anything. */
  UNSCANNED: 'UNSCANNED',
});

export type Cap = (typeof CAPS)[keyof typeof CAPS];

/** A detector: pure, bounded (linear or near-linear in the text), never throws on any string. */
export type Detector = (text: string) => Finding[];

/**
 * A test for "does this span overlap one of `spans`?" in O(log n): the spans sorted by start, with
 * the furthest end reached so far, so scans with hundreds of findings do not compare every pair.
 */
export function overlapsAny(
  spans: readonly { start: number; end: number }[],
): (span: { start: number; end: number }) => boolean {
  if (spans.length === 0) return () => false;
  // Detectors list their findings in order: sort only when they are not. Plain arrays: typed
  // arrays cost more to allocate than these few hundred entries.
  const sorted = isSortedByStart(spans) ? spans : [...spans].sort((a, b) => a.start - b.start);
  const starts: number[] = [];
  const reach: number[] = [];
  for (let i = 0, r = -Infinity; i < sorted.length; i++) {
    starts.push(sorted[i]!.start);
    reach.push((r = Math.max(r, sorted[i]!.end)));
  }
  return (span) => {
    // The last span starting before `span` ends: it, or one before it, reaches furthest.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! < span.end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1]! > span.start;
  };
}

function isSortedByStart(spans: readonly { start: number }[]): boolean {
  for (let i = 1; i < spans.length; i++) if (spans[i]!.start < spans[i - 1]!.start) return false;
  return true;
}

/** A short excerpt for details: at most `max` characters, invisible and control characters escaped. */
export function excerpt(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return cut.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

const globalCopies = new WeakMap<RegExp, RegExp>();

/**
 * Every match of a global regex. It runs on a private copy of the pattern, so callers may share
 * the pattern; the copy is made once per pattern and reused (its `lastIndex` reset here, and
 * nothing runs between its matches, so no two scans use it at once). A list, not a generator:
 * detectors walk thousands of candidate matches per scan, and resuming a generator for each
 * costs more than the list.
 */
export function matchesOf(re: RegExp, text: string): RegExpExecArray[] {
  let g = globalCopies.get(re);
  if (!g) globalCopies.set(re, (g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)));
  g.lastIndex = 0;
  const out: RegExpExecArray[] = [];
  let m: RegExpExecArray | null;
  while ((m = g.exec(text)) !== null) {
    out.push(m);
    if (m[0].length === 0) g.lastIndex++;
  }
  return out;
}
