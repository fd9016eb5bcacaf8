/**
 * IMAP IDLE against a real Dovecot: mail delivered while Zamburak watches the INBOX is in the
 * store moments later, without polling; a message deleted elsewhere leaves it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncTarget } from '../../../main/accounts/accounts';
import { watchInbox, type InboxWatch } from '../../../main/mail/idle';
import type { FolderReport } from '../../../main/mail/imap-sync';
import type { Profile } from '../../../main/profile/profile';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount, freshProfile, syncedCount } from './fixtures';

const missing = dovecotMissing();

describe.skipIf(missing)('IDLE on the INBOX', () => {
  let server: DovecotServer;
  let p: Profile;
  let watch: InboxWatch;
  const reports: FolderReport[] = [];

  beforeAll(async () => {
    server = await startDovecot();
    p = freshProfile();
    const account = await addServerAccount(p, server);
    watch = watchInbox(
      { db: p.db, repos: p.repos, attachmentsDir: p.files.attachments },
      await syncTarget(p, account),
      (r) => reports.push(r),
    );
  }, 60_000);
  afterAll(async () => {
    await watch?.stop();
    p?.close();
    await server?.stop();
  });

  it('stores mail delivered while watching, and drops mail deleted elsewhere', async () => {
    await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(syncedCount(p, 'INBOX')).toBe(0);
    const other = await server.client();
    try {
      await other.append('INBOX', rawMessage({ n: 7, subject: 'Arrived while idling' }));
      await expect.poll(() => syncedCount(p, 'INBOX'), { timeout: 15_000 }).toBe(1);
      expect(p.db.prepare(`SELECT subject FROM messages WHERE remote_uid IS NOT NULL`).get()).toEqual({
        subject: 'Arrived while idling',
      });
      const lock = await other.getMailboxLock('INBOX');
      try {
        await other.messageDelete('1:*');
      } finally {
        lock.release();
      }
      await expect.poll(() => syncedCount(p, 'INBOX'), { timeout: 15_000 }).toBe(0);
    } finally {
      await other.logout();
    }
  }, 60_000);
});
