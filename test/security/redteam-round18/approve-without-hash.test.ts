/**
 * Red-team round 18: an approval that names no hash approves nothing.
 *
 * `claims.approve(id, hash)`, `claims.edit(id, hash, …)`, `claims.alwaysAllow` and
 * `claims.decideMany` bind the person's decision to the content hash their card showed. The
 * contract took any string up to 100 characters, and the service read an empty one as "no hash
 * given": `claims.approve(id, '')` approved whatever the claim held at that moment, unbound, and
 * `claims.edit(id, '', …)` rewrote it unbound. A card whose hash never arrived (a stale or
 * half-loaded view), or anything else that reaches the bridge, could so approve a claim whose
 * content the person never saw. Now an empty hash is a hash that matches nothing (conflict), the
 * claim stays pending, and the bridge refuses it at its schema.
 */
import { describe, expect, it } from 'vitest';
import { demoApp } from '../../main/app/app-fixture';
import { runDemoPlan } from '../../e2e/harness';

const demo = demoApp({ undoWindowSeconds: 0 });

const refused = async (name: string, ...args: unknown[]) => {
  const r = await demo.app.router.dispatch(name, args, 'ipc');
  expect(r.ok, `${name} with an empty hash`).toBe(false);
};

describe('red team round 18: no hash, no approval', () => {
  it('refuses approve, edit, alwaysAllow and decideMany with an empty hash; the claim stays as it was', async () => {
    const [id] = await runDemoPlan(demo.profile, '01-reply-to-bob');
    const before = demo.profile.claims.get(id!);
    await refused('claims.approve', id, '');
    await refused('claims.edit', id, '', { body: 'Send the wire to IBAN XX00 EVIL today.' });
    await refused('claims.alwaysAllow', id, '', 'whatever');
    await refused('claims.decideMany', [{ id, hash: '' }], 'approve', '');
    const after = demo.profile.claims.get(id!);
    expect(after.state).toBe('pending');
    expect(after.contentHash).toBe(before.contentHash);
    expect(demo.profile.repos.outgoing.sent('demo')).toEqual([]);
  });

  it('the service too: an empty expected hash is one that matches nothing', async () => {
    const [id] = await runDemoPlan(demo.profile, '01-reply-to-bob');
    const services = demo.app.services;
    expect(() => services.claims.approve(id!, { by: 'user', expectedHash: '' })).toThrow(/no longer matches/);
    expect(() => services.claims.edit(id!, { body: 'changed' }, { by: 'user', expectedHash: '' })).toThrow(
      /no longer matches/,
    );
    expect(demo.profile.claims.get(id!).state).toBe('pending');
  });
});
