/**
 * The amount sanitizer's check: one non-negative money amount with an unambiguous currency.
 * Used by the `verifyAmount` tool (tools.ts).
 *
 * What it defends against: amounts whose meaning depends on the reader's locale (`1,234` is
 * 1234 in the US and 1.234 in Germany: refused rather than guessed), negative or non-finite
 * values, exponent and hex spellings, more decimals than the currency has, unknown or
 * ambiguous currencies (`¥` is JPY or CNY) and amounts above the policy's maximum.
 */

export interface AmountOptions {
  /** Largest allowed amount (in the currency's units). */
  readonly max?: number;
  /** Allowed ISO 4217 codes; any known currency when absent. */
  readonly currencies?: readonly string[];
  /** Currency for inputs that name none (a bare number). Defaults to the only allowed currency. */
  readonly defaultCurrency?: string;
}

export interface Amount {
  readonly amount: number;
  readonly currency: string;
}

export type AmountCheck =
  { readonly ok: true; readonly value: Amount } | { readonly ok: false; readonly reason: string };

/** ISO 4217 codes accepted, with their minor units. */
// prettier-ignore
const MINOR_UNITS: ReadonlyMap<string, number> = new Map(Object.entries({
  AED: 2, ARS: 2, AUD: 2, BGN: 2, BHD: 3, BRL: 2, CAD: 2, CHF: 2, CLP: 0, CNY: 2, COP: 2, CZK: 2,
  DKK: 2, EGP: 2, EUR: 2, GBP: 2, HKD: 2, HUF: 2, IDR: 2, ILS: 2, INR: 2, IQD: 3, ISK: 0, JOD: 3,
  JPY: 0, KES: 2, KRW: 0, KWD: 3, LYD: 3, MAD: 2, MXN: 2, MYR: 2, NGN: 2, NOK: 2, NZD: 2, OMR: 3,
  PEN: 2, PHP: 2, PKR: 2, PLN: 2, QAR: 2, RON: 2, RSD: 2, RUB: 2, SAR: 2, SEK: 2, SGD: 2, THB: 2,
  TND: 3, TRY: 2, TWD: 2, UAH: 2, USD: 2, VND: 0, ZAR: 2,
}));

/** Currency symbols; a list means the symbol is ambiguous unless the allowed set narrows it. */
// prettier-ignore
const SYMBOLS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  '€': ['EUR'], '£': ['GBP'], $: ['USD'], US$: ['USD'], C$: ['CAD'], CA$: ['CAD'], A$: ['AUD'],
  AU$: ['AUD'], NZ$: ['NZD'], HK$: ['HKD'], S$: ['SGD'], R$: ['BRL'], '₹': ['INR'], '₩': ['KRW'],
  '₽': ['RUB'], '₺': ['TRY'], '₪': ['ILS'], '₫': ['VND'], '฿': ['THB'], '₱': ['PHP'], '₴': ['UAH'],
  zł: ['PLN'], Kč: ['CZK'], Ft: ['HUF'], Fr: ['CHF'], 'Fr.': ['CHF'],
  '¥': ['JPY', 'CNY'], '￥': ['JPY', 'CNY'], kr: ['SEK', 'NOK', 'DKK', 'ISK'], 'kr.': ['DKK', 'ISK'],
}));

const MAX_INTEGER_DIGITS = 15;
const GROUPING = new Set([' ', '\u00A0', '\u202F', "'", '\u2009']);
const NEGATIVE = /^[-\u2212\u2012\u2013(]|[-\u2212)]$|^[^\d]*-/;

type Resolve = { ok: true; currency: string } | { ok: false; reason: string };

function resolveCurrency(token: string, allowed: ReadonlySet<string> | null): Resolve {
  const upper = token.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper) && !SYMBOLS.has(token)) {
    if (!MINOR_UNITS.has(upper)) return { ok: false, reason: `"${token}" is not a currency code this check knows` };
    return { ok: true, currency: upper };
  }
  const options = SYMBOLS.get(token);
  if (!options) return { ok: false, reason: `"${token}" is not a currency` };
  if (options.length === 1) return { ok: true, currency: options[0] ?? '' };
  const narrowed = allowed ? options.filter((c) => allowed.has(c)) : [];
  if (narrowed.length === 1) return { ok: true, currency: narrowed[0] ?? '' };
  return { ok: false, reason: `"${token}" is ambiguous (${options.join(', ')}); write the ISO code` };
}

