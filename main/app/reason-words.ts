import { reasonSentence, type Directory } from '../../engine/claims/explain';
import { fieldWords } from '../../engine/claims/field-words';

/**
 * The gate's "control context" — whatever decided that a call happens (the condition it sits
 * under, the data that chose it) — in words for Review's list of every reason: "Untrusted data
 * decided to do this: the email “Invoice” from …". The gate's own text stays in the audit log.
 * Review and `zamburak claims show` both read a claim's reasons through `reasonsInWords`.
 */
const CONTEXT_WORDS: readonly [RegExp, string][] = [
  [
    /^The call happens because of untrusted data: (.*) \(control context\)(\.?)$/,
    'Untrusted data decided to do this: $1$2',
  ],
  [/\(control context from ([^)]*)\)/g, '(what decided to do this came from $1)'],
  [/\bthe control context\b/g, 'what decided to do this'],
  [/^The control context\b/, 'What decided to do this'],
  [/\bcontrol context\b/g, 'what decided to do this'],
];

/** One reason sentence with the control context said in words. */
export function contextWords(sentence: string): string {
  return CONTEXT_WORDS.reduce((s, [re, words]) => s.replace(re, words), sentence);
}

/** A claim's gate reasons as the sentences a person reads: fields by their nouns, context in words. */
export function reasonsInWords(tool: string, reasons: readonly string[], dir: Directory): string[] {
  return reasons.map((r) => contextWords(reasonSentence(r, dir, (path) => fieldWords(tool, path).noun)));
}
