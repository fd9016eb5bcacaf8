/**
 * Search operators over a real SQLite file: each operator alone and combined, quoted phrases,
 * dates, and hostile text (FTS and SQL syntax, any string at all) that stays plain words.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../main/store/database';
import type { Repositories } from '../../../main/store/repositories';
import { ftsMatch, parseSearch } from '../../../main/store/repos/search-query';
import { freshRepos, message } from './message-fixture';

describe('search operators', () => {
  let db: Db;
  let repos: Repositories;
  const ids = (q: string) =>
    repos.messages
      .search(q)
      .map((m) => m.id)
      .sort();

  beforeAll(() => {
    ({ db, repos } = freshRepos());
    const all = [
      message('invoice', {
        from: 'Acme Billing <billing@acme.test>',
        subject: 'Invoice 4711 for March',
        body: 'Please pay the invoice by Friday.',
        attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', size: 1200 }],
        date: '2026-03-02T10:00:00.000Z',
      }),
      message('lunch', {
        from: 'Bob <bob@friends.test>',
        subject: 'Lunch on Friday?',
        body: 'Shall we have lunch at the usual place?',
        unread: true,
        date: '2026-03-05T12:00:00.000Z',
      }),
      message('report', {
        from: 'Carol <carol@work.test>',
        cc: ['dave@work.test'],
        subject: 'Quarterly report',
        body: 'The quarterly report is attached. Invoice totals are in section 2.',
        labels: ['\\Flagged'],
        date: '2026-03-09T08:00:00.000Z',
      }),
      message('archived', {
        folder: 'Archive',
        from: 'Acme Billing <billing@acme.test>',
        subject: 'Old invoice',
        body: 'Paid, thank you.',
        date: '2026-02-01T08:00:00.000Z',
      }),
    ];
    for (const m of all) repos.messages.upsert(m);
  });
  afterAll(() => db.close());

  it('plain words match subject, sender and body; the last word as a prefix', () => {
    expect(ids('invoice')).toEqual(['archived', 'invoice', 'report']);
    expect(ids('quarter')).toEqual(['report']);
    expect(ids('lunch friday')).toEqual(['lunch']);
  });

  it('each operator filters by what it names', () => {
    expect(ids('from:acme')).toEqual(['archived', 'invoice']);
    expect(ids('from:bob@friends.test')).toEqual(['lunch']);
    expect(ids('to:dave')).toEqual(['report']);
    expect(ids('to:me@example.com')).toEqual(['archived', 'invoice', 'lunch', 'report']);
    expect(ids('subject:invoice')).toEqual(['archived', 'invoice']);
    expect(ids('is:unread')).toEqual(['lunch']);
    expect(ids('is:read from:carol')).toEqual(['report']);
    expect(ids('is:starred')).toEqual(['report']);
    expect(ids('has:attachment')).toEqual(['invoice']);
    expect(ids('in:archive')).toEqual(['archived']);
    expect(ids('in:Inbox invoice')).toEqual(['invoice', 'report']);
    expect(ids('before:2026-03-05')).toEqual(['archived', 'invoice']);
    expect(ids('after:2026/3/5')).toEqual(['lunch', 'report']);
    expect(ids('after:2026-03-01 before:2026-03-06')).toEqual(['invoice', 'lunch']);
  });

  it('a quoted phrase matches consecutive words only', () => {
    expect(ids('"quarterly report"')).toEqual(['report']);
    expect(ids('"report quarterly"')).toEqual([]);
    expect(ids('subject:"Lunch on"')).toEqual(['lunch']);
  });

  it('operators combine with words (all must hold)', () => {
    expect(ids('from:acme invoice has:attachment')).toEqual(['invoice']);
    expect(ids('is:unread from:acme')).toEqual([]);
  });

  it('an unknown operator or a date that is not one is searched as words', () => {
    expect(parseSearch('label:work').words).toEqual(['label', 'work']);
    expect(parseSearch('before:2026-02-30').before).toBeUndefined();
    expect(parseSearch('before:2026-02-30').words).toEqual(['before', '2026', '02', '30']);
  });

  it('FTS syntax in the text is quoted, never obeyed', () => {
    expect(ftsMatch(parseSearch('invoice OR subject:* NEAR("a" "b") -x'))).toBe(
      '"b" AND "invoice" AND "OR" AND "NEAR" AND "a" AND "x"*',
    );
    expect(ids('invoice OR lunch')).toEqual([]);
  });

  it('any text at all searches without an error and never changes the store', () => {
    const before = repos.messages.count();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(() => repos.messages.search(text)).not.toThrow();
      }),
      { numRuns: 500 },
    );
    for (const text of [
      "'; DROP TABLE messages; --",
      'from:%',
      'to:_',
      'from:\\',
      'in:"',
      '"""',
      'subject:',
      'is:',
      '*',
      'NOT',
      'a AND (b',
      '^',
    ])
      expect(() => repos.messages.search(text)).not.toThrow();
    expect(ids('from:%')).toEqual([]);
    expect(repos.messages.count()).toBe(before);
  });

  it('with threads, answers one row per conversation: its best match, with the conversation’s size', () => {
    const extra = [
      message('inv-re', {
        subject: 'Re: Invoice 4711 for March',
        body: 'Paid the invoice today, invoice attached again.',
        date: '2026-03-03T10:00:00.000Z',
      }),
      message('inv-fwd', { subject: 'Fwd: invoice 4711 for March', body: 'fyi', date: '2026-03-04T10:00:00.000Z' }),
    ];
    for (const m of extra) repos.messages.upsert(m);
    try {
      const all = repos.messages.search('invoice').map((m) => m.id);
      const grouped = repos.messages.search('invoice', { threads: true });
      // Every match's conversation is there once, in the order of its best match.
      const conversation = new Set(['invoice', 'inv-re', 'inv-fwd']);
      const firstOfEach = all.filter(
        (id, i) => !conversation.has(id) || i === all.findIndex((x) => conversation.has(x)),
      );
      expect(firstOfEach).toHaveLength(3);
      expect(grouped.map((m) => m.id)).toEqual(firstOfEach);
      expect(grouped.find((m) => m.id === 'archived')?.threadSize).toBe(1);
      expect(grouped.find((m) => conversation.has(m.id))?.threadSize).toBe(3);
      // Paged by conversations.
      expect(repos.messages.search('invoice', { threads: true, limit: 1, offset: 1 }).map((m) => m.id)).toEqual([
        firstOfEach[1],
      ]);
    } finally {
      for (const m of extra) db.prepare('DELETE FROM messages WHERE id = ?').run(m.id);
    }
  });
});
