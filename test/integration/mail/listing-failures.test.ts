/**
 * A first sync's listing when something fails while slices are still with the writer thread
 * (main/mail/listing-writer.ts), this thread having fetched on meanwhile: the server's connection
 * drops, or the writer refuses a slice. The pass fails saying why; what is stored is the newest
 * mail down to one UID with the folder's progress at that UID (nothing past a gap); the next pass
 * lists the rest, each message once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncTarget } from '../../../main/accounts/accounts';
import { syncAccount } from '../../../main/mail/imap-sync';
import { ListingWriter, type ListingSink, type ListingSlice } from '../../../main/mail/listing-writer';
import type { Profile } from '../../../main/profile/profile';
import type { Account } from '../../../main/store/repositories';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount, freshProfile, syncOnce } from './fixtures';

const TOTAL = 3000;

/** A writer thread whose sessions hand each slice (1, 2, ...) to `given`, which passes it on to `sink`. */
class WatchedWriter extends ListingWriter {
  constructor(private readonly given: (n: number, slice: ListingSlice, sink: ListingSink) => Promise<void>) {
    super();
  }

  override session(path: string): ListingSink {
    const inner = super.session(path);
    let n = 0;
    return { ...inner, write: (slice) => this.given(++n, slice, inner) };
  }
}

/** The INBOX's stored UIDs, newest first. */
const storedUids = (p: Profile, a: Account): number[] =>
  [...p.repos.messages.remoteState(a.id, 'INBOX').keys()].sort((x, y) => y - x);

/** The stored UIDs are the newest ones, with no gap, and the folder's progress is their lowest. */
function expectNewestWithoutGap(p: Profile, a: Account): number[] {
  const uids = storedUids(p, a);
  expect(uids).toEqual(Array.from({ length: uids.length }, (_, i) => TOTAL - i));
  expect(p.repos.folderState.get(a.id, 'INBOX')?.syncedThrough).toBe(uids[uids.length - 1]);
  return uids;
}

/**
 * Whether the first page (the newest 200) was written in the sync's own thread: it goes to the
 * writer when the writer's connection is open by then, so the slices the writer got start lower.
 */
const firstPageInThread = (given: readonly ListingSlice[]): boolean => given[0]?.rows[0]?.remoteUid !== TOTAL;

/** The next pass lists the rest: every message once. */
async function expectNextPassCompletes(p: Profile, a: Account, before: number): Promise<void> {
  const [inbox] = await syncOnce(p, { headersOnly: true });
  expect(inbox).toMatchObject({ folder: 'INBOX', added: TOTAL - before });
  expect(storedUids(p, a)).toEqual(Array.from({ length: TOTAL }, (_, i) => TOTAL - i));
  expect(p.repos.folderState.get(a.id, 'INBOX')).toMatchObject({ syncedThrough: 1, uidNext: TOTAL + 1 });
}

describe.skipIf(dovecotMissing())('a first sync failing while the writer thread has slices', () => {
  let server: DovecotServer;
  const writers: ListingWriter[] = [];

  beforeAll(async () => {
    server = await startDovecot();
    server.writeMaildir(
      'INBOX',
      Array.from({ length: TOTAL }, (_, i) => ({ raw: rawMessage({ n: i + 1 }) })),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(writers.map((w) => w.terminate()));
    await server?.stop();
  });

  /** A header pass with this writer thread; its error, if it failed. */
  async function listWith(p: Profile, a: Account, writer: ListingWriter): Promise<Error | undefined> {
    writers.push(writer);
    const deps = { db: p.db, repos: p.repos, attachmentsDir: p.files.attachments, listingWriter: writer };
    try {
      await syncAccount(deps, await syncTarget(p, a), { folders: ['INBOX'], headersOnly: true });
      return undefined;
    } catch (e) {
      return e as Error;
    }
  }

  it('keeps what was handed over when the connection drops, and the next pass lists the rest', async () => {
    const p = freshProfile();
    const a = await addServerAccount(p, server);
    // The server goes down right after the writer got its third slice (the next one is being fetched).
    const given: ListingSlice[] = [];
    const error = await listWith(
      p,
      a,
      new WatchedWriter(async (n, slice, sink) => {
        given.push(slice);
        await sink.write(slice);
        if (n === 3) await server.kill();
      }),
    );
    expect(error).toMatchObject({ kind: 'unreachable' });
    // At least the three slices handed over, and the first page (200) if this thread wrote it.
    const stored = expectNewestWithoutGap(p, a);
    expect(stored.length).toBeGreaterThanOrEqual(firstPageInThread(given) ? 800 : 600);
    expect(stored.length).toBeLessThan(TOTAL);
    await server.restart();
    await expectNextPassCompletes(p, a, stored.length);
    p.close();
  }, 120_000);

  it('stops at a slice the writer refuses: nothing after it is written, and the next pass lists the rest', async () => {
    const p = freshProfile();
    const a = await addServerAccount(p, server);
    // The writer's second slice breaks a foreign key (no such account): it rolls back whole. (The
    // first is committed before it is handed over: slices waiting together share a transaction.)
    const given: ListingSlice[] = [];
    const error = await listWith(
      p,
      a,
      new WatchedWriter(async (n, slice, sink) => {
        given.push(slice);
        if (n !== 2) return sink.write(slice);
        await sink.flush();
        await sink.write({ ...slice, rows: slice.rows.map((m, i) => (i === 7 ? { ...m, accountId: 'nobody' } : m)) });
      }),
    );
    expect(error?.message).toMatch(/listings not written: FOREIGN KEY constraint failed/);
    // The first page (if this thread wrote it) and the writer's first slice; none of the slices
    // this thread built after.
    const kept = firstPageInThread(given) ? 400 : 200;
    expect(expectNewestWithoutGap(p, a)).toHaveLength(kept);
    await expectNextPassCompletes(p, a, kept);
    p.close();
  }, 120_000);
});
