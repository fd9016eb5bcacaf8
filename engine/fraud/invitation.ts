/**
 * An invitation that says someone else organises it: the Inbox's card reads "Organised by …"
 * from the text/calendar part's ORGANIZER, which the sender writes, and a calendar server that
 * files invitations on its own puts the event on the calendar under that name. A sender on
 * another domain than the organiser it names, who does not say it sends for them (`SENT-BY`, an
 * assistant sending for their boss), borrows that person's name (red-team round 24).
 */
import { withinDomain } from '../sanitizers';
import { bareAddress } from '../world/addresses';
import { domainOf } from './domains';
import type { FraudFinding, FraudMail } from './types';

export function invitationElsewhere(m: FraudMail): FraudFinding[] {
  const organizer = m.invitation?.organizer ? bareAddress(m.invitation.organizer) : '';
  if (!organizer) return [];
  const from = bareAddress(m.from);
  if ([organizer, m.invitation?.sentBy ? bareAddress(m.invitation.sentBy) : ''].includes(from)) return [];
  const sender = domainOf(m.from);
  const named = domainOf(organizer);
  if (named && sender && (withinDomain(named, sender) || withinDomain(sender, named))) return [];
  return [
    {
      kind: 'impersonation',
      reason: `It is an invitation that names ${organizer} as its organiser, but it was sent by ${from}.`,
    },
  ];
}
