/**
 * One sync pass of an IMAP account into the store. Per folder:
 *
 * - UIDVALIDITY changed → the stored UIDs mean nothing: the folder's messages are dropped and
 *   fetched again.
 * - Deletions: stored UIDs that `UID SEARCH ALL` no longer returns are removed.
 * - Flags: \Seen (our `unread`) of stored messages, only the changed ones when the server has
 *   CONDSTORE (`CHANGEDSINCE` the HIGHESTMODSEQ of the last complete pass), else all of them.
 * - New mail, headers first: server UIDs the store does not hold, newest first, in pages of
 *   headers, flags and a snippet (from the first 2 KB of the message text: ./mime-snippet.ts); each
 *   page is stored newest first in transactions of 200 with the folder's progress
 *   (`syncedThrough`), its rows marked `bodyPending`; a folder of more than one page has them written
 *   in a writer thread while this one reads the next slice (./listing-writer.ts): from the second
 *   page on, and the first too once the writer's connection is open. The newest mail is
 *   listed within seconds of adding an account.
 * - Bodies after: once every folder's headers are in, the pending messages' full sources are
 *   fetched (newest first, in pages), parsed and stored over their header rows. A reader that
 *   needs a whole message before then completes it itself (`completeBodies`), ahead of the sync
 *   (./foreground.ts).
 *
 * Because the work is "what the server has that the store lacks" and "the rows still pending", a
 * pass that stops anywhere (the server went down, the app quit) resumes where it stopped, and
 * nothing is stored twice.
 *
 * A folder whose UIDNEXT, message count and HIGHESTMODSEQ are those of the last complete pass
 * costs one SELECT. Message ids are derived from (account, folder, UIDVALIDITY, UID), so the same message always
 * gets the same id and a repeated page overwrites instead of duplicating. A message moved on the
 * server (gone here, new there) keeps its triage, matched by Message-ID.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { commitWithoutFsync, type Db } from '../store';
import type { Repositories, StoredMessage } from '../store/repositories';
import type { Triage } from '../store/repos/messages';
import { saveAttachments } from './attachments';
import { connectImap, mailError, MailError, type CredentialSource, type ImapSettings } from './connect';
import { backgroundTurn } from './foreground';
import { fieldDate, headerBlockFields, plainFields, type PlainFields } from './header-block';
import { parseMessage, pickHeaderFields } from './parse';
import type { Parser } from './parse-pool';
import { inThreadSink, sharedListingWriter, type ListingWriter } from './listing-writer';
import { fetchStarts } from './listing-fetch';
import { LISTING_BYTES, splitMessageStart, type MessageStart } from './message-start';
import { SNIPPET_BYTES } from './mime-snippet';
import { textSha256Hex } from './text-hash';

export interface SyncDeps {
  readonly db: Db;
  readonly repos: Pick<Repositories, 'messages' | 'folderState'>;
  /** The profile's attachments folder. */
  readonly attachmentsDir: string;
  readonly clock?: () => Date;
  /** Default: in this thread. A sync over many messages passes a ParsePool's `parse`. */
  readonly parse?: Parser;
  /**
   * Writes a folder's listings when it has more than one page (./listing-writer.ts). Default: the
   * process's writer thread; `null`: in this thread.
   */
  readonly listingWriter?: ListingWriter | null;
}

export interface SyncTarget {
  readonly accountId: string;
  readonly settings: ImapSettings;
  readonly password: CredentialSource;
}

