/**
 * Who writes a reply's words (resources/playbooks/answer.js): a language model, as the quarantined
 * extractor, when the profile has a provider for `extractor`; the playbook's templates otherwise.
 * The playbook cannot tell the two apart (the rule-based extractor would answer too), so the host
 * says so in its input.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import { listProviders } from '../llm/providers';
import type { Profile } from '../profile/profile';
import type { PlaybookMatch } from './ask';

export const modelWritesReplies = (p: Profile): boolean => listProviders(p).some((x) => x.for.includes('extractor'));

/** A playbook's input over a profile: the answer playbook learns whether a model writes its words. */
export function inputOver(p: Profile, match: PlaybookMatch): Json {
  const input = match.input;
  if (match.playbook !== 'answer' || !modelWritesReplies(p)) return input;
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? { ...input, writer: true } : input;
}
