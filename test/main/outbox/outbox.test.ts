import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../engine/ifc/labeled-value';
import { ClaimError, ClaimStore } from '../../../main/claims/claim-store';
import { Outbox } from '../../../main/outbox/outbox';
import { TransportError, type CommitRequest, type Transport } from '../../../main/outbox/transport';
import { MIGRATIONS, openDatabase, type Db } from '../../../main/store';
import { sendAction, tableSink } from './fixtures';

/** A transport that records what it committed and fails as scripted. */
function scripted(failures: ('temporary' | 'permanent')[] = []) {
  const committed: CommitRequest[] = [];
  const t: Transport = {
    name: 'test',
    async commit(req) {
      const f = failures.shift();
      if (f) throw new TransportError(f, `scripted ${f} failure`);
      committed.push(req);
      return { ok: true } as Json;
    },
    async reconcile(req) {
      return committed.some((c) => c.messageId === req.messageId) ? { done: true, result: null } : { done: false };
    },
  };
  return { t, committed };
}

function setup(failures?: ('temporary' | 'permanent')[]) {
  const db: Db = openDatabase(join(mkdtempSync(join(tmpdir(), 'zamburak-outbox-')), 'z.db'), {
    migrations: MIGRATIONS,
  });
  const audit = tableSink(db);
  let clock = new Date('2026-11-24T09:00:00Z');
  const now = () => clock;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const claims = new ClaimStore(db, audit);
  const { t, committed } = scripted(failures);
  const outbox = new Outbox(claims, new Map([['test', t]]), { now, backoffMs: 1000, maxAttempts: 3 });
  const create = (i: number) =>
    claims.create({
      id: `c${i}`,
      seq: i,
      action: sendAction(i),
      rule: 'egress/untrusted-recipient',
      reasons: ['r'],
      risk: 'high',
      fields: [],
      context: {},
      createdAt: now().toISOString(),
    });
  const approve = (id: string, undoWindowMs = 10_000) =>
    claims.approve(id, { by: 'test', now: now(), undoWindowMs, transport: 'test' });
  const kinds = () =>
    (db.prepare('SELECT kind FROM audit_log ORDER BY seq').all() as { kind: string }[]).map((r) => r.kind);
  return { db, claims, outbox, committed, create, approve, advance, kinds };
}

