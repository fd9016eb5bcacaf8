/**
 * The Inbox's conversation rows against their definition, on random mailboxes: a row is a
 * message with no newer message of its conversation (same account, joined by a chain of shared
 * threads or non-empty subject keys) in its folder, and its size counts its conversation in
 * every folder. The store keeps each message's conversation as messages arrive and change
 * subject; this checks it still means the same, page after page, with ties on the date, as the
 * counts do after writes.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseSubject, type StoredMessage } from '../../../main/store/repos/messages';
import { freshRepos, message } from './message-fixture';

const SUBJECTS = ['Quote', 'Re: Quote', 'Lunch', 'Fwd: lunch', '', 'Re:', 'Plans'];
const arbRenames = fc.array(fc.tuple(fc.nat(), fc.constantFrom(...SUBJECTS)), { maxLength: 6 });
const arbMessages = fc.uniqueArray(
  fc.record({
    n: fc.integer({ min: 0, max: 10_000 }),
    accountId: fc.constantFrom('a1', 'a2'),
    folder: fc.constantFrom('INBOX', 'Archive'),
    thread: fc.integer({ min: 0, max: 5 }),
    subject: fc.constantFrom(...SUBJECTS),
    day: fc.integer({ min: 1, max: 4 }),
  }),
  { selector: (m) => m.n, maxLength: 40 },
);

/**
 * Conversation rows of a folder as the definition says, newest first: two messages are one
 * conversation when a chain of messages joins them, each step a shared thread or a shared
 * non-empty subject key, within one account (the closure, worked out here by growing each
 * message's set until nothing more joins).
 */
function expected(all: readonly StoredMessage[], folder: string): [string, number][] {
  const linked = (a: StoredMessage, b: StoredMessage) =>
    a.accountId === b.accountId &&
    (a.threadId === b.threadId || (baseSubject(a.subject) !== '' && baseSubject(a.subject) === baseSubject(b.subject)));
  const conversationOf = (m: StoredMessage): Set<StoredMessage> => {
    const found = new Set([m]);
    for (let grew = true; grew;) {
      grew = false;
      for (const n of all)
        if (!found.has(n) && [...found].some((f) => linked(f, n))) {
          found.add(n);
          grew = true;
        }
    }
    return found;
  };
  const newer = (a: StoredMessage, b: StoredMessage) => a.date > b.date || (a.date === b.date && a.id > b.id);
  return all
    .filter((m) => m.folder === folder)
    .map((m) => ({ m, conversation: conversationOf(m) }))
    .filter(({ m, conversation }) => ![...conversation].some((n) => n.folder === folder && newer(n, m)))
    .sort((a, b) => (newer(a.m, b.m) ? -1 : 1))
    .map(({ m, conversation }) => [m.id, conversation.size]);
}

describe('conversation rows on random mailboxes', () => {
  it('are the newest message of each conversation in the folder, with its size, page after page', () => {
    fc.assert(
      fc.property(arbMessages, fc.integer({ min: 1, max: 7 }), arbRenames, (specs, limit, renames) => {
        const { db, repos } = freshRepos();
        try {
          let all = specs.map((s) =>
            message(`m${String(s.n).padStart(5, '0')}`, {
              accountId: s.accountId,
              folder: s.folder,
              threadId: `t${s.thread}`,
              subject: s.subject,
              date: `2026-03-0${s.day}T09:00:00.000Z`,
            }),
          );
          for (const m of all) repos.messages.upsert(m);
          // Subjects change as messages are seen again: conversations join and split.
          for (const [at, subject] of renames) {
            const i = at % Math.max(1, all.length);
            if (!all[i]) continue;
            all = all.map((m, k) => (k === i ? { ...m, subject } : m));
            repos.messages.upsert(all[i]!);
          }
          for (const folder of ['INBOX', 'Archive']) {
            const rows: [string, number][] = [];
            let after: { date: string; id: string } | undefined;
            for (let i = 0; i < 100; i++) {
              const page = repos.messages.page({ folder, threads: true, limit, ...(after ? { after } : {}) });
              rows.push(...page.items.map((m): [string, number] => [m.id, m.threadSize]));
              if (!page.next) break;
              after = page.next;
            }
            expect(rows).toEqual(expected(all, folder));
            expect(repos.messages.folderTotal(folder)).toBe(all.filter((m) => m.folder === folder).length);
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 30 },
    );
  });

  it('counts again once the database changed, by this connection or another', () => {
    const { db, repos } = freshRepos();
    try {
      repos.messages.upsert(message('a', { category: 'fyi' }));
      expect(repos.messages.categoryCounts('INBOX')).toEqual({ fyi: 1 });
      expect(repos.messages.folderCounts()).toEqual([{ folder: 'INBOX', total: 1, unread: 0 }]);
      repos.messages.upsert(message('b', { unread: true }));
      expect(repos.messages.categoryCounts('INBOX')).toEqual({ fyi: 1, untriaged: 1 });
      expect(repos.messages.folderCounts()).toEqual([{ folder: 'INBOX', total: 2, unread: 1 }]);
      repos.messages.setUnread('a', true);
      expect(repos.messages.folderCounts()).toEqual([{ folder: 'INBOX', total: 2, unread: 2 }]);
      // Another connection's write (the CLI, a run's worker) counts too.
      const other = new Database(db.name);
      other.prepare('UPDATE messages SET unread = 0').run();
      other.close();
      expect(repos.messages.folderCounts()).toEqual([{ folder: 'INBOX', total: 2, unread: 0 }]);
    } finally {
      db.close();
    }
  });
});