export interface SyncOptions {
  /**
   * Messages per page: of headers (default 1,000, the first page 200: the usable inbox; written
   * in transactions of at most 200) and of bodies (default 200; body pages also stop at 32 MB).
   */
  readonly pageSize?: number;
  /** Stop after the headers: bodies are left pending for a later pass or `completeBodies`. */
  readonly headersOnly?: boolean;
  /** Bytes downloaded of one message; a bigger one is kept from its start, with a parse error. Default 50 MB. */
  readonly maxMessageBytes?: number;
  /** Only these folders; default every selectable folder (and folders gone from the server are dropped). */
  readonly folders?: readonly string[];
  readonly timeoutMs?: number;
  /** Called after each stored page (progress; tests stop the server here). */
  readonly onPage?: (p: {
    folder: string;
    /** `headers`: new messages listed (bodies pending); `bodies`: pending bodies filled. */
    phase: 'headers' | 'bodies';
    stored: number;
    remaining: number;
  }) => void | Promise<void>;
}

export interface FolderReport {
  readonly folder: string;
  readonly added: number;
  readonly removed: number;
  readonly flagsChanged: number;
  /** UIDVALIDITY changed, so the folder was fetched again from scratch. */
  readonly reset: boolean;
  readonly parseErrors: number;
  /** Nothing changed since the last complete pass (same UIDNEXT, count and HIGHESTMODSEQ): only selected. */
  readonly unchanged: boolean;
  /** Bodies filled in this pass (of messages listed in this pass or an earlier, interrupted one). */
  readonly bodies: number;
}

export interface SyncReport {
  readonly accountId: string;
  readonly folders: FolderReport[];
  /** Folders that are gone from the server, whose messages were removed. */
  readonly droppedFolders: string[];
}

/** The stable id plans see for a remote message. */
export function remoteMessageId(accountId: string, folder: string, uidValidity: number, uid: number): string {
  return `m-${textSha256Hex(`${accountId}\0${folder}\0${uidValidity}\0${uid}`).slice(0, 24)}`;
}

/** Messages above this are stored from their first bytes only (default 50 MB). */
const MAX_MESSAGE_BYTES = 50 * 1024 * 1024;
/** What a page (and the page fetched ahead of it) may hold in memory. */
const PAGE_BYTES = 32 * 1024 * 1024;
/** Messages per page of headers, and in the first page: the newest mail a person sees first. */
const HEADER_PAGE = 1000;
const USABLE_PAGE = 200;
/**
 * Listed messages per slice. Between two, a message a person opens gets its turn
 * (./foreground.ts): a fetched page is built, and written in this thread, in slices this short
 * (the writer thread takes a few at once: ./listing-writer.ts).
 */
const WRITE_SLICE = 200;
/**
 * Slices a FETCH asks for after the first page, in turn, then a page's worth each: the writer
 * thread gets its first slice soon, and a big folder costs about one round trip per page (one
 * command at a time on a connection: the link idles for a round trip between two).
 */
const FETCH_RAMP = [1, 2];

const chunks = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

