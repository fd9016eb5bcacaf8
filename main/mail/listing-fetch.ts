/**
 * A first sync's listing FETCH (`UID FLAGS BODY.PEEK[]<0.N>`, ./message-start.ts) sent on
 * imapflow's own command path and read from its parsed answer, without its message objects.
 * `fetchAll` turns each row into one: a promise and an async-generator step per message, every
 * data item's name compiled back to text to be matched, an MD5 of each row for an id, MODSEQ read
 * as a BigInt. For the three items a listing reads that was more than a third of the main
 * thread's CPU of the fetch (test/bench/README.md, first sync round 12). The server's answer is
 * still read by imapflow's tokenizer, with its limits; what a row holds is checked here, and a
 * row this does not read as a message start is asked for again as two sections, as before.
 */
import type { ImapFlow } from 'imapflow';

/** A message's UID, flags and the first bytes of its source, as the server sent them. */
export interface FetchedStart {
  readonly uid: number;
  readonly flags?: ReadonlySet<string>;
  /** Absent when the row held no `BODY[]` from the start of the message (the caller asks again). */
  readonly source?: Uint8Array;
}

/** A token of imapflow's parsed answer: an atom, a string or literal, a list (an array) or NIL. */
interface Token {
  readonly type?: unknown;
  readonly value?: unknown;
  readonly section?: unknown;
  readonly partial?: unknown;
}

/** imapflow's command path (`exec`, which its own commands use; not in its published types). */
interface CommandPath {
  exec(
    command: string,
    attributes: unknown[],
    options: { untagged: { FETCH: (row: Token & { readonly attributes?: unknown }) => void } },
  ): Promise<{ next(): void }>;
}

const isToken = (x: unknown): x is Token => typeof x === 'object' && x !== null && !Array.isArray(x);

/** An IMAP number as imapflow reads one (at most ten digits, 1 to 2³²−1), else undefined. */
function uidOf(x: unknown): number | undefined {
  const v = isToken(x) ? x.value : undefined;
  if (typeof v !== 'string' || !/^[0-9]{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 && n <= 0xffffffff ? n : undefined;
}

/** A section's bytes: a literal as sent, a quoted string as UTF-8 (as imapflow reads it), NIL none. */
function bytesOf(x: unknown): Uint8Array | undefined {
  const v = isToken(x) ? x.value : undefined;
  if (v instanceof Uint8Array) return v;
  return typeof v === 'string' ? Buffer.from(v) : undefined;
}

/** `BODY[]` from the message's first byte: no section, and no origin or origin 0. */
const isWholeFromStart = (key: Token): boolean =>
  Array.isArray(key.section) &&
  key.section.length === 0 &&
  (key.partial === undefined || (Array.isArray(key.partial) && key.partial[0] === 0));

/** A row's items merged into what was read of its message before (a server may split one over rows). */
function readRow(row: Token & { readonly attributes?: unknown }, into: Map<number, FetchedStart>): void {
  const items = Array.isArray(row.attributes) ? (row.attributes as unknown[])[1] : undefined;
  if (!Array.isArray(items)) return;
  let uid: number | undefined;
  let flags: Set<string> | undefined;
  let source: Uint8Array | undefined;
  for (let i = 0; i + 1 < items.length; i += 2) {
    const key: unknown = items[i];
    const value: unknown = items[i + 1];
    if (!isToken(key) || typeof key.value !== 'string') continue;
    const name = key.value.toUpperCase();
    if (name === 'UID') uid = uidOf(value);
    else if (name === 'FLAGS' && Array.isArray(value))
      flags = new Set(value.flatMap((f: unknown) => (isToken(f) && typeof f.value === 'string' ? [f.value] : [])));
    else if (name === 'BODY' && isWholeFromStart(key)) source = bytesOf(value);
  }
  if (uid === undefined) return;
  const before = into.get(uid);
  into.set(uid, { uid, flags: flags ?? before?.flags, source: source ?? before?.source });
}

/**
 * The UID, flags and first `bytes` bytes of the source of each message of `uids` (an IMAP UID
 * set), in the order the server sent them. Rejects as imapflow's `fetch` does when the command
 * fails or the connection goes.
 */
export async function fetchStarts(client: ImapFlow, uids: string, bytes: number): Promise<FetchedStart[]> {
  const path = client as unknown as Partial<CommandPath>;
  if (typeof path.exec !== 'function') throw new Error('this imapflow has no command path (exec) to fetch listings on');
  const read = new Map<number, FetchedStart>();
  const answer = await path.exec(
    'UID FETCH',
    [
      { type: 'SEQUENCE', value: uids },
      [
        { type: 'ATOM', value: 'UID' },
        { type: 'ATOM', value: 'FLAGS' },
        { type: 'ATOM', value: 'BODY.PEEK', section: [], partial: [0, bytes] },
      ],
    ],
    { untagged: { FETCH: (row) => readRow(row, read) } },
  );
  // imapflow reads the connection's next response only once its command's answer is taken.
  answer.next();
  return [...read.values()];
}
