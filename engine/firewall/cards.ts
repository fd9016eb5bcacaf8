/**
 * Payment card numbers (PII_CARD): 13–19 digits, optionally grouped with spaces or dashes, that
 * pass the Luhn check and start with a known issuer prefix (IIN) of the right length. Both
 * checks together keep order numbers, phone numbers and random digit runs out.
 */
import { CAPS, matchesOf, type Finding } from './finding';

/** Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const inRange = (v: number, lo: number, hi: number): boolean => v >= lo && v <= hi;

/** The card brand for a number by its issuer prefix and length, or null when none fits. */
export function cardBrand(digits: string): string | null {
  const len = digits.length;
  const p = (n: number): number => Number(digits.slice(0, n));
  if (digits.startsWith('4') && (len === 13 || len === 16 || len === 19)) return 'Visa';
  if ((inRange(p(2), 51, 55) || inRange(p(4), 2221, 2720)) && len === 16) return 'Mastercard';
  if ((p(2) === 34 || p(2) === 37) && len === 15) return 'American Express';
  if (
    (p(4) === 6011 || inRange(p(3), 644, 649) || p(2) === 65 || inRange(p(6), 622126, 622925)) &&
    inRange(len, 16, 19)
  )
    return 'Discover';
  if (inRange(p(4), 3528, 3589) && inRange(len, 16, 19)) return 'JCB';
  if ((inRange(p(3), 300, 305) || p(2) === 36 || p(2) === 38 || p(2) === 39) && inRange(len, 14, 19))
    return 'Diners Club';
  if (p(2) === 62 && inRange(len, 16, 19)) return 'UnionPay';
  if ((p(2) === 50 || inRange(p(2), 56, 69)) && inRange(len, 13, 19)) return 'Maestro';
  return null;
}

/** Digit runs with optional single space/dash separators, not glued to other digits. */
const CANDIDATE = /(?<![\d])\d{1,19}(?:[ -]\d{1,19}){0,9}(?!\d)/g;
const DIGIT_GROUP = /\d+/g;

/** The digits in a candidate run (digits and separators): counted, not copied, as most runs are short. */
function digitCount(run: string): number {
  let n = 0;
  for (let i = 0; i < run.length; i++) if (run.charCodeAt(i) !== 0x20 && run.charCodeAt(i) !== 0x2d) n++;
  return n;
}

/** Card numbers in `text`. Within a grouped run the longest valid window of groups wins. */
export function findCards(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of matchesOf(CANDIDATE, text)) {
    const run = m[0];
    if (digitCount(run) < 13) continue;
    // Group offsets within the run.
    const groups: { start: number; end: number; digits: string }[] = [];
    for (const g of matchesOf(DIGIT_GROUP, run))
      groups.push({ start: g.index, end: g.index + g[0].length, digits: g[0] });
    let best: { start: number; end: number; digits: string; brand: string } | null = null;
    for (let i = 0; i < groups.length; i++) {
      let digits = '';
      for (let j = i; j < groups.length; j++) {
        digits += groups[j]?.digits ?? '';
        if (digits.length > 19) break;
        if (digits.length < 13) continue;
        // A grouped number is written in groups of 3 or more (4-4-4-4, 4-6-5); single digits are noise.
        if (j > i && groups.slice(i, j + 1).some((g) => g.digits.length < 3)) continue;
        const brand = cardBrand(digits);
        if (brand && luhnValid(digits) && (!best || digits.length > best.digits.length))
          best = { start: groups[i]?.start ?? 0, end: groups[j]?.end ?? 0, digits, brand };
      }
    }
    if (best)
      out.push({
        cap: CAPS.PII_CARD,
        kind: 'card',
        detail: `${best.brand} card ending ${best.digits.slice(-4)}`,
        start: m.index + best.start,
        end: m.index + best.end,
      });
  }
  return out;
}
