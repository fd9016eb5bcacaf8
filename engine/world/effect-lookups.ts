/**
 * What an effect may read (engine/tools/effect.ts), from a simulated world: the user's
 * addresses, an email a reply or forward names, an event an update or answer names. A world
 * keeps no Message-IDs or attachment bytes, so threading headers and attachments are empty here;
 * everything else — who it goes to, its subject, its body — is what a profile would send.
 */
import type { EffectLookups } from '../tools/effect';
import type { WorldState } from './state';

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
    event: (id) => state.findEvent(id),
  };
}
