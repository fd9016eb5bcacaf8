/**
 * Addresses that probably do not read replies: the ones mail is sent from by machines (receipts,
 * notifications, bounces). The composer says so before a send, and does not block it: some do
 * reach a person, and the person decides.
 */
import { bare } from './format';

/** Local parts, without `.`, `-`, `_` and any `+tag`, that name an address nobody reads. */
const UNREAD_LOCAL = /noreply|donotreply|dontreply|^mailerdaemon$|^bounce/;
/** A bounce handler's own host, such as `bounces.example.com` or `bounce-mail.example.com`. */
const BOUNCE_HOST = /^bounces?\b/;

/** Whether `address` (bare or `Name <address>`) probably does not read replies. */
export function readsNoReplies(address: string): boolean {
  const a = bare(address);
  const at = a.lastIndexOf('@');
  if (at <= 0) return false;
  const local = a.slice(0, at).replace(/\+.*$/, '').replace(/[._-]/g, '');
  return UNREAD_LOCAL.test(local) || BOUNCE_HOST.test(a.slice(at + 1));
}

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
