/**
 * The effect an approved claim commits, worked out again from the store just before a server is
 * touched, and only if it is still the one approved (its hash is the claim's). The outbox checks
 * the hash before it takes a row, but a transport awaits first (the calendar, a credential, an
 * OAuth refresh) and a sync may change the store meanwhile: an invitation the organiser moved,
 * an email re-filed. What it would do then is no longer what the card showed, so it does nothing.
 */
import { effectHash, effectOf, type Effect } from '../../engine/tools/effect';
import { profileLookups } from '../mail/effect-lookups';
import { TransportError, type CommitRequest } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';

export function approvedEffect(p: Profile, a: Account, req: CommitRequest, what: (e: Effect) => string): Effect {
  const { tool, args } = req.action;
  let effect: Effect;
  try {
    effect = effectOf(tool, args, profileLookups(p, a));
  } catch (e) {
    throw new TransportError('permanent', (e as Error).message);
  }
  if (effectHash(effect) !== req.contentHash)
    throw new TransportError(
      'permanent',
      `${tool}: ${what(effect)} is not the one approved (${req.contentHash}); nothing was changed`,
    );
  return effect;
}
