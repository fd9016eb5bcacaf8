/**
 * A plan may move an email decided by that email alone without asking (self-scoped), but moving
 * it to the trash is a deletion, which the policy weighs separately (deleteEmail asks first).
 * Servers name their trash many ways: a plan's move into it is refused by the name the engine
 * knows ("Deleted Items", "[Gmail]/Bin") and, on a real account, by the server's own `\Trash`
 * flag whatever the name (here Dovecot's trash is "Corbeille"). Nothing moves on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAccounts } from '../../../main/accounts/accounts';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import type { Account } from '../../../main/store/repositories';
import { dovecotMissing, startDovecot, type DovecotServer } from '../servers/dovecot';
import { startSmtpCapture, type SmtpCapture } from '../servers/smtp';
import { addServerAccount, freshProfile, writeNotes } from './fixtures';

const missing = dovecotMissing();

describe.skipIf(missing)('a plan’s move into the trash on a real account', () => {
  let server: DovecotServer;
  let smtp: SmtpCapture;
  let p: Profile;
  let account: Account;

  beforeAll(async () => {
    server = await startDovecot({ trash: 'Corbeille' });
    smtp = await startSmtpCapture();
    await writeNotes(server);
    p = freshProfile();
    account = await addServerAccount(p, server, 'work', smtp.port);
    const [r] = await syncAccounts(p);
    expect(r?.error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    p?.close();
    await smtp?.stop();
    await server?.stop();
  });

  const byNote = (n: number): string =>
    (p.db.prepare('SELECT id FROM messages WHERE subject = ?').get(`Note ${n}`) as { id: string }).id;
  async function inboxOnServer(): Promise<string[]> {
    const c = await server.client();
    try {
      await c.mailboxOpen('INBOX');
      const subjects: string[] = [];
      for await (const m of c.fetch('1:*', { envelope: true })) subjects.push(m.envelope?.subject ?? '');
      return subjects.sort();
    } finally {
      await c.logout();
    }
  }
  const move = (folder: string) =>
    runOnProfile(p, {
      plan: `const m = await getEmail(input.id); if (m.subject.includes('Note')) await moveEmail(m.id, input.folder);`,
      input: { id: byNote(1), folder },
      accountId: account.id,
    });

  it.each(['Deleted Items', '[Gmail]/Bin', 'INBOX.Trash', 'deleted messages'])(
    'refuses a move into a trash named %s, and nothing is queued',
    async (folder) => {
      const r = await move(folder);
      const [call] = r.report.calls.filter((c) => c.tool === 'moveEmail');
      expect(call?.error).toMatch(/use deleteEmail/);
      expect(r.report.status).toBe('failed');
      // A call the tool refused is never queued for the server.
      expect(p.claims.list().filter((c) => c.action.tool === 'moveEmail')).toEqual([]);
      expect(await inboxOnServer()).toEqual(['Note 1', 'Note 2', 'Note 3']);
    },
    60_000,
  );

  it('refuses, on the server, a move into the folder flagged as the trash, whatever its name', async () => {
    const r = await move('Corbeille');
    // The policy allowed it (the email decided only its own folder)…
    const [call] = r.report.calls.filter((c) => c.tool === 'moveEmail');
    expect(call?.decision).toBe('allow');
    // …but the transport refused to make it a deletion, for good (no retry).
    const queued = p.claims.list().filter((c) => c.action.tool === 'moveEmail');
    expect(queued.map((c) => c.state)).toEqual(['failed']);
    expect(await inboxOnServer()).toEqual(['Note 1', 'Note 2', 'Note 3']);
    expect(p.repos.messages.get(byNote(1))!.folder).toBe('INBOX');
  }, 60_000);

  it('still moves into an ordinary folder', async () => {
    const r = await move('Projects');
    expect(r.report.calls.find((c) => c.tool === 'moveEmail')?.decision).toBe('allow');
    expect(await inboxOnServer()).toEqual(['Note 2', 'Note 3']);
  }, 60_000);
});
