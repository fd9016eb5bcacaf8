/**
 * An account that signs in with OAuth 2, end to end with real parts on loopback: oidc-provider
 * as the authorization server, Dovecot with its oauth2 passdb (XOAUTH2 and OAUTHBEARER, each
 * token introspected at that server) and an SMTP submission server that introspects the same
 * tokens. Through the CLI: sign in headless (the test follows the printed URL and consents),
 * sync, send, let the access token expire and sync again, have the server refuse a token that
 * looks fresh (refreshed once, then synced), have the server revoke the grant
 * ("sign in again", nothing lost), sign in again, and remove the account (the refresh token is
 * revoked at the server).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncTarget } from '../../../main/accounts/accounts';
import { oauthSecretName } from '../../../main/accounts/oauth-tokens';
import { connectImap } from '../../../main/mail/connect';
import { discoverIssuer } from '../../../main/oauth/issuer';
import { revokeToken } from '../../../main/oauth/tokens';
import { openProfile } from '../../../main/profile/profile';
import { ClaimsService } from '../../../main/services/claims-service';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { consent, startOAuthServer, type Decision, type OAuthServer } from '../servers/oauth';
import { startSmtpCapture, type SmtpCapture } from '../servers/smtp';

const missing = dovecotMissing();
const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');
const EMAIL = 'alice@example.test';

describe.skipIf(missing)('an OAuth account against oidc-provider, Dovecot (oauth2 passdb) and SMTP', () => {
  let issuer: OAuthServer;
  let imap: DovecotServer;
  let smtp: SmtpCapture;
  const profile = join(mkdtempSync(join(tmpdir(), 'zamburak-oauth-')), 'p');
  /**
   * Runs the CLI (never synchronously: the authorization server runs in this process and must
   * answer the introspections the CLI's logins cause). With a decision, the "browser" follows
   * the printed sign-in URL and answers as it says.
   */
  const cli = (d: Decision | null, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string; page?: number }>((resolve, reject) => {
      const { ZAMBURAK_GOOGLE_CLIENT_ID: _unset, ...env } = process.env;
      const child = spawn(process.execPath, [BIN, ...args, ...(d ? ['--no-browser'] : []), '--profile', profile], {
        env,
      });
      let stdout = '';
      let stderr = '';
      let page: Promise<number> | undefined;
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = /^Open this URL to sign in: (\S+)$/m.exec(stdout);
        if (d && m && !page) page = consent(m[1]!, d);
      });
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('error', reject);
      child.on('close', (status) => {
        void (page ?? Promise.resolve(undefined)).then(
          (p) => resolve({ status, stdout, stderr, ...(p ? { page: p } : {}) }),
          reject,
        );
      });
    });
  const zamburak = (...args: string[]) => cli(null, ...args);

  const add = (d: Decision, name = 'work') =>
    cli(
      d,
      'account',
      'add',
      '--name',
      name,
      '--email',
      EMAIL,
      '--oauth',
      issuer.issuer,
      '--client-id',
      issuer.clientId,
      '--scope',
      'mail',
      '--imap',
      `${imap.host}:${imap.port}`,
      '--smtp',
      `127.0.0.1:${smtp.port}`,
      '--security',
      'none',
    );

  const refreshTokenNow = async (): Promise<string> => {
    const p = openProfile(profile);
    try {
      const a = p.repos.accounts.byName('work')!;
      return (JSON.parse((await p.secrets.get(oauthSecretName(a.id)))!) as { refreshToken: string }).refreshToken;
    } finally {
      p.close();
    }
  };

  beforeAll(async () => {
    issuer = await startOAuthServer();
    imap = await startDovecot({ user: EMAIL, oauth2: { introspectionUrl: introspectionWithClient(issuer) } });
    imap.writeMaildir(
      'INBOX',
      [1, 2, 3].map((n) => ({ raw: rawMessage({ n, to: EMAIL }) })),
    );
    smtp = await startSmtpCapture({
      oauth: {
        check: async (user, token) => {
          const t = await issuer.introspect(token);
          return t.active && t.sub === user;
        },
      },
    });
  }, 60_000);

  afterAll(async () => {
    await imap?.stop();
    await smtp?.stop();
    await issuer?.stop();
  });

  it('says what went wrong (declined, another account, a scope left out, no OAuth on the server) and adds nothing', async () => {
    // A preset without a registered client id says where to put one, before asking anyone.
    const noClient = await zamburak('account', 'add', '--name', 'g', '--email', 'maya@gmail.com', '--oauth', 'google');
    expect(noClient.status).toBe(2);
    expect(noClient.stderr).toContain('pass --client-id ID or set ZAMBURAK_GOOGLE_CLIENT_ID');
    const denied = await add({ as: EMAIL, deny: true });
    expect(denied.status).toBe(1);
    expect(denied.stderr).toMatch(/declined the request in the browser/);
    const wrong = await add({ as: 'bob@example.test' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(`signed in as bob@example.test, not ${EMAIL}`);
    const scope = await add({ as: EMAIL, without: ['mail'] });
    expect(scope.stderr).toMatch(/did not grant mail/);
    // A mail server that takes only passwords: the sign-in works, the mailbox says no.
    const passwordOnly = await startDovecot({ user: EMAIL });
    try {
      const r = await cli(
        { as: EMAIL },
        'account',
        'add',
        '--name',
        'work',
        '--email',
        EMAIL,
        '--oauth',
        issuer.issuer,
        '--client-id',
        issuer.clientId,
        '--imap',
        `${passwordOnly.host}:${passwordOnly.port}`,
        '--security',
        'none',
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/does not offer OAuth sign-in .*add the account with a password instead/);
    } finally {
      await passwordOnly.stop();
    }
    expect(JSON.parse((await zamburak('account', 'list', '--json')).stdout)).toHaveLength(1); // the demo account
  }, 180_000);

  it('signs in headless, syncs over XOAUTH2/OAUTHBEARER and sends over XOAUTH2', async () => {
    const r = await add({ as: EMAIL });
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout.split('\n')[0]).toMatch(/^Open this URL to sign in: http:\/\/127\.0\.0\.1:\d+\/auth\?/);
    expect(r.stdout).toContain(`Added work  <${EMAIL}>`);
    expect(r.page).toBe(200);
    // The refresh token is in the secret store only.
    const refresh = await refreshTokenNow();
    expect(readFileSync(join(profile, 'zamburak.db')).includes(refresh)).toBe(false);

    const sync = await zamburak('sync', '--json');
    expect(sync.stderr).toBe('');
    expect(sync.status).toBe(0);
    // An approved send commits through the account's SMTP transport with a current token.
    const p = openProfile(profile);
    try {
      const account = p.repos.accounts.byName('work')!;
      const claim = p.claims.create({
        id: 'send-1',
        seq: 1,
        accountId: account.id,
        action: { tool: 'sendEmail', args: { to: ['bob@example.test'], subject: 'Hi', body: 'Hello' } },
        rule: 'egress/test',
        reasons: ['test'],
        risk: 'high',
        fields: [],
        context: [],
        createdAt: new Date().toISOString(),
      });
      const svc = new ClaimsService(p);
      svc.approve(claim.id, { by: 'test', expectedHash: claim.contentHash, undoWindowMs: 0 });
      await svc.commitDue();
      expect(p.claims.get(claim.id).state).toBe('committed');
    } finally {
      p.close();
    }
    expect(smtp.received.map((m) => m.to)).toEqual([['bob@example.test']]);
  }, 180_000);

  it('refreshes an expired access token (keeping the rotated refresh token) and syncs again', async () => {
    const before = await refreshTokenNow();
    // Make the stored access token look expired; the next sync must refresh before using it.
    const p = openProfile(profile);
    const a = p.repos.accounts.byName('work')!;
    const stored = JSON.parse((await p.secrets.get(oauthSecretName(a.id)))!) as Record<string, unknown>;
    await p.secrets.set(oauthSecretName(a.id), JSON.stringify({ ...stored, expiresAt: 0 }));
    p.close();
    imap.writeMaildir('INBOX', [{ raw: rawMessage({ n: 4, to: EMAIL, subject: 'After refresh' }) }]);
    const sync = await zamburak('sync', '--json');
    expect(sync.stderr).toBe('');
    expect(sync.status).toBe(0);
    expect(sync.stdout).toContain('"added":1');
    const after = await refreshTokenNow();
    expect(after).not.toBe(before);
    expect((await issuer.introspect(after)).active).toBe(true);
  }, 60_000);

  it('two processes refreshing at once keep the sign-in: one refreshes, the other uses its tokens', async () => {
    const before = await refreshTokenNow();
    const p = openProfile(profile);
    const a = p.repos.accounts.byName('work')!;
    const stored = JSON.parse((await p.secrets.get(oauthSecretName(a.id)))!) as Record<string, unknown>;
    await p.secrets.set(oauthSecretName(a.id), JSON.stringify({ ...stored, expiresAt: 0 }));
    p.close();
    // The issuer rotates refresh tokens: a second use of the spent one would end the grant.
    const both = await Promise.all([zamburak('sync', '--json'), zamburak('sync', '--json')]);
    for (const r of both) expect(r).toMatchObject({ status: 0, stderr: '' });
    const after = await refreshTokenNow();
    expect(after).not.toBe(before);
    expect((await issuer.introspect(after)).active).toBe(true);
    expect((await zamburak('account', 'list')).stdout).not.toContain('sign in again');
  }, 90_000);

  it('refreshes after the server refuses an access token it still holds as fresh, and syncs', async () => {
    const p = openProfile(profile);
    const a = p.repos.accounts.byName('work')!;
    const stored = JSON.parse((await p.secrets.get(oauthSecretName(a.id)))!) as { accessToken: string };
    p.close();
    // The issuer takes the access token back (RFC 7009); the refresh token stays good.
    await revokeToken(await discoverIssuer(issuer.issuer), { clientId: issuer.clientId }, stored.accessToken);
    expect((await issuer.introspect(stored.accessToken)).active).toBe(false);
    const sync = await zamburak('sync', '--json');
    expect(sync).toMatchObject({ status: 0, stderr: '' });
  }, 60_000);

  it('gives a long-lived watch a current token at each connection', async () => {
    const p = openProfile(profile);
    try {
      const a = p.repos.accounts.byName('work')!;
      const t = await syncTarget(p, a);
      const first = await connectImap(t.settings, t.password);
      await first.logout();
      // Hours later the stored token has expired; the next connection refreshes it first.
      const stored = JSON.parse((await p.secrets.get(oauthSecretName(a.id)))!) as Record<string, unknown>;
      await p.secrets.set(oauthSecretName(a.id), JSON.stringify({ ...stored, expiresAt: 0 }));
      await issuer.introspect(String(stored.accessToken)).then((r) => expect(r.active).toBe(true));
      const again = await connectImap(t.settings, t.password);
      await again.logout();
      const now = JSON.parse((await p.secrets.get(oauthSecretName(a.id)))!) as Record<string, unknown>;
      expect(now.accessToken).not.toBe(stored.accessToken);
    } finally {
      p.close();
    }
  }, 60_000);

  it('shows "sign in again" when the server revokes the grant, keeps the mail, and signs in again', async () => {
    const stored = () => {
      const p = openProfile(profile);
      const n = p.repos.messages.idsOf(p.repos.accounts.byName('work')!.id).length;
      p.close();
      return n;
    };
    const before = stored();
    await issuer.revokeGrants(EMAIL);
    const sync = await zamburak('sync', '--json');
    expect(sync.status).toBe(1);
    expect(sync.stderr).toMatch(/account work needs to sign in again: .*zamburak account signin work/);
    const list = await zamburak('account', 'list');
    expect(list.stdout).toContain('sign in again: zamburak account signin work');
    expect(stored()).toBe(before);

    const again = await cli({ as: EMAIL }, 'account', 'signin', 'work');
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect((await zamburak('account', 'list')).stdout).not.toContain('sign in again');
    expect((await zamburak('sync', '--json')).status).toBe(0);
  }, 180_000);

  it('removing the account revokes its refresh token at the server', async () => {
    const refresh = await refreshTokenNow();
    expect((await issuer.introspect(refresh)).active).toBe(true);
    const r = await zamburak('account', 'remove', 'work');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Removed account work; its sign-in was revoked');
    expect((await issuer.introspect(refresh)).active).toBe(false);
  }, 60_000);
});

/** Dovecot reads the resource server's credentials from the introspection URL itself. */
function introspectionWithClient(s: OAuthServer): string {
  const u = new URL(s.introspectionUrl);
  u.username = s.introspector.id;
  u.password = s.introspector.secret;
  return u.href;
}
