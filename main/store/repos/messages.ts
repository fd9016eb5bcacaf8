/**
 * Mail in the store: the inbox page (keyset-paged, newest first), full-text search, threads,
 * and the writes that sync, runs and triage make. Every list is paged; nothing loads a mailbox
 * whole except `allForWorld`, which is bounded.
 */
import type { Statement } from 'better-sqlite3';
import type { HtmlReading } from '../../../engine/fraud';
import type { MachineHeaders } from '../../../engine/world';
import type { Db } from '../database';
import { likeLiteral, pageSize, Where } from '../where';
import { fromJson, toJson } from './json';
import { baseSubject } from '../subject-key';
import { conversationsOf, type ConversationKeys } from '../conversation-links';
import { ftsMatch, isEmptyQuery, parseSearch } from './search-query';
import { UnchangedMemo } from './unchanged-memo';

export { baseSubject };

/** Starred: the IMAP \\Flagged flag (or a `starred` label), as stored in the labels list. */
const STARRED = `EXISTS (SELECT 1 FROM json_each(m.labels) WHERE lower(value) IN ('\\flagged', 'starred', '\\starred')) = @starred`;

export interface StoredMessage {
  readonly id: string;
  readonly accountId: string;
  readonly folder: string;
  readonly remoteUid: number | null;
  readonly messageId: string | null;
  readonly threadId: string;
  readonly from: string;
  /** The Reply-To address, when the message names one. */
  readonly replyTo?: string | null;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  readonly date: string;
  readonly body: string;
  readonly html: string | null;
  /**
   * What the fraud checks read of `html` (its text and links), read when the message was parsed
   * (main/mail/html-reading.ts); null or absent for a row stored before (migration 17) or
   * without HTML, and read from `html` when it is checked.
   */
  readonly htmlReading?: HtmlReading | null;
  readonly unread: boolean;
  readonly labels: readonly string[];
  /** SPF/DKIM/DMARC as the receiving server reported them. */
  readonly auth: Readonly<Record<string, string>> | null;
  /** The header fields that say a machine or a list sent it (main/mail/parse.ts); null or absent: none. */
  readonly machineHeaders?: MachineHeaders | null;
  readonly attachments: readonly { filename: string; contentType: string; size?: number; path?: string }[];
  /** Why a synced message could not be read cleanly; it is stored all the same. */
  readonly parseError?: string | null;
  /**
   * Only its headers and a snippet are stored so far (a first sync fills bodies after headers):
   * `body` is the snippet, cut; `html`, `attachments` and `parseError` are not known yet. A
   * reader that needs the whole message completes it first (main/accounts `completeBodies`).
   */
  readonly bodyPending?: boolean;
  readonly category: string | null;
  readonly summary: string | null;
  readonly triagedAt: string | null;
  /** Why triage filed it as suspicious (engine/fraud); empty when nothing was found. */
  readonly findings?: readonly TriageFinding[];
}

/**
 * The fields of a message the app made itself (the demo's mail, a local send): on no server,
 * with no verdict or files, not triaged.
 */
export const madeLocally = (): Pick<
  StoredMessage,
  'remoteUid' | 'auth' | 'attachments' | 'category' | 'summary' | 'triagedAt'
> => ({ remoteUid: null, auth: null, attachments: [], category: null, summary: null, triagedAt: null });

export interface TriageFinding {
  readonly kind: string;
  readonly reason: string;
}

export type Triage = Pick<StoredMessage, 'category' | 'summary' | 'triagedAt' | 'findings'>;

/** A list row: what the inbox list shows (no bodies). */
export type MessageHeader = Omit<StoredMessage, 'body' | 'html' | 'htmlReading'> & {
  /** The start of the body, markup and all: main/mail/snippet.ts makes the line a person reads. */
  readonly preview: string;
  /** How many messages its conversation holds (1 unless the page was asked for threads). */
  readonly threadSize: number;
};

export interface PageCursor {
  readonly date: string;
  readonly id: string;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Pass back as `after` for the next page; null on the last page. */
  readonly next: PageCursor | null;
}

