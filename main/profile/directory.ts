/**
 * The claim explainer's directory over a profile account, read straight from the store (no
 * world is loaded): emails by subject and sender, events by title and organiser, contacts.
 */
import type { Directory } from '../../engine/claims/explain';
import { bareAddress } from '../../engine/world';
import type { Profile } from './profile';
import type { Account } from '../store/repositories';

export function profileDirectory(p: Profile, account: Account): Directory {
  const contacts = p.repos.contacts.list(account.id).map((c) => bareAddress(c.email));
  const known = new Set(contacts);
  return {
    email(id) {
      const m = p.repos.messages.get(id);
      return m && { subject: m.subject, from: m.from, fromIsContact: known.has(bareAddress(m.from)) };
    },
    event(id) {
      const e = p.repos.calendar.get(id);
      return e && { title: e.title, organizer: e.organizer };
    },
    userAddresses: account.addresses,
    contacts,
    get mailboxSize() {
      return p.repos.messages.count();
    },
  };
}
