/** Reading a message's text for the content checks: its sentences, and whether one is negated. */

/** Invisible format characters (zero-width spaces and joiners, direction marks, soft hyphens) an attacker hides in words. */
export const visible = (s: string): string => s.replace(/\p{Cf}/gu, '');

/** The subject and body as one text, with HTML tags and entities reduced to spaces and invisible characters gone. */
export const plainText = (m: { subject: string; body: string }): string =>
  visible(`${m.subject}.\n${m.body}`)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');

/** Sentences (and lines, which mail uses as sentences), trimmed, non-empty. */
export const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** "never share", "do not reply with", "don't give": the sentence forbids what follows. */
export const negatedBefore = (sentence: string, at: number): boolean =>
  /(?:\b(?:never|not|no one|nobody|nor)\b|n't\b)(?!.*[,;:])/i.test(sentence.slice(Math.max(0, at - 40), at));
