/**
 * De-obfuscation before injection matching: the text a model would "read", with a map back to
 * the original offsets.
 *
 * - invisible characters (zero-width, bidi controls, variation selectors) are dropped;
 * - Unicode "tag" characters (U+E0020–E007E, invisible ASCII smuggling) become the ASCII they hide;
 * - compatibility forms (fullwidth, mathematical letters), accents (combining marks too) and cross-script homoglyphs
 *   (Cyrillic `і`, Greek `ο`) become the Latin letters they look like;
 * - typographic quotes and dashes become ASCII; whitespace runs become one space (or one newline
 *   when the run contains a line break), so patterns can use a single `\s` between words.
 *
 * Each output character records whether it came from an obfuscation (a homoglyph, a tag
 * character, or a letter right after a dropped invisible character), so a match that relied on
 * one is reported as an encoded instruction.
 */
import { asciiPunctuation, latinLookalike } from '../sanitizers/confusables';

export interface Normalized {
  readonly text: string;
  /** For each UTF-16 unit of `text`: the offset in the original where its source character starts. */
  readonly start: Int32Array;
  /** ... and where it ends. */
  readonly end: Int32Array;
  /** 1 when the unit came from an obfuscation. */
  readonly obfuscated: Uint8Array;
  /**
   * True when `text` is the original itself: each unit maps to itself, none obfuscated, and the
   * readers below answer without the maps (three arrays as long as the text cost more to allocate
   * than the whole pass).
   */
  readonly unchanged: boolean;
}

const isInvisible = (cp: number): boolean =>
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x202a && cp <= 0x202e) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0x2066 && cp <= 0x2069) ||
  cp === 0xfeff ||
  cp === 0x00ad ||
  cp === 0x034f ||
  cp === 0x180e ||
  cp === 0x061c ||
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  (cp >= 0xe0100 && cp <= 0xe01ef) ||
  cp === 0xe0001 ||
  cp === 0xe007f;

const WHITESPACE = /\s/;

const MARK = /^\p{M}$/u;

/**
 * The Latin a character reads as; `''` for a combining mark (an accent written apart from its
 * letter, `ve\u0301rification`), which a reader reads past as it reads past an accent written
 * into the letter (`é`, folded by `latinLookalike`) (red-team round 20).
 */
const lookalikeCache = new Map<string, string | null>();
function cachedLookalike(ch: string): string | undefined {
  const hit = lookalikeCache.get(ch);
  if (hit !== undefined) return hit ?? undefined;
  const v = latinLookalike(ch) ?? (MARK.test(ch) ? '' : undefined);
  if (lookalikeCache.size < 8192) lookalikeCache.set(ch, v ?? null);
  return v;
}

/**
 * The normalized text now; the offset maps only when something reads them (a pattern matched).
 * Most mail matches nothing, so most scans never build the maps (three arrays as long as the text).
 */
export function normalizeForMatching(raw: string): Normalized {
  const text = normalizedText(raw);
  let maps: Normalized | null = null;
  // Text the pass left as it was maps each unit to itself; other text takes the same pass again,
  // deterministic, this time recording where each unit came from.
  const unchanged = text === raw;
  const tracked = (): Normalized => (maps ??= unchanged ? identityMaps(raw) : normalizeWithMaps(raw));
  return {
    text,
    unchanged,
    get start() {
      return tracked().start;
    },
    get end() {
      return tracked().end;
    },
    get obfuscated() {
      return tracked().obfuscated;
    },
  };
}

/**
 * The maps of a text that normalization leaves unchanged. Every change the pass makes (a dropped,
 * replaced, expanded or collapsed unit) makes its output differ from the input at or before that
 * unit, and the pass never emits an invisible character, so equal text means each unit came from
 * itself, unobfuscated. Tested against the full pass.
 */
function identityMaps(raw: string): Normalized {
  const n = raw.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = i;
    end[i] = i + 1;
  }
  return { text: raw, start, end, obfuscated: new Uint8Array(n), unchanged: true };
}

/** The normalized text with its offset maps, always from the full tracked pass. */
export const normalizeWithMaps = (raw: string): Normalized => normalizePass(raw, true);

/**
 * Where the run starting at `i` that the pass copies as it is ends: visible ASCII and single spaces
 * between visible characters (`raw[i]` is visible ASCII).
 */
function copiedRunEnd(raw: string, i: number): number {
  const n = raw.length;
  let j = i + 1;
  while (j < n) {
    const d = raw.charCodeAt(j);
    if (d > 0x20 && d < 0x7f) j++;
    // A single space between visible characters stays a single space: copy it too.
    else if (d === 0x20 && j + 1 < n && raw.charCodeAt(j + 1) > 0x20 && raw.charCodeAt(j + 1) < 0x7f) j += 2;
    else break;
  }
  return j;
}

