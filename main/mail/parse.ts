/**
 * One raw message (RFC 5322 / MIME) → what the store keeps: addresses, subject, date, a text body
 * (from the HTML when there is no text part), sanitised HTML for the viewer, attachments, the
 * receiving server's SPF/DKIM/DMARC verdicts and a thread id. Mail is hostile input: nothing here
 * throws on a bad message. Whatever cannot be read cleanly is named in `parseError` and the
 * message is kept (with its raw text as the body when no part could be decoded), never dropped.
 */
import PostalMime, { type Address, type Email } from 'postal-mime';
import { domainOf, type HtmlReading, type SenderCheck } from '../../engine/fraud';
import type { MachineHeaders } from '../../engine/world';
import type { AttachmentFile } from './attachments';
import { arrivalHost, isDeliveryHop, parseAuthResults, type AuthResultsField } from './auth-results';
import { htmlToText, sanitizeHtml } from './html';
import { readHtml } from './html-reading';
import { capMimeParts, MAX_MIME_PARTS } from './mime-parts';
import { textSha256Hex } from './text-hash';
import { trustsVerdict, type VerdictTrust } from './verdict-trust';

export interface ParsedMail {
  readonly messageId: string | null;
  readonly threadId: string;
  readonly from: string;
  /** The first Reply-To address, when the message names one. */
  readonly replyTo: string | null;
  readonly to: string[];
  readonly cc: string[];
  readonly subject: string;
  /** ISO 8601. */
  readonly date: string;
  readonly body: string;
  readonly html: string | null;
  /** What the fraud checks read of `html` (its text and links), read once here: ./html-reading.ts. */
  readonly htmlReading: HtmlReading | null;
  readonly auth: Record<string, string> | null;
  /** The fields that say a machine or a list sent it (null: none): triage reads them (engine/world/answerable.ts). */
  readonly machineHeaders: MachineHeaders | null;
  readonly attachments: AttachmentFile[];
  readonly parseError: string | null;
}

/** The raw text kept as the body of a message none of whose parts could be decoded. */
const RAW_BODY_LIMIT = 256 * 1024;

/**
 * `Name <addr>`, the name quoted when it holds what could read as an address or a list
 * (`"Bob <bob@boss.test>" <eve@evil.test>` is eve's; unquoted, no reader agreed whose it was).
 */
