/**
 * IBANs (PII_IBAN and FINANCIAL): a known country code, that country's exact length, and the
 * ISO 7064 mod-97 check (the remainder must be 1). Written with or without single spaces.
 */
import { CAPS, matchesOf, type Finding } from './finding';

/** IBAN length per country (SWIFT IBAN registry). */
// prettier-ignore
export const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
    CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
    FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
    IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
    LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
    NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
    SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
    VA: 22, VG: 24, XK: 20, YE: 30,
  }),
);

/** ISO 7064 MOD 97-10 over an IBAN without spaces: country and check digits moved to the end. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return false;
  // Country and check digits moved to the end, read in place (no rearranged copy).
  let rem = 0;
  for (let k = 4; k < iban.length + 4; k++) {
    const c = iban.charCodeAt(k < iban.length ? k : k - iban.length);
    const v = c >= 0x41 ? c - 55 : c - 48;
    rem = v >= 10 ? (rem * 100 + v) % 97 : (rem * 10 + v) % 97;
  }
  return rem === 1;
}

/** A full IBAN check: known country, exact length, mod-97. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  const len = IBAN_LENGTHS.get(compact.slice(0, 2));
  return len !== undefined && compact.length === len && ibanChecksumValid(compact);
}

const START = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?= ?[A-Z0-9])/g;
/** `[A-Z0-9]` for one char code (NaN past the end): a test run per character of a candidate. */
const isAlnum = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;

export function findIbans(text: string): Finding[] {
  const out: Finding[] = [];
  let after = 0;
  for (const m of matchesOf(START, text)) {
    if (m.index < after) continue;
    const len = IBAN_LENGTHS.get(m[0].slice(0, 2));
    if (len === undefined) continue;
    // Counted here, copied once below: the candidate's characters without their single spaces.
    let count = 4;
    let i = m.index + 4;
    while (count < len && i < text.length) {
      const c = text.charCodeAt(i);
      if (isAlnum(c)) {
        count++;
        i++;
      } else if (c === 0x20 && isAlnum(text.charCodeAt(i + 1))) i++;
      else break;
    }
    if (count !== len || isAlnum(text.charCodeAt(i)) || isLower(text.charCodeAt(i))) continue;
    const compact = text.slice(m.index, i).replaceAll(' ', '');
    if (!ibanChecksumValid(compact)) continue;
    const detail = `IBAN ${compact.slice(0, 2)}** ending ${compact.slice(-4)}`;
    out.push({ cap: CAPS.PII_IBAN, kind: 'iban', detail, start: m.index, end: i });
    out.push({ cap: CAPS.FINANCIAL, kind: 'iban', detail, start: m.index, end: i });
    after = i;
  }
  return out;
}