type NumberParse = { ok: true; integer: string; fraction: string } | { ok: false; reason: string };

const validGroups = (groups: readonly string[]): boolean =>
  groups.length > 0 &&
  (groups[0] ?? '').length >= 1 &&
  (groups[0] ?? '').length <= 3 &&
  groups.slice(1).every((g) => g.length === 3);

/** Splits `1,234.50`, `1.234,50`, `1 234,5`, `1'234.50` or `1234` into integer and fraction digits. */
function parseNumber(num: string): NumberParse {
  const parts: string[] = [];
  const seps: string[] = [];
  let cur = '';
  for (const ch of num) {
    if (ch >= '0' && ch <= '9') cur += ch;
    else if (ch === '.' || ch === ',' || GROUPING.has(ch)) {
      if (cur === '') return { ok: false, reason: `"${num}" has two separators in a row` };
      parts.push(cur);
      seps.push(ch);
      cur = '';
    } else return { ok: false, reason: `"${num}" contains "${ch}", which is not part of an amount` };
  }
  if (cur === '') return { ok: false, reason: `"${num}" ends with a separator` };
  parts.push(cur);
  if (seps.length === 0) return { ok: true, integer: cur, fraction: '' };

  const last = seps[seps.length - 1] ?? '';
  const kinds = new Set(seps);
  const lastDigits = parts[parts.length - 1] ?? '';
  if (kinds.size === 1) {
    if (GROUPING.has(last) || seps.length > 1) {
      if (!GROUPING.has(last) && seps.length > 1 && !validGroups(parts))
        return { ok: false, reason: `"${num}" repeats "${last}" but is not grouped in thousands` };
      if (!validGroups(parts)) return { ok: false, reason: `"${num}" is not grouped in thousands` };
      return { ok: true, integer: parts.join(''), fraction: '' };
    }
    // One "." or ",": a decimal point unless exactly three digits follow, which reads either way.
    if (lastDigits.length === 3)
      return {
        ok: false,
        reason: `"${num}" is ambiguous: "${last}" may separate thousands or decimals; write it as ${parts.join('')} or with two decimals`,
      };
    return { ok: true, integer: parts[0] ?? '', fraction: lastDigits };
  }
  if (last !== '.' && last !== ',') return { ok: false, reason: `"${num}" has no clear decimal separator` };
  if (seps.filter((s) => s === last).length !== 1)
    return { ok: false, reason: `"${num}" uses "${last}" both to group digits and as a decimal point` };
  const groupSeps = new Set(seps.slice(0, -1));
  if (groupSeps.size !== 1) return { ok: false, reason: `"${num}" mixes several grouping separators` };
  const integerGroups = parts.slice(0, -1);
  if (!validGroups(integerGroups)) return { ok: false, reason: `"${num}" is not grouped in thousands` };
  return { ok: true, integer: integerGroups.join(''), fraction: lastDigits };
}

function finish(integer: string, fraction: string, currency: string, opts: AmountOptions, shown: string): AmountCheck {
  const allowed = opts.currencies?.map((c) => c.toUpperCase());
  if (allowed && !allowed.includes(currency))
    return { ok: false, reason: `${currency} is not an allowed currency (allowed: ${allowed.join(', ') || 'none'})` };
  const minor = MINOR_UNITS.get(currency);
  if (minor === undefined) return { ok: false, reason: `${currency} is not a currency this check knows` };
  const intDigits = integer.replace(/^0+(?=\d)/, '');
  if (intDigits.length > MAX_INTEGER_DIGITS) return { ok: false, reason: `${shown} is too large` };
  if (fraction.length > minor)
    return { ok: false, reason: `${shown} has ${fraction.length} decimal places; ${currency} has ${minor}` };
  const amount = Number(fraction ? `${intDigits}.${fraction}` : intDigits);
  if (!Number.isFinite(amount)) return { ok: false, reason: `${shown} is not a finite number` };
  if (opts.max !== undefined && amount > opts.max)
    return { ok: false, reason: `${shown} is over the maximum of ${opts.max} ${currency}` };
  return { ok: true, value: { amount, currency } };
}