/** A UID list as an IMAP set with ranges (`1:200,205`): short commands for long runs. */
export function uidSet(uids: readonly number[]): string {
  const sorted = [...uids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** Consecutive pages of at most `count` messages and (unless one message alone is bigger) `bytes`. */
export function pagesOf(
  uids: readonly number[],
  size: (uid: number) => number,
  max: { count: number; bytes: number },
): number[][] {
  const pages: number[][] = [];
  let page: number[] = [];
  let bytes = 0;
  for (const uid of uids) {
    const s = size(uid);
    if (page.length && (page.length >= max.count || bytes + s > max.bytes)) {
      pages.push(page);
      page = [];
      bytes = 0;
    }
    page.push(uid);
    bytes += s;
  }
  if (page.length) pages.push(page);
  return pages;
}

const now = (d: SyncDeps) => (d.clock ?? (() => new Date()))().toISOString();

/** No triage yet: a message the account did not hold before. */
const UNTRIAGED: Triage = { category: null, summary: null, triagedAt: null };

/**
 * Each message with the triage it had where the account held it before (moved on the server:
 * removed in this pass, or still in another folder), looked up in one query for the page.
 */
function withEarlierTriage(
  d: SyncDeps,
  accountId: string,
  rows: readonly StoredMessage[],
  moved: Map<string, Triage>,
): StoredMessage[] {
  const ids = rows.flatMap((m) => (m.messageId && !moved.has(m.messageId) ? [m.messageId] : []));
  const earlier = ids.length ? d.repos.messages.triageByMessageId(accountId, ids) : new Map<string, Triage>();
  return rows.map((m) => {
    const t = m.messageId ? (moved.get(m.messageId) ?? earlier.get(m.messageId)) : undefined;
    return t ? { ...m, ...t } : m;
  });
}

const internalDateOf = (m: FetchMessageObject): Date =>
  m.internalDate instanceof Date ? m.internalDate : new Date(m.internalDate ?? 0);

/** The one body part a fetch asked for (imapflow's key for a partial fetch varies with the range). */
const firstPart = (m: FetchMessageObject): Uint8Array | undefined => m.bodyParts?.values().next().value;

/** A message as a listing reads it: its header block and the first bytes of its text. */
interface Listed {
  readonly uid: number;
  readonly flags?: ReadonlySet<string>;
  /**
   * The date the listing falls back to where the Date field is not readable: the server's
   * INTERNALDATE, asked for only then; else the Date field's own (so never read).
   */
  readonly fallbackDate: Date;
  /** Absent when the server sent no header block. */
  readonly start?: MessageStart;
  /** The header block's `plainFields`, read once. */
  readonly fields: PlainFields;
}

/**
 * A message listed from its headers; its body, until the body pass, is the snippet the sink reads
 * from its start (./listing-starts.ts `withSnippets`: the writer thread's work, or this thread's
 * as it hands a slice over while the writer is busy: ./listing-writer.ts).
 */
async function headerRow(accountId: string, folder: string, uidValidity: number, m: Listed): Promise<StoredMessage> {
  const id = remoteMessageId(accountId, folder, uidValidity, m.uid);
  // In this thread: a header block is read in less time than a hop to a worker and back takes.
  const header = m.start?.header ?? new Uint8Array(0);
  const p = await headerBlockFields(header, { date: m.fallbackDate, key: id }, m.fields);
  return {
    id,
    accountId,
    folder,
    remoteUid: m.uid,
    ...p,
    body: '',
    html: null,
    unread: !m.flags?.has('\\Seen'),
    labels: [],
    attachments: [],
    parseError: null,
    bodyPending: true,
    ...UNTRIAGED,
  };
}

/**
 * The messages of a page as a listing reads them: the first `LISTING_BYTES` of each
 * (./listing-fetch.ts: read from imapflow's parsed answer, without its message objects), split into
 * header block and text (./message-start.ts); the few whose header block or text start those bytes
 * do not reach are asked for again as the two sections. INTERNALDATE (imapflow's reading of it
 * cost about a tenth of the fetch's) is asked for only where the Date field cannot date a message.
 */
async function fetchListings(client: ImapFlow, page: readonly number[]): Promise<Listed[]> {
  const listed: Listed[] = [];
  const again: number[] = [];
  const undated = new Map<number, Omit<Listed, 'fallbackDate'>>();
  for (const m of await fetchStarts(client, uidSet(page), LISTING_BYTES)) {
    const start = m.source && splitMessageStart(m.source);
    if (!start) {
      again.push(m.uid);
      continue;
    }
    const fields = plainFields(start.header);
    const date = fieldDate(fields);
    if (date) listed.push({ uid: m.uid, flags: m.flags, fallbackDate: date, start, fields });
    else undated.set(m.uid, { uid: m.uid, flags: m.flags, start, fields });
  }
  if (undated.size) {
    const arrived = new Map<number, Date>();
    for (const m of await client.fetchAll(
      uidSet([...undated.keys()]),
      { uid: true, internalDate: true },
      { uid: true },
    ))
      arrived.set(m.uid, internalDateOf(m));
    for (const [uid, m] of undated) listed.push({ ...m, fallbackDate: arrived.get(uid) ?? new Date(0) });
  }
  if (again.length)
    for (const m of await client.fetchAll(
      uidSet(again),
      {
        uid: true,
        flags: true,
        internalDate: true,
        headers: true,
        bodyParts: [{ key: 'TEXT', maxLength: SNIPPET_BYTES }],
      },
      { uid: true },
    )) {
      const start = m.headers && { header: m.headers, text: firstPart(m) ?? new Uint8Array(0) };
      listed.push({
        uid: m.uid,
        flags: m.flags,
        fallbackDate: internalDateOf(m),
        start,
        fields: plainFields(start?.header ?? new Uint8Array(0)),
      });
    }
  return listed;
}

async function toStored(
  d: SyncDeps,
  accountId: string,
  folder: string,
  uidValidity: number,
  m: FetchMessageObject,
  maxBytes: number,
): Promise<StoredMessage> {
  const id = remoteMessageId(accountId, folder, uidValidity, m.uid);
  const p = await (d.parse ?? parseMessage)(m.source ?? new Uint8Array(0), { date: internalDateOf(m), key: id });
  let attachments: StoredMessage['attachments'] = [];
  // A message over the cap is kept from its first bytes (headers, text) rather than not at all.
  let parseError =
    (m.size ?? 0) > maxBytes
      ? [`only the first ${maxBytes} of ${m.size} bytes were downloaded`, p.parseError].filter(Boolean).join('; ')
      : p.parseError;
  try {
    attachments = saveAttachments(d.attachmentsDir, id, p.attachments);
  } catch (e) {
    // A full disk or a bad path must not lose the message itself.
    attachments = p.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.byteLength,
    }));
    parseError = [parseError, `attachments not saved: ${(e as Error).message}`].filter(Boolean).join('; ');
  }
  return {
    id,
    accountId,
    folder,
    remoteUid: m.uid,
    ...pickHeaderFields(p),
    body: p.body,
    html: p.html,
    htmlReading: p.htmlReading,
    unread: !m.flags?.has('\\Seen'),
    labels: [],
    attachments,
    parseError,
    bodyPending: false,
    ...UNTRIAGED,
  };
}

