/**
 * IMAP sync against a real Dovecot: a first sync of 2000 messages (newest first, every message
 * once, flags right), then the incremental cases — new mail, deletions, \Seen changed on either
 * side, a folder whose UIDVALIDITY changed, a message moved between folders keeping its triage —
 * and malformed or oversized messages kept with a parse error; attachments saved and removed with
 * their folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAccounts, syncTarget } from '../../../main/accounts/accounts';
import { setFlags, type FolderReport } from '../../../main/mail/imap-sync';
import { ParsePool } from '../../../main/mail/parse-pool';
import type { Profile } from '../../../main/profile/profile';
import type { Account } from '../../../main/store/repositories';
import { addServerAccount, freshProfile, syncOnce, syncedCount as count } from './fixtures';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';

const missing = dovecotMissing();
const FIRST = 2000;

const folderReport = (rs: FolderReport[], folder: string) => rs.find((r) => r.folder === folder)!;

/** (uid, unread) of every stored message of a folder, and the server's view of the same. */
const storedFlags = (p: Profile, folder: string) =>
  p.db
    .prepare('SELECT remote_uid AS uid, unread FROM messages WHERE folder = ? AND remote_uid IS NOT NULL ORDER BY 1')
    .all(folder) as { uid: number; unread: number }[];

async function serverFlags(s: DovecotServer, folder: string) {
  const c = await s.client();
  const lock = await c.getMailboxLock(folder);
  const out: { uid: number; unread: number }[] = [];
  for await (const m of c.fetch('1:*', { uid: true, flags: true }))
    out.push({ uid: m.uid, unread: m.flags?.has('\\Seen') ? 0 : 1 });
  lock.release();
  await c.logout();
  return out.sort((a, b) => a.uid - b.uid);
}

