/**
 * The app's services behind the router, under plain Node: what the IPC bridge and the browser
 * host both reach. Payloads outside the contract are refused and audited; answers outside it
 * never leave; the global pause stops every automatic action, and approval is bound to the
 * hash the card showed.
 */
import { describe, expect, it } from 'vitest';
import { demoApp } from './app-fixture';
import { runAttackPlan, runDemoPlan } from '../../e2e/harness';

const demo = demoApp({ undoWindowSeconds: 0 });
const { call } = demo;

describe('the router', () => {
  it('lists every contract call and refuses anything else, audited', async () => {
    expect(demo.app.router.calls).toContain('claims.approve');
    for (const [name, args] of [
      ['inbox.get', [42]],
      ['inbox.page', [{ folder: 'INBOX', sql: '1=1' }]],
      ['constructor', []],
      ['settings.set', [{ theme: 'neon' }]],
    ] as const) {
      const r = await demo.app.router.dispatch(name, args, 'ipc');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('bad-request');
    }
    const audited = demo.profile.audit.list({ kind: 'security.refused-request' });
    expect(audited).toHaveLength(4);
    expect(audited.map((e) => (e.data as { origin: string }).origin)).toEqual(['ipc', 'ipc', 'ipc', 'ipc']);
    expect(demo.profile.audit.verify().ok).toBe(true);
  });

  it('maps service refusals to kinds the UI can act on', async () => {
    await expect(call('inbox.get', 'nope')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(call('claims.undo', 'nope')).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('claims through the app', () => {
  it('approves only the hash that was shown, and commits through the outbox', async () => {
    const [id] = await runDemoPlan(demo.profile, '01-reply-to-bob');
    const card = (await call('claims.get', id)) as {
      contentHash: string;
      what: string;
      why: string[];
      risk: string;
      reasons: string[];
      lineage: { nodes: unknown[] };
    };
    // In words, every recipient named; a reply in your own words to a colleague is not high risk.
    expect(card.what).toBe('Reply to Bob Lee.');
    expect(card.risk).not.toBe('high');
    expect(card.why.length).toBeGreaterThan(0);
    expect(card.why.length).toBeLessThanOrEqual(3);
    // Reasons read as words, not as source ids.
    expect(card.reasons.join(' ')).not.toMatch(/#listed/);
    expect(card.lineage.nodes.length).toBeGreaterThan(1);
    await expect(call('claims.approve', id, 'sha256:' + 'f'.repeat(64))).rejects.toMatchObject({ kind: 'conflict' });
    expect(demo.profile.claims.get(id!).state).toBe('pending');
    await call('claims.approve', id, card.contentHash);
    await demo.app.tick();
    expect(demo.profile.claims.get(id!).state).toBe('committed');
    expect(demo.profile.repos.outgoing.sent('demo').map((s) => s.claimId)).toEqual([id]);
  });

  it("edits a pending claim's text before approval: re-hashed, audited, committed as edited", async () => {
    const [id] = await runAttackPlan(demo.profile, '02-forward-invoice-to-address-in-it');
    const before = (await call('claims.get', id)) as { contentHash: string; args: { to: string[] } };
    // Only text, only at the hash that was shown; recipients are a different decision.
    await expect(call('claims.edit', id, before.contentHash, { to: ['x@evil.example'] })).rejects.toMatchObject({
      kind: 'bad-request',
    });
    await expect(call('claims.edit', id, 'sha256:' + '0'.repeat(64), { body: 'x' })).rejects.toMatchObject({
      kind: 'conflict',
    });
    const after = (await call('claims.edit', id, before.contentHash, { body: 'Bob, see the notes I sent.' })) as {
      contentHash: string;
      args: { to: string[]; body: string };
      fields: { path: string; untrusted: boolean; provenance: string }[];
    };
    expect(after.contentHash).not.toBe(before.contentHash);
    expect(after.args).toMatchObject({ to: before.args.to, body: 'Bob, see the notes I sent.' });
    expect(after.fields.find((f) => f.path === 'body')).toMatchObject({ untrusted: false });
    expect(demo.profile.audit.list({ kind: 'claim.edited' }).map((e) => e.data)).toEqual([
      { claimId: id, before: before.contentHash, after: after.contentHash, fields: ['body'], by: 'user' },
    ]);
    // The card shown before the edit can no longer be approved; the edited one can.
    await expect(call('claims.approve', id, before.contentHash)).rejects.toMatchObject({ kind: 'conflict' });
    await call('claims.approve', id, after.contentHash);
    await demo.app.tick();
    const sent = demo.profile.repos.outgoing.sent('demo');
    expect(sent.map((m) => [m.claimId, m.body])).toEqual([[id, 'Bob, see the notes I sent.']]);
    await expect(call('claims.edit', id, after.contentHash, { body: 'too late' })).rejects.toMatchObject({
      kind: 'conflict',
    });
  });

  it('never offers to always allow an address an email chose', async () => {
    const [id] = await runAttackPlan(demo.profile, '02-forward-invoice-to-address-in-it');
    await expect(call('claims.proposeOverride', id)).rejects.toThrow(
      /ap-desk@cloudnest-billing\.test \(an email chose it\)/,
    );
    const c = (await call('claims.get', id)) as { contentHash: string };
    await expect(call('claims.alwaysAllow', id, c.contentHash, 'preset:default')).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(demo.profile.claims.get(id!).state).toBe('pending');
  });

  it('decides several claims of one kind together, each at its own hash', async () => {
    const ids = await runAttackPlan(demo.profile, '14-archive-senders-from-newsletter');
    const [send] = await runAttackPlan(demo.profile, '02-forward-invoice-to-address-in-it');
    const rows = (await call('claims.list')) as { id: string; contentHash: string; tool: string }[];
    const archives = rows.filter((r) => ids.includes(r.id));
    const other = rows.find((r) => r.id === send)!;
    await expect(
      call(
        'claims.decideMany',
        [...archives.slice(0, 1), other].map((r) => ({ id: r.id, hash: r.contentHash })),
        'approve',
        '',
      ),
    ).rejects.toMatchObject({ kind: 'bad-request' });
    const items = archives
      .slice(0, 3)
      .map((r, i) => ({ id: r.id, hash: i === 2 ? 'sha256:' + '0'.repeat(64) : r.contentHash }));
    const out = (await call('claims.decideMany', items, 'approve', '')) as {
      id: string;
      ok: boolean;
      error: string | null;
    }[];
    expect(out.map((o) => o.ok)).toEqual([true, true, false]);
    expect(out[2]!.error).toMatch(/hash|changed|shown/);
    expect(archives.slice(0, 3).map((r) => demo.profile.claims.get(r.id).state)).toEqual([
      'approved',
      'approved',
      'pending',
    ]);
    const rejected = (await call(
      'claims.decideMany',
      [items[2]!].map((i) => ({ ...i, hash: archives[2]!.contentHash })),
      'reject',
      'not now',
    )) as { ok: boolean }[];
    expect(rejected.map((r) => r.ok)).toEqual([true]);
    expect(demo.profile.claims.get(archives[2]!.id)).toMatchObject({ state: 'rejected', reason: 'not now' });
  });

  it('offers no blanket override for a claim that is not about its recipients', async () => {
    const [id] = await runDemoPlan(demo.profile, '01-reply-to-bob');
    await expect(call('claims.proposeOverride', id)).rejects.toMatchObject({ kind: 'conflict' });
  });
});

describe("a person's own changes in the Inbox (demo account)", () => {
  it('moves, marks unread, and undoes each, audited; a bad folder name is refused', async () => {
    const [m] = demo.profile.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    const folders = (await call('inbox.folders', m!.id)) as string[];
    expect(folders).toEqual(expect.arrayContaining(['INBOX', 'Archive']));
    const moved = await call('inbox.move', m!.id, 'Projects');
    expect(moved).toEqual({ id: m!.id, folder: 'INBOX' });
    expect(demo.profile.repos.messages.get(m!.id)!.folder).toBe('Projects');
    expect(await call('inbox.folders', m!.id)).toContain('Projects');
    await call('inbox.undo', moved);
    expect(demo.profile.repos.messages.get(m!.id)!.folder).toBe('INBOX');
    const unread = await call('inbox.markRead', m!.id, false);
    expect(demo.profile.repos.messages.get(m!.id)!.unread).toBe(true);
    await call('inbox.undo', unread);
    expect(demo.profile.repos.messages.get(m!.id)!.unread).toBe(m!.unread);
    await expect(call('inbox.move', m!.id, 'a\nb')).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(call('inbox.move', 'no-such-id', 'X')).rejects.toMatchObject({ kind: 'not-found' });
    const changes = demo.profile.audit.list({ kind: 'mail.changed' }).map((e) => (e.data as { change: string }).change);
    expect(changes).toEqual(
      expect.arrayContaining(['moved from INBOX to Projects', 'undone (back to INBOX)', 'marked unread']),
    );
  });
});

describe('the global pause', () => {
  it('stops runs and holds approved commits until it is lifted', async () => {
    const [id] = await runDemoPlan(demo.profile, '01-reply-to-bob');
    await call('claims.approve', id, demo.profile.claims.get(id!).contentHash);
    await call('settings.set', { paused: true });
    await demo.app.tick();
    expect(demo.profile.claims.get(id!).state).toBe('approved');
    await expect(call('inbox.triage')).rejects.toMatchObject({ kind: 'conflict' });
    await expect(call('ask.run', 'give me my daily brief')).rejects.toMatchObject({ kind: 'conflict' });
    await call('settings.set', { paused: false });
    await demo.app.tick();
    expect(demo.profile.claims.get(id!).state).toBe('committed');
    expect(demo.profile.audit.list({ kind: 'settings.changed' })).toHaveLength(2);
  });
});
