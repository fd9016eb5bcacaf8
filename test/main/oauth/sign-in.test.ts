/**
 * Native-app sign-in against a real authorization server (oidc-provider on loopback): PKCE,
 * state, the loopback redirect, and each failure a person can act on, by its kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthError } from '../../../main/oauth/errors';
import { discoverIssuer, type IssuerMetadata } from '../../../main/oauth/issuer';
import { signIn, type SignedIn, type SignInRequest } from '../../../main/oauth/sign-in';
import { refreshTokens, revokeToken } from '../../../main/oauth/tokens';
import { consent, startOAuthServer, type Decision, type OAuthServer } from '../../integration/servers/oauth';

let server: OAuthServer;
let issuer: IssuerMetadata;

beforeAll(async () => {
  server = await startOAuthServer();
  issuer = await discoverIssuer(server.issuer);
});
afterAll(() => server.stop());

const EMAIL = 'alice@example.test';

interface Outcome {
  readonly ok?: SignedIn;
  readonly page?: number;
  readonly error?: Error;
}

/** Signs in, the "browser" answering as `d` says; resolves with the result or the error. */
function run(d: Decision, o: Partial<SignInRequest> = {}) {
  let answered: Promise<number> = Promise.resolve(0);
  const result = signIn({
    issuer,
    client: { clientId: server.clientId },
    scopes: ['openid', 'email', 'offline_access', 'mail'],
    required: ['mail'],
    email: EMAIL,
    open: (url) => {
      answered = consent(url, d);
    },
    timeoutMs: 10_000,
    ...o,
  });
  return result.then(
    async (r): Promise<Outcome> => ({ ok: r, page: await answered }),
    async (e: unknown): Promise<Outcome> => {
      await answered.catch(() => 0);
      return { error: e as Error };
    },
  );
}

describe('discovery', () => {
  it('reads the endpoints from the issuer metadata', () => {
    expect(issuer.issuer).toBe(server.issuer);
    expect(issuer.tokenEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(issuer.revocationEndpoint).toBeDefined();
  });

  it('refuses metadata that names another issuer, and plain HTTP off loopback', async () => {
    await expect(discoverIssuer(server.issuer, {}, 'https://other.example')).rejects.toThrow(/describes the issuer/);
    await expect(discoverIssuer('http://login.example.com')).rejects.toThrow(/must use https/);
  });
});

describe('sign-in', () => {
  it('signs in with PKCE over the loopback redirect and gets a refresh token for the address', async () => {
    const r = await run({ as: EMAIL });
    expect(r.ok?.address).toBe(EMAIL);
    expect(r.page).toBe(200);
    const t = r.ok!.tokens;
    expect((await server.introspect(t.accessToken)).active).toBe(true);
    // Rotation: the refreshed set carries a new refresh token and the old one is spent.
    const again = await refreshTokens(issuer, { clientId: server.clientId }, t.refreshToken, t.scopes);
    expect(again.refreshToken).not.toBe(t.refreshToken);
    expect((await server.introspect(again.accessToken)).active).toBe(true);
    expect(await revokeToken(issuer, { clientId: server.clientId }, again.refreshToken)).toBe(true);
    expect((await server.introspect(again.refreshToken)).active).toBe(false);
  });

  it('says so when the person declines', async () => {
    const r = await run({ as: EMAIL, deny: true });
    expect(r.error).toBeInstanceOf(OAuthError);
    expect((r.error as OAuthError).kind).toBe('denied');
    expect(r.error!.message).toMatch(/declined/);
  });

  it('refuses a token for another address, naming both', async () => {
    const r = await run({ as: 'mallory@example.test' });
    expect((r.error as OAuthError).kind).toBe('wrong-account');
    expect(r.error!.message).toContain('mallory@example.test');
    expect(r.error!.message).toContain(EMAIL);
  });

  it('refuses a consent without the mail scope', async () => {
    const r = await run({ as: EMAIL, without: ['mail'] });
    expect((r.error as OAuthError).kind).toBe('scope');
    expect(r.error!.message).toMatch(/did not grant mail/);
  });

  it('ignores a redirect with another state and times out clearly', async () => {
    const r = await run(
      { as: EMAIL },
      {
        timeoutMs: 1500,
        open: async (url) => {
          const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
          redirect.searchParams.set('code', 'forged');
          redirect.searchParams.set('state', 'not-ours');
          expect((await fetch(redirect)).status).toBe(400);
        },
      },
    );
    expect((r.error as OAuthError).kind).toBe('timeout');
    expect(r.error!.message).toMatch(/no answer from the browser within 2 seconds/);
  });
});
