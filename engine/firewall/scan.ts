/**
 * `scanText`: every detector over one string, findings sorted by position.
 *
 * Overlaps are resolved by specificity: a span already claimed by a secret, a card, an IBAN or
 * an SSN is not reported again as a phone number (a card's digits also look like a phone's).
 * Every detector is linear or near-linear in the text; the number of findings is capped.
 */
import { findApiKeys } from './api-keys';
import { findCards } from './cards';
import { findEmailAddresses } from './email-addresses';
import { overlapsAny, type Finding } from './finding';
import { findIbans } from './iban';
import { findInjections, type InjectionOptions } from './injection';
import { findOneTimeCodes } from './one-time-codes';
import { findPasswords } from './passwords';
import { DEFAULT_PATTERNS, type PatternSet } from './patterns';
import { findPhones } from './phone';
import { findSsns } from './ssn';

export interface ScanOptions extends InjectionOptions {
  /** At most this many findings are returned (the caps are still complete). Default 1000. */
  readonly maxFindings?: number;
}

const NONE: readonly Finding[] = [];

/** Short texts (keys, ids, names, subjects) recur in every tool output; longer ones seldom do. */
const KEPT_LENGTH = 256;
const KEPT_TEXTS = 4096;
/** The findings of short texts scanned with the default patterns and options: a scan is a pure function of those. */
const kept = new Map<string, readonly Finding[]>();

export function scanText(text: string, patterns: PatternSet = DEFAULT_PATTERNS, opts: ScanOptions = {}): Finding[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  if (text.length > KEPT_LENGTH || patterns !== DEFAULT_PATTERNS || Object.keys(opts).length > 0)
    return scanned(text, patterns, opts);
  let found = kept.get(text);
  if (!found) {
    if (kept.size >= KEPT_TEXTS) kept.clear();
    kept.set(text, (found = scanned(text, patterns, opts)));
  }
  return [...found];
}

function scanned(text: string, patterns: PatternSet, opts: ScanOptions): Finding[] {
  // Trigger characters: every pattern of these detectors needs an ASCII digit (codes, IBANs,
  // cards, SSNs, phones) or an `@` (addresses), so text without one skips them (most prose).
  const screen = opts.screen ?? true;
  const digits = !screen || /\d/.test(text);
  const at = !screen || text.includes('@');
  const detect = (present: boolean, find: (t: string) => Finding[]): readonly Finding[] =>
    present ? find(text) : NONE;
  const secrets = [...findApiKeys(text), ...findPasswords(text), ...detect(digits, (t) => findOneTimeCodes(t, screen))];
  const isSecret = overlapsAny(secrets);
  const financial = [...detect(digits, findIbans), ...detect(digits, findCards)].filter((f) => !isSecret(f));
  const isFinancial = overlapsAny(financial);
  const ssns = detect(digits, findSsns).filter((f) => !isSecret(f) && !isFinancial(f));
  const claimed = [...secrets, ...financial, ...ssns];
  const phones = detect(digits, (t) => findPhones(t, claimed));
  const emails = detect(at, findEmailAddresses);
  const injections = findInjections(text, patterns, opts);

  const unique = sortedUnique([...claimed, ...phones, ...emails, ...injections]);
  const max = opts.maxFindings ?? 1000;
  if (unique.length <= max) return unique;
  // Keep at least one finding per cap so that the caps derived from a truncated list stay complete.
  const kept = unique.slice(0, max);
  for (const f of unique.slice(max)) if (!kept.some((k) => k.cap === f.cap)) kept.push(f);
  return kept;
}

/**
 * `findings` sorted by position (then cap), each (cap, kind, span) once: the first of its
 * duplicates in list order. The sort is stable, so duplicates end up in the same run of equal
 * spans in list order, and the first one kept is the first one listed: no key per finding.
 */
export function sortedUnique(findings: Finding[]): Finding[] {
  findings.sort((a, b) => a.start - b.start || a.end - b.end || a.cap.localeCompare(b.cap));
  const unique: Finding[] = [];
  for (const f of findings) if (!sameSpanHas(unique, f)) unique.push(f);
  return unique;
}

/** Does the run of equal spans at the end of the sorted `kept` already hold `f`'s cap and kind? */
function sameSpanHas(kept: readonly Finding[], f: Finding): boolean {
  for (let i = kept.length - 1; i >= 0; i--) {
    const k = kept[i]!;
    if (k.start !== f.start || k.end !== f.end) return false;
    if (k.cap === f.cap && k.kind === f.kind) return true;
  }
  return false;
}

/** The distinct caps of a list of findings, sorted. */
export const capsOf = (findings: readonly Finding[]): string[] => [...new Set(findings.map((f) => f.cap))].sort();
