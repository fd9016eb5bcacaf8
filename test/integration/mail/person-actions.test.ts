/**
 * A person's own changes on a real account (the app's Inbox and `zamburak mail` share
 * MailService): archive, unread, move and their undo happen on the Dovecot server first, so
 * another mail client and the next sync see them; an undo right after a move works without a
 * sync (the new UID came back from the server); a server that refuses changes nothing here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../main/profile/profile';
import { MailService } from '../../../main/services/mail-service';
import type { Account } from '../../../main/store/repositories';
import { dovecotMissing, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount, freshProfile, syncOnce, writeNotes } from './fixtures';

const missing = dovecotMissing();

describe.skipIf(missing)("a person's changes on a real account", () => {
  let server: DovecotServer;
  let p: Profile;
  let account: Account;
  let mail: MailService;

  beforeAll(async () => {
    server = await startDovecot();
    await writeNotes(server, true);
    p = freshProfile();
    account = await addServerAccount(p, server);
    await syncOnce(p);
    mail = new MailService(p);
  }, 60_000);
  afterAll(async () => {
    p?.close();
    await server?.stop();
  });

  const byNote = (n: number) =>
    p.db.prepare('SELECT id FROM messages WHERE account_id = ? AND subject = ?').get(account.id, `Note ${n}`) as {
      id: string;
    };
  /** What another mail client sees: subjects per folder, and the unseen ones. */
  async function serverView(folder: string): Promise<{ subjects: string[]; unseen: string[] }> {
    const c = await server.client();
    try {
      await c.mailboxOpen(folder);
      const subjects: string[] = [];
      const unseen: string[] = [];
      for await (const m of c.fetch('1:*', { envelope: true, flags: true })) {
        subjects.push(m.envelope?.subject ?? '');
        if (!m.flags?.has('\\Seen')) unseen.push(m.envelope?.subject ?? '');
      }
      return { subjects: subjects.sort(), unseen };
    } catch {
      return { subjects: [], unseen: [] };
    } finally {
      await c.logout();
    }
  }

  it('archives on the server, and undoes it at once (no sync in between)', async () => {
    const m = byNote(1)!;
    const undo = await mail.archive(m.id);
    expect(undo).toEqual({ id: m.id, folder: 'INBOX' });
    expect((await serverView('Archive')).subjects).toEqual(['Note 1']);
    expect((await serverView('INBOX')).subjects).not.toContain('Note 1');
    expect(p.repos.messages.get(m.id)!.folder).toBe('Archive');
    await mail.undo(undo);
    expect((await serverView('INBOX')).subjects).toContain('Note 1');
    expect((await serverView('Archive')).subjects).toEqual([]);
    expect(p.repos.messages.get(m.id)!.folder).toBe('INBOX');
    // The next sync agrees: one Note 1, in INBOX.
    await syncOnce(p);
    const all = p.db.prepare("SELECT folder FROM messages WHERE subject = 'Note 1'").all();
    expect(all).toEqual([{ folder: 'INBOX' }]);
  });

  it('marks unread and read on the server', async () => {
    const m = byNote(2)!;
    const undo = await mail.setRead(m.id, false);
    expect(undo).toEqual({ id: m.id, unread: false });
    expect((await serverView('INBOX')).unseen).toEqual(['Note 2']);
    expect(p.repos.messages.get(m.id)!.unread).toBe(true);
    await mail.undo(undo);
    expect((await serverView('INBOX')).unseen).toEqual([]);
  });

  it('moves to a folder the person picks, among the folders of the account', async () => {
    expect(mail.folders(account.id)).toEqual(expect.arrayContaining(['INBOX', 'Archive', 'Projects']));
    const m = byNote(3)!;
    await mail.move(m.id, 'Projects');
    expect((await serverView('Projects')).subjects).toEqual(['Note 3']);
    expect(p.repos.messages.get(m.id)!.folder).toBe('Projects');
    const kinds = p.audit.list({ kind: 'mail.changed' }).map((e) => (e.data as { change: string }).change);
    expect(kinds).toContain('moved from INBOX to Projects');
  });

  it('a server that refuses changes nothing here, and says why', async () => {
    const m = byNote(2)!;
    await p.secrets.set(account.secret!, 'not-the-password');
    try {
      await expect(mail.archive(m.id)).rejects.toMatchObject({ kind: 'server', message: /nothing was changed/ });
      expect(p.repos.messages.get(m.id)!.folder).toBe('INBOX');
      expect((await serverView('INBOX')).subjects).toContain('Note 2');
    } finally {
      await p.secrets.set(account.secret!, server.password);
    }
  });
});
