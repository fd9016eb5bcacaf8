/** Replies would go somewhere else than the sender: a Reply-To on another domain than the From. */
import { withinDomain } from '../sanitizers';
import { bareAddress } from '../world/addresses';
import { domainOf } from './domains';
import type { FraudFinding, FraudMail } from './types';

export function replyToElsewhere(m: FraudMail): FraudFinding[] {
  if (!m.replyTo) return [];
  const from = domainOf(m.from);
  const to = domainOf(m.replyTo);
  if (!to || withinDomain(to, from) || withinDomain(from, to)) return [];
  return [
    {
      kind: 'reply-to',
      reason: `Replies would go to ${bareAddress(m.replyTo)}, not to the sender's domain ${from || '(none)'}.`,
    },
  ];
}