/**
 * Each page fetched while the one before it is handled (parsed and stored). If a page fails, the
 * prefetch's rejection is reported by that throw, not left unhandled.
 */
async function pipelined<T>(
  pages: readonly number[][],
  fetchPage: (page: number[]) => Promise<T>,
  handle: (fetched: T, page: number[]) => Promise<void>,
): Promise<void> {
  let next = pages.length ? fetchPage(pages[0]!) : null;
  for (let i = 0; i < pages.length; i++) {
    const fetched = await next!;
    next = i + 1 < pages.length ? fetchPage(pages[i + 1]!) : null;
    next?.catch(() => undefined);
    await handle(fetched, pages[i]!);
  }
}

/** Attachment files go with their messages. */
function removeAttachments(d: SyncDeps, ids: readonly string[]): void {
  for (const id of ids) rmSync(join(d.attachmentsDir, id), { recursive: true, force: true });
}

/** Removes a folder's synced messages and state (keeping their triage in `moved`, by Message-ID). */
function dropFolder(d: SyncDeps, accountId: string, folder: string, moved: Map<string, Triage>): void {
  const local = d.repos.messages.remoteState(accountId, folder);
  for (const [id, t] of d.repos.messages.triageByUid(accountId, folder, [...local.keys()])) moved.set(id, t);
  d.db.transaction(() => {
    d.repos.messages.removeFolder(accountId, folder);
    d.repos.folderState.remove(accountId, folder);
  })();
  removeAttachments(
    d,
    [...local.values()].map((m) => m.id),
  );
}

/** The folder a listing pass works in. */
interface ListingTarget {
  readonly accountId: string;
  readonly folder: string;
  readonly uidValidity: number;
}

