/**
 * Action items: sentences that ask the reader to do something ("please …", "can you …",
 * "could you …", "don't forget to …", "make sure …", "I need you to …", "action: …").
 */
import { sentences, stripQuoted, stripSignature } from './text';

const REQUEST =
  /\b(please|pls|kindly|can you|could you|would you|will you|can we|could we|would you mind|don't forget to|do not forget to|remember to|make sure|need you to|i need|we need|be sure to|let me know|todo|to-do|action item|action)\b/i;

export function findActionItems(text: string): string[] {
  const body = stripSignature(stripQuoted(text));
  const out: string[] = [];
  for (const s of sentences(body)) {
    if (!REQUEST.test(s)) continue;
    const t = s.replace(/^(action items?|todo|to-do)\s*:\s*/i, '').trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}
