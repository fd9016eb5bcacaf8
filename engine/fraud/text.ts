/** Reading a message's text for the content checks: its sentences, and whether one is negated. */
import { normalizeForMatching } from '../firewall/normalize';
import type { FraudMail } from './types';

/** Invisible format characters (zero-width spaces and joiners, direction marks, soft hyphens) an attacker hides in words. */
export const visible = (s: string): string => s.replace(/\p{Cf}/gu, '');

/**
 * The text the content checks read, as a person reads it: the subject, the body and the HTML
 * part's text (which may say what the text part does not), with HTML tags and entities reduced to
 * spaces, invisible characters and marks (accents, variation selectors, the combining grapheme
 * joiner) gone, and look-alike letters (Cyrillic `а`, fullwidth `ＩＢＡＮ`) and typographic
 * punctuation read as the Latin they show (the firewall's normalisation). Without it, `bаnk` or
 * `IB\ufe00AN` read as bank and IBAN to the person and as nothing to the patterns (red-team round 20).
 * Worked out once per message: three checks read it.
 */
export function plainText(m: Pick<FraudMail, 'subject' | 'body' | 'htmlText'>): string {
  let text = read.get(m);
  if (text === undefined) {
    const shown = visible(`${m.subject}.\n${m.body}\n${m.htmlText ?? ''}`)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/<[^<>]*>/g, ' ')
      .replace(/&[a-z#0-9]+;/gi, ' ');
    text = normalizeForMatching(shown).text;
    read.set(m, text);
  }
  return text;
}

const read = new WeakMap<object, string>();

/** Sentences (and lines, which mail uses as sentences), trimmed, non-empty. */
export const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** "never share", "do not reply with", "don't give": the sentence forbids what follows. */
export const negatedBefore = (sentence: string, at: number): boolean =>
  /(?:\b(?:never|not|no one|nobody|nor)\b|n't\b)(?!.*[,;:])/i.test(sentence.slice(Math.max(0, at - 40), at));