function implicitCurrency(opts: AmountOptions): Resolve {
  if (opts.defaultCurrency) return { ok: true, currency: opts.defaultCurrency.toUpperCase() };
  if (opts.currencies?.length === 1) return { ok: true, currency: (opts.currencies[0] ?? '').toUpperCase() };
  return { ok: false, reason: 'the amount names no currency' };
}

/** Parses and checks one amount: `"€1,234.50"`, `"1234.50 EUR"`, `"USD 12"`, or a number. */
export function checkAmount(input: string | number, opts: AmountOptions = {}): AmountCheck {
  const allowed = opts.currencies ? new Set(opts.currencies.map((c) => c.toUpperCase())) : null;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: `${String(input)} is not a finite amount` };
    if (input < 0 || Object.is(input, -0)) return { ok: false, reason: `${input} is negative` };
    const c = implicitCurrency(opts);
    if (!c.ok) return c;
    const minor = MINOR_UNITS.get(c.currency);
    if (minor === undefined) return { ok: false, reason: `${c.currency} is not a currency this check knows` };
    const scaled = input * 10 ** minor;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6 * Math.max(1, Math.abs(scaled)))
      return { ok: false, reason: `${input} has more decimal places than ${c.currency} allows (${minor})` };
    const fixed = input.toFixed(minor);
    const [integer = '', fraction = ''] = fixed.split('.');
    return finish(integer, fraction.replace(/0+$/, ''), c.currency, opts, String(input));
  }

  const s = input.trim();
  if (s.length === 0) return { ok: false, reason: 'the amount is empty' };
  if (s.length > 64) return { ok: false, reason: 'the amount is too long' };
  if (/[\p{Cc}\p{Cf}]/u.test(s)) return { ok: false, reason: 'the amount contains control or invisible characters' };
  if (NEGATIVE.test(s)) return { ok: false, reason: `"${s}" is negative; only non-negative amounts are accepted` };
  if (/\d[eE][+-]?\d|0[xXbBoO][0-9a-fA-F]|infinity|nan/i.test(s))
    return { ok: false, reason: `"${s}" is not a plain decimal amount` };
  const first = s.search(/\d/);
  if (first < 0) return { ok: false, reason: `"${s}" contains no number` };
  let lastDigit = s.length - 1;
  while (lastDigit >= 0 && !/\d/.test(s[lastDigit] ?? '')) lastDigit--;
  const pre = s.slice(0, first).trim();
  const num = s.slice(first, lastDigit + 1);
  const post = s.slice(lastDigit + 1).trim();
  if (/[A-Za-z]/.test(num)) return { ok: false, reason: `"${s}" mixes letters into the number` };
  if (pre.endsWith('.') || pre.endsWith(','))
    return { ok: false, reason: `"${s}" must have a digit before the decimal point` };

  const tokens = [pre, post].filter((t) => t.length > 0);
  let currency: Resolve;
  if (tokens.length === 0) currency = implicitCurrency(opts);
  else {
    const resolved = tokens.map((t) => resolveCurrency(t, allowed));
    const failed = resolved.find((r) => !r.ok);
    if (failed) return failed;
    const codes = [...new Set(resolved.map((r) => (r.ok ? r.currency : '')))];
    if (codes.length !== 1) return { ok: false, reason: `"${s}" names two currencies (${codes.join(', ')})` };
    currency = { ok: true, currency: codes[0] ?? '' };
  }
  if (!currency.ok) return currency;
  const n = parseNumber(num);
  if (!n.ok) return n;
  return finish(n.integer, n.fraction, currency.currency, opts, `"${s}"`);
}
