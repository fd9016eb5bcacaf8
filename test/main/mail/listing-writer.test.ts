/**
 * The listing writer thread against a real profile database: slices committed in order with their
 * folder's progress and read back on the main connection, those held for a bigger hand-over
 * written when the session ends, a failed slice ending its session with
 * nothing written past it (also when slices waiting together share its transaction), the main
 * connection writing beside an open session, a session whose connection cannot be opened
 * (it is opened as the session starts) failing with the reason, and the snippets read from the
 * message starts handed over (by the thread, or here while it is busy) being those read in this
 * thread.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { inThreadSink, ListingWriter, type ListingSlice } from '../../../main/mail/listing-writer';
import type { MessageStart } from '../../../main/mail/message-start';
import { snippetOf } from '../../../main/mail/mime-snippet';
import { freshRepos, message } from '../store/message-fixture';

const writer = new ListingWriter();
afterAll(() => writer.terminate());

/** A slice of listings `from`..`to` (UIDs, newest first) of an account's INBOX. */
function slice(accountId: string, from: number, to: number): ListingSlice {
  const rows = [];
  for (let uid = from; uid >= to; uid--)
    rows.push(
      message(`${accountId}-${uid}`, { accountId, remoteUid: uid, subject: `Listing ${uid}`, bodyPending: true }),
    );
  return {
    rows,
    progress: { accountId, folder: 'INBOX', syncedThrough: to, updatedAt: '2026-03-10T09:00:00.000Z' },
  };
}

const uids = (repos: ReturnType<typeof freshRepos>['repos'], accountId: string) =>
  [...repos.messages.remoteState(accountId, 'INBOX').keys()].sort((a, b) => b - a);

