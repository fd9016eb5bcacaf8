/**
 * What a claim in a profile is bound to: the hash of its action's effect, worked out from the
 * profile's store (the email a reply answers, its thread, a forward's attachments by content),
 * so approving binds the message that leaves — recipients after reply-all, subject with its
 * prefix, threading headers, attachments — not the arguments that described it.
 */
import { claimHash } from '../../engine/tools/effect';
import { profileLookups } from '../mail/effect-lookups';
import type { Profile } from '../profile/profile';
import type { ClaimAction } from './claim-store';

export function claimHashOf(p: Profile, action: ClaimAction, accountId: string | null): string {
  const account = (accountId && p.repos.accounts.get(accountId)) || p.primaryAccount();
  return claimHash(action.tool, action.args, profileLookups(p, account));
}
