/**
 * Mail addresses as they appear in world files: `Name <addr>` or a bare `addr`. Labels name
 * principals by their bare, lower-cased address, so every reader set goes through `bareAddress`.
 */
import { addressRefusal } from './recipient-refusal';

export { looksLikeAddress, isCleanAddress } from './recipient-refusal';

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
 * Why mail must not go to `text` (`Name <addr>` or a bare address), as the end of a sentence
 * that starts with it, or null (`addressRefusal`, shared with the renderer).
 */
export const recipientRefusal = (text: string): string | null => addressRefusal(bareAddress(text));

/** Lower-cased, de-duplicated and sorted bare addresses. */
export function principals(...lists: readonly (readonly string[])[]): string[] {
  const s = new Set<string>();
  for (const l of lists) for (const a of l) if (a.trim()) s.add(bareAddress(a));
  return [...s].sort();
}