interface Row {
  id: string;
  account_id: string;
  folder: string;
  remote_uid: number | null;
  message_id: string | null;
  thread_id: string;
  from_addr: string;
  reply_to: string | null;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  date: string;
  body?: string;
  html?: string | null;
  html_reading?: string | null;
  preview?: string;
  unread: number;
  labels: string;
  auth: string | null;
  machine_headers: string | null;
  attachments: string;
  parse_error: string | null;
  body_pending: number;
  category: string | null;
  summary: string | null;
  triaged_at: string | null;
  findings: string | null;
  conversation?: string;
  thread_size?: number;
}

const common = (r: Row) => ({
  id: r.id,
  accountId: r.account_id,
  folder: r.folder,
  remoteUid: r.remote_uid,
  messageId: r.message_id,
  threadId: r.thread_id,
  from: r.from_addr,
  replyTo: r.reply_to,
  to: fromJson<string[]>(r.to_addrs, []),
  cc: fromJson<string[]>(r.cc_addrs, []),
  subject: r.subject,
  date: r.date,
  unread: r.unread === 1,
  labels: fromJson<string[]>(r.labels, []),
  auth: fromJson<Record<string, string> | null>(r.auth, null),
  machineHeaders: fromJson<MachineHeaders | null>(r.machine_headers, null),
  attachments: fromJson<StoredMessage['attachments']>(r.attachments, []),
  parseError: r.parse_error,
  bodyPending: r.body_pending === 1,
  category: r.category,
  summary: r.summary,
  triagedAt: r.triaged_at,
  findings: fromJson<TriageFinding[]>(r.findings, []),
});

type TriageRow = Pick<Row, 'category' | 'summary' | 'triaged_at' | 'findings'>;
const triageFromRow = (r: TriageRow): Triage => ({
  category: r.category,
  summary: r.summary,
  triagedAt: r.triaged_at,
  findings: fromJson<TriageFinding[]>(r.findings, []),
});

const fromRow = (r: Row): StoredMessage => ({
  ...common(r),
  body: r.body ?? '',
  html: r.html ?? null,
  htmlReading: htmlReadingFromColumn(r.html_reading),
});

/**
 * A stored reading of the HTML part, or null when there is none or it is not one (a column
 * written by other SQL, or damaged): the checks then read the HTML again, never nothing.
 */
function htmlReadingFromColumn(s: string | null | undefined): HtmlReading | null {
  if (!s) return null;
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch {
    return null;
  }
  const r = v as Partial<HtmlReading> | null;
  const wellFormed =
    typeof r?.text === 'string' &&
    Array.isArray(r.links) &&
    r.links.every((l: unknown) => {
      const link = l as Partial<HtmlReading['links'][number]> | null;
      return typeof link?.href === 'string' && typeof link.text === 'string';
    });
  return wellFormed ? (r as HtmlReading) : null;
}
const headerFromRow = (r: Row): MessageHeader => ({
  ...common(r),
  preview: r.preview ?? '',
  threadSize: r.thread_size ?? 1,
});

/**
 * Messages of an account are one conversation when links of threads (References/In-Reply-To)
 * and subject keys (the subject without Re:/Fwd:, never empty) join them, followed to the end
 * (store/conversation-links.ts): each message names its conversation (`conversation`), kept as
 * messages arrive, and the list reads it through one index (messages_by_conversation).
 */
const SAME_CONVERSATION = 'n.account_id = m.account_id AND n.conversation = m.conversation';
const NEWER_IN_FOLDER = 'n.folder = m.folder AND (n.date, n.id) > (m.date, m.id)';
/** A row is the newest message of its conversation in its folder (parameter @threads). */
const NEWEST_OF_CONVERSATION = `@threads = 1
  AND NOT EXISTS (SELECT 1 FROM messages n WHERE ${SAME_CONVERSATION} AND ${NEWER_IN_FOLDER})`;
/** How many matches a conversation search reads per conversation it returns (bounded reading). */
const SEARCH_MATCHES_PER_CONVERSATION = 5;
/** The conversation's size in every folder. */
const CONVERSATION_SIZE = `(SELECT count(*) FROM messages n WHERE ${SAME_CONVERSATION}) AS thread_size`;

/**
 * How much of a body the list reads for its preview: HTML markup takes room a person never sees,
 * so more than the 160 characters of text the row shows (main/mail/snippet.ts makes that line).
 */
