/**
 * Which words a pattern's matches must start with, and which words a text holds: most injection
 * patterns read `\b(?:ignore|disregard|…)\s…`, so text without a word that starts with one of
 * those cannot match them, and the firewall need not scan it once per such pattern.
 *
 * Why this is exact: a match of `\bword…` starts where the previous character is not a word
 * character (ASCII letter, digit, `_`), so the maximal run of ASCII letters starting there begins
 * with `word`'s letters. Without the `u` flag a case-insensitive match maps ASCII letters only to
 * ASCII letters (ECMA-262 Canonicalize), so comparing lower-cased ASCII runs loses nothing.
 */

const LETTERS = /^[A-Za-z]+/;

/** Splits `source` from `at` (just inside a group) into its top-level alternatives, up to the group's `)`. */
function groupAlternatives(source: string, at: number): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let start = at;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      // A class: skip to its unescaped `]`.
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) {
        out.push(source.slice(start, i));
        return out;
      }
      depth--;
    } else if (c === '|' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return null;
}

/**
 * The lower-cased letters every match of `source` starts with (one entry per alternative), or
 * null when some top-level branch of the pattern does not start with `\b` and a word.
 */
export function leadingWords(source: string, flags: string): string[] | null {
  if (flags.includes('u')) return null;
  // The whole pattern read as one group: its top-level branches.
  const branches = groupAlternatives(`${source})`, 0);
  if (branches === null) return null;
  const words: string[] = [];
  for (const b of branches) {
    const w = branchWords(b);
    if (w === null) return null;
    words.push(...w);
  }
  return words;
}

/** The letters `text` must start with: its leading letters, but not one a quantifier may drop (`instructions?`). */
function requiredLetters(text: string): string | null {
  const run = LETTERS.exec(text)?.[0];
  if (!run) return null;
  const next = text[run.length];
  const word = next === '?' || next === '*' || next === '{' ? run.slice(0, -1) : run;
  return word ? word.toLowerCase() : null;
}

/** `\bword…` or `\b(?:w1|w2…)…`: the words; anything else: null. */
function branchWords(branch: string): string[] | null {
  if (!branch.startsWith('\\b')) return null;
  const rest = branch.slice(2);
  if (!rest.startsWith('(?:')) {
    const word = requiredLetters(rest);
    return word === null ? null : [word];
  }
  const alternatives = groupAlternatives(rest, 3);
  if (alternatives === null) return null;
  const words: string[] = [];
  for (const a of alternatives) {
    const w = requiredLetters(a);
    if (w === null) return null;
    words.push(w);
  }
  return words;
}

/** Word beginnings are compared on their first letters only: a necessary condition, cheap to record. */
const BEGINNING = 3;
/** One stamp per beginning of 1–3 letters (base 27, digits 1–26: unique across lengths). */
const stamps = new Uint32Array(27 ** BEGINNING);
let epoch = 0;

const beginningKey = (word: string): number => {
  let k = 0;
  for (let i = 0; i < word.length && i < BEGINNING; i++) k = k * 27 + (word.charCodeAt(i) - 96);
  return k;
};

/**
 * Records the beginnings (first 1–3 letters, lower-cased) of every maximal run of ASCII letters in
 * `text`, and returns a test: may some run start with this lower-case word? Use the test before the
 * next call (the stamps are shared: one pass over the text, no allocation per word).
 */
export function wordBeginnings(text: string): (word: string) => boolean {
  if (epoch === 0xffffffff) {
    stamps.fill(0);
    epoch = 0;
  }
  const e = ++epoch;
  let k = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lower = c >= 0x41 && c <= 0x5a ? c + 32 : c;
    if (lower >= 0x61 && lower <= 0x7a) {
      if (n < BEGINNING) {
        k = k * 27 + (lower - 96);
        n++;
        stamps[k] = e;
      }
    } else {
      k = 0;
      n = 0;
    }
  }
  return (word) => stamps[beginningKey(word)] === e;
}