const mailbox = (a: { name: string; address: string }): string => {
  if (!a.name || !a.address) return a.address || a.name;
  const name = /[<>",;:@\\]/.test(a.name) ? `"${a.name.replace(/[\\"]/g, '\\$&')}"` : a.name;
  return `${name} <${a.address}>`;
};

const flatten = (list: readonly Address[] | undefined): { name: string; address: string }[] =>
  (list ?? []).flatMap((a) => (a.group ? a.group : [{ name: a.name, address: a.address ?? '' }]));

const addresses = (list: readonly Address[] | undefined): string[] =>
  flatten(list)
    .map((a) => a.address)
    .filter((a) => a.length > 0);

const firstId = (s: string | undefined): string | null => s?.match(/<[^<>\s]+>/)?.[0] ?? null;

/**
 * The thread a message belongs to: the root of its References chain, else what it replies to,
 * else itself. Hashed, so a hostile Message-ID never becomes an identifier verbatim.
 */
export function threadIdOf(
  o: { references?: string; inReplyTo?: string; messageId?: string | null },
  fallback: string,
): string {
  const root = firstId(o.references) ?? firstId(o.inReplyTo) ?? o.messageId ?? fallback;
  return `t-${textSha256Hex(root.toLowerCase()).slice(0, 20)}`;
}

/**
 * SPF, DKIM and DMARC from the receiving server's Authentication-Results field (parsed as RFC
 * 8601 says: ./auth-results.ts), with the server that wrote it (`authserv`), the domain DMARC
 * checked (`dmarc.header.from`), and where it was read (`position`), which decides whether it can
 * be the server's own (./verdict-trust.ts):
 *
 * - `top`: the topmost field, when it sits above the Received field recording the message's
 *   arrival (RFC 8601 §2.1: a verdict is added at the top of the message), with nothing above it
 *   but delivery hops (`with LMTP`), and that Received field is below it. Whatever a sender wrote
 *   lies below the arrival's field; a server that adds no verdict for some mail (local
 *   submission) leaves nothing above it.
 * - `arrival`: else, the topmost field above the end of the arrival's block (the next Received
 *   field below it, or the end of the header) that names, as its server, the host the arrival's
 *   Received field names in its `by` clause. The arrival here is the topmost Received field
 *   naming a `from` host, delivery hops aside (./auth-results.ts `arrivalHost`); a server's own
 *   hand-offs above it name none. This is where Gmail writes its verdict, and where a sender may
 *   write one too: it counts only for a server known, or said, to add one to every message.
 *
 * Records stored before positions were read (no `position`) count as none until the message is
 * fetched and parsed again: the store keeps no header block to read them from. For each method
 * the first result counts.
 */
export function authResults(email: Pick<Email, 'headers'>): Record<string, string> | null {
  const top = topVerdict(email.headers);
  const found = top ? { field: top, position: 'top' } : arrivalVerdict(email.headers);
  if (!found) return null;
  const out: Record<string, string> = { authserv: found.field.authserv, position: found.position };
  for (const r of found.field.results) {
    if (!['spf', 'dkim', 'dmarc'].includes(r.method) || out[r.method]) continue;
    out[r.method] = r.result;
    const from = r.properties['header.from'];
    if (r.method === 'dmarc' && from) out['dmarc.header.from'] = from.toLowerCase();
  }
  return Object.keys(out).length > 2 ? out : null;
}

type Headers = Email['headers'];

/** The topmost verdict, when only delivery hops are above it and a Received field is below it. */
function topVerdict(headers: Headers): AuthResultsField | null {
  const at = headers.findIndex((h) => h.key === 'authentication-results');
  if (at < 0) return null;
  const underArrival =
    headers.slice(0, at).every((h) => h.key !== 'received' || isDeliveryHop(h.value)) &&
    headers.slice(at + 1).some((h) => h.key === 'received');
  return underArrival ? parseAuthResults(headers[at]!.value) : null;
}

/** The topmost verdict of the arrival's host above the end of the arrival's block. */
function arrivalVerdict(headers: Headers): { field: AuthResultsField; position: string } | null {
  const at = headers.findIndex((h) => h.key === 'received' && arrivalHost(h.value) !== null);
  if (at < 0) return null;
  const host = arrivalHost(headers[at]!.value);
  const next = headers.findIndex((h, i) => i > at && h.key === 'received');
  const block = headers.slice(0, next < 0 ? headers.length : next);
  for (const h of block) {
    if (h.key !== 'authentication-results') continue;
    const field = parseAuthResults(h.value);
    if (field?.authserv === host) return { field, position: 'arrival' };
  }
  return null;
}

/**
 * Whether the account's own receiving server vouched for the From address: its verdict (a server
 * id the person configured for the account, read where only that server writes: ./verdict-trust.ts)
 * says DMARC passed. A header a sender forged never counts, even when the server strips none.
 * Anything less — no configured id, another server's header, no verdict, `none`, `fail` — leaves
 * the sender unauthenticated, and the engine treats its From as text the sender chose.
 */
export const senderAuthenticated = (
  auth: Readonly<Record<string, string>> | null,
  trust: VerdictTrust,
  from?: string,
): boolean => senderCheck(auth, trust, from) === 'pass';

/**
 * The trusted server's verdict on the From in three states (engine/fraud reads it): `pass` as
 * above; `fail` when that server said DMARC failed; `none` for no verdict we can rely on (no
 * configured id, another server's header, `none`, `temperror`…). Given the From the store shows,
 * a pass DMARC gave another domain (`header.from`: a second From header the server checked while
 * a reader shows the first) is no verdict on it.
 */
export function senderCheck(
  auth: Readonly<Record<string, string>> | null,
  trust: VerdictTrust,
  from?: string,
): SenderCheck {
  if (!auth?.authserv || !trustsVerdict(trust, auth.authserv, auth.position)) return 'none';
  const checked = auth['dmarc.header.from'];
  if (checked && from !== undefined && checked !== domainOf(from)) return 'none';
  return auth.dmarc === 'pass' ? 'pass' : auth.dmarc === 'fail' ? 'fail' : 'none';
}

/**
 * Charset labels no decoder knows (their text was read as UTF-8), from Content-Type header lines
 * (of every part) and encoded words; a body that merely mentions "charset=" does not count.
 */
function unknownCharsets(raw: string): string[] {
  const labels = new Set<string>();
  for (const header of raw.matchAll(/^content-type:.*(?:\r?\n[ \t].*)*/gim))
    for (const m of header[0].matchAll(/charset\s*=\s*["']?([^"';\s]+)/gi)) labels.add(m[1]!.toLowerCase());
  for (const m of raw.matchAll(/=\?([^?*\s]+)(?:\*[^?]*)?\?[bq]\?/gi)) labels.add(m[1]!.toLowerCase());
  return [...labels].filter((l) => {
    try {
      new TextDecoder(l);
      return false;
    } catch {
      return true;
    }
  });
}

export function isoDate(value: string | undefined, fallback: Date): { date: string; ok: boolean } {
  return isoOfTime(value ? Date.parse(value) : NaN, fallback);
}

/** `isoDate` of a date already read (`Date.parse`'s result: NaN where it could not read one). */
export function isoOfTime(time: number, fallback: Date): { date: string; ok: boolean } {
  return Number.isFinite(time)
    ? { date: new Date(time).toISOString(), ok: true }
    : { date: fallback.toISOString(), ok: false };
}

function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  return (split < 0 ? raw : raw.slice(split)).trim().slice(0, RAW_BODY_LIMIT);
}

const decode = (source: Uint8Array): string =>
  Buffer.from(source.buffer, source.byteOffset, source.byteLength).toString('utf8');

/** The record of a message that could not be parsed at all: its raw text, and why. */
export function unparsedMail(source: Uint8Array, fallback: { date: Date; key: string }, reason: string): ParsedMail {
  return {
    messageId: null,
    threadId: threadIdOf({}, fallback.key),
    from: '',
    replyTo: null,
    to: [],
    cc: [],
    subject: '',
    date: fallback.date.toISOString(),
    body: decode(source).slice(0, RAW_BODY_LIMIT),
    html: null,
    htmlReading: null,
    auth: null,
    machineHeaders: null,
    attachments: [],
    parseError: reason,
  };
}

const toBytes = (c: ArrayBuffer | Uint8Array | string): Uint8Array =>
  typeof c === 'string' ? new TextEncoder().encode(c) : c instanceof Uint8Array ? c : new Uint8Array(c);

/** The header fields of a message, as the store keeps them. */
export type HeaderFields = Pick<
  ParsedMail,
  'messageId' | 'threadId' | 'from' | 'replyTo' | 'to' | 'cc' | 'subject' | 'date' | 'auth' | 'machineHeaders'
>;

/** The header fields of a parsed message. */
export const pickHeaderFields = (p: ParsedMail): HeaderFields => ({
  messageId: p.messageId,
  threadId: p.threadId,
  from: p.from,
  replyTo: p.replyTo,
  to: p.to,
  cc: p.cc,
  subject: p.subject,
  date: p.date,
  auth: p.auth,
  machineHeaders: p.machineHeaders,
});

/** The header fields kept for `MachineHeaders`, by their lower-case names. */
const MACHINE_FIELDS = {
  'auto-submitted': 'autoSubmitted',
  precedence: 'precedence',
  'list-unsubscribe': 'listUnsubscribe',
} as const satisfies Record<string, keyof MachineHeaders>;
/** A kept field's most characters: a keyword or a list of links, not a place to store a block. */
const MACHINE_FIELD_CHARS = 500;

/** Whether a header field (by its lower-case name) is one `machineHeadersOf` keeps. */
const isMachineField = (key: string): boolean => Object.hasOwn(MACHINE_FIELDS, key);

/** The first of each field that says a machine or a list sent the message; null when it has none. */
export function machineHeadersOf(headers: readonly { key: string; value: string }[]): MachineHeaders | null {
  const out: { -readonly [K in keyof MachineHeaders]: string } = {};
  for (const h of headers) {
    if (!isMachineField(h.key)) continue;
    const name = MACHINE_FIELDS[h.key as keyof typeof MACHINE_FIELDS];
    out[name] ??= h.value.trim().slice(0, MACHINE_FIELD_CHARS);
  }
  return Object.keys(out).length ? out : null;
}

/** What a parsed message's headers say, as the store keeps it (`date`: the Date header read, or the fallback). */
export function headerFieldsOf(
  email: Pick<
    Email,
    'from' | 'replyTo' | 'to' | 'cc' | 'subject' | 'messageId' | 'inReplyTo' | 'references' | 'headers'
  >,
  fallback: { key: string },
  date: string,
): HeaderFields {
  const messageId = firstId(email.messageId);
  const from = flatten(email.from ? [email.from] : undefined)[0];
  return {
    messageId,
    threadId: threadIdOf({ references: email.references, inReplyTo: email.inReplyTo, messageId }, fallback.key),
    from: from ? mailbox(from) : '',
    replyTo: addresses(email.replyTo)[0] ?? null,
    to: addresses(email.to),
    cc: addresses(email.cc),
    subject: email.subject ?? '',
    date,
    auth: authResults(email),
    machineHeaders: machineHeadersOf(email.headers),
  };
}

/**
 * Parses one message. `fallback` supplies what the message may lack: a date (the server's
 * INTERNALDATE) and a stable key for the thread of a message without any Message-ID.
 */
export async function parseMessage(source: Uint8Array, fallback: { date: Date; key: string }): Promise<ParsedMail> {
  const raw = decode(source);
  const problems: string[] = [];
  let email: Email;
  const capped = capMimeParts(source);
  if (capped.omitted)
    problems.push(
      `${capped.omitted.toLocaleString('en-US')} more MIME parts not shown: Zamburak reads the first ${MAX_MIME_PARTS.toLocaleString('en-US')} parts of a message (the message itself keeps them all)`,
    );
  try {
    email = await PostalMime.parse(capped.source, { attachmentEncoding: 'arraybuffer' });
  } catch (e) {
    problems.push(`malformed MIME: ${(e as Error).message}`);
    email = { headers: [], headerLines: [], attachments: [] };
  }
  if (!email.from && !email.date && !email.subject && !email.messageId && !email.to)
    problems.push('no message headers (From, To, Date, Subject and Message-ID all missing)');
  const unknown = unknownCharsets(raw);
  if (unknown.length)
    problems.push(`unknown charset ${unknown.map((c) => JSON.stringify(c)).join(', ')} (read as UTF-8)`);
  const date = isoDate(email.date, fallback.date);
  if (email.date && !date.ok) problems.push(`unreadable Date header ${JSON.stringify(email.date.slice(0, 80))}`);

  const html = email.html ? sanitizeHtml(email.html) : null;
  let body = email.text?.trim() ? email.text : email.html ? htmlToText(email.html) : '';
  if (!body.trim() && email.attachments.length === 0 && bodyOf(raw)) {
    // Nothing decoded but the message has content: keep it raw rather than lose it.
    if (!problems.some((p) => p.startsWith('malformed'))) problems.push('malformed MIME: no readable part');
    body = bodyOf(raw);
  }
  return {
    ...headerFieldsOf(email, fallback, date.date),
    body,
    html,
    htmlReading: readHtml(html),
    attachments: email.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.mimeType,
      content: toBytes(a.content),
    })),
    parseError: problems.length ? problems.join('; ') : null,
  };
}
