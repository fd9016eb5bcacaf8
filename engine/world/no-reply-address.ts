/**
 * Whether a bare, lower-cased address is one nobody reads replies at: the addresses machines send
 * from (receipts, notifications, bounces). Triage never drafts to one (engine/world/answerable.ts)
 * and the composer warns before a send to one (renderer/src/no-reply.ts), so both read it here.
 * A leaf with no imports: the renderer may share it (RENDERER_SHARED in eslint.config.js).
 */

/** Local parts, without `.`, `-`, `_` and any `+tag`, of the addresses machines send from. */
const UNREAD_LOCAL = /noreply|donotreply|dontreply|^mailerdaemon$|^bounce/;
/** A bounce handler's own host, such as `bounces.example.com` or `bounce-mail.example.com`. */
const BOUNCE_HOST = /^bounces?\b/;

/** Whether `bare` (an address without its name, lower-cased) reads no replies. */
export function bareReadsNoReplies(bare: string): boolean {
  const at = bare.lastIndexOf('@');
  if (at <= 0) return false;
  const local = bare.slice(0, at).replace(/\+.*$/, '').replace(/[._-]/g, '');
  return UNREAD_LOCAL.test(local) || BOUNCE_HOST.test(bare.slice(at + 1));
}
