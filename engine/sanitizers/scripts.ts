/**
 * Mixed-script detection for domain labels (UTS #39 "highly restrictive" profile, simplified).
 *
 * Why: a label that mixes Latin with Cyrillic or Greek letters (`pаypal`, with a Cyrillic а)
 * exists almost only to deceive; legitimate IDNs use one script per label, except the
 * Han/Kana/Hangul combinations that Japanese, Chinese and Korean names need (plus Latin).
 */

const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Syriac', /\p{Script=Syriac}/u],
  ['Thaana', /\p{Script=Thaana}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Gurmukhi', /\p{Script=Gurmukhi}/u],
  ['Gujarati', /\p{Script=Gujarati}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Kannada', /\p{Script=Kannada}/u],
  ['Malayalam', /\p{Script=Malayalam}/u],
  ['Sinhala', /\p{Script=Sinhala}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Lao', /\p{Script=Lao}/u],
  ['Tibetan', /\p{Script=Tibetan}/u],
  ['Myanmar', /\p{Script=Myanmar}/u],
  ['Khmer', /\p{Script=Khmer}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
];

const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Script combinations that are normal inside one label (UTS #39 §5.2). */
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** The script of one character; `Common` for digits, hyphens and other shared characters. */
export function scriptOf(ch: string): string {
  if (NEUTRAL.test(ch)) return 'Common';
  for (const [name, re] of SCRIPTS) if (re.test(ch)) return name;
  return `Other(U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`;
}

/** The distinct scripts of a label, Common excluded, in order of first appearance. */
export function scriptsOf(label: string): string[] {
  const seen: string[] = [];
  for (const ch of label) {
    const s = scriptOf(ch);
    if (s !== 'Common' && !seen.includes(s)) seen.push(s);
  }
  return seen;
}

/** When the label mixes scripts in a way no legitimate name needs, the scripts it mixes. */
export function mixedScripts(label: string): string[] | null {
  const scripts = scriptsOf(label);
  if (scripts.length <= 1) return null;
  if (ALLOWED_MIXES.some((mix) => scripts.every((s) => mix.includes(s)))) return null;
  return scripts;
}