const PREVIEW_SOURCE_CHARS = 2000;
/** The list columns, without bodies (the start of the body as `preview` instead), of table alias `t`. */
const headerColumns = (t: string): string =>
  `${['id', 'account_id', 'folder', 'remote_uid', 'message_id', 'thread_id', 'conversation', 'from_addr', 'reply_to', 'to_addrs', 'cc_addrs', 'subject', 'date', 'unread', 'labels', 'auth', 'machine_headers', 'attachments', 'parse_error', 'body_pending', 'category', 'summary', 'triaged_at', 'findings'].map((c) => `${t}.${c}`).join(', ')}, substr(${t}.body, 1, ${PREVIEW_SOURCE_CHARS}) AS preview`;

/**
 * The columns a message is written with, in the order of `rowValues`: the statements bind them by
 * position (a sync writes thousands of rows a pass, and an object per row, spread and read back by
 * name, cost about a tenth of the row's write).
 */
const MESSAGE_COLUMNS = `id, account_id, folder, remote_uid, message_id, thread_id, from_addr, reply_to, to_addrs,
    cc_addrs, subject, subject_key, date, body, html, html_reading, unread, labels, auth, machine_headers, attachments, parse_error, body_pending,
    category, summary, triaged_at, findings, conversation`;
const PLACEHOLDERS = MESSAGE_COLUMNS.split(',')
  .map(() => '?')
  .join(', ');
/** A new listing with its conversation; nothing when the id is already stored. */
const INSERT_LISTING = `INSERT INTO messages (${MESSAGE_COLUMNS}) VALUES (${PLACEHOLDERS}) ON CONFLICT (id) DO NOTHING`;
/** Any message (a new one's conversation worked out after: `joinConversations`). */
const UPSERT_MESSAGE = `INSERT INTO messages (${MESSAGE_COLUMNS}) VALUES (${PLACEHOLDERS})
  ON CONFLICT (id) DO UPDATE SET folder = excluded.folder, remote_uid = excluded.remote_uid,
    unread = excluded.unread, labels = excluded.labels, subject = excluded.subject,
    subject_key = excluded.subject_key, body = excluded.body,
    html = excluded.html, html_reading = excluded.html_reading, from_addr = excluded.from_addr, reply_to = excluded.reply_to, to_addrs = excluded.to_addrs,
    cc_addrs = excluded.cc_addrs, auth = excluded.auth, machine_headers = excluded.machine_headers,
    attachments = excluded.attachments,
    parse_error = excluded.parse_error, body_pending = excluded.body_pending`;
/** The rowids of the listings (rows whose body is pending) among these ids (a JSON list). */
const LISTED_ROWIDS = `SELECT rowid FROM messages WHERE body_pending = 1 AND id IN (SELECT value FROM json_each(?))`;
/** The search index's entries of the rows with these rowids (a JSON list) taken out, as the delete trigger does one. */
const FTS_DELETE = `INSERT INTO messages_fts (messages_fts, rowid, subject, from_addr, body)
  SELECT 'delete', rowid, subject, from_addr, body FROM messages WHERE rowid IN (SELECT value FROM json_each(?))`;
/** The rows with these rowids (a JSON list) indexed for search, as the update trigger indexes one. */
const FTS_INSERT = `INSERT INTO messages_fts (rowid, subject, from_addr, body)
  SELECT rowid, subject, from_addr, body FROM messages WHERE rowid IN (SELECT value FROM json_each(?))`;
/** One new row indexed for search at once, as the insert trigger did before migration 15. */
const FTS_INSERT_ONE = `INSERT INTO messages_fts (rowid, subject, from_addr, body)
  SELECT rowid, subject, from_addr, body FROM messages WHERE rowid = ?`;

