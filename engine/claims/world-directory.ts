import type { EffectLookups } from '../tools/effect';
import { bareAddress, type WorldState } from '../world';
import type { Directory } from './explain';

/** What an effect may look up, over a world (which keeps no Message-IDs or attachments). */
export function worldLookups(state: WorldState): EffectLookups {
  return {
    account: { from: state.user.email, addresses: state.userAddresses },
    email(id) {
      const e = state.findEmail(id);
      return (
        e && {
          id: e.id,
          from: e.from,
          to: [...e.to],
          cc: [...e.cc],
          subject: e.subject,
          date: e.date,
          body: e.body,
          messageId: null,
          references: [],
          attachments: [],
        }
      );
    },
    event(id) {
      const ev = state.findEvent(id);
      return (
        ev && {
          id: ev.id,
          title: ev.title,
          start: ev.start,
          end: ev.end,
          location: ev.location,
          description: ev.description,
          organizer: ev.organizer,
          attendees: [...ev.attendees],
        }
      );
    },
  };
}

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
      return ev && { title: ev.title, organizer: ev.organizer };
    },
    userAddresses: state.userAddresses,
    contacts,
    nameOf: (a) => names.get(bareAddress(a)),
    mailboxSize: state.emails.length,
  };
}
