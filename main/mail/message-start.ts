/**
 * What a listing reads of a message, from the first bytes of its source: the header block and the
 * first bytes of the text. A first sync asks the server for one range of each message
 * (`BODY.PEEK[]<0.LISTING_BYTES>`) instead of its header and the start of its text as two
 * (`BODY.PEEK[HEADER]`, `BODY.PEEK[TEXT]<0.2048>`): imapflow's reading of a fetch costs per
 * section, and two of them cost more than the raw fetch of whole messages. The split is the
 * server's (Dovecot's HEADER section: up to and with the first empty line, LF or CRLF); a message
 * whose range ends before its header block does, or before the text's first `SNIPPET_BYTES`,
 * gets `null`: the caller asks for the two sections as before, so a listing reads the same bytes
 * either way (`test/integration/mail/headers-first` compares them on the hostile set).
 */
import { SNIPPET_BYTES } from './mime-snippet';

/**
 * Bytes fetched of each listed message: a header block of up to 8 KB (most mail's, Received and
 * DKIM lines included) and the text's first bytes for the snippet. A message with a long text
 * sends all of them, where the two sections sent only its header block and 2 KB: more bytes over a
 * slow link, for less CPU here (test/bench/README.md, round 5).
 */
export const LISTING_BYTES = 8192 + SNIPPET_BYTES;

export interface MessageStart {
  /** The header block with its closing empty line, as `BODY[HEADER]`. */
  readonly header: Uint8Array;
  /** The text's first bytes, as `BODY[TEXT]<0.SNIPPET_BYTES>`. */
  readonly text: Uint8Array;
}

const LF = 0x0a;
const CR = 0x0d;

/** The end of the empty line at `i` (an LF or a CRLF), or -1 when the line there is not empty. */
const emptyLineEnd = (b: Uint8Array, i: number): number =>
  b[i] === LF ? i + 1 : b[i] === CR && b[i + 1] === LF ? i + 2 : -1;

/**
 * The header block and the text's start of a message from its first `fetched.length` bytes
 * (`LISTING_BYTES` asked for), or null when those bytes are not enough to tell them.
 */
export function splitMessageStart(fetched: Uint8Array, asked: number = LISTING_BYTES): MessageStart | null {
  const whole = fetched.length < asked;
  let end = emptyLineEnd(fetched, 0);
  for (let i = fetched.indexOf(LF); end < 0 && i >= 0; i = fetched.indexOf(LF, i + 1))
    end = emptyLineEnd(fetched, i + 1);
  if (end < 0) return whole ? { header: fetched, text: fetched.subarray(fetched.length) } : null;
  const text = fetched.subarray(end, end + SNIPPET_BYTES);
  return whole || text.length === SNIPPET_BYTES ? { header: fetched.subarray(0, end), text } : null;
}
