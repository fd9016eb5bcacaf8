/**
 * Which addresses mail may go to. A leaf with no imports: the renderer shares it (RENDERER_SHARED
 * in eslint.config.js) to say so at the field, in the words the send's refusal uses.
 */

/**
 * A syntactic check only (one `@`, a dotted domain, no spaces). Unicode letters are allowed on
 * purpose: look-alike (homoglyph) domains must be representable so that policies can refuse them.
 */
export const looksLikeAddress = (address: string): boolean =>
  /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;.]{2,}$/u.test(address);

/**
 * What no clean address holds: URI syntax (`%` escapes, `?` header fields), comments, routes
 * (`%` and `!` hops: a relay may pass `a%b@c` or `b!a@c` on to b), controls.
 */
const UNCLEAN = /[%!?\\:()[\]\p{Cc}]/u;

/**
 * What makes an address other than the one it shows: an invisible (default-ignorable) character —
 * a zero-width space, soft hyphen, joiner, variation selector, Hangul filler, bidi control or tag
 * character — or a letter in a form NFKC folds (fullwidth `ａｃｍｅ`, a ligature, an accent written
 * apart). The domain checks read such a domain through IDNA's mapping, which drops or folds them
 * (`acme\u200b.test` is acme.test there), while nodemailer writes it as punycode without that
 * mapping (`xn--acme-y76a.test`, anyone's to register): the card and the checks showed one
 * address and the mail went to another (red-team round 24).
 */
const DISGUISED = /\p{Default_Ignorable_Code_Point}/u;
const disguised = (address: string): boolean => DISGUISED.test(address) || address.normalize('NFKC') !== address;

/** A bare address that every reader (this module, the policy, nodemailer, a CalDAV server) reads as itself. */
export const isCleanAddress = (address: string): boolean =>
  looksLikeAddress(address) && !UNCLEAN.test(address) && !disguised(address);

/**
 * Why mail must not go to a bare `address`, as the end of a sentence that starts with it, or null. A recipient must be clean as an attendee is (`isCleanAddress`):
 * `eve%evil.test@acme.test` is delivered to acme.test, whose relay may read the `%` as a second
 * hop and pass it on to eve@evil.test (the percent hack; `evil.test!eve@acme.test`, a bang path,
 * likewise), while every check, allowlist pattern and card saw an address at acme.test; a
 * comment, a route or a `?` is read apart by each reader in its own way.
 */
export function addressRefusal(address: string): string | null {
  if (!looksLikeAddress(address)) return 'is not an email address (expected one like bob@example.com)';
  if (isCleanAddress(address)) return null;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if (disguised(address))
    return 'cannot be sent to: it holds invisible characters or letters written in another form (fullwidth, joined or apart from their accent), so it is not the address it shows; type the address itself';
  if (local.includes('%'))
    return `cannot be sent to: the % asks ${address.slice(at + 1)}'s mail server to pass the message on to ${local.slice(local.lastIndexOf('%') + 1)}, which nothing here would show or check; write that address itself`;
  return 'cannot be sent to: it holds characters (% ! ? \\ : ( ) [ ] or a control) that mail servers read as routing or comments, so it may reach someone other than the address shown';
}