/** A message as the insert statements' parameters, in the order of MESSAGE_COLUMNS (`conversation`: '' until it is worked out). */
const rowValues = (m: StoredMessage, subjectKey: string, conversation = ''): unknown[] => [
  m.id,
  m.accountId,
  m.folder,
  m.remoteUid,
  m.messageId,
  m.threadId,
  m.from,
  m.replyTo ?? null,
  toJson(m.to),
  toJson(m.cc),
  m.subject,
  subjectKey,
  m.date,
  m.body,
  m.html,
  m.htmlReading ? toJson(m.htmlReading) : null,
  m.unread ? 1 : 0,
  toJson(m.labels),
  m.auth ? toJson(m.auth) : null,
  m.machineHeaders ? toJson(m.machineHeaders) : null,
  toJson(m.attachments),
  m.parseError ?? null,
  m.bodyPending ? 1 : 0,
  m.category,
  m.summary,
  m.triagedAt,
  m.findings?.length ? toJson(m.findings) : null,
  conversation,
];

export class MessagesRepo {
  /** Counts over whole folders, kept until the database changes. */
  private readonly counts: UnchangedMemo;

  constructor(private readonly db: Db) {
    this.counts = new UnchangedMemo(db);
  }

  /** Prepared once each: sync writes thousands of messages per pass. */
  private readonly statements = new Map<string, Statement>();
  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  upsert(m: StoredMessage): void {
    this.upsertMany([m]);
  }

  /**
   * Writes messages in one transaction; the one way rows enter the table, and so the one that
   * indexes them for search (no trigger does on INSERT: it cost half of a listing's insert even
   * where it did nothing, migration 15). A new listing (`bodyPending`) and a body that fills one
   * are indexed in one statement for all of them, not row by row: FTS5 writes its pending terms
   * to disk at every statement that touches it, so a row at a time cost a segment per message, as
   * much as the row and its indexes together (migration 12). Any other new row is indexed as it
   * is written, as the trigger did; updates keep their trigger.
   */
  upsertMany(rows: readonly StoredMessage[]): void {
    this.db.transaction(() => {
      const bodies = rows.filter((m) => !m.bodyPending).map((m) => m.id);
      const toIndex = bodies.length ? (this.statement(LISTED_ROWIDS).pluck().all(toJson(bodies)) as number[]) : [];
      // The listings' terms leave the index before their bodies replace them.
      if (toIndex.length) this.statement(FTS_DELETE).run(toJson(toIndex));
      for (const m of rows) {
        const subjectKey = baseSubject(m.subject);
        if (m.bodyPending) {
          // A new listing's conversation is known before it is written, in the usual cases (it
          // links one conversation or none): one write instead of a write and an update.
          const linked = this.linkedConversations(m, subjectKey);
          const conversation = linked.size > 1 ? '' : ([...linked][0] ?? m.id);
          const added = this.statement(INSERT_LISTING).run(rowValues(m, subjectKey, conversation));
          if (added.changes) {
            toIndex.push(Number(added.lastInsertRowid));
            if (linked.size > 1) this.joinConversations(m, false);
            continue;
          }
        }
        // A subject that changed may leave its conversation (only the subject key changes on conflict).
        const keyBefore = this.statement('SELECT subject_key FROM messages WHERE id = ?').pluck().get(m.id);
        const written = this.statement(UPSERT_MESSAGE).run(rowValues(m, subjectKey));
        if (keyBefore === undefined) this.statement(FTS_INSERT_ONE).run(written.lastInsertRowid);
        this.joinConversations(m, keyBefore !== undefined && keyBefore !== subjectKey);
      }
      if (toIndex.length) this.statement(FTS_INSERT).run(toJson(toIndex));
    })();
  }

  private conversationStatements: { own: Statement; members: Statement; name: Statement } | undefined;

  /** The conversations of the other messages that a message's thread or subject key links it to. */
  private linkedConversations(m: StoredMessage, subjectKey: string): Set<string> {
    const linked = this.statement(
      // Each half on its own index, named: SQLite otherwise read a whole account's conversation names.
      `SELECT conversation FROM messages INDEXED BY messages_by_thread
         WHERE thread_id = ? AND account_id = ? AND id <> ?
       UNION SELECT conversation FROM messages INDEXED BY messages_by_subject
         WHERE ? <> '' AND account_id = ? AND subject_key = ? AND id <> ?`,
    ).pluck();
    // By position, as the row's insert (see MESSAGE_COLUMNS).
    return new Set(linked.all(m.threadId, m.accountId, m.id, subjectKey, m.accountId, subjectKey, m.id) as string[]);
  }

