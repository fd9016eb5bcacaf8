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
const ADDRESS_AT_END = /<([^<>\s]+)>$/;
const QUOTED_NAME = /^"((?:[^"\\]|\\.)*)"$/;
const PLAIN_NAME = /^"?([^"<]*)"?$/;

/** Splits `Name <addr>` (or a bare address) into its parts. The address keeps its case. */
export function parseAddress(text: string): ParsedAddress {
  const whole = text.trim();
  const at = ADDRESS_AT_END.exec(whole);
  if (at) {
    const head = whole.slice(0, at.index).trim();
    const quoted = QUOTED_NAME.exec(head);
    const name = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : PLAIN_NAME.exec(head)?.[1];
    if (name !== undefined) return { name: name.trim(), address: at[1]! };
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

/** What no clean address holds: URI syntax (`%` escapes, `?` header fields), comments, routes, controls. */
const UNCLEAN = /[%?\\:()[\]\p{Cc}]/u;

/** A bare address that every reader (this module, the policy, nodemailer, a CalDAV server) reads as itself. */
export const isCleanAddress = (address: string): boolean => looksLikeAddress(address) && !UNCLEAN.test(address);

/** Lower-cased, de-duplicated and sorted bare addresses. */
export function principals(...lists: readonly (readonly string[])[]): string[] {
  const s = new Set<string>();
  for (const l of lists) for (const a of l) if (a.trim()) s.add(bareAddress(a));
  return [...s].sort();
}
