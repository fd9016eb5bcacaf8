import { bareAddress, type WorldState } from '../world';
import type { Directory } from './explain';

/** The explanation's directory over a world (or a profile account as a world). */
export function worldDirectory(state: WorldState): Directory {
  const contacts = state.contacts.map((c) => bareAddress(c.email));
  const known = new Set(contacts);
  return {
    email(id) {
      const e = state.findEmail(id);
      return e && { subject: e.subject, from: e.from, fromIsContact: known.has(bareAddress(e.from)) };
    },
    event(id) {
      const ev = state.findEvent(id);
      return ev && { title: ev.title, organizer: ev.organizer };
    },
    userAddresses: state.userAddresses,
    contacts,
    mailboxSize: state.emails.length,
  };
}