  /**
   * Keeps conversations followed to the end (store/conversation-links.ts) as a message arrives
   * or changes: it joins the conversation its thread or subject key links, conversations it links
   * together become one, and a conversation it leaves (its subject changed) is worked out again,
   * so it splits where nothing links it any more. Only the conversations concerned are read.
   */
  private joinConversations(m: StoredMessage, keyChanged: boolean): void {
    this.conversationStatements ??= {
      own: this.db.prepare('SELECT conversation FROM messages WHERE id = ?'),
      members: this.db.prepare(
        `SELECT id, account_id AS accountId, thread_id AS threadId, subject_key AS subjectKey, conversation
         FROM messages WHERE account_id = @account AND conversation = @conversation`,
      ),
      name: this.db.prepare('UPDATE messages SET conversation = @name WHERE id = @id'),
    };
    const st = this.conversationStatements;
    const key = { account: m.accountId, thread: m.threadId, key: baseSubject(m.subject), id: m.id };
    const linked = this.linkedConversations(m, key.key);
    const own = (st.own.get(m.id) as { conversation: string }).conversation;
    // The usual cases: a message seen again, a reply to one conversation, a new conversation.
    if (!keyChanged && linked.size === 1 && (own === '' || linked.has(own))) {
      if (own === '') st.name.run({ name: [...linked][0]!, id: m.id });
      return;
    }
    if (linked.size === 0 && own === '') {
      st.name.run({ name: m.id, id: m.id });
      return;
    }
    // Conversations joined, or one the message may have left: worked out again, all of them.
    const members = new Map<string, ConversationKeys & { conversation: string }>();
    for (const c of new Set([...linked, ...(own ? [own] : [])]))
      for (const r of st.members.all({ account: m.accountId, conversation: c }) as (ConversationKeys & {
        conversation: string;
      })[])
        members.set(r.id, r);
    members.set(m.id, {
      id: m.id,
      accountId: m.accountId,
      threadId: m.threadId,
      subjectKey: key.key,
      conversation: own,
    });
    for (const [id, name] of conversationsOf([...members.values()]))
      if (members.get(id)!.conversation !== name) st.name.run({ name, id });
  }

  /**
   * Messages of a folder (every folder when absent) stored with their headers only, newest UID
   * first, at most `limit`: what the body pass and readers of whole messages complete.
   */
  pendingBodies(accountId: string, folder?: string, limit = -1): { id: string; folder: string; uid: number }[] {
    // A literal `body_pending = 1`, so SQLite uses the partial index.
    const where = new Where({ limit })
      .when('body_pending = 1 AND remote_uid IS NOT NULL AND account_id = @account', { account: accountId })
      .when('folder = @folder', { folder });
    return this.db
      .prepare(
        `SELECT id, folder, remote_uid AS uid FROM messages ${where} ORDER BY folder, remote_uid DESC LIMIT @limit`,
      )
      .all(where.params) as { id: string; folder: string; uid: number }[];
  }

  /**
   * Which of these UIDs of a folder are stored with their headers only: a reader completing a few
   * messages reads just them, not the folder's every pending row (90,000 during a big first sync).
   */
  pendingAmong(accountId: string, folder: string, uids: readonly number[]): number[] {
    return this.statement(
      `SELECT remote_uid FROM messages INDEXED BY messages_by_uid WHERE account_id = ? AND folder = ?
         AND remote_uid IN (SELECT value FROM json_each(?)) AND body_pending = 1 ORDER BY remote_uid DESC`,
    )
      .pluck()
      .all(accountId, folder, toJson(uids)) as number[];
  }

  /** Every message id of an account (to remove its attachment folders with it). */
  idsOf(accountId: string): string[] {
    return (this.db.prepare('SELECT id FROM messages WHERE account_id = ?').all(accountId) as { id: string }[]).map(
      (r) => r.id,
    );
  }

  /**
   * The triage of messages the account already holds under these Message-IDs (in another folder:
   * a server-side move is a deletion here and an arrival there), so they are not triaged twice.
   * One query for a sync's whole page.
   */
  triageByMessageId(accountId: string, messageIds: readonly string[]): Map<string, Triage> {
    const rows = this.statement(
      `SELECT message_id, category, summary, triaged_at, findings FROM messages
       WHERE account_id = ? AND message_id IN (SELECT value FROM json_each(?)) AND triaged_at IS NOT NULL`,
    ).all(accountId, toJson(messageIds)) as (TriageRow & { message_id: string })[];
    const out = new Map<string, Triage>();
    for (const r of rows) if (!out.has(r.message_id)) out.set(r.message_id, triageFromRow(r));
    return out;
  }

