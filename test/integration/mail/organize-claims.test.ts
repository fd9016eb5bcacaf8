/**
 * A mailbox change that asked for approval, committed on a real account (Dovecot): what the
 * server does is the effect the card showed — the email and the folder — and the transport
 * works the effect out again and checks it against the approved hash just before it touches the
 * server, so a hash approved for one change never commits another.
 */
import { describe, expect, it } from 'vitest';
import { accountTransports, transportNameOf } from '../../../main/accounts/transports';
import type { ClaimAction } from '../../../main/claims/claim-store';
import { explainStored } from '../../../main/claims/explain-stored';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { ClaimsService } from '../../../main/services/claims-service';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { effectHash, effectOf } from '../../../engine/tools';
import { dovecotMissing } from '../servers/dovecot';
import { notesAccount } from './fixtures';

describe.skipIf(dovecotMissing())('approved mailbox changes on a real account', () => {
  const at = notesAccount();
  const { byNote, onServer } = at;

  it('commits the move the card showed, bound to its effect', async () => {
    const { p, account } = at;
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
    const { p, account } = at;
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