/**
 * Lists new mail (`missing`: UIDs newest first): pages of headers and snippets (the first one
 * small: the inbox a person sees first), stored a slice at a time, newest first, every slice
 * leaving the UIDs above it synced. The next FETCH is on the wire while the slices of one are
 * built, and they are built while the writer thread commits the ones before (./listing-writer.ts;
 * the first page's in this thread while the writer's connection opens): nothing here waits for a
 * commit but the end of the folder; `onPage` comes, in order, when a page's last slice is
 * committed. Returns how many were listed.
 */
async function listNew(
  client: ImapFlow,
  d: SyncDeps,
  t: ListingTarget,
  missing: readonly number[],
  o: SyncOptions,
  moved: Map<string, Triage>,
): Promise<number> {
  const perPage = Math.max(1, o.pageSize ?? HEADER_PAGE);
  const first = Math.min(perPage, o.pageSize ?? USABLE_PAGE);
  const pages = missing.length ? [missing.slice(0, first), ...chunks(missing.slice(first), perPage)] : [];
  // Newest first; a FETCH asks for a few slices at once (`FETCH_RAMP`), never across a page's end.
  const slices: { uids: number[]; page: number; endsPage: boolean; unit: number }[] = [];
  const units: number[][] = [];
  let ramp = 0;
  for (const [p, page] of pages.entries()) {
    const pageSlices = chunks(page, WRITE_SLICE);
    for (let k = 0, left = 0; k < pageSlices.length; k++, left--) {
      if (left === 0) {
        left = p === 0 ? pageSlices.length : (FETCH_RAMP[ramp++] ?? pageSlices.length);
        units.push([]);
      }
      units[units.length - 1]!.push(...pageSlices[k]!);
      slices.push({ uids: pageSlices[k]!, page: p, endsPage: k === pageSlices.length - 1, unit: units.length - 1 });
    }
  }
  const inThread = inThreadSink(d.db, d.repos);
  // More than one page: from the second on, the rows are written in the writer thread (a database
  // in memory has no second connection).
  const writer =
    pages.length > 1 && !d.db.memory ? (d.listingWriter === undefined ? sharedListingWriter() : d.listingWriter) : null;
  const rest = writer ? writer.session(d.db.name) : inThread;
  const report = (stored: number) =>
    o.onPage?.({ folder: t.folder, phase: 'headers', stored, remaining: missing.length - stored });
  let added = 0;
  /** The pages committed so far, reported in order; the first failure (an onPage that threw) stops the pass. */
  let reported: Promise<void> = Promise.resolve();
  let reportFailure: { error: unknown } | undefined;
  const fetchUnit = (u: number) => {
    const fetched = fetchListings(client, units[u]!);
    // A failure is read where the unit is awaited; a pass that stopped before then leaves none unhandled.
    fetched.catch(() => undefined);
    return fetched;
  };
  try {
    let next = units.length ? fetchUnit(0) : null;
    let fetched: Listed[] = [];
    for (const [i, slice] of slices.entries()) {
      const hasNext = slice.unit + 1 < units.length;
      if (i === 0 || slices[i - 1]!.unit !== slice.unit) {
        fetched = (await next!).sort((a, b) => b.uid - a.uid);
        // The next FETCH goes on the wire now, the first page's too: the server prepares it on the
        // other core while this thread builds and writes (its answer waits in the socket until then).
        next = hasNext ? fetchUnit(slice.unit + 1) : null;
      }
      await backgroundTurn(d.db);
      if (reportFailure) throw reportFailure.error;
      const [high, low] = [slice.uids[0]!, slice.uids[slice.uids.length - 1]!];
      const listed = fetched.filter((m) => m.uid <= high && m.uid >= low);
      const rows = withEarlierTriage(
        d,
        t.accountId,
        await Promise.all(listed.map((m) => headerRow(t.accountId, t.folder, t.uidValidity, m))),
        moved,
      );
      // Every UID asked for down to the slice's lowest is stored or gone from the server.
      const progress = { accountId: t.accountId, folder: t.folder, syncedThrough: low, updatedAt: now(d) };
      // The first page (the usable inbox) goes to the writer too once its connection is open (a
      // later pass in this process); while the thread and its connection start, it is written here.
      const sink = slice.page === 0 && !rest.ready() ? inThread : rest;
      await sink.write({ rows, starts: listed.map((m) => m.start), progress });
      added += rows.length;
      const stored = added;
      if (slice.endsPage && sink === inThread) await report(stored);
      if (!slice.endsPage || sink === inThread) continue;
      const committed = rest.flush();
      reported = reported.then(() => committed).then(() => report(stored));
      reported.catch((error: unknown) => (reportFailure ??= { error }));
    }
    await reported;
  } finally {
    await rest.close();
    await reported.catch(() => undefined);
  }
  return added;
}

