/**
 * Mail addresses as they appear in world files: `Name <addr>` or a bare `addr`. Labels name
 * principals by their bare, lower-cased address, so every reader set goes through `bareAddress`.
 */

export interface ParsedAddress {
  readonly name: string;
  readonly address: string;
}

// A quoted name may hold anything but an unescaped quote, `<` and `@` too (`"Bob <bob@x>" <eve@y>`
// is eve's: main/mail/parse.ts quotes such names); an unquoted one no `<` or `"`. The address is
// the `<…>` that ends the text; the name is what comes before it, read in a second step. One
// pattern for the whole (`^\s*(?:"…"|"?([^"<]*?)"?)\s*<…>`) let three runs of white space compete
// for the same characters: a display name of 3,000 spaces (an encoded word the sender writes)
// took 36 s to read, on every reader of the sender's address (red-team round 18).
const ADDRESS = /^[^<>\s]+$/;
const QUOTED_NAME = /^"((?:[^"\\]|\\.)*)"$/;

/** An unquoted name (a stray quote at either end dropped): no `<` and no `"`, or null. */
function plainName(head: string): string | null {
  const name = head.slice(head.startsWith('"') ? 1 : 0, head.length > 1 && head.endsWith('"') ? -1 : undefined);
  return name.includes('"') || name.includes('<') ? null : name;
}

/** Splits `Name <addr>` (or a bare address) into its parts. The address keeps its case. */
export function parseAddress(text: string): ParsedAddress {
  const whole = text.trim();
  // An address has no `<`, so the one that ends the text opens at its last `<`.
  const lt = whole.endsWith('>') ? whole.lastIndexOf('<') : -1;
  if (lt < 0) return { name: '', address: whole };
  const address = whole.slice(lt + 1, -1);
  if (ADDRESS.test(address)) {
    const head = whole.slice(0, lt).trim();
    const quoted = head.startsWith('"') ? QUOTED_NAME.exec(head) : null;
    const name = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : plainName(head);
    if (name !== null) return { name: name.trim(), address };
  }
  return { name: '', address: whole };
}

/** The lower-cased bare address: the principal name used in label readers. */
export const bareAddress = (text: string): string => parseAddress(text).address.toLowerCase();

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

/** A bare address that every reader (this module, the policy, nodemailer, a CalDAV server) reads as itself. */
export const isCleanAddress = (address: string): boolean => looksLikeAddress(address) && !UNCLEAN.test(address);

/**
 * Why mail must not go to `text` (`Name <addr>` or a bare address), as the end of a sentence
 * that starts with it, or null. A recipient must be clean as an attendee is (`isCleanAddress`):
 * `eve%evil.test@acme.test` is delivered to acme.test, whose relay may read the `%` as a second
 * hop and pass it on to eve@evil.test (the percent hack; `evil.test!eve@acme.test`, a bang path,
 * likewise), while every check, allowlist pattern and card saw an address at acme.test; a
 * comment, a route or a `?` is read apart by each reader in its own way.
 */
export function recipientRefusal(text: string): string | null {
  const address = bareAddress(text);
  if (!looksLikeAddress(address)) return 'is not an email address (expected one like bob@example.com)';
  if (isCleanAddress(address)) return null;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if (local.includes('%'))
    return `cannot be sent to: the % asks ${address.slice(at + 1)}'s mail server to pass the message on to ${local.slice(local.lastIndexOf('%') + 1)}, which nothing here would show or check; write that address itself`;
  return 'cannot be sent to: it holds characters (% ! ? \\ : ( ) [ ] or a control) that mail servers read as routing or comments, so it may reach someone other than the address shown';
}

/** Lower-cased, de-duplicated and sorted bare addresses. */
export function principals(...lists: readonly (readonly string[])[]): string[] {
  const s = new Set<string>();
  for (const l of lists) for (const a of l) if (a.trim()) s.add(bareAddress(a));
  return [...s].sort();
}
