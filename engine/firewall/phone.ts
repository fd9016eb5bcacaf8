/**
 * Phone numbers (PII_PHONE): E.164 (`+44 20 7946 0958`, `+14155550123`) and common national
 * formats (`(415) 555-0123`, `415-555-0123`, `020 7946 0958`, `01 23 45 67 89`), 7–15 digits.
 *
 * Digit runs are everywhere (dates, order and invoice numbers, amounts, IP addresses), so a run
 * counts as a phone number only when its *shape* says so (a `+` country code, a parenthesised
 * area code, a trunk `0` with groups, the US 3-3-4 grouping) or a phone word precedes it, and
 * never when it reads as a date, a time, an IP address, or follows an order/invoice/reference word.
 */
import { CAPS, matchesOf, overlapsAny, type Finding } from './finding';

const CANDIDATE = /(?<![\w+.,/:-])(?:\+|\(\+?)?\d[\d ().\u00A0-]{5,24}\d(?![\w/:]|[.,-]\d)/g;
const PHONE_WORD =
  /\b(?:phone|tel|telephone|mobile|mob|cell|cellphone|fax|call(?: me)?(?: at| on)?|ring|whats ?app|sms|text me|landline|hotline|ph|contact number)\b[^\n\d]{0,12}$|[☎📞📱]\s{0,2}$/iu;
const NOT_PHONE_WORD =
  /\b(?:order|invoice|inv|ref|reference|account|acct|tracking|case|ticket|po|sku|item|serial|booking|confirmation|transaction|txn|id|iban|card|no|nr|number|isbn|version|build|code|zip|postal)\b[^\n\d]{0,12}$|#\s{0,2}$/i;
const DATE_OR_TIME =
  /\d{4}[-./ ]\d{1,2}[-./ ]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|\d{1,2}\.\d{2}\s?-\s?\d{1,2}\.\d{2}|\b\d{1,2}:\d{2}/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** How many times the char code `c` occurs in `s`. */
function count(s: string, c: number): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === c) n++;
  return n;
}

function shapeSaysPhone(raw: string, digits: string): boolean {
  if (raw.startsWith('+')) return /^\+[1-9]/.test(raw) && digits.length >= 8;
  if (/^\(\+?\d{1,5}\)/.test(raw)) return true;
  const groups = raw.split(/[ ().\u00A0-]+/).filter((g) => g.length > 0);
  if (raw.startsWith('0') && groups.length >= 2 && (groups[0]?.length ?? 0) >= 2 && (groups[0]?.length ?? 0) <= 5)
    return digits.length >= 9 && digits.length <= 12;
  return /^[2-9]\d{2}([-. ])\d{3}\1\d{4}$/.test(raw);
}

/**
 * Phone numbers in `text`, except where they would overlap a `claimed` span (a card's or an
 * IBAN's digits also look like a phone's): those candidates are not even examined.
 */
export function findPhones(text: string, claimed: readonly { start: number; end: number }[] = []): Finding[] {
  const out: Finding[] = [];
  const isClaimed = overlapsAny(claimed);
  for (const m of matchesOf(CANDIDATE, text)) {
    const raw = m[0];
    const span = { start: m.index, end: m.index + raw.length };
    if (isClaimed(span)) continue;
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    if (/[ .\u00A0-]{2}/.test(raw.replace(/\) /g, ')'))) continue;
    const opens = count(raw, 0x28);
    const closes = count(raw, 0x29);
    if (opens !== closes || opens > 1 || (opens === 1 && !/\(\+?\d{1,5}\)/.test(raw))) continue;
    if (DATE_OR_TIME.test(raw) || IPV4.test(raw)) continue;
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    const worded = PHONE_WORD.test(before);
    if (!worded && NOT_PHONE_WORD.test(before)) continue;
    if (!worded && !shapeSaysPhone(raw, digits)) continue;
    out.push({
      cap: CAPS.PII_PHONE,
      kind: 'phone',
      detail: `phone number ending ${digits.slice(-2)}`,
      start: m.index,
      end: m.index + raw.length,
    });
  }
  return out;
}
