/**
 * `accounts.setSenderChecks` through the router, as the bridge reaches it: a mail account's
 * server ids and "checks every message" are stored as given (trimmed, lower case), shown in the
 * account's view and audited; from a compromised renderer's side, any payload outside the
 * contract, "every message" without a server id, an id that is no host name, the demo account or
 * one that does not exist is refused, audited as refused, and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMailAccount, demoApp } from './app-fixture';

const demo = demoApp({ prepare: (p) => addMailAccount(p, { authserv: ['mx.mail.test'] }) });
const stored = () => demo.profile.repos.accounts.byName('mail')!.config;

const hostName = fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,30}$/);

describe('accounts.setSenderChecks', () => {
  it('stores, shows and audits the server ids and "every message", and turns it off again', async () => {
    const view = (await demo.call('accounts.setSenderChecks', {
      name: 'mail',
      authserv: [' MX.Google.com '],
      authservEveryMessage: true,
    })) as Record<string, unknown>;
    expect(view).toMatchObject({ name: 'mail', authserv: ['mx.google.com'], authservEveryMessage: true });
    expect(stored()).toMatchObject({ authserv: ['mx.google.com'], authservEveryMessage: true, imap: { port: 9 } });
    const listed = (await demo.call('accounts.list')) as Record<string, unknown>[];
    expect(listed.find((a) => a.name === 'mail')).toMatchObject({ authservEveryMessage: true });
    expect(listed.find((a) => a.name === 'demo')).not.toHaveProperty('authserv');
    const entry = demo.profile.audit
      .list({ kind: 'account.changed' })
      .find((e) => JSON.stringify(e.data).includes('"action":"changed"'));
    expect(entry?.data).toMatchObject({ action: 'changed', account: 'mail', authservEveryMessage: true });

    await demo.call('accounts.setSenderChecks', { name: 'mail', authserv: [], authservEveryMessage: false });
    expect(stored()).not.toHaveProperty('authserv');
    expect(stored()).not.toHaveProperty('authservEveryMessage');
  });

  it('refuses every payload outside the contract or the account rules, and changes nothing', async () => {
    const before = JSON.stringify(stored());
    const refusedBefore = demo.profile.audit.list({ kind: 'security.refused-request' }).length;
    const changesBefore = demo.profile.audit.list({ kind: 'account.changed' }).length;
    let refused = 0;
    const bad = fc.oneof(
      // "Every message" is about a server: without one it means nothing, and is refused.
      fc.record({ name: fc.constant('mail'), authserv: fc.constant([]), authservEveryMessage: fc.constant(true) }),
      // An id with a character no host name has.
      fc.record({
        name: fc.constant('mail'),
        authserv: fc
          .tuple(hostName, fc.constantFrom(' ', '/', '@', '<', '\n', ';', '_'), hostName)
          .map(([a, c, b]) => [`${a}${c}${b}`]),
        authservEveryMessage: fc.boolean(),
      }),
      // Too many ids, a wrong type, a key the contract does not have, no name.
      fc.record({
        name: fc.constant('mail'),
        authserv: fc.array(hostName, { minLength: 11, maxLength: 14 }),
        authservEveryMessage: fc.boolean(),
      }),
      fc.record({ name: fc.constant('mail'), authserv: hostName, authservEveryMessage: fc.boolean() }),
      fc.record({
        name: fc.constant('mail'),
        authserv: fc.array(hostName, { maxLength: 2 }),
        authservEveryMessage: fc.constantFrom('yes', 1, null),
      }),
      fc.record({
        name: fc.constant('mail'),
        authserv: fc.array(hostName, { maxLength: 2 }),
        authservEveryMessage: fc.boolean(),
        imap: fc.record({ host: hostName }),
      }),
      fc.record({ authserv: fc.array(hostName, { maxLength: 2 }), authservEveryMessage: fc.boolean() }),
      // The demo account has no server; a name that is not an account; a name the contract refuses.
      fc.record({
        name: fc.constantFrom('demo', 'nobody', '../mail', 'mail ', ''),
        authserv: fc.array(hostName, { minLength: 1, maxLength: 2 }),
        authservEveryMessage: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (payload) => {
        await expect(demo.call('accounts.setSenderChecks', payload)).rejects.toMatchObject({
          kind: expect.stringMatching(/^(bad-request|not-found)$/),
        });
        refused += 1;
        expect(JSON.stringify(stored())).toBe(before);
      }),
      { numRuns: 120 },
    );
    // Payloads outside the schema are audited as refusals (a renderer sending them is a bug or an attack).
    expect(demo.profile.audit.list({ kind: 'security.refused-request' }).length).toBeGreaterThan(refusedBefore);
    expect(refused).toBe(120);
    expect(demo.profile.audit.list({ kind: 'account.changed' })).toHaveLength(changesBefore);
  });
});