describe('the listing writer thread', () => {
  it('commits each slice with its progress, in order, for the main connection to read', async () => {
    const { db, repos } = freshRepos();
    const sink = writer.session(db.name);
    await sink.write(slice('a1', 30, 21));
    await sink.write(slice('a1', 20, 11));
    await sink.write(slice('a1', 10, 1));
    await sink.flush();
    expect(uids(repos, 'a1')).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(repos.folderState.get('a1', 'INBOX')?.syncedThrough).toBe(1);
    // Listed rows are searchable and pending, as when written in this thread.
    expect(repos.messages.pendingBodies('a1', 'INBOX')).toHaveLength(30);
    expect(repos.messages.search('Listing', { accountId: 'a1', limit: 100 })).toHaveLength(30);
    await sink.close();
    db.close();
  });

  it('reads each snippet from its message start in the writer, or here while the writer is busy, as in this thread', async () => {
    const enc = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
    const qp = 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n';
    const multipart = 'Content-Type: multipart/alternative;\r\n boundary="b1"\r\n\r\n';
    const starts: (MessageStart | undefined)[] = [
      { header: enc('Subject: plain\r\n\r\n'), text: enc('Hello   there,\r\n\r\nthe  plan.') },
      { header: enc(qp), text: enc('Caf=C3=A9 au lait =\r\nand more') },
      {
        header: enc(multipart),
        text: enc('--b1\r\nContent-Type: text/html\r\n\r\n<p>Budget &amp; hiring</p>\r\n--b1\r\n'),
      },
      { header: enc('Content-Type: text/plain; charset=iso-8859-1\r\n\r\n'), text: enc('Gr\xfc\xdfe') },
      undefined,
      { header: enc(''), text: enc('') },
    ];
    /** The starts as the newest rows of `rows` listings (the rest without a start). */
    const listing = (accountId: string, rows = starts.length): ListingSlice => {
      const s = slice(accountId, rows, 1);
      return { ...s, rows: s.rows.map((m) => ({ ...m, body: '' })), starts };
    };
    const { db, repos } = freshRepos();
    // The writer idle (its connection open, nothing waiting): the slice goes with its starts.
    const idle = writer.session(db.name);
    await idle.write(slice('a1', 1000, 1000));
    await idle.flush();
    await idle.write(listing('a1'));
    await idle.close();
    // The writer busy (its connection still opening): a hand-over's worth of rows goes at once,
    // its snippets read in this thread.
    const other = freshRepos();
    const busy = writer.session(other.db.name);
    await busy.write(listing('a1', 600));
    await busy.close();
    inThreadSink(db, repos).write(listing('a2'));
    const want = starts.map((s) => (s ? snippetOf(s.header, s.text) : ''));
    expect(want.slice(0, 4)).toEqual(['Hello there, the plan.', 'Café au lait and more', 'Budget & hiring', 'Grüße']);
    const ids = (accountId: string, rows: number) => starts.map((_, i) => `${accountId}-${rows - i}`);
    expect(ids('a1', 600).map((id) => other.repos.messages.get(id)?.body)).toEqual(want);
    expect(other.repos.messages.get('a1-1')?.body).toBe('');
    other.db.close();
    for (const accountId of ['a1', 'a2'])
      expect(
        ids(accountId, starts.length).map((id) => repos.messages.get(id)?.body),
        accountId,
      ).toEqual(want);
    db.close();
  });

  it('writes the slices it holds (fewer rows than a hand-over) when the session ends, unflushed', async () => {
    const { db, repos } = freshRepos();
    const sink = writer.session(db.name);
    await sink.write(slice('a1', 20, 11));
    await sink.write(slice('a1', 10, 1));
    await sink.close();
    expect(uids(repos, 'a1')).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(repos.folderState.get('a1', 'INBOX')?.syncedThrough).toBe(1);
    expect(repos.messages.search('Listing', { accountId: 'a1', limit: 100 })).toHaveLength(20);
    db.close();
  });

  it('writes nothing of a session past a failed slice, and says why', async () => {
    const { db, repos } = freshRepos();
    const sink = writer.session(db.name);
    await sink.write(slice('a1', 30, 21));
    await sink.flush();
    // No such account: the row breaks its foreign key, the slice rolls back whole.
    const broken = slice('a1', 20, 11);
    const bad: ListingSlice = {
      ...broken,
      rows: broken.rows.map((m, i) => (i === 5 ? { ...m, accountId: 'nobody' } : m)),
    };
    const outcome = (async () => {
      await sink.write(bad);
      await sink.write(slice('a1', 10, 1));
      await sink.flush();
    })();
    await expect(outcome).rejects.toThrow(/listings not written: FOREIGN KEY constraint failed/);
    await expect(sink.write(slice('a1', 10, 1))).rejects.toThrow(/FOREIGN KEY/);
    await sink.close();
    expect(uids(repos, 'a1')).toEqual(Array.from({ length: 10 }, (_, i) => 30 - i));
    expect(repos.folderState.get('a1', 'INBOX')?.syncedThrough).toBe(21);
    // A later session (the next pass) writes again.
    const next = writer.session(db.name);
    await next.write(slice('a1', 20, 1));
    await next.close();
    expect(uids(repos, 'a1')).toHaveLength(30);
    db.close();
  });

  it('keeps whole slices before a failed one, whether or not they waited together', async () => {
    const { db, repos } = freshRepos();
    const sink = writer.session(db.name);
    // Handed over without waiting: the thread may write the first ones together, in one transaction.
    const broken = slice('a1', 30, 21);
    const given = [
      slice('a1', 50, 41),
      slice('a1', 40, 31),
      { ...broken, rows: broken.rows.map((m, i) => (i === 3 ? { ...m, accountId: 'nobody' } : m)) },
      slice('a1', 20, 11),
    ];
    const outcome = (async () => {
      for (const s of given) await sink.write(s);
      await sink.flush();
    })();
    await expect(outcome).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await sink.close();
    // The newest messages down to a slice's end, and the progress there; nothing from the failed slice on.
    const stored = uids(repos, 'a1');
    expect([0, 10, 20]).toContain(stored.length);
    expect(stored).toEqual(Array.from({ length: stored.length }, (_, i) => 50 - i));
    expect(repos.folderState.get('a1', 'INBOX')?.syncedThrough).toBe(stored.length ? stored.at(-1) : undefined);
    db.close();
  });

  it('takes turns with writes on the main connection', async () => {
    const { db, repos } = freshRepos();
    const sink = writer.session(db.name);
    const written: Promise<void>[] = [];
    for (let k = 0; k < 10; k++) {
      written.push(sink.write(slice('a1', 1000 - k * 100, 1000 - k * 100 - 99)));
      // The main connection's own write (a message opened and filled meanwhile) waits its turn.
      repos.messages.upsert(message(`main-${k}`, { accountId: 'a2', subject: `Opened ${k}` }));
    }
    await Promise.all(written);
    await sink.flush();
    await sink.close();
    expect(uids(repos, 'a1')).toHaveLength(1000);
    expect(repos.messages.get('main-9')?.subject).toBe('Opened 9');
    db.close();
  });

  it('fails a session whose connection cannot be opened, saying why, and writes nothing', async () => {
    const { db } = freshRepos();
    db.close();
    // A database in rollback-journal mode: `openSecondWriter` refuses it (the writer works beside
    // the main connection only in WAL mode).
    const journal = new Database(db.name);
    journal.pragma('journal_mode = DELETE');
    journal.close();
    const sink = writer.session(db.name);
    const outcome = (async () => {
      await sink.write(slice('a1', 10, 1));
      await sink.flush();
    })();
    await expect(outcome).rejects.toThrow(/listings not written: .*a second writer needs the database in WAL mode/);
    await expect(sink.write(slice('a1', 20, 11))).rejects.toThrow(/WAL mode/);
    await sink.close();
    const after = new Database(db.name, { readonly: true });
    expect(after.prepare('SELECT count(*) AS n FROM messages WHERE account_id = ?').get('a1')).toEqual({ n: 0 });
    after.close();
    // The thread goes on serving other sessions.
    const { db: other, repos } = freshRepos();
    const next = writer.session(other.name);
    await next.write(slice('a1', 10, 1));
    await next.close();
    expect(uids(repos, 'a1')).toHaveLength(10);
    other.close();
  });
});
