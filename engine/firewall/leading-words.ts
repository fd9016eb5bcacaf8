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

/** Word beginnings are indexed by their first letters: up to this many, lower-cased. */
const BEGINNING = 3;
/** One bucket per beginning of 1–3 letters (base 27, digits 1–26: unique across lengths). */
const BUCKETS = 27 ** BEGINNING;
/**
 * The index is module state, reused by every scan (one pass over the text, no allocation per word):
 * a bucket is current when its stamp is the scan's epoch; its entries are a linked list of run starts.
 */
const stamps = new Uint32Array(BUCKETS);
const heads = new Int32Array(BUCKETS);
const tails = new Int32Array(BUCKETS);
let entryStart: Int32Array = new Int32Array(1024);
let entryNext: Int32Array = new Int32Array(1024);
let entries = 0;
let epoch = 0;

const beginningKey = (word: string): number => {
  let k = 0;
  for (let i = 0; i < word.length && i < BEGINNING; i++) k = k * 27 + (word.charCodeAt(i) - 96);
  return k;
};

/** Files the run starting at `start` under the beginning `key` (runs arrive in text order). */
function addEntry(key: number, start: number, e: number): void {
  if (entries === entryStart.length) {
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    entryStart = grow(entryStart);
    entryNext = grow(entryNext);
  }
  const id = entries++;
  entryStart[id] = start;
  entryNext[id] = -1;
  if (stamps[key] === e) entryNext[tails[key]!] = id;
  else {
    stamps[key] = e;
    heads[key] = id;
  }
  tails[key] = id;
}

/** Does the letter run at `start` of `text` begin with the lower-case `word`? */
function runStartsWith(text: string, start: number, word: string): boolean {
  if (start + word.length > text.length) return false;
  for (let j = 0; j < word.length; j++) {
    const c = text.charCodeAt(start + j);
    if ((c >= 0x41 && c <= 0x5a ? c + 32 : c) !== word.charCodeAt(j)) return false;
  }
  return true;
}

export interface WordIndex {
  /** May some run of ASCII letters start with this lower-case word? */
  has(word: string): boolean;
  /** Where the runs starting with one of these lower-case words start, ascending, each once. */
  startsOf(words: readonly string[]): readonly number[];
}

/** The beginnings (as bucket keys) of these lower-case words: what `wordIndex` needs to record for them. */
export function beginningsOf(words: readonly string[]): Uint8Array {
  const wanted = new Uint8Array(BUCKETS);
  for (const w of words) wanted[beginningKey(w)] = 1;
  return wanted;
}

/**
 * Indexes the start of every maximal run of ASCII letters in `text` under its first 1, 2 and 3
 * letters, lower-cased; with `wanted` (from `beginningsOf(words)`), only under those beginnings, so
 * only the words asked about later cost more than the pass — and the index may then be asked only
 * about those `words` (any other would look absent). Use the index before the next call: the
 * buckets are shared.
 */
export function wordIndex(text: string, wanted: Uint8Array | null = null): WordIndex {
  if (epoch === 0xffffffff) {
    stamps.fill(0);
    epoch = 0;
  }
  const e = ++epoch;
  entries = 0;
  let k = 0;
  let n = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lower = c >= 0x41 && c <= 0x5a ? c + 32 : c;
    if (lower >= 0x61 && lower <= 0x7a) {
      if (n === 0) start = i;
      if (n < BEGINNING) {
        k = k * 27 + (lower - 96);
        n++;
        if (wanted === null || wanted[k] === 1) addEntry(k, start, e);
      }
    } else {
      k = 0;
      n = 0;
    }
  }
  /** The first entry filed under `word`'s beginning, or -1. */
  const first = (word: string): number => {
    const key = beginningKey(word);
    return stamps[key] === e ? heads[key]! : -1;
  };
  return {
    has(word) {
      for (let id = first(word); id !== -1; id = entryNext[id]!)
        if (runStartsWith(text, entryStart[id]!, word)) return true;
      return false;
    },
    startsOf(words) {
      if (entries === 0) return NO_STARTS;
      const out: number[] = [];
      let ordered = true;
      for (const w of words)
        for (let id = first(w); id !== -1; id = entryNext[id]!) {
          const s = entryStart[id]!;
          if (!runStartsWith(text, s, w)) continue;
          if (out.length > 0 && s <= out[out.length - 1]!) ordered = false;
          out.push(s);
        }
      return ordered ? out : sortedOnce(out);
    },
  };
}

const NO_STARTS: readonly number[] = Object.freeze([]);

/** Ascending, each once: two words may share runs (`do`, `don`). */
function sortedOnce(starts: number[]): number[] {
  starts.sort((a, b) => a - b);
  return starts.filter((s, i) => i === 0 || s !== starts[i - 1]);
}

/** May some run of ASCII letters in `text` start with this lower-case word? (`wordIndex(text).has`) */
export function wordBeginnings(text: string): (word: string) => boolean {
  return wordIndex(text).has;
}
