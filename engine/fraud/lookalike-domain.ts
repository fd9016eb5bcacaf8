/** The sender's domain imitates one the person deals with, mixes scripts, or is no valid domain name at all. */
import { canonicalDomain } from '../sanitizers';
import { displayDomain, domainOf, imitation, type Known } from './domains';
import { visible } from './text';
import type { FraudFinding, FraudMail } from './types';

export function lookalikeSender(m: FraudMail, known: readonly Known[]): FraudFinding[] {
  const domain = domainOf(m.from);
  if (!domain) return [];
  if (visible(domain) !== domain)
    return [
      {
        kind: 'lookalike-domain',
        reason: `The sender's domain ${visible(domain)} hides invisible characters, a trick to pass for another name.`,
      },
    ];
  const like = imitation(domain, known);
  if (like)
    return [
      {
        kind: 'lookalike-domain',
        reason: `The sender's domain ${displayDomain(domain)} ${like.how}.`,
      },
    ];
  const c = canonicalDomain(domain);
  if (!c.ok)
    return [{ kind: 'lookalike-domain', reason: `The sender's address is not a valid domain name: ${c.reason}.` }];
  if (c.mixedScript)
    return [
      {
        kind: 'lookalike-domain',
        reason: `The sender's domain ${displayDomain(domain)} mixes alphabets, a trick to imitate another name.`,
      },
    ];
  return [];
}
