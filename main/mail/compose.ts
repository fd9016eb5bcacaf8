/**
 * A stored mail action as the message that leaves, from the account and the store only: its
 * effect (engine/tools — a reply's recipients and threading headers from the original, a
 * forward's quoted original and attachments) and the bytes of each attachment, found by content
 * in the profile. Never from text a plan wrote about it.
 */
import { EffectError, effectHash, effectOf, type MailEffect } from '../../engine/tools/effect';
import type { ClaimAction } from '../claims/claim-store';
import type { MailComposerSource, OutgoingMail } from '../outbox/mail-transport';
import { TransportError } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { profileLookups } from './effect-lookups';
import { outgoingBytes } from './outgoing-files';

/**
 * `approvedHash`: the hash the claim was approved at. The message is worked out from the store
 * when it is sent, after the outbox checked that hash and the transport awaited a credential (a
 * sync may have run meanwhile): one that is no longer the message approved is not sent.
 */
export function storeComposer(p: Profile, account: Account, approvedHash?: string): MailComposerSource {
  return {
    compose(action: ClaimAction): OutgoingMail {
      let effect: MailEffect;
      try {
        const e = effectOf(action.tool, action.args, profileLookups(p, account));
        if (e.kind !== 'mail') throw new EffectError(action.tool, 'is not a mail action');
        effect = e;
      } catch (e) {
        throw new TransportError('permanent', (e as Error).message);
      }
      if (approvedHash !== undefined && effectHash(effect) !== approvedHash)
        throw new TransportError(
          'permanent',
          `${action.tool}: the message is not the one approved (${approvedHash}); nothing was sent`,
        );
      const original = typeof action.args.id === 'string' ? action.args.id : undefined;
      const files = effect.attachments.map((a) => {
        const bytes = outgoingBytes(p, a, original);
        if (!bytes) throw new TransportError('permanent', `the attachment ${a.filename} is no longer in the profile`);
        return bytes;
      });
      return { effect, files };
    },
  };
}
