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
import { arrivalHost } from './auth-results';
import { latin1Text } from './mime-snippet';
import { headerFieldsOf, isoOfTime, parseMessage, pickHeaderFields, type HeaderFields } from './parse';

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

/**
 * The fields a listing reads (`plainBlockFields`, ./parse.ts `authResults`). The block's others
 * (DKIM-Signature, ARC, ...: much of a real block's bytes) are passed over without building their
 * values; the first field of each name stays the first. Received fields count only down to the
 * first one below the first Authentication-Results and the first one below the arrival's
 * (`authResults` reads those above each and asks whether one is below): the rest are passed over
 * too.
 */
const LISTED = new Set([
  'from',
  'to',
  'cc',
  'reply-to',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
  'date',
  'authentication-results',
  'received',
  // What says a machine or a list sent it (./parse.ts `machineHeadersOf`).
  'auto-submitted',
  'precedence',
  'list-unsubscribe',
]);

/** A field as postal-mime reads it from its lines (trailing CRs dropped), joined as they are. */
function fieldOf(unfolded: string): Header {
  const sep = unfolded.indexOf(':');
  const key = trimWsp(sep < 0 ? unfolded : unfolded.slice(0, sep));
  return { key: key.toLowerCase(), originalKey: key, value: sep < 0 ? '' : trimWsp(unfolded.slice(sep + 1)) };
}

/**
 * A plain block's listed fields in order (lower-case names), up to its first empty line: lines
 * end at LF (a CR before it dropped), and a line starting with a space or tab continues a field.
 */
function headerFieldList(block: Uint8Array): Header[] {
  const text = latin1Text(block);
  const fields: Header[] = [];
  /** The end of the line at `at` (its LF, or the text's end) and of its content (before a CR). */
  const lineAt = (at: number): [next: number, end: number] => {
    const lf = text.indexOf('\n', at);
    const next = lf < 0 ? text.length : lf;
    return [next, next > at && text.charCodeAt(next - 1) === 0x0d ? next - 1 : next];
  };
  let at = 0;
  let verdictSeen = false;
  let arrivalSeen = false;
  /** Whether a Received field below the first verdict, and one below the arrival's, are listed. */
  let belowVerdict = false;
  let belowArrival = false;
  while (at <= text.length) {
    const [next, end] = lineAt(at);
    if (end === at) break;
    // The field's continuation lines, if any.
    const parts = [text.slice(at, end)];
    let after = next + 1;
    while (after < text.length && isWsp(text.charCodeAt(after))) {
      const [n, e] = lineAt(after);
      parts.push(text.slice(after, e));
      after = n + 1;
    }
    at = after;
    // A name is the first line's text before its colon; one without a colon on its first line is read whole.
    const sep = parts[0]!.indexOf(':');
    const name = sep < 0 ? null : trimWsp(parts[0]!.slice(0, sep)).toLowerCase();
    const enough = belowVerdict && belowArrival;
    if (name !== null && (!LISTED.has(name) || (name === 'received' && enough))) continue;
    const field = fieldOf(parts.length === 1 ? parts[0]! : parts.join(''));
    if (!LISTED.has(field.key) || (field.key === 'received' && enough)) continue;
    fields.push(field);
    if (field.key === 'authentication-results') verdictSeen = true;
    else if (field.key === 'received') {
      belowVerdict ||= verdictSeen;
      belowArrival ||= arrivalSeen;
      arrivalSeen ||= arrivalHost(field.value) !== null;
    }
  }
  return fields;
}

/** As postal-mime reads a field: the first of its name, if that one has a value. */
const first = (headers: readonly Header[], key: string): string | undefined =>
  headers.find((h) => h.key === key)?.value || undefined;

/**
 * A value's encoded words (RFC 2047) decoded. Every encoded word starts with `=?`: a value
 * without one is its own decoding (postal-mime's `decodeWords` returns it unchanged).
 */
const decodedWords = (v: string): string => (v.includes('=?') ? decodeWords(v) : v);

/** The first field of a name, its encoded words decoded. */
function decoded(headers: readonly Header[], key: string): string | undefined {
  const v = first(headers, key);
  return v === undefined ? undefined : decodedWords(v);
}

