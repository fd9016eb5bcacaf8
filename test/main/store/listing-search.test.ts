/**
 * The search index while a first sync lists headers and fills bodies after (listings are indexed
 * a page at a time, not by the triggers: migration 12): a listing is found by its subject, sender
 * and snippet, a filled message by its body and no longer by a word only its snippet had, and
 * after any sequence of listings, bodies, repeated pages, other writes and removals, FTS5's own
 * integrity check against the messages table passes and every word finds exactly the rows that
 * hold it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshRepos, message } from './message-fixture';

const ids = (found: readonly { id: string }[]) => found.map((m) => m.id).sort();

describe('search over listings and filled bodies', () => {
  it('finds a listing by subject, sender and snippet, then the filled message by its body', () => {
    const { db, repos } = freshRepos();
    const listing = message('l1', {
      subject: 'Quarterly zephyr review',
      from: 'Quentin Marlowe <quentin@acme.test>',
      body: 'Snippet mentions walrus',
      bodyPending: true,
      remoteUid: 7,
    });
    repos.messages.upsertMany([listing, message('l2', { subject: 'Other', bodyPending: true, remoteUid: 8 })]);
    for (const q of ['zephyr', 'marlowe', 'quentin', 'walrus']) expect(ids(repos.messages.search(q))).toEqual(['l1']);

    repos.messages.upsertMany([{ ...listing, body: 'The whole body talks about pelicans.', bodyPending: false }]);
    expect(ids(repos.messages.search('pelicans'))).toEqual(['l1']);
    expect(ids(repos.messages.search('zephyr'))).toEqual(['l1']);
    expect(repos.messages.search('walrus')).toEqual([]);
    expect(() =>
      db.prepare("INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
    db.close();
  });

  it('stays exactly the messages table after any sequence of writes', () => {
    const WORDS = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord'];
    const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
    const write = fc.record({
      id: fc.constantFrom('m1', 'm2', 'm3', 'm4'),
      op: fc.constantFrom('list', 'fill', 'remove', 'move', 'one'),
      subject: text,
      body: text,
    });
    fc.assert(
      fc.property(fc.array(fc.array(write, { maxLength: 4 }), { maxLength: 8 }), (pages) => {
        const { db, repos } = freshRepos();
        const uid = (id: string) => Number(id.slice(1));
        for (const page of pages) {
          const rows = page
            .filter((w) => w.op === 'list' || w.op === 'fill')
            .map((w) =>
              message(w.id, {
                subject: w.subject,
                body: w.body,
                remoteUid: uid(w.id),
                bodyPending: w.op === 'list',
              }),
            );
          // One row per id in a page, as a sync's page holds each UID once.
          repos.messages.upsertMany([...new Map(rows.map((r) => [r.id, r])).values()]);
          for (const w of page) {
            if (w.op === 'remove') repos.messages.removeByUid('a1', 'INBOX', [uid(w.id)]);
            if (w.op === 'move' && repos.messages.get(w.id)) repos.messages.move(w.id, 'Archive');
            if (w.op === 'one') repos.messages.upsert(message(w.id, { subject: w.subject, body: w.body }));
          }
        }
        db.prepare("INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)").run();
        const stored = db.prepare('SELECT id, subject, from_addr, body FROM messages').all() as {
          id: string;
          subject: string;
          from_addr: string;
          body: string;
        }[];
        for (const w of WORDS)
          expect(ids(repos.messages.search(w, { limit: 500 }))).toEqual(
            stored
              .filter((m) => `${m.subject} ${m.from_addr} ${m.body}`.split(/\W+/).includes(w))
              .map((m) => m.id)
              .sort(),
          );
        db.close();
      }),
      { numRuns: 40 },
    );
  });
});
