/** Text helpers shared by the rules: quoted-reply removal, sentences, words, hints. */

/** Drops quoted replies (`> …`, everything after `On … wrote:` or `-----Original Message-----`). */
export function stripQuoted(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const t = line.trim();
    if (/^-{2,}\s*(original message|forwarded message)\s*-{2,}$/i.test(t)) break;
    if (/^on\b.{0,120}\bwrote:\s*$/i.test(t)) break;
    if (t.startsWith('>')) continue;
    out.push(line);
  }
  return out.join('\n');
}

/** Drops the signature block (after `-- ` or a sign-off line such as `Best,`). */
export function stripSignature(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = (lines[i] ?? '').trim();
    if (
      t === '--' ||
      /^(best|thanks|thank you|cheers|regards|kind regards|best regards|warm regards|many thanks|sincerely|br),?$/i.test(
        t,
      )
    ) {
      return lines.slice(0, i).join('\n');
    }
  }
  return text;
}

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b[^.!?\n]{0,40}[,!:]?\s*$/i;

/** Markup removed (`<p>`, `<div …>`): the text between tags is kept, hidden or not. */
export const stripTags = (text: string): string => text.replace(/<\/?[a-z][^<>]{0,500}>/gi, ' ');

/** Sentences in order, greetings dropped, markup removed, whitespace collapsed. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const para of stripTags(text).split(/\n\s*\n|\n(?=\s*[-*•]\s)/)) {
    const lines = para.split('\n').filter((l) => !GREETING.test(l.trim()));
    const flat = lines.join(' ').replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    for (const s of flat.split(/(?<=[.!?])\s+(?=[^a-z0-9])/)) {
      const t = s.replace(/^[-*•]\s+/, '').trim();
      if (t) out.push(t);
    }
  }
  return out;
}

export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** `meetingStart` / `meeting_start` / `meeting start` → `['meeting', 'start']`. */
export function hintWords(hint: string): string[] {
  return hint
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The last text lowercased, and each term's whole-word pattern: a classification counts dozens of
 * terms in one text (most of them absent), and a fresh lowercase copy and a fresh Unicode regex
 * per term were most of a triage's classification time.
 */
let lowered: { readonly text: string; readonly lower: string } = { text: '', lower: '' };
const termPatterns = new Map<string, RegExp>();
/** Terms come from labels a plan names too: the patterns kept are bounded. */
const KEPT_TERMS = 1024;

function termPattern(t: string): RegExp {
  let re = termPatterns.get(t);
  if (!re) {
    if (termPatterns.size >= KEPT_TERMS) termPatterns.clear();
    re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`, 'gu');
    termPatterns.set(t, re);
  }
  return re;
}

/** Occurrences of `term` as a whole word (or phrase), case-insensitive. */
export function countTerm(haystack: string, term: string): number {
  const t = term.trim().toLowerCase();
  if (!t) return 0;
  if (lowered.text !== haystack) lowered = { text: haystack, lower: haystack.toLowerCase() };
  const { lower } = lowered;
  // Every match is an occurrence of the term's text: without one there is nothing to match.
  if (!lower.includes(t)) return 0;
  // `match` with a global pattern starts from the beginning whatever its lastIndex.
  return lower.match(termPattern(t))?.length ?? 0;
}

/** Distinct values in first-seen order. */
export function distinct<T>(xs: readonly T[], key: (x: T) => string = String): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const x of xs) {
    const k = key(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
}
