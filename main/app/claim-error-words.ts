/**
 * A claim's refusal as the person reads it in the status line. The claim store words its errors
 * for the CLI and the logs (the claim's id, its state, the hash it was shown at); the app says
 * what happened to the action in front of the person instead.
 */
import type { ClaimError } from '../claims/claim-store';

/** A decision on a claim that changed after it was shown: the person decides on what they now see. */
export const CHANGED_SINCE_SHOWN = 'this action changed since it was shown: look at it again before you decide';

export function claimErrorWords(e: ClaimError): string {
  switch (e.code) {
    case 'hash-mismatch':
      return CHANGED_SINCE_SHOWN;
    case 'wrong-state':
      return 'this action is no longer waiting for that: it was decided, carried out or changed in the meantime';
    case 'window-closed':
      return 'it is already being carried out, so it can no longer be undone';
    case 'not-found':
      return 'this action no longer exists';
    case 'not-editable':
      // Already a sentence about the field; only the claim's id goes.
      return e.message.replace(/^claim \S+: /, '');
  }
}