async function syncFolder(
  client: ImapFlow,
  d: SyncDeps,
  accountId: string,
  folder: string,
  o: SyncOptions,
  /** Triage of messages removed in this pass, by Message-ID: they may reappear in another folder. */
  moved: Map<string, Triage>,
): Promise<FolderReport> {
  const { messages, folderState } = d.repos;
  const lock = await client.getMailboxLock(folder);
  try {
    const mb = client.mailbox;
    if (!mb) throw new MailError('protocol', `could not open ${folder}`);
    // What the folder looked like when opened; later changes are the next pass's work.
    const opened = {
      uidValidity: Number(mb.uidValidity),
      uidNext: mb.uidNext,
      modseq: mb.noModseq ? undefined : mb.highestModseq,
      exists: mb.exists,
    };
    let state = folderState.get(accountId, folder);
    const reset = state?.uidValidity != null && state.uidValidity !== opened.uidValidity;
    if (reset) {
      dropFolder(d, accountId, folder, moved);
      state = undefined;
    }
    if (!state) folderState.put({ accountId, folder, uidValidity: opened.uidValidity, updatedAt: now(d) });
    // Same UIDNEXT (nothing added), same count (nothing removed) and same HIGHESTMODSEQ (no flag
    // changed) as after the last complete pass: nothing to ask the server. Needs CONDSTORE.
    if (
      state?.uidNext === opened.uidNext &&
      opened.modseq !== undefined &&
      state.highestModseq === opened.modseq.toString() &&
      messages.remoteState(accountId, folder).size === opened.exists
    )
      return {
        folder,
        added: 0,
        removed: 0,
        flagsChanged: 0,
        reset: false,
        parseErrors: 0,
        unchanged: true,
        bodies: 0,
      };

    const serverUids =
      opened.exists === 0 ? [] : ((await client.search({ all: true }, { uid: true })) || []).sort((a, b) => a - b);
    const server = new Set(serverUids);
    const local = messages.remoteState(accountId, folder);
    const gone = [...local.keys()].filter((uid) => !server.has(uid));
    for (const [id, t] of messages.triageByUid(accountId, folder, gone)) moved.set(id, t);
    const removed = gone.length ? messages.removeByUid(accountId, folder, gone) : 0;
    removeAttachments(
      d,
      gone.map((uid) => local.get(uid)!.id),
    );

    let flagsChanged = 0;
    const since = state?.highestModseq && opened.modseq !== undefined ? BigInt(state.highestModseq) : undefined;
    if (local.size > gone.length && (since === undefined || (opened.modseq ?? 0n) > since)) {
      const changes: { uid: number; unread: boolean }[] = [];
      for await (const m of client.fetch('1:*', { uid: true, flags: true }, { uid: true, changedSince: since })) {
        const stored = local.get(m.uid);
        const unread = !m.flags?.has('\\Seen');
        if (stored && server.has(m.uid) && stored.unread !== unread) changes.push({ uid: m.uid, unread });
      }
      messages.setUnreadByUid(accountId, folder, changes);
      flagsChanged = changes.length;
    }

    const missing = serverUids.filter((uid) => !local.has(uid)).reverse();
    const added = await listNew(client, d, { accountId, folder, uidValidity: opened.uidValidity }, missing, o, moved);

    folderState.put({
      accountId,
      folder,
      uidValidity: opened.uidValidity,
      uidNext: opened.uidNext,
      highestModseq: opened.modseq?.toString(),
      syncedThrough: serverUids[0] ?? opened.uidNext,
      updatedAt: now(d),
    });
    return { folder, added, removed, flagsChanged, reset, parseErrors: 0, unchanged: false, bodies: 0 };
  } finally {
    lock.release();
  }
}