/** The normalized text alone: the text itself when the pass would copy all of it (no parts to join). */
function normalizedText(raw: string): string {
  if (raw.length === 0) return raw;
  const c = raw.charCodeAt(0);
  if (c > 0x20 && c < 0x7f && copiedRunEnd(raw, 0) === raw.length) return raw;
  return normalizePass(raw, false).text;
}

/** One normalization pass; with `track`, also the offset maps (without, they stay empty). */
function normalizePass(raw: string, track: boolean): Normalized {
  const n = raw.length;
  const parts: string[] = [];
  let lastChar = '';
  // Output can grow (a ligature becomes two letters); size for the worst common case and grow.
  const size = track ? n + 16 : 0;
  let start: Int32Array = new Int32Array(size);
  let end: Int32Array = new Int32Array(size);
  let obf: Uint8Array = new Uint8Array(size);
  let len = 0;
  let pendingObfuscation = false;

  /** Ensures room for `k` more units. */
  const reserve = (k: number): void => {
    while (len + k > start.length) {
      const grow = (a: Int32Array): Int32Array => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      start = grow(start);
      end = grow(end);
      const o = new Uint8Array(obf.length * 2);
      o.set(obf);
      obf = o;
    }
  };

  const emit = (s: string, from: number, to: number, obfuscated: boolean): void => {
    if (track) {
      reserve(s.length);
      for (let k = 0; k < s.length; k++) {
        start[len + k] = from;
        end[len + k] = to;
        obf[len + k] = obfuscated || pendingObfuscation ? 1 : 0;
      }
    }
    len += s.length;
    parts.push(s);
    lastChar = s[s.length - 1] ?? lastChar;
    pendingObfuscation = false;
  };

  let i = 0;
  while (i < n) {
    // Fast path: a run of visible ASCII and single spaces (most of any mail) is copied as it is.
    const c = raw.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) {
      const j = copiedRunEnd(raw, i);
      if (track) {
        reserve(j - i);
        for (let k = i; k < j; k++) {
          start[len + k - i] = k;
          end[len + k - i] = k + 1;
        }
        if (pendingObfuscation) obf[len] = 1;
      }
      len += j - i;
      pendingObfuscation = false;
      parts.push(raw.slice(i, j));
      lastChar = raw[j - 1]!;
      i = j;
      continue;
    }
    const cp = raw.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    const ch = raw.slice(i, i + width);
    if (isInvisible(cp)) {
      pendingObfuscation = true;
    } else if (cp >= 0xe0020 && cp <= 0xe007e) {
      emit(String.fromCharCode(cp - 0xe0000), i, i + width, true);
    } else if (WHITESPACE.test(ch)) {
      if (lastChar === ' ' || lastChar === '\n') {
        if (ch === '\n' && lastChar === ' ') {
          parts[parts.length - 1] = '\n';
          lastChar = '\n';
        }
        if (track && len > 0) end[len - 1] = i + width;
      } else emit(ch === '\n' || ch === '\r' ? '\n' : ' ', i, i + width, false);
    } else if (cp < 0x80) {
      emit(ch, i, i + width, false);
    } else {
      const punct = asciiPunctuation(ch);
      if (punct !== undefined) emit(punct, i, i + width, false);
      else {
        const latin = cachedLookalike(ch);
        if (latin === '') pendingObfuscation = true;
        else if (latin !== undefined) emit(latin, i, i + width, /[A-Za-z]/.test(latin));
        else emit(ch, i, i + width, false);
      }
    }
    i += width;
  }
  const text = parts.join('');
  return {
    text,
    start: start.subarray(0, len),
    end: end.subarray(0, len),
    obfuscated: obf.subarray(0, len),
    unchanged: false,
  };
}

/** Maps a match [s, e) in normalized text back to original offsets. */
export function originalSpan(nz: Normalized, s: number, e: number): { start: number; end: number } {
  if (nz.text.length === 0) return { start: 0, end: 0 };
  const a = Math.min(s, nz.text.length - 1);
  const b = Math.max(a, Math.min(e, nz.text.length) - 1);
  if (nz.unchanged) return { start: a, end: b + 1 };
  return { start: nz.start[a] ?? 0, end: nz.end[b] ?? 0 };
}

/** Did any character of the normalized span come from an obfuscation? */
export function spanObfuscated(nz: Normalized, s: number, e: number): boolean {
  if (nz.unchanged) return false;
  const obfuscated = nz.obfuscated;
  for (let k = s; k < e && k < obfuscated.length; k++) if (obfuscated[k] === 1) return true;
  return false;
}
