/**
 * The fields a listing needs (addresses, subject, date, ids, the receiving server's verdict) from
 * a message's header block, as a first sync lists new mail before downloading bodies. The whole
 * MIME parser (postal-mime, ./parse.ts) cost a quarter of a listed message's time on the main
 * thread for a block it only splits into fields; here a block of 7-bit text is split the way
 * postal-mime splits it (lines at LF, trailing CRs dropped, folded lines joined, names and values
 * trimmed of spaces and tabs) and its values are read with postal-mime's own RFC 2047 decoder and
 * address parser, so the fields come out the same. Any other block (8-bit or NUL bytes, a lone
 * CR, over postal-mime's size limit) and any failure goes through the whole parser. The body pass
 * parses every message whole and stores what that parse reads.
 */
import { addressParser, decodeWords, type Address, type Header } from 'postal-mime';
import { headerFieldsOf, isoDate, parseMessage, pickHeaderFields, type HeaderFields } from './parse';

/** postal-mime refuses a header block above 2 MB; such a block takes its path (and its error). */
const MAX_PLAIN_BLOCK = 2 * 1024 * 1024;

const isWsp = (c: number): boolean => c === 0x20 || c === 0x09;
function trimWsp(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isWsp(s.charCodeAt(start))) start++;
  while (end > start && isWsp(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** Whether postal-mime would read every line of this block as the same text: 7-bit, no NUL, CR only before LF. */
function isPlain(block: Uint8Array): boolean {
  if (block.length > MAX_PLAIN_BLOCK) return false;
  for (let i = 0; i < block.length; i++) {
    const c = block[i]!;
    if (c >= 0x80 || c === 0 || (c === 0x0d && block[i + 1] !== 0x0a)) return false;
  }
  return true;
}

/** A plain block's fields in order (lower-case names), up to its first empty line. */
function headerFieldList(block: Uint8Array): Header[] {
  const text = Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('latin1');
  const folded: string[][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!line) break;
    if (folded.length && isWsp(line.charCodeAt(0))) folded[folded.length - 1]!.push(line);
    else folded.push([line]);
  }
  return folded.map((parts) => {
    const unfolded = parts.join('');
    const sep = unfolded.indexOf(':');
    const key = trimWsp(sep < 0 ? unfolded : unfolded.slice(0, sep));
    return { key: key.toLowerCase(), originalKey: key, value: sep < 0 ? '' : trimWsp(unfolded.slice(sep + 1)) };
  });
}

/** As postal-mime reads a field: the first of its name, if that one has a value. */
const first = (headers: readonly Header[], key: string): string | undefined =>
  headers.find((h) => h.key === key)?.value || undefined;

/** The first field of a name, its encoded words (RFC 2047) decoded. */
function decoded(headers: readonly Header[], key: string): string | undefined {
  const v = first(headers, key);
  return v === undefined ? undefined : decodeWords(v);
}

/** Every address of every field of a name (To, Cc and Reply-To may repeat). */
function allAddresses(headers: readonly Header[], key: string): Address[] | undefined {
  const list = headers.filter((h) => h.key === key && h.value).flatMap((h) => addressParser(h.value));
  return list.length ? list : undefined;
}

/** The listing's fields of a plain block, as parseMessage reads them from the same block. */
function plainBlockFields(block: Uint8Array, fallback: { date: Date; key: string }): HeaderFields {
  const headers = headerFieldList(block);
  const from = first(headers, 'from');
  const email = {
    headers,
    from: from === undefined ? undefined : addressParser(from)[0],
    to: allAddresses(headers, 'to'),
    cc: allAddresses(headers, 'cc'),
    replyTo: allAddresses(headers, 'reply-to'),
    subject: decoded(headers, 'subject'),
    messageId: decoded(headers, 'message-id'),
    inReplyTo: decoded(headers, 'in-reply-to'),
    references: decoded(headers, 'references'),
  };
  return headerFieldsOf(email, fallback, isoDate(headers.find((h) => h.key === 'date')?.value, fallback.date).date);
}

/** The listing's fields of a header block; `fallback` as for parseMessage. Never throws. */
export async function headerBlockFields(
  block: Uint8Array,
  fallback: { date: Date; key: string },
): Promise<HeaderFields> {
  if (isPlain(block))
    try {
      return plainBlockFields(block, fallback);
    } catch {
      // Whatever the fast reading could not take, the whole parser reads (and never throws).
    }
  return pickHeaderFields(await parseMessage(block, fallback));
}
