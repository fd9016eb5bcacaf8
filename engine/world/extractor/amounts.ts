/**
 * Money amounts: `€1,250.00`, `EUR 1.250,00`, `$3,400`, `1 250,00 EUR`, `USD 99.5`, `£12`.
 * Both decimal conventions are read: when both `.` and `,` occur the last one is the decimal
 * separator; a single separator followed by exactly three digits groups thousands.
 */

export interface AmountMention {
  readonly index: number;
  readonly text: string;
  readonly value: number;
  /** ISO 4217 code (`EUR`, `USD`, …). */
  readonly currency: string;
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₣': 'CHF' };
const CODES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'CAD', 'AUD', 'INR', 'CZK'];
const NUM = '\\d{1,3}(?:[ ,.\\u00a0\\u202f]\\d{3})+(?:[.,]\\d{1,2})?(?!\\d)|\\d+(?:[.,]\\d{1,2})?(?!\\d)';
const CUR = `(?:[€$£¥₹₣]|\\b(?:${CODES.join('|')})\\b)`;
const AMOUNT = new RegExp(`(${CUR})\\s?(${NUM})|(${NUM})\\s?(${CUR}|euros?|dollars?|pounds?)`, 'gi');

/** Parses `1.250,00` / `1,250.00` / `1 250` / `99,5` into a number. */
export function parseNumber(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ',';
    const group = dec === '.' ? ',' : '.';
    normalized = s.split(group).join('').replace(dec, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const tail = parts[parts.length - 1] ?? '';
    normalized = parts.length > 2 || tail.length === 3 ? parts.join('') : parts.join('.');
  } else normalized = s;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

function currencyOf(token: string): string {
  const t = token.trim();
  if (SYMBOLS[t]) return SYMBOLS[t] ?? t;
  const l = t.toLowerCase();
  if (l.startsWith('euro')) return 'EUR';
  if (l.startsWith('dollar')) return 'USD';
  if (l.startsWith('pound')) return 'GBP';
  return t.toUpperCase();
}

export function findAmounts(text: string): AmountMention[] {
  const out: AmountMention[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const cur = m[1] ?? m[4] ?? '';
    const num = m[2] ?? m[3] ?? '';
    const value = parseNumber(num);
    if (value === null) continue;
    out.push({ index: m.index, text: m[0].trim(), value, currency: currencyOf(cur) });
  }
  return out;
}

/** Plain numbers (not part of dates, times, amounts or identifiers). */
export function findNumbers(text: string): { index: number; value: number }[] {
  const out: { index: number; value: number }[] = [];
  for (const m of text.matchAll(/(?<![\w.,:\-/])\d+(?:[.,]\d+)?(?![\w:\-/]|[.,]\d)/g)) {
    const value = parseNumber(m[0]);
    if (value !== null) out.push({ index: m.index, value });
  }
  return out;
}
