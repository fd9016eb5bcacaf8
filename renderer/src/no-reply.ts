/**
 * Addresses that probably do not read replies: the ones mail is sent from by machines (receipts,
 * notifications, bounces). The composer says so before a send, and does not block it: some do
 * reach a person, and the person decides.
 */
import { bareReadsNoReplies } from '../../engine/world/no-reply-address';
import { bare } from './format';

/** Whether `address` (bare or `Name <address>`) probably does not read replies. */
export const readsNoReplies = (address: string): boolean => bareReadsNoReplies(bare(address));

/**
 * Why the assistant drafted no reply to a sorted email from such an address (triage never drafts
 * one: engine/world/answerable.ts), or null when its sender reads replies.
 */
export function noDraftNote(from: string): string | null {
  return readsNoReplies(from) ? `No reply drafted: ${bare(from)} is probably an address nobody reads.` : null;
}

/** The sentence the composer shows for the given recipients, or null when none is such an address. */
export function noReplyWarning(addresses: readonly string[]): string | null {
  const found = addresses.filter(readsNoReplies).map(bare);
  if (found.length === 0) return null;
  const list = found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} and ${found.at(-1)}`;
  return found.length === 1
    ? `${list} is probably an address nobody reads: what you send may never reach a person.`
    : `${list} are probably addresses nobody reads: what you send to them may never reach a person.`;
}
