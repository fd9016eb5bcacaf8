/**
 * A plan may move an email decided by that email alone without asking (self-scoped), but moving
 * it to the trash is a deletion, which the policy weighs separately (deleteEmail asks first).
 * Servers name their trash many ways: a plan's move into it is refused by the name the engine
 * knows ("Deleted Items", "[Gmail]/Bin") and, on a real account, by the server's own `\Trash`
 * flag whatever the name (here Dovecot's trash is "Corbeille"). Nothing moves on the server.
 */
import { describe, expect, it } from 'vitest';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { dovecotMissing } from '../servers/dovecot';
import { notesAccount } from './fixtures';

describe.skipIf(dovecotMissing())('a plan’s move into the trash on a real account', () => {
  const at = notesAccount({ trash: 'Corbeille' });
  const inboxOnServer = () => at.onServer('INBOX');
  const move = (folder: string) =>
    runOnProfile(at.p, {
      plan: `const m = await getEmail(input.id); if (m.subject.includes('Note')) await moveEmail(m.id, input.folder);`,
      input: { id: at.byNote(1), folder },
      accountId: at.account.id,
    });

  it.each(['Deleted Items', '[Gmail]/Bin', 'INBOX.Trash', 'deleted messages'])(
    'refuses a move into a trash named %s, and nothing is queued',
    async (folder) => {
      const r = await move(folder);
      const [call] = r.report.calls.filter((c) => c.tool === 'moveEmail');
      expect(call?.error).toMatch(/use deleteEmail/);
      expect(r.report.status).toBe('failed');
      // A call the tool refused is never queued for the server.
      expect(at.p.claims.list().filter((c) => c.action.tool === 'moveEmail')).toEqual([]);
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
    const queued = at.p.claims.list().filter((c) => c.action.tool === 'moveEmail');
    expect(queued.map((c) => c.state)).toEqual(['failed']);
    expect(await inboxOnServer()).toEqual(['Note 1', 'Note 2', 'Note 3']);
    expect(at.p.repos.messages.get(at.byNote(1))!.folder).toBe('INBOX');
  }, 60_000);

  it('still moves into an ordinary folder', async () => {
    const r = await move('Projects');
    expect(r.report.calls.find((c) => c.tool === 'moveEmail')?.decision).toBe('allow');
    expect(await inboxOnServer()).toEqual(['Note 2', 'Note 3']);
  }, 60_000);
});
