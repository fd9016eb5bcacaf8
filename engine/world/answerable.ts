/**
 * Whether a person can answer an email: mail a machine sent (a password reset, a notification,
 * a bounce, bulk mail) goes to no one who reads replies, so triage never files it as needing a
 * reply and never drafts one, whatever its text asks (main/assistant/triage.ts). Read from what
 * the sending side wrote: the address replies go to, and the header fields RFC 3834 and RFC 2369
 * give automated and list mail. Fraud checks come first: this only says where a reply would go.
 */
import { bareAddress } from './addresses';
import { bareReadsNoReplies } from './no-reply-address';

/** The header fields that say a machine or a list sent a message (absent: the message has none). */
export interface MachineHeaders {
  /** RFC 3834 `Auto-Submitted`: anything but `no` is a machine's. */
  readonly autoSubmitted?: string;
  /** `Precedence`: bulk, list, junk and auto_reply are not a person writing to you. */
  readonly precedence?: string;
  /** RFC 2369 `List-Unsubscribe`: mail sent to a list you can leave. */
  readonly listUnsubscribe?: string;
}

/** The machine header fields an email carries (a world file's email: its own keys), or null for none. */
export function machineFields(e: MachineHeaders): MachineHeaders | null {
  const { autoSubmitted, precedence, listUnsubscribe } = e;
  const out = {
    ...(autoSubmitted !== undefined ? { autoSubmitted } : {}),
    ...(precedence !== undefined ? { precedence } : {}),
    ...(listUnsubscribe !== undefined ? { listUnsubscribe } : {}),
  };
  return Object.keys(out).length ? out : null;
}

/** `Precedence` keywords of mail sent to many at once, not a person writing to you. */
const BULK_PRECEDENCE = new Set(['bulk', 'list', 'junk', 'auto_reply', 'auto-reply']);

/** Whether `address` (bare or `Name <address>`) is one nobody reads replies at. */
export const readsNoReplies = (address: string): boolean => bareReadsNoReplies(bareAddress(address));

/** A header field's keyword: its first word, lower-cased, without comments or parameters. */
const keyword = (value: string | undefined): string =>
  (value ?? '')
    .replace(/\([^)]*\)/g, ' ')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * Why nobody can answer this email, in words ("it comes from no-reply@x.test, an address nobody
 * reads"), or null when a reply reaches a person. Replies go to its Reply-To when it names one.
 */
export function unanswerableWhy(
  e: { readonly from: string; readonly replyTo?: string | null } & MachineHeaders,
): string | null {
  const to = e.replyTo || e.from;
  if (readsNoReplies(to))
    return e.replyTo
      ? `its replies go to ${bareAddress(to)}, an address nobody reads`
      : `it comes from ${bareAddress(to)}, an address nobody reads`;
  const auto = keyword(e.autoSubmitted);
  if (auto && auto !== 'no') return `a machine sent it (Auto-Submitted: ${auto})`;
  const precedence = keyword(e.precedence);
  if (BULK_PRECEDENCE.has(precedence)) return `it was sent in bulk (Precedence: ${precedence})`;
  if (e.listUnsubscribe?.trim()) return 'it was sent to a mailing list (it has a List-Unsubscribe link)';
  return null;
}
