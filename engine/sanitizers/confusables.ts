/**
 * Look-alike characters: the data behind the homograph checks of the address and URL sanitizers
 * and the firewall's de-obfuscation of injected keywords.
 *
 * Why: an attacker registers `acrne.test` or `аcme.test` (Cyrillic а) and hopes that a person
 * or a plan confuses it with the allowlisted `acme.test`. Comparing *skeletons* (every character
 * replaced by the Latin letter it looks like, then common multi-letter tricks folded) catches
 * these without needing the full Unicode confusables table (UTS #39); the subset below covers
 * the scripts and tricks seen in real phishing domains.
 */

/** Non-Latin (and odd Latin) characters that render like a basic Latin letter in common fonts. */
// prettier-ignore
const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic, lower case
  а: 'a', в: 'b', е: 'e', ё: 'e', г: 'r', һ: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l', м: 'm',
  н: 'h', о: 'o', р: 'p', ԛ: 'q', с: 'c', ѕ: 's', т: 't', у: 'y', ү: 'y', х: 'x', ԝ: 'w', ԁ: 'd',
  ь: 'b', ɡ: 'g', ո: 'n', ս: 'u', օ: 'o', ց: 'g', հ: 'h', ա: 'w', ʏ: 'y',
  // Cyrillic, upper case
  А: 'A', В: 'B', Е: 'E', Ѕ: 'S', І: 'I', Ї: 'I', Ј: 'J', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P',
  С: 'C', Т: 'T', Х: 'X', Ү: 'Y', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'I', Ԁ: 'D', Һ: 'H',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  ϲ: 'c', ϳ: 'j', ω: 'w',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T',
  Υ: 'Y', Χ: 'X', Ϲ: 'C',
  // Latin letters outside ASCII that look like ASCII ones
  ı: 'i', ɩ: 'i', ɪ: 'i', ɑ: 'a', ȷ: 'j', ℓ: 'l', ǀ: 'l', ꞁ: 'l', ʟ: 'l', ɴ: 'n', ʀ: 'r', ꜱ: 's',
  ᴄ: 'c', ᴏ: 'o', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z', ɢ: 'g', ʜ: 'h', ᴋ: 'k', ᴍ: 'm', ᴘ: 'p', ᴛ: 't', ᴜ: 'u',
  // Cherokee and others that copy Latin capitals
  Ꭺ: 'A', Ᏼ: 'B', Ꮯ: 'C', Ꭼ: 'E', Ꮋ: 'H', Ꭻ: 'J', Ꮶ: 'K', Ꮇ: 'M', Ꮲ: 'P', Ꮪ: 'S', Ꭲ: 'T', Ꮃ: 'W',
  Ꮓ: 'Z',
};

/** Punctuation variants folded so that `don’t` and `don't` read the same (not an obfuscation). */
// prettier-ignore
const PUNCTUATION: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2212': '-',
  '\u2039': '<', '\u203A': '>', '\u02D0': ':', '\u0589': ':', '\u2236': ':', '\uFF1A': ':',
};

const COMBINING = /\p{M}/gu;

/**
 * The basic Latin text a single character looks like, or undefined when it does not look like
 * Latin (or already is ASCII). NFKD folds compatibility forms (fullwidth, mathematical
 * alphanumerics, ligatures) and accents; the table folds cross-script homoglyphs.
 */
export function latinLookalike(ch: string): string | undefined {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x80) return undefined;
  const direct = LATIN_LOOKALIKES[ch];
  if (direct !== undefined) return direct;
  const folded = ch.normalize('NFKD').replace(COMBINING, '');
  if (folded !== ch && folded.length > 0 && /^[\x20-\x7e]+$/.test(folded)) return folded;
  if (folded.length === 1 && LATIN_LOOKALIKES[folded] !== undefined) return LATIN_LOOKALIKES[folded];
  return undefined;
}

/** A punctuation mark's plain ASCII form, or undefined. */
export const asciiPunctuation = (ch: string): string | undefined => PUNCTUATION[ch];

/** Multi-letter and digit tricks applied after lower-casing: `rn` reads as `m`, `0` as `o`. */
const FOLDS: readonly (readonly [RegExp, string])[] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
  [/0/g, 'o'],
  [/1/g, 'l'],
  [/\|/g, 'l'],
];

/**
 * The skeleton of a domain (or any short identifier): two strings look alike when their
 * skeletons are equal. Case matters on input only for the capital `I`, which reads as `l`.
 */
export function skeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC')) {
    const mapped = latinLookalike(ch) ?? ch;
    out += mapped === 'I' ? 'l' : mapped;
  }
  out = out.toLowerCase();
  for (const [re, to] of FOLDS) out = out.replace(re, to);
  return out;
}
