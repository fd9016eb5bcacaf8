/** The sender's domain imitates one the person deals with, or is an international name that mixes scripts. */
import { canonicalDomain } from '../sanitizers';
import { displayDomain, domainOf, imitation, type Known } from './domains';
import type { FraudFinding, FraudMail } from './types';

export function lookalikeSender(m: FraudMail, known: readonly Known[]): FraudFinding[] {
  const domain = domainOf(m.from);
  if (!domain) return [];
  const like = imitation(domain, known);
  if (like)
    return [
      {
        kind: 'lookalike-domain',
        reason: `The sender's domain ${displayDomain(domain)} ${like.how}.`,
      },
    ];
  const c = canonicalDomain(domain);
  if (c.ok && c.mixedScript)
    return [
      {
        kind: 'lookalike-domain',
        reason: `The sender's domain ${displayDomain(domain)} mixes alphabets, a trick to imitate another name.`,
      },
    ];
  return [];
}