/**
 * Fills the pending bodies of a folder (all, or those with these UIDs): full sources, newest
 * first, parsed and stored over their header rows a page per transaction. A folder whose
 * UIDVALIDITY changed since its headers were listed is left to the next pass (which drops it).
 */
async function fillBodies(
  client: ImapFlow,
  d: SyncDeps,
  accountId: string,
  folder: string,
  o: SyncOptions,
  moved: Map<string, Triage>,
  /** `background`: a sync's body pass, which waits while a reader's fill (`only` these UIDs) goes first. */
  which: { background: true } | { only: ReadonlySet<number> },
): Promise<{ bodies: number; parseErrors: number }> {
  const only = 'only' in which ? which.only : undefined;
  const pending = only
    ? d.repos.messages.pendingAmong(accountId, folder, [...only])
    : d.repos.messages.pendingBodies(accountId, folder).map((m) => m.uid);
  if (!pending.length) return { bodies: 0, parseErrors: 0 };
  const lock = await client.getMailboxLock(folder);
  try {
    const uidValidity = Number(client.mailbox ? client.mailbox.uidValidity : -1);
    if (d.repos.folderState.get(accountId, folder)?.uidValidity !== uidValidity) return { bodies: 0, parseErrors: 0 };
    const maxBytes = o.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    const sizes = new Map<number, number>();
    for await (const m of client.fetch(uidSet(pending), { uid: true, size: true }, { uid: true }))
      sizes.set(m.uid, m.size ?? 0);
    // Gone from the server since: the next pass removes them.
    const present = pending.filter((uid) => sizes.has(uid));
    const pages = pagesOf(present, (uid) => Math.min(maxBytes, sizes.get(uid)!), {
      count: Math.max(1, o.pageSize ?? 200),
      bytes: PAGE_BYTES,
    });
    let bodies = 0;
    let parseErrors = 0;
    await pipelined(
      pages,
      (page) =>
        client.fetchAll(
          uidSet(page),
          { uid: true, flags: true, internalDate: true, size: true, source: { maxLength: maxBytes } },
          { uid: true },
        ),
      async (fetched) => {
        if (!only) await backgroundTurn(d.db);
        // A message moved on the server keeps the triage it had in its old folder.
        const stored = withEarlierTriage(
          d,
          accountId,
          await Promise.all(fetched.map((m) => toStored(d, accountId, folder, uidValidity, m, maxBytes))),
          moved,
        );
        // Not waited onto the disk either: a body a power cut takes is pending again.
        commitWithoutFsync(d.db, () => d.repos.messages.upsertMany(stored));
        bodies += stored.length;
        parseErrors += stored.filter((m) => m.parseError).length;
        await o.onPage?.({ folder, phase: 'bodies', stored: bodies, remaining: present.length - bodies });
      },
    );
    return { bodies, parseErrors };
  } finally {
    lock.release();
  }
}

/** Folders mail can be in (not \Noselect containers), INBOX first: it is what a person reads first. */
async function selectableFolders(client: ImapFlow): Promise<string[]> {
  return (await client.list())
    .filter((f) => !f.flags.has('\\Noselect') && !f.flags.has('\\NonExistent'))
    .map((f) => f.path)
    .sort((a, b) => Number(b === 'INBOX') - Number(a === 'INBOX'));
}

