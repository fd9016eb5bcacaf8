/**
 * Conversations and folders in the store: one row per conversation in a folder (its newest
 * message, with the conversation's size), a conversation gathered by thread and then by subject
 * without its prefixes, folder counts and category counts per account (the unified inbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../main/store/database';
import type { Repositories } from '../../../main/store/repositories';
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
    expect(page.items.map((m) => [m.id, m.threadSize])).toEqual([
      ['x1', 1],
      ['q4', 1],
      ['q3', 3],
    ]);
    // Without threads, every message (as before).
    expect(repos.messages.page({ folder: 'INBOX', accountId: 'a1' }).items).toHaveLength(4);
    // Paged by the keyset still: two pages of one and two rows.
    const first = repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true, limit: 1 });
    const rest = repos.messages.page({ folder: 'INBOX', accountId: 'a1', threads: true, after: first.next! });
    expect([...first.items, ...rest.items].map((m) => m.id)).toEqual(['x1', 'q4', 'q3']);
  });

  it('gathers a conversation oldest first: its thread in every folder, then the same subject, one account only', () => {
    const q3 = repos.messages.get('q3')!;
    expect(repos.messages.conversation(q3).map((m) => m.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(repos.messages.conversation(repos.messages.get('x1')!).map((m) => m.id)).toEqual(['x1']);
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
