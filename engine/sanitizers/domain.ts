/**
 * Domain names for the sanitizers: canonical ASCII (punycode) form, structural rules, the
 * mixed-script rule and look-alike detection against allowlisted domains.
 */
import { domainToAscii as domainToASCII, domainToUnicode } from './punycode';
import { skeleton } from './confusables';
import { mixedScripts } from './scripts';

export type DomainResult =
  | {
      readonly ok: true;
      readonly ascii: string;
      readonly unicode: string;
      /** Set when a label mixes scripts: the reason to refuse it (callers first look for a homograph). */
      readonly mixedScript: string | null;
    }
  | { readonly ok: false; readonly reason: string };

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Converts a domain to its canonical ASCII form (UTS #46 mapping, lower case, IDN labels as
 * `xn--` punycode) and checks it: at least two labels, LDH labels of at most 63 characters,
 * a non-numeric top-level label, at most 253 characters, valid punycode that round-trips.
 * A label that mixes scripts is reported in `mixedScript` (the caller refuses it).
 */
export function canonicalDomain(raw: string): DomainResult {
  if (raw.length === 0) return { ok: false, reason: 'the domain is empty' };
  if (raw.length > 253) return { ok: false, reason: 'the domain is longer than 253 characters' };
  if (raw.endsWith('.')) return { ok: false, reason: `the domain "${raw}" ends with a dot` };
  if (raw.startsWith('[')) return { ok: false, reason: 'address literals ([…]) are not accepted' };
  const ascii = domainToASCII(raw);
  if (ascii === '') return { ok: false, reason: `"${raw}" is not a valid (internationalized) domain name` };
  if (ascii.length > 253) return { ok: false, reason: 'the domain is longer than 253 characters' };
  const labels = ascii.split('.');
  if (labels.length < 2) return { ok: false, reason: `the domain "${raw}" has no top-level domain` };
  for (const label of labels) {
    if (label.length === 0) return { ok: false, reason: `the domain "${raw}" has an empty label` };
    if (label.length > 63) return { ok: false, reason: `a label of "${raw}" is longer than 63 characters` };
    if (!LDH_LABEL.test(label))
      return {
        ok: false,
        reason: `the domain label "${label}" may contain only letters, digits and inner hyphens`,
      };
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--'))
      return { ok: false, reason: `the domain label "${label}" uses a reserved "??--" form` };
  }
  const tld = labels[labels.length - 1] ?? '';
  if (/^[0-9]+$/.test(tld)) return { ok: false, reason: `"${raw}" looks like an IP address, not a domain` };
  const unicode = domainToUnicode(ascii);
  if (unicode === '' || domainToASCII(unicode) !== ascii)
    return { ok: false, reason: `"${raw}" contains punycode that does not decode cleanly` };
  let mixedScript: string | null = null;
  for (const label of unicode.split('.')) {
    const mixed = mixedScripts(label);
    if (mixed && mixedScript === null)
      mixedScript = `the domain label "${label}" mixes scripts (${mixed.join(' and ')})`;
  }
  return { ok: true, ascii, unicode, mixedScript };
}

/** An allowlisted domain and why it is allowlisted (shown in reasons). */
export interface KnownDomain {
  readonly ascii: string;
  /** e.g. `a contact's domain`, `your own domain`, `allowed by the policy pattern "*@acme.test"`. */
  readonly why: string;
}

/** The readable form of a raw domain: `xn--` labels decoded, case kept elsewhere. */
function displayLabels(raw: string): string[] {
  return raw.split('.').map((l) => (/^xn--/i.test(l) ? domainToUnicode(l.toLowerCase()) || l : l));
}

const sameSkeleton = (a: readonly string[], b: string): boolean => {
  const s = skeleton(b);
  return skeleton(a.join('.')) === s || skeleton(a.join('.').toLowerCase()) === s;
};

/**
 * The allowlisted domain that `ascii` (written as `raw` in the input) imitates, if any: the
 * input's last labels are not that domain but look the same (same skeleton). Checking the
 * suffix also catches `mail.acrne.test` against `acme.test`.
 */
export function lookalikeOf(raw: string, ascii: string, known: readonly KnownDomain[]): KnownDomain | null {
  const rawLabels = displayLabels(raw);
  const uniLabels = domainToUnicode(ascii).split('.');
  const asciiLabels = ascii.split('.');
  for (const k of known) {
    const n = k.ascii.split('.').length;
    if (n > asciiLabels.length) continue;
    if (asciiLabels.slice(-n).join('.') === k.ascii) continue;
    const target = domainToUnicode(k.ascii) || k.ascii;
    const rawSuffix = rawLabels.length === asciiLabels.length ? rawLabels.slice(-n) : null;
    if (sameSkeleton(uniLabels.slice(-n), target) || (rawSuffix !== null && sameSkeleton(rawSuffix, target))) return k;
  }
  return null;
}

/** Is `ascii` the domain `base` or one of its subdomains? */
export const withinDomain = (ascii: string, base: string): boolean => ascii === base || ascii.endsWith(`.${base}`);