/** One pass over the account's folders. Throws a MailError; what was stored before stays. */
export async function syncAccount(d: SyncDeps, t: SyncTarget, o: SyncOptions = {}): Promise<SyncReport> {
  const client = await connectImap(t.settings, t.password, { timeoutMs: o.timeoutMs });
  try {
    const folders = o.folders ?? (await selectableFolders(client));
    const report: SyncReport = { accountId: t.accountId, folders: [], droppedFolders: [] };
    const moved = new Map<string, Triage>();
    if (!o.folders) {
      const present = new Set(folders);
      for (const s of d.repos.folderState.list(t.accountId))
        if (!present.has(s.folder)) {
          dropFolder(d, t.accountId, s.folder, moved);
          report.droppedFolders.push(s.folder);
        }
    }
    for (const folder of folders) report.folders.push(await syncFolder(client, d, t.accountId, folder, o, moved));
    // Every folder is listed; now the bodies, in the same order (INBOX first).
    if (!o.headersOnly)
      for (const [i, r] of report.folders.entries())
        report.folders[i] = {
          ...r,
          ...(await fillBodies(client, d, t.accountId, r.folder, o, moved, { background: true })),
        };
    await client.logout();
    return report;
  } catch (e) {
    client.close();
    throw mailError(e, t.settings);
  }
}

/**
 * Fills the bodies of pending messages now (a reader needs them whole before the body pass got
 * to them): per folder, the UIDs to fill. Returns how many were filled. Throws a MailError.
 * Callers run it `inForeground` (./foreground.ts), so that a sync underway waits meanwhile.
 */
export async function completeMessages(
  d: SyncDeps,
  t: SyncTarget,
  uidsByFolder: ReadonlyMap<string, readonly number[]>,
  o: Pick<SyncOptions, 'timeoutMs' | 'maxMessageBytes'> = {},
): Promise<number> {
  const client = await connectImap(t.settings, t.password, { timeoutMs: o.timeoutMs });
  try {
    let filled = 0;
    for (const [folder, uids] of uidsByFolder)
      filled += (await fillBodies(client, d, t.accountId, folder, o, new Map(), { only: new Set(uids) })).bodies;
    await client.logout();
    return filled;
  } catch (e) {
    client.close();
    throw mailError(e, t.settings);
  }
}

/**
 * Marks stored messages read or unread on the server, then in the store. A message whose
 * folder's UIDVALIDITY changed since the last sync is refused (its UID may now name another
 * message): sync first.
 */
export async function setFlags(
  d: SyncDeps,
  t: SyncTarget,
  changes: readonly { id: string; unread: boolean }[],
): Promise<void> {
  const byFolder = new Map<string, { id: string; uid: number; unread: boolean }[]>();
  for (const c of changes) {
    const m = d.repos.messages.get(c.id);
    if (!m || m.accountId !== t.accountId || m.remoteUid === null)
      throw new MailError('protocol', `message ${c.id} is not a synced message of this account`);
    byFolder.set(m.folder, [...(byFolder.get(m.folder) ?? []), { id: c.id, uid: m.remoteUid, unread: c.unread }]);
  }
  const client = await connectImap(t.settings, t.password);
  try {
    for (const [folder, list] of byFolder) {
      const lock = await client.getMailboxLock(folder);
      try {
        const known = d.repos.folderState.get(t.accountId, folder)?.uidValidity;
        if (known !== Number(client.mailbox ? client.mailbox.uidValidity : -1))
          throw new MailError('protocol', `${folder} changed on the server since the last sync; sync first`);
        for (const unread of [true, false]) {
          const uids = list.filter((c) => c.unread === unread).map((c) => c.uid);
          if (!uids.length) continue;
          if (unread) await client.messageFlagsRemove(uidSet(uids), ['\\Seen'], { uid: true });
          else await client.messageFlagsAdd(uidSet(uids), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
      d.repos.messages.setUnreadByUid(t.accountId, folder, list);
    }
    await client.logout();
  } catch (e) {
    client.close();
    throw mailError(e, t.settings);
  }
}