describe.skipIf(missing)('IMAP sync against Dovecot', () => {
  let server: DovecotServer;
  let p: Profile;
  let account: Account;

  beforeAll(async () => {
    server = await startDovecot();
    server.writeMaildir(
      'INBOX',
      Array.from({ length: FIRST }, (_, i) => ({
        raw: rawMessage({ n: i + 1, ...(i % 10 === 9 ? { inReplyTo: `<m${i}@example.test>` } : {}) }),
        seen: i % 3 === 0,
      })),
    );
    server.writeMaildir(
      'Archive',
      [1, 2, 3].map((n) => ({ raw: rawMessage({ n: 10_000 + n }), seen: true })),
    );
    p = freshProfile();
    account = await addServerAccount(p, server);
  }, 60_000);

  afterAll(async () => {
    p?.close();
    await server?.stop();
  });

  it('first sync stores every message once, newest first, with its flags and thread', async () => {
    const firstPage: number[] = [];
    // Parsed in worker threads, as the app does; the later passes parse in this thread.
    const pool = new ParsePool();
    const reports = await syncOnce(p, {
      parse: pool.parse,
      pageSize: 250,
      onPage: ({ folder }) => {
        if (folder === 'INBOX' && firstPage.length === 0)
          firstPage.push(
            ...(
              p.db
                .prepare(`SELECT remote_uid AS u FROM messages WHERE folder = 'INBOX' AND remote_uid IS NOT NULL`)
                .all() as { u: number }[]
            ).map((r) => r.u),
          );
      },
    });
    await pool.close();
    expect(folderReport(reports, 'INBOX')).toMatchObject({ added: FIRST, removed: 0, reset: false, parseErrors: 0 });
    expect(folderReport(reports, 'Archive')).toMatchObject({ added: 3 });
    expect(Math.min(...firstPage)).toBe(FIRST - 250 + 1); // the newest page came first
    expect(count(p, 'INBOX')).toBe(FIRST);
    expect(storedFlags(p, 'INBOX')).toEqual(await serverFlags(server, 'INBOX'));

    const m = p.repos.messages.page({ accountId: account.id, limit: 1 }).items[0]!;
    const full = p.repos.messages.get(m.id)!;
    expect(full).toMatchObject({
      from: `Sender ${FIRST} <sender${FIRST}@example.test>`,
      to: ['alice@example.test'],
      subject: `Message ${FIRST}`,
      messageId: `<m${FIRST}@example.test>`,
      remoteUid: FIRST,
      parseError: null,
    });
    expect(full.body).toContain(`Body of message ${FIRST}.`);
    // A reply shares its parent's thread.
    const thread = (n: number) =>
      (
        p.db.prepare('SELECT thread_id AS t FROM messages WHERE message_id = ?').get(`<m${n}@example.test>`) as {
          t: string;
        }
      ).t;
    expect(thread(10)).toBe(thread(9));
    expect(thread(9)).not.toBe(thread(8));
    expect(p.repos.folderState.get(account.id, 'INBOX')).toMatchObject({ syncedThrough: 1, uidNext: FIRST + 1 });

    // A second pass with nothing new changes nothing.
    const again = await syncOnce(p);
    expect(folderReport(again, 'INBOX')).toMatchObject({ added: 0, removed: 0, flagsChanged: 0, unchanged: true });
  }, 120_000);

  it('picks up new mail, deletions and flag changes made elsewhere', async () => {
    const c = await server.client();
    for (const n of [5001, 5002, 5003]) await c.append('INBOX', rawMessage({ n }));
    const lock = await c.getMailboxLock('INBOX');
    await c.messageDelete([10, 11], { uid: true });
    await c.messageFlagsAdd([2, 3], ['\\Seen'], { uid: true }); // were unread
    await c.messageFlagsRemove([1], ['\\Seen'], { uid: true }); // was read
    lock.release();
    await c.logout();

    const r = folderReport(await syncOnce(p), 'INBOX');
    expect(r).toMatchObject({ added: 3, removed: 2, flagsChanged: 3, unchanged: false });
    expect(count(p, 'INBOX')).toBe(FIRST + 1);
    expect(storedFlags(p, 'INBOX')).toEqual(await serverFlags(server, 'INBOX'));
  }, 60_000);

  it('pushes read / unread to the server with setFlags', async () => {
    const [a, b] = (
      p.db
        .prepare(
          `SELECT id, remote_uid AS uid FROM messages WHERE folder = 'INBOX' AND remote_uid IN (4, 5) ORDER BY 2`,
        )
        .all() as {
        id: string;
        uid: number;
      }[]
    ).map((x) => x);
    // uid 4 was read (i % 3 === 0), uid 5 unread: swap them.
    await setFlags({ db: p.db, repos: p.repos, attachmentsDir: p.files.attachments }, await syncTarget(p, account), [
      { id: a!.id, unread: true },
      { id: b!.id, unread: false },
    ]);
    expect(p.repos.messages.get(a!.id)!.unread).toBe(true);
    expect(p.repos.messages.get(b!.id)!.unread).toBe(false);
    const server4and5 = (await serverFlags(server, 'INBOX')).filter((f) => f.uid === 4 || f.uid === 5);
    expect(server4and5).toEqual([
      { uid: 4, unread: 1 },
      { uid: 5, unread: 0 },
    ]);
    expect(folderReport(await syncOnce(p), 'INBOX')).toMatchObject({ added: 0, removed: 0, flagsChanged: 0 });
  }, 60_000);

  it('drops and refetches a folder whose UIDVALIDITY changed', async () => {
    const before = p.repos.messages.page({ folder: 'Archive', accountId: account.id }).items.map((m) => m.id);
    expect(before).toHaveLength(3);
    const c = await server.client();
    await c.mailboxDelete('Archive');
    await c.mailboxCreate('Archive');
    for (const n of [20_001, 20_002]) await c.append('Archive', rawMessage({ n }));
    await c.logout();

    const r = folderReport(await syncOnce(p), 'Archive');
    expect(r).toMatchObject({ reset: true, added: 2 });
    const after = p.repos.messages.page({ folder: 'Archive', accountId: account.id }).items;
    expect(after.map((m) => m.subject).sort()).toEqual(['Message 20001', 'Message 20002']);
    expect(after.some((m) => before.includes(m.id))).toBe(false);
  }, 60_000);

  it('keeps the triage of a message moved to another folder on the server', async () => {
    const row = (folder: string) =>
      p.db
        .prepare(`SELECT id, category, summary FROM messages WHERE message_id = '<m20@example.test>' AND folder = ?`)
        .get(folder) as { id: string; category: string | null; summary: string | null } | undefined;
    p.repos.messages.setTriage(row('INBOX')!.id, {
      category: 'finance',
      summary: 'an invoice',
      at: new Date().toISOString(),
    });
    const c = await server.client();
    const lock = await c.getMailboxLock('INBOX');
    await c.messageMove('20', 'Archive', { uid: true });
    lock.release();
    await c.logout();
    const reports = await syncOnce(p);
    expect(folderReport(reports, 'INBOX')).toMatchObject({ removed: 1 });
    expect(folderReport(reports, 'Archive')).toMatchObject({ added: 1 });
    expect(row('INBOX')).toBeUndefined();
    expect(row('Archive')).toMatchObject({ category: 'finance', summary: 'an invoice' });
  }, 60_000);

  it('keeps malformed messages, with a parse error instead of a lost message', async () => {
    server.writeMaildir('INBOX', [
      {
        raw: 'Subject: broken\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\nhidden text\r\n',
      },
      {
        raw: 'From: a@example.test\r\nSubject: odd charset\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\nhello\r\n',
      },
      { raw: '\u0001\u0002 not a message at all' },
      { raw: rawMessage({ n: 30_000, subject: 'huge', body: 'x'.repeat(70) + '\r\n'.repeat(1) + 'y'.repeat(20_000) }) },
    ]);
    const r = folderReport(await syncOnce(p, { maxMessageBytes: 8_000 }), 'INBOX');
    expect(r).toMatchObject({ added: 4, parseErrors: 4 });
    const huge = p.db.prepare(`SELECT body, parse_error FROM messages WHERE subject = 'huge'`).get() as {
      body: string;
      parse_error: string;
    };
    expect(huge.parse_error).toMatch(/^only the first 8000 of \d+ bytes were downloaded/);
    expect(huge.body.length).toBeGreaterThan(7_000);
    expect(huge.body.length).toBeLessThan(8_000);
    const rows = p.db
      .prepare(
        `SELECT subject, body, parse_error FROM messages WHERE parse_error IS NOT NULL AND subject != 'huge' ORDER BY remote_uid`,
      )
      .all() as { subject: string; body: string; parse_error: string }[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ subject: 'broken', parse_error: expect.stringContaining('malformed MIME') });
    expect(rows[0]!.body).toContain('hidden text');
    expect(rows[1]).toMatchObject({
      body: expect.stringContaining('hello'),
      parse_error: expect.stringContaining('x-no-such-charset'),
    });
    expect(rows[2]!.parse_error).toContain('no message headers');
  }, 60_000);

  it('saves attachments, and removes them with a folder deleted on the server', async () => {
    const withFile = [
      'From: billing@example.test',
      'Subject: receipt',
      'Message-ID: <receipt@example.test>',
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'your receipt',
      '--b',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="../receipt.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      'JVBERi0xLjQK',
      '--b--',
      '',
    ].join('\r\n');
    server.writeMaildir('Receipts', [{ raw: withFile }]);
    expect(folderReport(await syncOnce(p), 'Receipts')).toMatchObject({ added: 1 });
    const m = p.repos.messages.page({ folder: 'Receipts', accountId: account.id }).items[0]!;
    expect(m.attachments).toEqual([
      { filename: '_receipt.pdf', contentType: 'application/pdf', size: 9, path: `${m.id}/_receipt.pdf` },
    ]);
    const file = join(p.files.attachments, m.attachments[0]!.path!);
    expect(readFileSync(file, 'utf8')).toBe('%PDF-1.4\n');

    const c = await server.client();
    await c.mailboxDelete('Receipts');
    await c.logout();
    const [r] = await syncAccounts(p);
    expect(r!.report!.droppedFolders).toEqual(['Receipts']);
    expect(count(p, 'Receipts')).toBe(0);
    expect(existsSync(file)).toBe(false);
  }, 60_000);
});
