/**
 * IDN conversion without Node built-ins (engine/ may import only node:crypto): to ASCII through
 * the WHATWG URL host parser (UTS #46 mapping + punycode encoding, available everywhere), and to
 * Unicode with the RFC 3492 punycode decoder below.
 */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_CODE_POINT = 0x10ffff;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(cp: number): number {
  if (cp >= 0x30 && cp <= 0x39) return cp - 22; // 0-9 → 26-35
  if (cp >= 0x41 && cp <= 0x5a) return cp - 0x41; // A-Z
  if (cp >= 0x61 && cp <= 0x7a) return cp - 0x61; // a-z
  return BASE;
}

/** Decodes the part of a label after `xn--`; null when it is not valid punycode. */
export function punycodeDecode(input: string): string | null {
  const output: number[] = [];
  const lastDelim = input.lastIndexOf('-');
  const basicEnd = lastDelim < 0 ? 0 : lastDelim;
  for (let j = 0; j < basicEnd; j++) {
    const cp = input.charCodeAt(j);
    if (cp >= 0x80) return null;
    output.push(cp);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let idx = basicEnd > 0 ? basicEnd + 1 : 0; idx < input.length;) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (idx >= input.length) return null;
      const digit = digitOf(input.charCodeAt(idx++));
      if (digit >= BASE) return null;
      if (digit > Math.floor((MAX_CODE_POINT * 64 - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor((MAX_CODE_POINT * 64) / (BASE - t))) return null;
      w *= BASE - t;
    }
    const len = output.length + 1;
    bias = adapt(i - oldi, len, oldi === 0);
    n += Math.floor(i / len);
    if (n > MAX_CODE_POINT) return null;
    i %= len;
    output.splice(i, 0, n);
    i++;
  }
  try {
    return String.fromCodePoint(...output);
  } catch {
    return null;
  }
}

/** Characters that would make the URL parser read something other than a host. */
const NOT_A_HOST = /[/?#@:%\\[\]\s<>^|"'`{}]/;

/**
 * A domain's ASCII form (UTS #46: case-folded, compatibility-mapped, IDN labels punycoded), or
 * '' when it is not a valid domain name. IPv4-looking hosts come back normalized (`1.2.3.4`).
 */
export function domainToAscii(domain: string): string {
  if (domain.length === 0 || NOT_A_HOST.test(domain)) return '';
  try {
    return new URL(`https://${domain}/`).hostname;
  } catch {
    return '';
  }
}

/** A domain's Unicode form (`xn--` labels decoded), or '' when a label is not valid punycode. */
export function domainToUnicode(ascii: string): string {
  const labels = ascii.split('.');
  const out: string[] = [];
  for (const label of labels) {
    if (/^xn--/i.test(label)) {
      const decoded = punycodeDecode(label.slice(4).toLowerCase());
      if (decoded === null || decoded.length === 0) return '';
      out.push(decoded);
    } else out.push(label);
  }
  return out.join('.');
}
