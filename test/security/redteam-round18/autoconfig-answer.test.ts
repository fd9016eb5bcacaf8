/**
 * Red-team round 18: an autoconfig answer that never ends fills no memory.
 *
 * `account add --email ADDR` reads the domain's autoconfig file (main/accounts/discover.ts), over
 * plain HTTP too, where anyone on the network answers. The file was read whole (`res.text()`)
 * before its 200 KB limit was checked, for each of four places, until the 8 s timeout. Now it is
 * read up to the limit as it arrives (main/net/bounded-body.ts), and a larger one is no file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { discoverServers, type Resolver } from '../../../main/accounts/discover';
import { startHostile, type HostileServer } from './hostile-server';

let server: HostileServer | undefined;
afterAll(() => server?.stop());

const noDns: Resolver = { srv: () => Promise.resolve([]), mx: () => Promise.resolve([]) };

describe('red team round 18: a hostile autoconfig answer', () => {
  it('stops reading at the limit at every place asked, and finds nothing there', async () => {
    server = await startHostile(() => ({ endless: '<clientConfig><emailProvider>' }));
    const base = server.url;
    const toHostile: typeof fetch = (_input, init) => fetch(`${base}/config`, init);
    const found = await discoverServers('me@example.test', { fetch: toHostile, resolver: noDns, timeoutMs: 20_000 });
    expect(found).toBeNull();
    expect(server.sent()).toBeLessThan(64 * 1024 * 1024);
  }, 40_000);
});
