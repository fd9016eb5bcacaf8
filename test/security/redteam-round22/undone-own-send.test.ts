/**
 * Red-team round 22: a message the person wrote and then undid. `mail.undo` withdraws it for
 * good; `claims.undo`, the Review screen's undo, reached the same row but put it back to
 * *pending*: an undone message of the person's own came back as a claim ("you wrote it", low
 * risk) that a later approve, or an "approve all" in Review, sent, after the person had said no
 * and while the composer no longer offered it as a draft. An invitation answered in the Inbox
 * (also the person's own, rule `you`) came back the same way. Now every undo of a person's own
 * action withdraws it, whichever call it came through.
 */
import { describe, expect, it } from 'vitest';
import { demoApp } from '../../main/app/app-fixture';

const demo = demoApp({ engineWorker: false, undoWindowSeconds: 30 });
const { call } = demo;

const sentWith = (id: string) => demo.profile.repos.outgoing.sent().filter((s) => s.claimId === id);

describe('red team round 22: an undone message of your own', () => {
  it.each(['mail.undo', 'claims.undo'])(
    'stays undone after %s: never pending, never approved, never sent',
    async (undo) => {
      const r = (await call('mail.send', {
        to: ['bob@example.com'],
        subject: 'Not this',
        body: 'second thoughts',
      })) as {
        id: string;
      };
      const hash = demo.profile.claims.get(r.id).contentHash;
      await call(undo, r.id);
      expect(demo.profile.claims.get(r.id)).toMatchObject({ state: 'rejected', reason: 'undone' });
      const pending = (await call('claims.list', 'pending')) as { id: string }[];
      expect(pending.map((c) => c.id)).not.toContain(r.id);
      await expect(call('claims.approve', r.id, hash)).rejects.toMatchObject({ kind: 'conflict' });
      expect(await call('claims.decideMany', [{ id: r.id, hash }], 'approve', '')).toMatchObject([
        { id: r.id, ok: false },
      ]);
      demo.profile.setSetting('undoWindowSeconds', '0');
      await demo.app.tick();
      await demo.app.tick();
      expect(sentWith(r.id)).toEqual([]);
      expect(await call('mail.queued')).toEqual([]);
    },
  );

  it('an invitation answer given in the Inbox and undone stays undone: no pending claim answers it later', async () => {
    const r = (await call('inbox.respond', 'e42', 'declined')) as { claimId: string };
    const hash = demo.profile.claims.get(r.claimId).contentHash;
    // Its card can be shown (it was stored with lineage `{}`, on which every claims call failed).
    expect(await call('claims.get', r.claimId)).toMatchObject({ id: r.claimId, contentHash: hash });
    await call('claims.undo', r.claimId);
    expect(demo.profile.claims.get(r.claimId)).toMatchObject({ state: 'rejected', reason: 'undone' });
    expect(((await call('claims.list', 'pending')) as { id: string }[]).map((c) => c.id)).not.toContain(r.claimId);
    await expect(call('claims.approve', r.claimId, hash)).rejects.toMatchObject({ kind: 'conflict' });
  });
});
