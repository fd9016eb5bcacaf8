/**
 * Who counts as an authenticated sender in a profile run: only a DMARC pass written by the
 * account's own receiving server (its configured Authentication-Results id). A mail whose sender
 * forged a verdict, or an account with no id configured, leaves the sender unauthenticated.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addAccount } from '../../../main/accounts/accounts';
import { profileDirectory } from '../../../main/profile/directory';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { worldOf } from '../../../main/profile/world-io';

let p: Profile;
afterEach(() => p?.close());

async function accountWith(authserv?: string[]) {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-auth-')), 'p'));
  const a = await addAccount(p, {
    name: 'work',
    email: 'me@work.test',
    imap: { host: 'imap.work.test', port: 993, security: 'tls', user: 'me' },
    password: 'pw',
    ...(authserv ? { authserv } : {}),
  });
  // Two copies of a demo mail on this account: one verdict by its server, one by someone else.
  const demo = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items[0]!;
  const m = p.repos.messages.get(demo.id)!;
  for (const [id, authserv] of [
    ['ours', 'mx.work.test'],
    ['forged', 'mx.attacker.test'],
  ])
    p.repos.messages.upsert({ ...m, id, accountId: a.id, auth: { authserv, position: 'top', dmarc: 'pass' } });
  const emails = worldOf(p.repos, p.repos.accounts.get(a.id)!, () => new Date()).emails;
  return Object.fromEntries(emails.map((e) => [e.id, e.authenticated]));
}

describe('sender authentication in profile runs', () => {
  it("trusts only the account's own receiving server", async () => {
    expect(await accountWith(['MX.work.test'])).toEqual({ ours: true, forged: false });
  });
  it('trusts no verdict when the account names no server', async () => {
    expect(await accountWith()).toEqual({ ours: false, forged: false });
  });
  // Red-team round 6: the claim explainer read the verdict without the From it was about, so a
  // pass the server gave another domain (a second From header it checked while a reader shows
  // the first) showed the shown sender as authenticated in Review while the run did not.
  it('the claim explainer calls a pass for another From domain no pass, as the run does', async () => {
    await accountWith(['mx.work.test']);
    const a = p.repos.accounts.list().find((x) => x.name === 'work')!;
    const m = p.repos.messages.get('ours')!;
    const auth = { authserv: 'mx.work.test', position: 'top', dmarc: 'pass', 'dmarc.header.from': 'attacker.test' };
    p.repos.messages.upsert({ ...m, id: 'two-froms', from: 'Boss <boss@work.test>', auth });
    const run = worldOf(p.repos, a, () => new Date()).emails.find((e) => e.id === 'two-froms');
    expect(run?.authenticated).toBe(false);
    expect(profileDirectory(p, a).email('two-froms')?.authenticated).toBe(false);
    expect(profileDirectory(p, a).email('ours')?.authenticated).toBe(true);
  });
  it('refuses a server id that is not a host name', async () => {
    await expect(accountWith(['mx.work.test; dmarc=pass'])).rejects.toThrow(/not a server id/);
  });
});