describe('claims and the outbox', () => {
  it('waits out the undo window, then commits exactly the approved action once', async () => {
    const s = setup();
    const c = s.create(1);
    const { messageId } = s.approve(c.id);
    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(await s.outbox.processDue()).toEqual([]);
    s.advance(10_000);
    expect(await s.outbox.processDue()).toMatchObject([{ claimId: 'c1', outcome: 'sent' }]);
    expect(s.committed).toHaveLength(1);
    expect(s.committed[0]!.action).toEqual(sendAction(1));
    expect(s.committed[0]!.messageId).toBe(messageId);
    expect(s.claims.get('c1').state).toBe('committed');
    expect(await s.outbox.processDue()).toEqual([]);
    expect(s.kinds()).toEqual(['claim.approved', 'commit.attempted', 'commit.succeeded']);
  });

  it('a row held under a live lease is never taken; an expired one is reconciled before any resend', async () => {
    const s = setup();
    s.approve(s.create(1).id, 0);
    // Another committer took it (and, say, died mid-send after the server got it).
    const [due] = s.claims.due(new Date('2026-11-24T09:00:00Z'));
    expect(s.claims.take(due!, new Date('2026-11-24T09:00:00Z'), 60_000)).toBe(1);
    expect(s.claims.take(due!, new Date('2026-11-24T09:00:00Z'), 60_000)).toBeNull();
    s.committed.push({ claimId: 'c1', action: sendAction(1), contentHash: '', messageId: due!.messageId, attempt: 1 });
    expect(await s.outbox.processDue()).toEqual([]);
    s.advance(59_000);
    expect(await s.outbox.processDue()).toEqual([]);
    s.advance(1_000);
    expect(await s.outbox.processDue()).toMatchObject([{ claimId: 'c1', outcome: 'reconciled' }]);
    expect(s.committed).toHaveLength(1);
    expect(s.claims.get('c1').state).toBe('committed');
  });

  it('an undo window of 0 sends at once', async () => {
    const s = setup();
    s.approve(s.create(1).id, 0);
    expect(await s.outbox.processDue()).toMatchObject([{ outcome: 'sent' }]);
  });

  it('undo inside the window returns the claim to pending and nothing is sent', async () => {
    const s = setup();
    s.approve(s.create(1).id);
    s.claims.undo('c1', { by: 'test', now: new Date() });
    expect(s.claims.get('c1').state).toBe('pending');
    s.advance(60_000);
    expect(await s.outbox.processDue()).toEqual([]);
    expect(s.committed).toHaveLength(0);
    // approved again later: one outbox row, sent once
    s.approve('c1', 0);
    await s.outbox.processDue();
    expect(s.committed).toHaveLength(1);
  });

  it('undo after the commit started is refused', async () => {
    const s = setup();
    s.approve(s.create(1).id, 0);
    await s.outbox.processDue();
    expect(() => s.claims.undo('c1', { by: 'test', now: new Date() })).toThrow(/can no longer be undone/);
  });

  it('refuses to approve a claim whose stored content was changed behind its hash', () => {
    const s = setup();
    const c = s.create(1);
    s.db
      .prepare('UPDATE claims SET action = ? WHERE id = ?')
      .run(JSON.stringify({ tool: 'sendEmail', args: { ...sendAction(1).args, to: ['evil@attacker.test'] } }), c.id);
    expect(() => s.approve(c.id)).toThrow(ClaimError);
    expect(() => s.approve(c.id)).toThrow(/no longer matches/);
    expect(s.claims.get(c.id).state).toBe('pending');
  });

  it('refuses an approval bound to a different hash than the one shown', () => {
    const s = setup();
    const c = s.create(1);
    expect(() =>
      s.claims.approve(c.id, {
        by: 't',
        now: new Date(),
        undoWindowMs: 0,
        transport: 'test',
        expectedHash: 'sha256:' + '0'.repeat(64),
      }),
    ).toThrow(/no longer matches/);
  });

  it('does not commit an outbox row whose claim was edited after approval', async () => {
    const s = setup();
    s.approve(s.create(1).id, 0);
    s.db
      .prepare('UPDATE claims SET action = ? WHERE id = ?')
      .run(JSON.stringify({ tool: 'sendEmail', args: { to: ['evil@attacker.test'], subject: 'x', body: 'y' } }), 'c1');
    expect(await s.outbox.processDue()).toMatchObject([{ outcome: 'failed' }]);
    expect(s.committed).toHaveLength(0);
    expect(s.claims.get('c1')).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/approved content hash/),
    });
  });

  it('retries temporary failures with backoff, reconciling first', async () => {
    const s = setup(['temporary', 'temporary']);
    s.approve(s.create(1).id, 0);
    expect(await s.outbox.processDue()).toMatchObject([{ outcome: 'retry' }]);
    expect(await s.outbox.processDue()).toEqual([]); // not yet due
    s.advance(1000);
    expect(await s.outbox.processDue()).toMatchObject([{ outcome: 'retry' }]);
    s.advance(2000);
    expect(await s.outbox.processDue()).toMatchObject([{ outcome: 'sent' }]);
    expect(s.committed).toHaveLength(1);
  });

  it('a permanent failure shows on the claim', async () => {
    const s = setup(['permanent']);
    s.approve(s.create(1).id, 0);
    expect(await s.outbox.processDue()).toMatchObject([{ outcome: 'failed' }]);
    expect(s.claims.get('c1')).toMatchObject({ state: 'failed', error: 'scripted permanent failure' });
  });

  it('gives up after the last attempt', async () => {
    const s = setup(['temporary', 'temporary', 'temporary']);
    s.approve(s.create(1).id, 0);
    for (let i = 0; i < 3; i++) {
      await s.outbox.processDue();
      s.advance(60_000);
    }
    expect(s.claims.get('c1').state).toBe('failed');
  });

  it('reject records the reason; a rejected claim cannot be approved', () => {
    const s = setup();
    s.create(1);
    s.claims.reject('c1', { by: 'test', now: new Date(), reason: 'not my supplier' });
    expect(s.claims.get('c1')).toMatchObject({ state: 'rejected', reason: 'not my supplier' });
    expect(() => s.approve('c1')).toThrow(/rejected/);
  });

  it('pending claims expire', () => {
    const s = setup();
    s.create(1);
    expect(s.claims.expireOlderThan(new Date(Date.now() + 8 * 86_400_000), 7 * 86_400_000)).toBe(1);
    expect(s.claims.get('c1').state).toBe('expired');
  });

  it('lists claims newest first with keyset paging', () => {
    const s = setup();
    for (let i = 1; i <= 5; i++) {
      s.create(i);
      s.advance(1000);
    }
    const first = s.claims.list({ limit: 2 });
    expect(first.map((c) => c.id)).toEqual(['c5', 'c4']);
    const next = s.claims.list({ limit: 2, before: { createdAt: first[1]!.createdAt, id: first[1]!.id } });
    expect(next.map((c) => c.id)).toEqual(['c3', 'c2']);
    expect(s.claims.countPending()).toBe(5);
  });
});
