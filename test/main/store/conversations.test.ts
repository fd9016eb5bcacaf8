/**
 * Conversations and folders in the store: one row per conversation in a folder (its newest
 * message, with the conversation's size), a conversation gathered by thread and then by subject
 * without its prefixes (a stored, indexed key filled for old rows by migration 7), folder counts and category counts per account (the unified inbox).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase, schemaVersion } from '../../../main/store';
import type { Db } from '../../../main/store/database';
import { repositories, type Repositories } from '../../../main/store/repositories';
import { baseSubject } from '../../../main/store/repos/messages';
import { freshRepos, message } from './message-fixture';

describe('conversations and folders', () => {
  let db: Db;
  let repos: Repositories;
  beforeAll(() => {
    ({ db, repos } = freshRepos());
    for (const m of [
      message('q1', { threadId: 't-q', subject: 'Quote', date: '2026-03-01T09:00:00.000Z', folder: 'Sent' }),
      message('q2', { threadId: 't-q', subject: 'Re: Quote', date: '2026-03-02T09:00:00.000Z', unread: true }),
      message('q3', { threadId: 't-q', subject: 'RE: Quote', date: '2026-03-03T09:00:00.000Z' }),
      // No References: joined by its subject.
      message('q4', { threadId: 't-other', subject: 'Fwd: Re: quote', date: '2026-03-04T09:00:00.000Z' }),
      message('x1', { subject: 'Lunch', date: '2026-03-05T09:00:00.000Z', category: 'fyi' }),
      message('y1', { accountId: 'a2', subject: 'Quote', date: '2026-03-06T09:00:00.000Z', unread: true }),
    ])
      repos.messages.upsert(m);
  });
  afterAll(() => db.close());

  it('takes reply and forward prefixes off a subject', () => {
    expect(baseSubject('Re: Fwd: AW: Quote ')).toBe('quote');
    expect(baseSubject('RE[2]: Quote')).toBe('quote');
    expect(baseSubject('Reply needed')).toBe('reply needed');
  });

  it('lists one row per conversation in a folder, its newest message, with the conversation’s size', () => {
    const page = repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true });
    // q4 has no References into t-q: its subject joins it to the Quote conversation (q1 in Sent too).
    expect(page.items.map((m) => [m.id, m.threadSize])).toEqual([
      ['x1', 1],
      ['q4', 4],
    ]);
    // Without threads, every message (as before).
    expect(repos.messages.page({ folder: 'INBOX', accountId: 'a1' }).items).toHaveLength(4);
    // Paged by the keyset still: two pages of one and two rows.
    const first = repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true, limit: 1 });
    const rest = repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true, after: first.next! });
    expect([...first.items, ...rest.items].map((m) => m.id)).toEqual(['x1', 'q4']);
    // In Sent, the conversation's newest message there stands for it.
    expect(repos.messages.page({ folder: 'Sent', accountId: 'a1', threads: true }).items.map((m) => m.id)).toEqual([
      'q1',
    ]);
  });

  it('gathers a conversation oldest first: its thread in every folder, then the same subject, one account only', () => {
    const q3 = repos.messages.get('q3')!;
    expect(repos.messages.conversation(q3).map((m) => m.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(repos.messages.conversation(repos.messages.get('x1')!).map((m) => m.id)).toEqual(['x1']);
    // The list's row and the view agree: the row's conversation is every message it counts.
    const row = repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true }).items[1]!;
    expect(repos.messages.conversation(row)).toHaveLength(row.threadSize);
  });

  it('keeps the subject key with the subject when a message changes', () => {
    repos.messages.upsert(message('z1', { subject: 'Re: Budget', date: '2026-03-07T09:00:00.000Z' }));
    repos.messages.upsert(message('z2', { subject: 'Budget', date: '2026-03-08T09:00:00.000Z' }));
    const ids = () =>
      repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true }).items.map((m) => [m.id, m.threadSize]);
    expect(ids().slice(0, 1)).toEqual([['z2', 2]]);
    repos.messages.upsert(message('z2', { subject: 'Budget (final)', date: '2026-03-08T09:00:00.000Z' }));
    expect(ids().slice(0, 2)).toEqual([
      ['z2', 1],
      ['z1', 1],
    ]);
    for (const id of ['z1', 'z2']) db.prepare('DELETE FROM messages WHERE id = ?').run(id);
  });

  it('never joins messages by an empty subject', () => {
    repos.messages.upsert(message('e1', { accountId: 'a2', subject: '', date: '2026-02-01T09:00:00.000Z' }));
    repos.messages.upsert(message('e2', { accountId: 'a2', subject: 'Re:', date: '2026-02-02T09:00:00.000Z' }));
    const page = repos.messages.page({ folder: 'INBOX', accountId: 'a2', threads: true });
    expect(page.items.map((m) => [m.id, m.threadSize])).toEqual([
      ['y1', 1],
      ['e2', 1],
      ['e1', 1],
    ]);
    for (const id of ['e1', 'e2']) db.prepare('DELETE FROM messages WHERE id = ?').run(id);
  });

  it('counts every folder and category, for one account or all', () => {
    expect(repos.messages.folderCounts('a1')).toEqual([
      { folder: 'INBOX', total: 4, unread: 1 },
      { folder: 'Sent', total: 1, unread: 0 },
    ]);
    expect(repos.messages.folderCounts()).toEqual([
      { folder: 'INBOX', total: 5, unread: 2 },
      { folder: 'Sent', total: 1, unread: 0 },
    ]);
    expect(repos.messages.categoryCounts('INBOX', 'a2')).toEqual({ untriaged: 1 });
    expect(repos.messages.categoryCounts('INBOX')).toEqual({ untriaged: 4, fyi: 1 });
  });
});

describe('the subject key of messages stored before it existed (migration 7)', () => {
  it('is filled from each subject, so the list groups old mail by subject too', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'zamburak-subject-key-')), 'p.db');
    const before = openDatabase(file, { migrations: MIGRATIONS.slice(0, 6) });
    const insert = before.prepare(
      `INSERT INTO messages (id, account_id, folder, thread_id, from_addr, to_addrs, cc_addrs, subject, date, body, unread)
       VALUES (?, 'a1', 'INBOX', ?, 's@x.test', '[]', '[]', ?, ?, '', 0)`,
    );
    before
      .prepare(
        `INSERT INTO accounts (id, name, email, user_name, addresses, transport, config, created_at)
         VALUES ('a1', 'a1', 'me@a1.test', 'Me', '[]', 'local', '{}', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    insert.run('old1', 't1', 'Plans', '2026-01-01T00:00:00.000Z');
    insert.run('old2', 't2', 'RE: plans', '2026-01-02T00:00:00.000Z');
    insert.run('old3', 't3', '', '2026-01-03T00:00:00.000Z');
    before.close();

    const after = openDatabase(file, { migrations: MIGRATIONS });
    try {
      expect(schemaVersion(after)).toBe(MIGRATIONS.length);
      expect(after.prepare('SELECT id, subject_key FROM messages ORDER BY id').all()).toEqual([
        { id: 'old1', subject_key: 'plans' },
        { id: 'old2', subject_key: 'plans' },
        { id: 'old3', subject_key: '' },
      ]);
      const plan = after
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM messages WHERE account_id = 'a1' AND subject_key = 'plans'")
        .all() as { detail: string }[];
      expect(plan.map((r) => r.detail).join(' ')).toContain('messages_by_subject');
      const page = repositories(after).messages.page({ folder: 'INBOX', accountId: 'a1', threads: true });
      expect(page.items.map((m) => [m.id, m.threadSize])).toEqual([
        ['old3', 1],
        ['old2', 2],
      ]);
    } finally {
      after.close();
    }
  });
});

describe('conversations followed to the end', () => {
  /** A and B share a subject, B and C a thread: A and C are one conversation through B. */
  const chain = [
    message('a', { threadId: 't-a', subject: 'Offsite', date: '2026-04-01T09:00:00.000Z' }),
    message('b', { threadId: 't-bc', subject: 'Re: Offsite', date: '2026-04-02T09:00:00.000Z' }),
    message('c', { threadId: 't-bc', subject: 'Dates for next week', date: '2026-04-03T09:00:00.000Z' }),
  ];
  const rows = (repos: Repositories) =>
    repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true }).items.map((m) => [m.id, m.threadSize]);

  it('puts A and C in one row through B, in whatever order they arrive, and splits when B no longer links them', () => {
    for (const order of [
      [0, 1, 2],
      [0, 2, 1],
      [2, 0, 1],
      [1, 2, 0],
    ]) {
      const { db, repos } = freshRepos();
      try {
        for (const i of order) repos.messages.upsert(chain[i]!);
        expect(rows(repos)).toEqual([['c', 3]]);
        expect(repos.messages.conversation(chain[0]!).map((m) => m.id)).toEqual(['a', 'b', 'c']);
        // B's subject changes: nothing links A to B and C any more.
        repos.messages.upsert({ ...chain[1]!, subject: 'Re: Dates' });
        expect(rows(repos)).toEqual([
          ['c', 2],
          ['a', 1],
        ]);
      } finally {
        db.close();
      }
    }
  });

  it('groups mail stored before (migration 11) the same way', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'zamburak-conversation-')), 'p.db');
    const before = openDatabase(file, { migrations: MIGRATIONS.slice(0, 10) });
    before
      .prepare(
        `INSERT INTO accounts (id, name, email, user_name, addresses, transport, config, created_at)
         VALUES ('a1', 'a1', 'me@a1.test', 'Me', '[]', 'local', '{}', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    const insert = before.prepare(
      `INSERT INTO messages (id, account_id, folder, thread_id, from_addr, to_addrs, cc_addrs, subject, subject_key,
         date, body, unread)
       VALUES (?, 'a1', 'INBOX', ?, 's@x.test', '[]', '[]', ?, ?, ?, '', 0)`,
    );
    for (const m of chain) insert.run(m.id, m.threadId, m.subject, baseSubject(m.subject), m.date);
    before.close();
    const after = openDatabase(file, { migrations: MIGRATIONS });
    try {
      expect(rows(repositories(after))).toEqual([['c', 3]]);
      const plan = after
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM messages WHERE account_id = 'a1' AND conversation = 'a'")
        .all() as { detail: string }[];
      expect(plan.map((r) => r.detail).join(' ')).toContain('messages_by_conversation');
    } finally {
      after.close();
    }
  });
});
