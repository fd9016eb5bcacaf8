/**
 * The snippet a first sync shows before a message's body is downloaded: the first bytes of the
 * message's text (IMAP `BODY.PEEK[TEXT]<0.2048>`), read as far as they go — into multiparts,
 * through quoted-printable and base64, in the part's charset, HTML as text — preferring a
 * text/plain part to an HTML one. A snippet is a preview, cut and marked as such in the store;
 * the body pass replaces it with the whole parsed body. Reading these few bytes here is much
 * cheaper than asking the server for each message's BODYSTRUCTURE. Hostile input: nothing here
 * throws, and a part the bytes do not reach gives no snippet.
 */
import { htmlToText } from './html';

/** Bytes of the message text fetched for a snippet. */
export const SNIPPET_BYTES = 2048;
/** Characters kept of a snippet. */
const SNIPPET_CHARS = 300;
const MAX_DEPTH = 8;

/**
 * A header block's fields whose names start with C (all a snippet reads are Content-*), unfolded,
 * by lower-case name (the first of each). Most lines (Received, DKIM-Signature, From, ...) are
 * passed over at their first character: a name is trimmed, so only a line starting with white
 * space needs reading whole, and no other character lower-cases to `c`.
 */
function contentFields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.charCodeAt(0);
    if ((c | 0x20) !== 0x63 && !isSpace(c)) continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
    if (name && !out.has(name)) out.set(name, line.slice(colon + 1).trim());
  }
  return out;
}

/** A parameter's pattern by name, made once: a snippet reads `charset` and `boundary` of every message. */
const paramPatterns = new Map<string, RegExp>();

function param(value: string, name: string): string | undefined {
  let pattern = paramPatterns.get(name);
  if (!pattern) paramPatterns.set(name, (pattern = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i')));
  const m = pattern.exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

interface Text {
  readonly html: boolean;
  readonly encoding: string;
  readonly charset: string;
  /** The part's bytes as Latin-1 (one character per byte). */
  readonly content: string;
}

/** The first text/plain part the bytes reach (else the first text/html), not an attachment. */
function findText(header: Map<string, string>, content: string, depth: number): Text | null {
  const type = header.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if (/^attachment/i.test(header.get('content-disposition') ?? '')) return null;
  if (mime === 'text/plain' || mime === 'text/html')
    return {
      html: mime === 'text/html',
      encoding: (header.get('content-transfer-encoding') ?? '').trim().toLowerCase(),
      charset: param(type, 'charset') ?? 'utf-8',
      content,
    };
  const boundary = mime.startsWith('multipart/') ? param(type, 'boundary') : undefined;
  if (!boundary || depth >= MAX_DEPTH) return null;
  let html: Text | null = null;
  // Parts follow a `--boundary` line; the cut last one may end anywhere. Each is cut out only when
  // reached (most messages' first part is the text).
  const delimiter = `--${boundary}`;
  for (let at = content.indexOf(delimiter); at >= 0;) {
    const start = at + delimiter.length;
    at = content.indexOf(delimiter, start);
    const part = content.slice(start, at < 0 ? content.length : at);
    if (part.startsWith('--')) break;
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) break;
    const body = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    const found = findText(contentFields(part.slice(0, split)), body, depth + 1);
    if (found && !found.html) return found;
    html ??= found;
  }
  return html;
}

const quotedPrintable = (s: string): Buffer =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  );

function charsetText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Bytes as Latin-1 text (one character per byte); imapflow's are Buffers already, read without a new view. */
export const latin1Text = (b: Uint8Array): string =>
  (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)).toString('latin1');

/** Charsets that read 7-bit text as itself (most mail): such text needs no decoder. */
const ASCII_COMPATIBLE = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1', 'windows-1252']);

/** The part's text: its bytes (the Latin-1 string's characters) decoded in its charset. */
function partText(part: Text): string {
  const plain = part.encoding !== 'base64' && part.encoding !== 'quoted-printable';
  if (plain && ASCII_COMPATIBLE.has(part.charset.toLowerCase()))
    if (!/[^\t\n\r\x20-\x7e]/.test(part.content)) return part.content;
  // A cut base64 text decodes up to its last whole quartet.
  const base64 = part.encoding === 'base64' ? part.content.replace(/[^A-Za-z0-9+/]/g, '') : '';
  const bytes =
    part.encoding === 'base64'
      ? Buffer.from(base64.slice(0, base64.length - (base64.length % 4)), 'base64')
      : part.encoding === 'quoted-printable'
        ? quotedPrintable(part.content)
        : Buffer.from(part.content, 'latin1');
  // The cut may split a character: its remains are dropped.
  return charsetText(bytes, part.charset).replace(/\uFFFD+$/, '');
}

/** A one-line snippet of a message from its header block and the first bytes of its text. */
export function snippetOf(headerBlock: Uint8Array, textStart: Uint8Array): string {
  const part = findText(contentFields(latin1Text(headerBlock)), latin1Text(textStart), 0);
  if (!part) return '';
  const text = partText(part);
  return oneLine(part.html ? htmlToText(text) : text);
}

/** Whether a UTF-16 unit is white space as a regular expression's `\s` and `trim` read it. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The start of white space that collapsing changes: any but a plain space, or a space before more. */
const CHANGED_SPACE = /[^\S ]| \s/g;

/**
 * The text with its white space collapsed and trimmed, cut to SNIPPET_CHARS: the same as
 * `text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_CHARS)`, read only as far as those
 * characters need. The text between two runs of white space that change is taken as one slice:
 * most text has a few such runs (its line breaks) in its first 300 characters, where a slice per
 * word cost a listed message about half of what its header block's reading does.
 */
function oneLine(text: string): string {
  let kept = text.search(/\S/);
  if (kept < 0) return '';
  let line = '';
  for (;;) {
    // A run starting past the characters still to take changes nothing kept: the search stops there.
    const room = SNIPPET_CHARS - line.length;
    const window = text.length > kept + room + 1 ? text.slice(0, kept + room + 1) : text;
    CHANGED_SPACE.lastIndex = kept;
    const run = CHANGED_SPACE.exec(window);
    if (!run && window !== text) return line + text.slice(kept, kept + room);
    // No run changes the rest: the text ends in non-space or one plain space, which trim drops.
    if (!run) return (line + text.slice(kept, text.endsWith(' ') ? -1 : text.length)).slice(0, SNIPPET_CHARS);
    if (line.length + run.index - kept >= SNIPPET_CHARS)
      return (line + text.slice(kept, run.index)).slice(0, SNIPPET_CHARS);
    let end = run.index + 1;
    while (end < text.length && isSpace(text.charCodeAt(end))) end++;
    // White space that ends the text is trimmed.
    if (end === text.length) return (line + text.slice(kept, run.index)).slice(0, SNIPPET_CHARS);
    line += `${text.slice(kept, run.index)} `;
    kept = end;
  }
}
