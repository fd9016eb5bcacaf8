import { bareAddress, type WorldState } from '../world';
import type { Directory } from './explain';

/** What an effect may look up over a world: the one the simulator uses. */
export { worldLookups } from '../world/effect-lookups';

/** The explanation's directory over a world (or a profile account as a world). */
export function worldDirectory(state: WorldState): Directory {
  const contacts = state.contacts.map((c) => bareAddress(c.email));
  const known = new Set(contacts);
  const names = new Map(state.contacts.filter((c) => c.name).map((c) => [bareAddress(c.email), c.name]));
  for (const a of state.userAddresses) if (state.user.name) names.set(a, `${state.user.name} (you)`);
  return {
    email(id) {
      const e = state.findEmail(id);
      return (
        e && {
          subject: e.subject,
          from: e.from,
          fromIsContact: known.has(bareAddress(e.from)),
          authenticated: e.authenticated !== false,
        }
      );
    },
    event(id) {
      const ev = state.findEvent(id);
      return ev && { title: ev.title, organizer: ev.organizer, start: ev.start, end: ev.end };
    },
    userAddresses: state.userAddresses,
    contacts,
    nameOf: (a) => names.get(bareAddress(a)),
    mailboxSize: state.mail.count(),
  };
}