  /** The triage of these messages of a folder, by Message-ID (read before they are removed). */
  triageByUid(accountId: string, folder: string, uids: readonly number[]): Map<string, Triage> {
    const get = this.db.prepare(
      `SELECT message_id, category, summary, triaged_at, findings FROM messages
       WHERE account_id = ? AND folder = ? AND remote_uid = ? AND triaged_at IS NOT NULL AND message_id IS NOT NULL`,
    );
    const out = new Map<string, Triage>();
    for (const uid of uids) {
      const r = get.get(accountId, folder, uid) as (TriageRow & { message_id: string }) | undefined;
      if (r) out.set(r.message_id, triageFromRow(r));
    }
    return out;
  }

  /** What the store holds of a remote folder, by UID: what a sync compares with the server. */
  remoteState(accountId: string, folder: string): Map<number, { id: string; unread: boolean }> {
    const rows = this.db
      .prepare(
        'SELECT id, remote_uid, unread FROM messages WHERE account_id = ? AND folder = ? AND remote_uid IS NOT NULL',
      )
      .all(accountId, folder) as { id: string; remote_uid: number; unread: number }[];
    return new Map(rows.map((r) => [r.remote_uid, { id: r.id, unread: r.unread === 1 }]));
  }

  /** Removes the messages of a remote folder with these UIDs; returns how many went. */
  removeByUid(accountId: string, folder: string, uids: readonly number[]): number {
    const del = this.db.prepare('DELETE FROM messages WHERE account_id = ? AND folder = ? AND remote_uid = ?');
    let n = 0;
    this.db.transaction(() => {
      for (const uid of uids) n += del.run(accountId, folder, uid).changes;
    })();
    return n;
  }

  /** Removes every synced message of a folder (its UIDVALIDITY changed: the UIDs mean nothing now). */
  removeFolder(accountId: string, folder: string): number {
    return this.db
      .prepare('DELETE FROM messages WHERE account_id = ? AND folder = ? AND remote_uid IS NOT NULL')
      .run(accountId, folder).changes;
  }

  /** Sets `unread` by UID for many messages in one transaction. */
  setUnreadByUid(accountId: string, folder: string, changes: readonly { uid: number; unread: boolean }[]): void {
    const set = this.db.prepare(
      'UPDATE messages SET unread = ? WHERE account_id = ? AND folder = ? AND remote_uid = ?',
    );
    this.db.transaction(() => {
      for (const c of changes) set.run(c.unread ? 1 : 0, accountId, folder, c.uid);
    })();
  }

  get(id: string): StoredMessage | undefined {
    const r = this.statement('SELECT * FROM messages WHERE id = ?').get(id) as Row | undefined;
    return r && fromRow(r);
  }

  /**
   * Newest first in a folder (of one account, or all accounts: the unified inbox). With
   * `threads`, one row per conversation: its newest message in the folder, with `threadSize`.
   */
  page(o: {
    folder?: string;
    accountId?: string;
    category?: string;
    limit?: number;
    after?: PageCursor;
    threads?: boolean;
  }): Page<MessageHeader> {
    const limit = pageSize(o.limit, 50, 500);
    const where = new Where({ limit: limit + 1 })
      .when('folder = @folder', { folder: o.folder ?? 'INBOX' })
      .when('account_id = @account', { account: o.accountId })
      .when('category = @category', { category: o.category })
      .when('(date, id) < (@ad, @ai)', { ad: o.after?.date, ai: o.after?.id })
      .when(NEWEST_OF_CONVERSATION, { threads: o.threads ? 1 : undefined });
    const rows = this.db
      .prepare(
        `SELECT ${headerColumns('m')}${o.threads ? `, ${CONVERSATION_SIZE}` : ''}
         FROM messages m ${where} ORDER BY date DESC, id DESC LIMIT @limit`,
      )
      .all(where.params) as Row[];
    return paged(rows.map(headerFromRow), limit);
  }

