/**
 * What a run over the profile reads of an account's mail (main/profile/world-io.ts,
 * main/runs/store-email-source.ts): only the fields a world holds (no HTML, attachments or
 * triage), newest first by the stored date text and then id, a page or a chunk at a time. Read
 * only: a run's changes reach the store through the messages repository, after the run.
 */
import type { MembershipInputs } from '../../../engine/world/email-source';
import type { Db } from '../database';
import { fromJson } from './json';
import type { StoredMessage } from './messages';

/** A message as a run's world holds it. */
export type WorldMessage = Pick<
  StoredMessage,
  'id' | 'folder' | 'threadId' | 'from' | 'to' | 'cc' | 'subject' | 'date' | 'body' | 'unread' | 'labels' | 'auth'
>;

/** What a message's labels and a sender filter read: never changed by a run. */
export type WorldMessageHeaders = Pick<WorldMessage, 'id' | 'from' | 'to' | 'cc' | 'auth'>;

/**
 * Which messages of a listing: of these folders (exact names; `null`: every folder but Trash),
 * unread ones only or all, with a date text in [`from`, `below`) — bounds on the stored text,
 * either may be absent — newest first, at most `limit` (-1: all).
 */
export interface WorldPageQuery {
  readonly folders: readonly string[] | null;
  readonly unreadOnly: boolean;
  readonly from?: string;
  readonly below?: string;
  readonly limit: number;
}

interface Row {
  id: string;
  folder: string;
  thread_id: string;
  from_addr: string;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  date: string;
  body: string;
  unread: number;
  labels: string;
  auth: string | null;
}

const COLUMNS = 'id, folder, thread_id, from_addr, to_addrs, cc_addrs, subject, date, body, unread, labels, auth';

const worldMessage = (r: Row): WorldMessage => ({
  id: r.id,
  folder: r.folder,
  threadId: r.thread_id,
  from: r.from_addr,
  to: fromJson<string[]>(r.to_addrs, []),
  cc: fromJson<string[]>(r.cc_addrs, []),
  subject: r.subject,
  date: r.date,
  body: r.body,
  unread: r.unread === 1,
  labels: fromJson<string[]>(r.labels, []),
  auth: fromJson<Record<string, string> | null>(r.auth, null),
});

/** Rows a scan reads at a time: its memory stays bounded whatever the mailbox. */
const CHUNK = 2_000;

/** A message's place in `forWorld`'s order: a scan from it up reads that message and every newer one. */
export interface Floor {
  readonly date: string;
  readonly id: string;
}
const FROM_FLOOR = '(@floorDate IS NULL OR (date, id) >= (@floorDate, @floorId))';
const floorParams = (f: Floor | undefined) => ({ floorDate: f?.date ?? null, floorId: f?.id ?? null });

export class WorldMailRepo {
  constructor(private readonly db: Db) {}

