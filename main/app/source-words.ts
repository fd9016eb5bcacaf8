/**
 * A label source in words, for Review's lineage and the Audit's "Came from": the email or event
 * it names ("the email “Invoice” from billing@…"), the person or their own data, or the tool
 * that answered ("a look at your calendar"); an id with none of these stays as it is.
 */
import type { Directory } from '../../engine/claims/explain';
import { describeSource } from '../../engine/claims/explain';
import { toolWords } from '../../engine/tools/tool-words';

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  user: 'what you typed',
  system: 'your own data',
  plan: 'the assistant’s plan',
};

export function sourceWords(source: string, dir: Directory): string {
  const tool = /^tool:([^:]+):/.exec(source)?.[1];
  return describeSource(source, dir) ?? SOURCE_WORDS[source] ?? (tool ? toolWords(tool) : source);
}
