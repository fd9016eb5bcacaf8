/**
 * A mailbox change that asked for approval, committed on a real account (Dovecot): what the
 * server does is the effect the card showed — the email and the folder — and the transport
 * works the effect out again and checks it against the approved hash just before it touches the
 * server, so a hash approved for one change never commits another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAccounts } from '../../../main/accounts/accounts';
import { accountTransports, transportNameOf } from '../../../main/accounts/transports';
import type { ClaimAction } from '../../../main/claims/claim-store';
import { explainStored } from '../../../main/claims/explain-stored';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { ClaimsService } from '../../../main/services/claims-service';
import { profileLookups } from '../../../main/mail/effect-lookups';
import type { Account } from '../../../main/store/repositories';
import { effectHash, effectOf } from '../../../engine/tools';
import { dovecotMissing, startDovecot, type DovecotServer } from '../servers/dovecot';
import { startSmtpCapture, type SmtpCapture } from '../servers/smtp';
import { addServerAccount, freshProfile, writeNotes } from './fixtures';

const missing = dovecotMissing();

describe.skipIf(missing)('approved mailbox changes on a real account', () => {
  let server: DovecotServer;
  let smtp: SmtpCapture;
  let p: Profile;
  let account: Account;

  beforeAll(async () => {
    server = await startDovecot();
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
  /** The subjects another mail client sees in a folder. */
  async function onServer(folder: string): Promise<string[]> {
    const c = await server.client();
    try {
      await c.mailboxOpen(folder);
      const subjects: string[] = [];
      for await (const m of c.fetch('1:*', { envelope: true })) subjects.push(m.envelope?.subject ?? '');
      return subjects.sort();
    } catch {
      return [];
    } finally {
      await c.logout();
    }
  }

  it('commits the move the card showed, bound to its effect', async () => {
    // The folder is chosen by reading another email: the policy asks.
    const plan = `
      const other = await getEmail(input.other);
      await moveEmail(input.id, other.subject.includes('Note') ? 'Projects' : 'Archive');
    `;
    const r = await runOnProfile(p, { plan, input: { id: byNote(1), other: byNote(2) }, accountId: account.id });
    const [reported] = r.report.claims;
    expect(reported?.tool).toBe('moveEmail');
    const claim = p.claims.get(reported!.id);
    const effect = effectOf(claim.action.tool, claim.action.args, profileLookups(p, account));
    expect(effect).toEqual({ kind: 'organize', tool: 'moveEmail', emailId: byNote(1), folder: 'Projects' });
    expect(claim.contentHash).toBe(effectHash(effect));
    expect(reported!.contentHash).toBe(claim.contentHash);
    const card = explainStored(p, claim).x.preview;
    expect(card).toEqual({ kind: 'organize', email: '“Note 1” from bob@example.test', folder: 'Projects' });

    const svc = new ClaimsService(p);
    svc.approve(claim.id, { by: 'test', expectedHash: claim.contentHash, undoWindowMs: 0 });
    await svc.commitDue();
    expect(p.claims.get(claim.id).state).toBe('committed');
    expect(await onServer('Projects')).toEqual(['Note 1']);
    expect(await onServer('INBOX')).not.toContain('Note 1');
    expect(p.repos.messages.get(byNote(1))!.folder).toBe(card.kind === 'organize' ? card.folder : '');
  }, 60_000);

  it('a hash approved for one change never commits another, and the server is left as it was', async () => {
    const id = byNote(3);
    const t = accountTransports(p).get(transportNameOf(account))!;
    const lookups = profileLookups(p, account);
    const approved = effectHash(effectOf('archiveEmail', { id }, lookups));
    const attempts: ClaimAction[] = [
      { tool: 'moveEmail', args: { id, folder: 'Projects' } },
      { tool: 'deleteEmail', args: { id } },
      { tool: 'archiveEmail', args: { id: byNote(2) } },
    ];
    for (const action of attempts)
      await expect(
        t.commit({ claimId: 'c', action, contentHash: approved, messageId: null, attempt: 1 }),
      ).rejects.toMatchObject({
        kind: 'permanent',
        message: /is not the one approved/,
      });
    expect(await onServer('INBOX')).toEqual(['Note 2', 'Note 3']);
    expect(await onServer('Projects')).toEqual(['Note 1']);
    // The change that was approved goes through.
    await t.commit({
      claimId: 'c',
      action: { tool: 'archiveEmail', args: { id } },
      contentHash: approved,
      messageId: null,
      attempt: 1,
    });
    expect(await onServer('Archive')).toEqual(['Note 3']);
  }, 60_000);
});