  /** Each folder of an account (or of all accounts) with how many messages it holds and how many are unread. */
  folderCounts(accountId?: string): { folder: string; total: number; unread: number }[] {
    return this.counts.get(`folders\u0000${accountId ?? ''}`, () => {
      const where = new Where().when('account_id = @account', { account: accountId });
      return this.db
        .prepare(
          `SELECT folder, count(*) AS total, sum(unread) AS unread FROM messages ${where} GROUP BY folder ORDER BY folder`,
        )
        .all(where.params) as { folder: string; total: number; unread: number }[];
    });
  }

  /**
   * Search with operators (search-query.ts): words and phrases over FTS (best matches first,
   * bm25), the other operators as filters on the row; with no words, newest first. Bounded.
   * With `threads`, one row per conversation: its best match, with `threadSize`.
   */
  search(
    text: string,
    o: { limit?: number; offset?: number; accountId?: string; threads?: boolean } = {},
  ): MessageHeader[] {
    const q = parseSearch(text);
    if (isEmptyQuery(q)) return [];
    const match = ftsMatch(q);
    const limit = pageSize(o.limit, 50, 500);
    const offset = Math.max(0, o.offset ?? 0);
    // Conversations: read matches enough for several per conversation, then keep each one's best.
    const where = new Where(
      o.threads ? { limit: (offset + limit) * SEARCH_MATCHES_PER_CONVERSATION, offset: 0 } : { limit, offset },
    )
      .when('messages_fts MATCH @match', { match: match ?? undefined })
      .when('m.account_id = @account', { account: o.accountId })
      .when('m.folder = @folder COLLATE NOCASE', { folder: q.folder })
      .when('m.unread = @unread', { unread: q.unread === undefined ? undefined : Number(q.unread) })
      .when(STARRED, { starred: q.starred ? 1 : undefined })
      .when("(m.attachments <> '[]') = @attachment", { attachment: q.hasAttachment ? 1 : undefined })
      .when('m.date < @before', { before: q.before })
      .when('m.date >= @after', { after: q.after });
    q.from.forEach((f, i) =>
      where.when(`m.from_addr LIKE @from${i} ESCAPE '\\'`, { [`from${i}`]: `%${likeLiteral(f)}%` }),
    );
    q.to.forEach((t, i) =>
      where.when(`(m.to_addrs LIKE @to${i} ESCAPE '\\' OR m.cc_addrs LIKE @to${i} ESCAPE '\\')`, {
        [`to${i}`]: `%${likeLiteral(t)}%`,
      }),
    );
    const sql = match
      ? `SELECT ${headerColumns('m')} FROM messages_fts JOIN messages m ON m.rowid = messages_fts.rowid ${where}
         ORDER BY bm25(messages_fts), m.date DESC LIMIT @limit OFFSET @offset`
      : `SELECT ${headerColumns('m')} FROM messages m ${where} ORDER BY m.date DESC, m.id DESC LIMIT @limit OFFSET @offset`;
    const rows = this.db.prepare(sql).all(where.params) as Row[];
    return o.threads ? this.byConversation(rows).slice(offset, offset + limit) : rows.map(headerFromRow);
  }

  /**
   * The first of each conversation among ranked rows (a row joins an earlier one of its
   * conversation, as the list groups them), each with its conversation's size.
   */
  private byConversation(rows: readonly Row[]): MessageHeader[] {
    const size = this.db.prepare(`SELECT ${CONVERSATION_SIZE} FROM messages m WHERE m.id = ?`);
    const seen = new Set<string>();
    const kept: MessageHeader[] = [];
    for (const r of rows) {
      const key = `${r.account_id}\u0000${r.conversation ?? r.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      kept.push({ ...headerFromRow(r), threadSize: (size.get(r.id) as { thread_size: number }).thread_size });
    }
    return kept;
  }

  thread(threadId: string): StoredMessage[] {
    return (this.db.prepare('SELECT * FROM messages WHERE thread_id = ? ORDER BY date').all(threadId) as Row[]).map(
      fromRow,
    );
  }

  /**
   * A message's conversation, oldest first: every message the list counts with it (its thread,
   * messages of the same account whose subject is the same once Re:/Fwd: prefixes are taken off,
   * and what those link in turn). The newest `limit`.
   */
  conversation(m: Pick<StoredMessage, 'id' | 'accountId'>, limit = 50): StoredMessage[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM messages WHERE account_id = @account
           AND conversation = (SELECT conversation FROM messages WHERE id = @id)
         ORDER BY date DESC, id DESC LIMIT @limit`,
      )
      .all({ account: m.accountId, id: m.id, limit }) as Row[];
    return rows.map(fromRow).reverse();
  }

