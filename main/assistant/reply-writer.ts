/**
 * Who writes a reply's words (resources/playbooks/answer.js): a language model, as the quarantined
 * extractor, when the profile has a provider for `extractor`; the playbook's templates otherwise.
 * The playbook cannot tell the two apart (the rule-based extractor would answer too), so the host
 * says so in its input.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import { listProviders } from '../llm/providers';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { WRITES_TIMES, type PlaybookMatch } from './ask';
import { zoneInput } from './zone-input';

export const modelWritesReplies = (p: Profile): boolean => listProviders(p).some((x) => x.for.includes('extractor'));

/**
 * A playbook's input over a profile: the answer playbook learns whether a model writes its words,
 * and a playbook that writes times learns where the person is (zone-input.ts).
 */
export function inputOver(p: Profile, match: PlaybookMatch, account: Account): Json {
  const input = match.input;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return {
    ...input,
    ...(match.playbook === 'answer' && modelWritesReplies(p) ? { writer: true } : {}),
    ...(WRITES_TIMES.has(match.playbook) ? { zone: zoneInput(p, account) } : {}),
  };
}
