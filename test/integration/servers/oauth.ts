/**
 * A real OAuth 2 / OpenID Connect authorization server on 127.0.0.1: `oidc-provider` (the
 * certified implementation from npm), with PKCE S256 required, refresh tokens that rotate,
 * token introspection (for Dovecot's oauth2 passdb and the SMTP server) and revocation. The only
 * code written here is what every deployment of it writes: the login-and-consent page. It shows
 * a form (a person in a browser, or a test posting it) that signs in as an address, and allows,
 * declines, or allows without some scopes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OAuthServer {
  readonly issuer: string;
  /** The public client id of Zamburak (a native app). */
  readonly clientId: string;
  /** A confidential client the mail servers use to introspect tokens. */
  readonly introspector: { readonly id: string; readonly secret: string };
  readonly introspectionUrl: string;
  /** Asks the server what a token is, as a resource server does. */
  introspect(token: string): Promise<{ active: boolean; sub?: string; scope?: string }>;
  /** Takes back every grant of an address (an administrator, or the person on the issuer's site). */
  revokeGrants(address: string): Promise<void>;
  /** Access tokens issued from now on live this many seconds. */
  setAccessTokenTtl(seconds: number): void;
  stop(): Promise<void>;
}

export interface Decision {
  /** The address that signs in on the issuer's page. */
  readonly as: string;
  readonly deny?: boolean;
  /** Scopes the person unticked. */
  readonly without?: readonly string[];
}

const CLIENT_ID = 'zamburak-test';
const INTROSPECTOR = { id: 'mail-servers', secret: 'introspection-secret-for-tests' };

const form = (req: IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString())));
    req.on('error', reject);
  });

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(uid: string, client: string, scopes: string, hint: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Test issuer: sign in</title>
<main><h1>Sign in to the test issuer</h1>
<p>${esc(client)} asks for: ${esc(scopes)}</p>
<form method="post" action="/interaction/${esc(uid)}">
<label>Address <input name="as" value="${esc(hint)}"></label>
<button name="decision" value="allow">Allow</button>
<button name="decision" value="deny">Decline</button>
</form></main></html>`;
}

export async function startOAuthServer(): Promise<OAuthServer> {
  let accessTtl = 3600;
  const grants = new Map<string, string[]>();
  // Listening first, on a port the system picks, then naming it in the issuer: a port found free
  // beforehand could be taken by another process before the server bound it.
  let handle = (_req: IncomingMessage, res: ServerResponse): void => void res.writeHead(503).end();
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', () => ok()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const p = provider(issuer, () => accessTtl);
  const callback = p.callback();
  handle = (req, res) => {
    if (!/^\/interaction\/[\w-]+$/.test((req.url ?? '').split('?')[0]!)) return callback(req, res);
    void (async () => {
      const details = await p.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          consentPage(
            details.uid,
            String(details.params.client_id),
            String(details.params.scope),
            String(details.params.login_hint ?? ''),
          ),
        );
        return;
      }
      const f = await form(req);
      const as = f.get('as') ?? '';
      if (f.get('decision') !== 'allow' || !as)
        return p.interactionFinished(req, res, { error: 'access_denied', error_description: 'the person declined' });
      const grant = new p.Grant({ accountId: as, clientId: String(details.params.client_id) });
      const without = new Set(f.getAll('without'));
      const requested = String(details.params.scope).split(' ');
      grant.addOIDCScope(requested.filter((s) => !without.has(s)).join(' '));
      if (without.size) grant.rejectOIDCScope([...without].join(' '));
      const grantId = await grant.save();
      grants.set(as, [...(grants.get(as) ?? []), grantId]);
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: as }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e));
    });
  };
  const basic = `Basic ${Buffer.from(`${INTROSPECTOR.id}:${INTROSPECTOR.secret}`).toString('base64')}`;
  const introspectionUrl = `${issuer}/token/introspection`;
  return {
    issuer,
    clientId: CLIENT_ID,
    introspector: INTROSPECTOR,
    introspectionUrl,
    async introspect(token) {
      const res = await fetch(introspectionUrl, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
      return (await res.json()) as { active: boolean; sub?: string; scope?: string };
    },
    async revokeGrants(address) {
      for (const id of grants.get(address) ?? []) await (await p.Grant.find(id))?.destroy();
      grants.delete(address);
    },
    setAccessTokenTtl(seconds) {
      accessTtl = seconds;
    },
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

function provider(issuer: string, accessTtl: () => number): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      {
        client_id: INTROSPECTOR.id,
        client_secret: INTROSPECTOR.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [],
        grant_types: [],
        response_types: [],
      },
    ],
    scopes: ['openid', 'email', 'offline_access', 'mail'],
    claims: { openid: ['sub'], email: ['email'] },
    // The account id is the address: Dovecot matches the introspected `sub` to the login name.
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // Only the mail servers ask what a token is.
      introspection: { enabled: true, allowedPolicy: (_ctx, client) => client.clientId === INTROSPECTOR.id },
      revocation: { enabled: true },
    },
    pkce: { required: () => true, methods: ['S256'] },
    issueRefreshToken: () => true,
    rotateRefreshToken: () => true,
    // Every lifetime named, so the provider does not warn about its defaults on each use.
    ttl: {
      AccessToken: accessTtl,
      AuthorizationCode: () => 60,
      Grant: () => 86_400,
      IdToken: () => 3600,
      Interaction: () => 600,
      RefreshToken: () => 86_400,
      Session: () => 86_400,
    },
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    cookies: { keys: ['zamburak-test-cookie-key'] },
  });
}

/**
 * What a person does in the browser, done over HTTP: open the sign-in URL, answer the issuer's
 * page, and follow the redirects (with the issuer's cookies) back to the app's loopback
 * listener. Resolves with the status of the app's own answer page.
 */
export async function consent(url: string, d: Decision): Promise<number> {
  const cookies = new Map<string, string>();
  const issuer = new URL(url).origin;
  let next = url;
  let init: RequestInit = {};
  for (let hops = 0; hops < 12; hops++) {
    const target = new URL(next);
    const own = target.origin === issuer;
    const res = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        ...(own && cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    if (!own) return res.status;
    init = {};
    const location = res.headers.get('location');
    if (location) {
      next = new URL(location, target).href;
      continue;
    }
    if (res.status === 200 && /^\/interaction\//.test(target.pathname)) {
      const body = new URLSearchParams({ as: d.as, decision: d.deny ? 'deny' : 'allow' });
      for (const s of d.without ?? []) body.append('without', s);
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
      continue;
    }
    throw new Error(`the issuer answered ${res.status} at ${target.pathname}: ${await res.text()}`);
  }
  throw new Error('too many redirects on the way back from the issuer');
}