  untriaged(accountId: string, limit: number): StoredMessage[] {
    return (
      this.db
        .prepare(
          `SELECT * FROM messages WHERE account_id = ? AND triaged_at IS NULL AND folder = 'INBOX'
           ORDER BY date DESC, id DESC LIMIT ?`,
        )
        .all(accountId, limit) as Row[]
    ).map(fromRow);
  }

  setTriage(
    id: string,
    t: { category: string; summary: string; at: string; findings?: readonly TriageFinding[] },
  ): void {
    this.db
      .prepare('UPDATE messages SET category = ?, summary = ?, triaged_at = ?, findings = ? WHERE id = ?')
      .run(t.category, t.summary, t.at, t.findings?.length ? toJson(t.findings) : null, id);
  }

  move(id: string, folder: string): void {
    this.db.prepare('UPDATE messages SET folder = ? WHERE id = ?').run(folder, id);
  }

  /**
   * Moved on the server: its old UID names nothing in the new folder. With the new UID (the
   * server's COPYUID) it can be acted on at once; without, a sync of that folder finds it again.
   */
  movedOnServer(id: string, folder: string, uid: number | null = null): void {
    this.db.prepare('UPDATE messages SET folder = ?, remote_uid = ? WHERE id = ?').run(folder, uid, id);
  }

  /** The folders an account has mail in. */
  folders(accountId: string): string[] {
    return (
      this.db.prepare('SELECT DISTINCT folder FROM messages WHERE account_id = ? ORDER BY folder').all(accountId) as {
        folder: string;
      }[]
    ).map((r) => r.folder);
  }

  setUnread(id: string, unread: boolean): void {
    this.db.prepare('UPDATE messages SET unread = ? WHERE id = ?').run(unread ? 1 : 0, id);
  }

  setLabels(id: string, labels: readonly string[]): void {
    this.db.prepare('UPDATE messages SET labels = ? WHERE id = ?').run(toJson(labels), id);
  }

  /** Messages of a folder (of one account, or all) by triage category (`untriaged` for those not triaged yet). */
  categoryCounts(folder = 'INBOX', accountId?: string): Record<string, number> {
    return this.counts.get(`category\u0000${folder}\u0000${accountId ?? ''}`, () => {
      const where = new Where()
        .when('folder = @folder', { folder })
        .when('account_id = @account', { account: accountId });
      const rows = this.db
        .prepare(`SELECT coalesce(category, 'untriaged') AS c, count(*) AS n FROM messages ${where} GROUP BY c`)
        .all(where.params) as { c: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.c, r.n]));
    });
  }

  /**
   * How many messages a folder holds (of one account, or all). Without a category only the
   * folder's index is read, not the rows: a few milliseconds at 100,000.
   */
  folderTotal(folder: string, accountId?: string, category?: string): number {
    if (category) return this.categoryCounts(folder, accountId)[category] ?? 0;
    const where = new Where()
      .when('folder = @folder', { folder })
      .when('account_id = @account', { account: accountId });
    return (this.db.prepare(`SELECT count(*) AS n FROM messages ${where}`).get(where.params) as { n: number }).n;
  }

  count(folder?: string): number {
    return (
      (folder
        ? this.db.prepare('SELECT count(*) AS n FROM messages WHERE folder = ?').get(folder)
        : this.db.prepare('SELECT count(*) AS n FROM messages').get()) as { n: number }
    ).n;
  }
}

function paged(items: MessageHeader[], limit: number): Page<MessageHeader> {
  const more = items.length > limit;
  const page = more ? items.slice(0, limit) : items;
  const last = page[page.length - 1];
  return { items: page, next: more && last ? { date: last.date, id: last.id } : null };
}
