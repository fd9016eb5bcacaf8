/** Summary: the first sentences of the message itself (no quoted reply, no signature). */
import { sentences, stripQuoted, stripSignature, words } from './text';
import { NotEnoughInformation } from './types';

export const DEFAULT_SUMMARY_WORDS = 30;

export function summarizeText(text: string, maxWords = DEFAULT_SUMMARY_WORDS): string {
  const limit = Math.max(1, Math.floor(maxWords));
  let ss = sentences(stripSignature(stripQuoted(text)));
  if (ss.length === 0) ss = sentences(text);
  if (ss.length === 0) throw new NotEnoughInformation('the text is empty');
  const out: string[] = [];
  let count = 0;
  for (const s of ss) {
    const w = words(s);
    if (count + w.length <= limit) {
      out.push(s);
      count += w.length;
      continue;
    }
    if (out.length === 0) out.push(`${w.slice(0, limit).join(' ')}…`);
    break;
  }
  return out.join(' ');
}
