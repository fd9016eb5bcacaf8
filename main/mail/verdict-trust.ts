/**
 * Which stored verdicts (./parse.ts `authResults`) an account relies on. A verdict read above the
 * message's arrival (`position: top`) counts when its server id is one the account names: no
 * sender writes there. A verdict read in the arrival's block (`position: arrival`, just below the
 * Received field the server wrote on taking the message in) sits where a sender may write too; it
 * is the server's own only when that server adds a verdict to EVERY message it receives, so that
 * a forged one can only lie below it. That is a fact about the server, so it counts only for the
 * providers below, known to do so, or when the person says so for the account
 * (`authservEveryMessage`). Said of a server that does not, a sender's verdict would count.
 */

/**
 * Providers known to add an Authentication-Results field to every message they receive, right
 * below their own arrival Received field, keyed by the authserv-id they write (which is also the
 * host their Received field names): Gmail (`Received: from … by mx.google.com …`, `Received-SPF`,
 * `Authentication-Results: mx.google.com; …`, then the sender's fields).
 */
export const EVERY_MESSAGE_VERDICT: ReadonlySet<string> = new Set(['mx.google.com']);

/** The part of an account's settings that says whose verdicts count (main/accounts). */
export interface VerdictTrust {
  /** The receiving server's Authentication-Results id(s), lower case; none set, no verdict counts. */
  readonly authserv?: readonly string[];
  /** Those servers add a verdict to every message they receive, in their arrival's block. */
  readonly authservEveryMessage?: boolean;
}

/** Whether a stored verdict of this server, read at this position, is the account's server's own. */
export function trustsVerdict(trust: VerdictTrust, authserv: string, position: string | undefined): boolean {
  if (!trust.authserv?.includes(authserv)) return false;
  if (position === 'top') return true;
  return position === 'arrival' && (trust.authservEveryMessage === true || EVERY_MESSAGE_VERDICT.has(authserv));
}
