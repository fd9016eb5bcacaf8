/**
 * The claim explainer's directory over a profile account, read straight from the store (no
 * world is loaded): emails by subject and sender (and whether the sender was authenticated),
 * events by title, time and organiser (times in the person's zone and format), contacts and
 * their names.
 */
import type { Directory } from '../../engine/claims/explain';
import { bareAddress } from '../../engine/world';
import type { Profile } from './profile';
import type { Account } from '../store/repositories';
import { senderAuthenticated } from '../mail/parse';
import { accountConfig } from './world-io';
import { timeStyleOf } from './time-style';

export function profileDirectory(p: Profile, account: Account): Directory {
  const list = p.repos.contacts.list(account.id);
  const contacts = list.map((c) => bareAddress(c.email));
  const known = new Set(contacts);
  const names = new Map(list.filter((c) => c.name).map((c) => [bareAddress(c.email), c.name]));
  for (const a of account.addresses) if (account.userName) names.set(bareAddress(a), `${account.userName} (you)`);
  const trust = accountConfig(account);
  return {
    timeStyle: timeStyleOf(p),
    email(id) {
      const m = p.repos.messages.get(id);
      return (
        m && {
          subject: m.subject,
          from: m.from,
          fromIsContact: known.has(bareAddress(m.from)),
          authenticated: senderAuthenticated(m.auth, trust, m.from),
        }
      );
    },
    event(id) {
      const e = p.repos.calendar.get(id);
      return e && { title: e.title, organizer: e.organizer, start: e.start, end: e.end };
    },
    userAddresses: account.addresses,
    contacts,
    nameOf: (a) => names.get(bareAddress(a)),
    get mailboxSize() {
      return p.repos.messages.count();
    },
  };
}
