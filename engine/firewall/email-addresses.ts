/** Email addresses (PII_EMAIL) in free text. The detail names only the domain. */
import { CAPS, type Finding } from './finding';

export const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,63}(?![\w-])/g;
/** The local part's longest run: a match's `@` is 1 to 64 characters after its start. */
const MAX_LOCAL = 64;

/** `[A-Za-z0-9._%+-]`, the local part's characters, for one char code. */
const isLocalChar = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2e ||
  c === 0x5f ||
  c === 0x25 ||
  c === 0x2b ||
  c === 0x2d;

/** Where the run of local-part characters that ends right before `at` starts, but not before `floor`. */
function localRunStart(text: string, at: number, floor: number): number {
  let s = at;
  while (s > floor && isLocalChar(text.charCodeAt(s - 1))) s--;
  return s;
}

/**
 * The matches of a global scan of EMAIL, without trying every position: every match holds an `@`
 * at most MAX_LOCAL characters after its start (the local part has no `@`), so the next match
 * cannot start before the next `@` minus that, nor before the run of local-part characters that
 * ends at that `@` (a match starting earlier would hold a character its local part cannot, and
 * there is no other `@` before this one to end it). The search starts there; what it reads is a
 * part of what the plain scan reads, and it finds the same matches.
 */
export function findEmailAddresses(text: string): Finding[] {
  const out: Finding[] = [];
  const re = new RegExp(EMAIL.source, EMAIL.flags);
  let from = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', from)) {
    re.lastIndex = localRunStart(text, at, Math.max(from, at - MAX_LOCAL));
    const m = re.exec(text);
    if (m === null) break;
    const domain = m[0].slice(m[0].indexOf('@') + 1).toLowerCase();
    out.push({
      cap: CAPS.PII_EMAIL,
      kind: 'email',
      detail: `email address at ${domain}`,
      start: m.index,
      end: m.index + m[0].length,
    });
    from = m.index + m[0].length;
  }
  return out;
}