  /** The messages of an account, every folder, newest first: the whole world of a run that copies it. */
  forWorld(accountId: string): WorldMessage[] {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM messages WHERE account_id = ? ORDER BY date DESC, id DESC`)
      .all(accountId) as Row[];
    return rows.map(worldMessage);
  }

  /** The newest `n` messages, every folder (`forWorld`'s first `n`): their ids, and the last's place. */
  newest(accountId: string, n: number): { ids: string[]; floor: Floor | undefined } {
    const rows = this.db
      .prepare('SELECT id, date FROM messages WHERE account_id = ? ORDER BY date DESC, id DESC LIMIT ?')
      .all(accountId, n) as { id: string; date: string }[];
    const last = rows[rows.length - 1];
    return { ids: rows.map((r) => r.id), floor: last && { date: last.date, id: last.id } };
  }

  count(accountId: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE account_id = ?').get(accountId) as { n: number })
      .n;
  }

  one(accountId: string, id: string): WorldMessage | undefined {
    const r = this.db.prepare(`SELECT ${COLUMNS} FROM messages WHERE account_id = ? AND id = ?`).get(accountId, id) as
      Row | undefined;
    return r && worldMessage(r);
  }

  /** The folders an account has mail in (a listing's folder is matched against them). */
  folders(accountId: string): string[] {
    return (
      this.db.prepare('SELECT DISTINCT folder FROM messages WHERE account_id = ?').all(accountId) as {
        folder: string;
      }[]
    ).map((r) => r.folder);
  }

  page(accountId: string, q: WorldPageQuery): WorldMessage[] {
    const where = ['account_id = @account'];
    if (q.folders === null) where.push(`folder <> 'Trash'`);
    else where.push('folder IN (SELECT value FROM json_each(@folders))');
    if (q.unreadOnly) where.push('unread = 1');
    if (q.from !== undefined) where.push('date >= @from');
    if (q.below !== undefined) where.push('date < @below');
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM messages WHERE ${where.join(' AND ')} ORDER BY date DESC, id DESC LIMIT @limit`)
      .all({
        account: accountId,
        folders: JSON.stringify(q.folders ?? []),
        from: q.from ?? null,
        below: q.below ?? null,
        limit: q.limit,
      }) as Row[];
    return rows.map(worldMessage);
  }

  /**
   * Every message in `forWorld`'s order but the trash last (a world's order: its mail, then its
   * trash), read a chunk at a time; those from `floor` up only, when given.
   */
  *each(accountId: string, floor?: Floor): Generator<WorldMessage> {
    for (const trash of [0, 1]) {
      const next = this.db.prepare(
        `SELECT ${COLUMNS} FROM messages WHERE account_id = @account AND (folder = 'Trash') = @trash
           AND (@date IS NULL OR (date, id) < (@date, @id)) AND ${FROM_FLOOR}
         ORDER BY date DESC, id DESC LIMIT ${CHUNK}`,
      );
      let last: Row | undefined;
      for (;;) {
        const rows = next.all({
          account: accountId,
          trash,
          date: last?.date ?? null,
          id: last?.id ?? null,
          ...floorParams(floor),
        }) as Row[];
        for (const r of rows) yield worldMessage(r);
        if (rows.length < CHUNK) break;
        last = rows[rows.length - 1];
      }
    }
  }

  /**
   * What a listing's structure label depends on (engine/world/email-source.ts `MembershipInputs`):
   * every message's id and the distinct address sets, two queries, no JSON per message.
   */
  membershipInputs(accountId: string): MembershipInputs {
    const ids = this.db.prepare(`SELECT id FROM messages WHERE account_id = ?`).pluck().all(accountId) as string[];
    const rows = this.db
      .prepare(`SELECT DISTINCT from_addr, to_addrs, cc_addrs FROM messages WHERE account_id = ?`)
      .all(accountId) as Pick<Row, 'from_addr' | 'to_addrs' | 'cc_addrs'>[];
    const addressed = rows.map((r) => ({
      from: r.from_addr,
      to: fromJson<string[]>(r.to_addrs, []),
      cc: fromJson<string[]>(r.cc_addrs, []),
    }));
    return { ids, addressed };
  }

  /** The headers of every message (from `floor` up, when given), a chunk at a time, in no particular order. */
  *headers(accountId: string, floor?: Floor): Generator<WorldMessageHeaders> {
    const next = this.db.prepare(
      `SELECT rowid, id, from_addr, to_addrs, cc_addrs, auth FROM messages
       WHERE account_id = @account AND rowid > @after AND ${FROM_FLOOR} ORDER BY rowid LIMIT ${CHUNK}`,
    );
    for (let after = 0; ;) {
      const rows = next.all({ account: accountId, after, ...floorParams(floor) }) as (Pick<
        Row,
        'id' | 'from_addr' | 'to_addrs' | 'cc_addrs' | 'auth'
      > & {
        rowid: number;
      })[];
      for (const r of rows)
        yield {
          id: r.id,
          from: r.from_addr,
          to: fromJson<string[]>(r.to_addrs, []),
          cc: fromJson<string[]>(r.cc_addrs, []),
          auth: fromJson<Record<string, string> | null>(r.auth, null),
        };
      if (rows.length < CHUNK) break;
      after = rows[rows.length - 1]!.rowid;
    }
  }
}
