/**
 * What the assistant wrote and what left: drafts, the sent record (for the demo account, the
 * local outbox a person can look at), and invitation responses.
 */
import type { Draft, EventResponse, SentEmail } from '../../../engine/world';
import type { Db } from '../database';
import { fromJson, toJson } from './json';

export interface StoredDraft extends Draft {
  readonly accountId: string;
  readonly runId: string | null;
  /** A person edited it: its content is now theirs. */
  readonly edited: boolean;
  readonly updatedAt: string;
}

export interface SentRecord extends SentEmail {
  readonly accountId: string;
  readonly claimId: string | null;
  readonly runId: string | null;
  readonly messageId: string | null;
}

interface DraftRow {
  id: string;
  account_id: string;
  run_id: string | null;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  body: string;
  in_reply_to: string | null;
  created_at: string;
  updated_at: string;
  edited: number;
}

interface SentRow {
  id: string;
  account_id: string;
  kind: 'send' | 'reply';
  claim_id: string | null;
  run_id: string | null;
  message_id: string | null;
  from_addr: string;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  body: string;
  in_reply_to: string | null;
  thread_id: string | null;
  date: string;
}

const draftFromRow = (r: DraftRow): StoredDraft => ({
  id: r.id,
  accountId: r.account_id,
  runId: r.run_id,
  to: fromJson<string[]>(r.to_addrs, []),
  cc: fromJson<string[]>(r.cc_addrs, []),
  subject: r.subject,
  body: r.body,
  inReplyTo: r.in_reply_to,
  date: r.created_at,
  updatedAt: r.updated_at,
  edited: r.edited === 1,
});

const sentFromRow = (r: SentRow): SentRecord => ({
  id: r.id,
  accountId: r.account_id,
  kind: r.kind,
  claimId: r.claim_id,
  runId: r.run_id,
  messageId: r.message_id,
  from: r.from_addr,
  to: fromJson<string[]>(r.to_addrs, []),
  cc: fromJson<string[]>(r.cc_addrs, []),
  subject: r.subject,
  body: r.body,
  inReplyTo: r.in_reply_to,
  threadId: r.thread_id,
  date: r.date,
});

export class OutgoingRepo {
  constructor(private readonly db: Db) {}

  addDraft(accountId: string, d: Draft, runId: string | null): void {
    this.db
      .prepare(
        `INSERT INTO drafts (id, account_id, run_id, to_addrs, cc_addrs, subject, body, in_reply_to, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(d.id, accountId, runId, toJson(d.to), toJson(d.cc), d.subject, d.body, d.inReplyTo, d.date, d.date);
  }

  /** A person's edit: the content becomes theirs. */
  editDraft(id: string, patch: { to?: string[]; cc?: string[]; subject?: string; body?: string }, at: string): void {
    const d = this.draft(id);
    if (!d) throw new Error(`no draft ${JSON.stringify(id)}`);
    this.db
      .prepare(
        'UPDATE drafts SET to_addrs = ?, cc_addrs = ?, subject = ?, body = ?, updated_at = ?, edited = 1 WHERE id = ?',
      )
      .run(
        toJson(patch.to ?? d.to),
        toJson(patch.cc ?? d.cc),
        patch.subject ?? d.subject,
        patch.body ?? d.body,
        at,
        id,
      );
  }

  draft(id: string): StoredDraft | undefined {
    const r = this.db.prepare('SELECT * FROM drafts WHERE id = ?').get(id) as DraftRow | undefined;
    return r && draftFromRow(r);
  }

  drafts(accountId: string): StoredDraft[] {
    return (
      this.db.prepare('SELECT * FROM drafts WHERE account_id = ? ORDER BY created_at, id').all(accountId) as DraftRow[]
    ).map(draftFromRow);
  }

  /** The drafts answering an email that are still to be sent (a sent one is not offered again). */
  draftsReplyingTo(emailId: string): StoredDraft[] {
    return (
      this.db
        .prepare('SELECT * FROM drafts WHERE in_reply_to = ? AND sent_by IS NULL ORDER BY created_at')
        .all(emailId) as DraftRow[]
    ).map(draftFromRow);
  }

  /**
   * The highest N of every account's `draft-N` and `sent-N` ids: the ids are the table's keys,
   * so a world numbers its new ones after all of them (engine/world `numberedAfter`).
   */
  numberedAfter(): { draft: number; sent: number } {
    const highest = (table: 'drafts' | 'sent', prefix: string): number =>
      (
        this.db
          .prepare(
            `SELECT coalesce(max(CAST(substr(id, ${prefix.length + 1}) AS INTEGER)), 0) AS n FROM ${table} WHERE id GLOB '${prefix}[0-9]*'`,
          )
          .get() as { n: number }
      ).n;
    return { draft: highest('drafts', 'draft-'), sent: highest('sent', 'sent-') };
  }

  /** The send that took this draft (its claim id), or null while it is still to be sent. */
  draftSentBy(id: string): string | null {
    const r = this.db.prepare('SELECT sent_by FROM drafts WHERE id = ?').get(id) as
      { sent_by: string | null } | undefined;
    return r?.sent_by ?? null;
  }

  /** The person sent the draft (send `sendId`); an undone send gives its drafts back (`restoreDraftsOf`). */
  markDraftSent(id: string, sendId: string): void {
    this.db.prepare('UPDATE drafts SET sent_by = ? WHERE id = ?').run(sendId, id);
  }

  restoreDraftsOf(sendId: string): void {
    this.db.prepare('UPDATE drafts SET sent_by = NULL WHERE sent_by = ?').run(sendId);
  }

  addSent(accountId: string, s: SentEmail, o: { claimId?: string; runId?: string; messageId?: string } = {}): void {
    this.db
      .prepare(
        `INSERT INTO sent (id, account_id, kind, claim_id, run_id, message_id, from_addr, to_addrs, cc_addrs, subject, body,
           in_reply_to, thread_id, date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        s.id,
        accountId,
        s.kind,
        o.claimId ?? null,
        o.runId ?? null,
        o.messageId ?? null,
        s.from,
        toJson(s.to),
        toJson(s.cc),
        s.subject,
        s.body,
        s.inReplyTo,
        s.threadId,
        s.date,
      );
  }

  sent(accountId?: string): SentRecord[] {
    const rows = accountId
      ? this.db.prepare('SELECT * FROM sent WHERE account_id = ? ORDER BY date, id').all(accountId)
      : this.db.prepare('SELECT * FROM sent ORDER BY date, id').all();
    return (rows as SentRow[]).map(sentFromRow);
  }

  sentByMessageId(messageId: string): SentRecord | undefined {
    const r = this.db.prepare('SELECT * FROM sent WHERE message_id = ?').get(messageId) as SentRow | undefined;
    return r && sentFromRow(r);
  }

  addResponse(accountId: string, r: EventResponse): void {
    this.db
      .prepare('INSERT INTO responses (account_id, event_id, response, organizer, date) VALUES (?, ?, ?, ?, ?)')
      .run(accountId, r.eventId, r.response, r.organizer, r.date);
  }

  responses(accountId: string): EventResponse[] {
    return this.db
      .prepare(
        'SELECT event_id AS eventId, response, organizer, date FROM responses WHERE account_id = ? ORDER BY date',
      )
      .all(accountId) as EventResponse[];
  }
}