/**
 * The most common address field, `Plain Name <local@domain>` or `local@domain` alone (letters,
 * digits and single spaces in the name; no quotes, comments, encoded words or groups), reads as
 * postal-mime's address parser reads it: that parser, character by character, was the largest
 * part of a header block's reading. Anything else goes to the parser
 * (`test/main/mail/header-block` compares the two over generated and hostile fields).
 */
const SIMPLE_ADDRESS =
  /^(?:([A-Za-z0-9]+(?: [A-Za-z0-9]+)*) <([A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)>|([A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*))$/;

/** A field's addresses, as postal-mime's `addressParser` gives them. */
export function parseAddresses(value: string): Address[] {
  const m = SIMPLE_ADDRESS.exec(value);
  if (!m) return addressParser(value);
  return [m[3] === undefined ? { address: m[2]!, name: m[1]! } : { address: m[3], name: '' }];
}

/** Every address of every field of a name (To, Cc and Reply-To may repeat). */
function allAddresses(headers: readonly Header[], key: string): Address[] | undefined {
  const list = headers.filter((h) => h.key === key && h.value).flatMap((h) => parseAddresses(h.value));
  return list.length ? list : undefined;
}

/** A plain block's listed fields, or null for a block only the whole parser reads. */
export type PlainFields = Header[] | null;

/** The listed fields of a header block when it is plain (read once: `fieldDate` and `headerBlockFields` take them). */
export function plainFields(block: Uint8Array): PlainFields {
  if (!isPlain(block)) return null;
  try {
    return headerFieldList(block);
  } catch {
    // Whatever the fast reading could not take, the whole parser reads (and never throws).
    return null;
  }
}

/**
 * The date a listing reads from a block's Date field, or null where the listing falls back to
 * another (the server's arrival date): no readable Date field, or a block only the whole parser
 * reads. A first sync asks the server for that date only where this is null.
 */
export function fieldDate(fields: PlainFields): Date | null {
  const time = fields ? fieldTime(fields) : NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/**
 * The time of a plain block's Date field (NaN where it has none, or none `Date.parse` reads), read
 * once per block: `fieldDate` and `plainBlockFields` both need it, and `Date.parse` of an RFC 5322
 * date was a quarter of a listing's header reading.
 */
const fieldTimes = new WeakMap<readonly Header[], number>();
function fieldTime(headers: readonly Header[]): number {
  let time = fieldTimes.get(headers);
  if (time === undefined) {
    const value = headers.find((h) => h.key === 'date')?.value;
    time = value ? Date.parse(value) : NaN;
    fieldTimes.set(headers, time);
  }
  return time;
}

/** The listing's fields of a plain block, as parseMessage reads them from the same block. */
function plainBlockFields(headers: Header[], fallback: { date: Date; key: string }): HeaderFields {
  const from = first(headers, 'from');
  const email = {
    headers,
    from: from === undefined ? undefined : parseAddresses(from)[0],
    to: allAddresses(headers, 'to'),
    cc: allAddresses(headers, 'cc'),
    replyTo: allAddresses(headers, 'reply-to'),
    subject: decoded(headers, 'subject'),
    messageId: decoded(headers, 'message-id'),
    inReplyTo: decoded(headers, 'in-reply-to'),
    references: decoded(headers, 'references'),
  };
  return headerFieldsOf(email, fallback, isoOfTime(fieldTime(headers), fallback.date).date);
}

/**
 * The listing's fields of a header block; `fallback` as for parseMessage (its date is read only
 * where `fieldDate` is null); `fields`: the block's `plainFields`, if read already. Never throws.
 */
export async function headerBlockFields(
  block: Uint8Array,
  fallback: { date: Date; key: string },
  fields: PlainFields = plainFields(block),
): Promise<HeaderFields> {
  if (fields)
    try {
      return plainBlockFields(fields, fallback);
    } catch {
      // Whatever the fast reading could not take, the whole parser reads (and never throws).
    }
  return pickHeaderFields(await parseMessage(block, fallback));
}
