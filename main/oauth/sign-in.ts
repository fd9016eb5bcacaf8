/**
 * Sign-in as a native app does it (RFC 8252): the authorization request opens in the system
 * browser, the answer comes back to a one-shot HTTP listener on 127.0.0.1 with a port the OS
 * picks, PKCE (S256) binds the code to this process, and `state` binds the redirect to this
 * request. The result is checked before anyone keeps it: the scopes mail needs were granted and
 * the token belongs to the address being added.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuthError, type Fetch } from './errors';
import type { IssuerMetadata } from './issuer';
import type { IssuerNet } from './issuer-request';
import { exchangeCode, revokeToken, tokenAddress, type Client, type TokenSet } from './tokens';

export interface SignInRequest {
  readonly issuer: IssuerMetadata;
  readonly client: Client;
  readonly scopes: readonly string[];
  /** Scopes without which the account cannot work; a consent without one is refused. */
  readonly required: readonly string[];
  /** The address being added: the token must be for it. */
  readonly email: string;
  readonly authParams?: Readonly<Record<string, string>>;
  /** Shows the URL to the person: opens a browser, or prints it. */
  readonly open: (url: string) => void | Promise<void>;
  /** How long to wait for the browser to come back. Default 5 minutes. */
  readonly timeoutMs?: number;
  readonly fetch?: Fetch;
}

export interface SignedIn {
  readonly tokens: TokenSet & { refreshToken: string };
  readonly address: string;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** The page the browser shows after the redirect; the app or the terminal says the rest. */
function page(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'",
    'cache-control': 'no-store',
  });
  const esc = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.end(`<!doctype html><meta charset="utf-8"><title>Zamburak</title><p>${esc}</p>`);
}

const RFC6749_ERRORS: Readonly<Record<string, string>> = {
  access_denied: 'you declined the request in the browser, so nothing was added',
  invalid_scope: 'the issuer does not offer the permissions mail needs',
};

/** Waits for the one redirect that carries this request's `state`; anything else is refused. */
function awaitRedirect(
  state: string,
  timeoutMs: number,
  onListening: (redirectUri: string) => void,
): Promise<{ code: string; redirectUri: string }> {
  return new Promise((resolve, reject) => {
    let redirectUri = '';
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', redirectUri);
      if (req.method !== 'GET' || url.pathname !== '/callback') return page(res, 404, 'Not found.');
      // A redirect without our state is someone else's (or forged): refuse it and keep waiting.
      if (url.searchParams.get('state') !== state)
        return page(res, 400, 'This sign-in answer does not belong to the request Zamburak made.');
      const error = url.searchParams.get('error');
      const code = url.searchParams.get('code');
      // The one answer this listener waits for: close it once the browser has its page.
      res.once('finish', finish);
      if (error) {
        page(res, 200, 'Sign-in was not completed. You can close this tab.');
        const why = RFC6749_ERRORS[error] ?? `the issuer answered ${error}`;
        const detail = error === 'access_denied' ? null : url.searchParams.get('error_description');
        return reject(
          new OAuthError(error === 'access_denied' ? 'denied' : 'protocol', `${why}${detail ? ` (${detail})` : ''}`),
        );
      }
      if (!code) {
        page(res, 400, 'The answer carried no authorization code.');
        return reject(new OAuthError('protocol', 'the redirect carried neither a code nor an error'));
      }
      page(res, 200, 'Signed in. You can close this tab and return to Zamburak.');
      resolve({ code, redirectUri });
    });
    const timer = setTimeout(() => {
      finish();
      reject(new OAuthError('timeout', `no answer from the browser within ${Math.round(timeoutMs / 1000)} seconds`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      server.close();
      server.closeAllConnections();
    };
    server.on('error', (e) => {
      finish();
      reject(new OAuthError('protocol', `cannot listen on 127.0.0.1 for the redirect: ${e.message}`));
    });
    server.listen(0, '127.0.0.1', () => {
      redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
      onListening(redirectUri);
    });
  });
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function signIn(r: SignInRequest): Promise<SignedIn> {
  const net: IssuerNet = { fetch: r.fetch };
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  let opened: Promise<void> = Promise.resolve();
  const { code, redirectUri } = await awaitRedirect(state, r.timeoutMs ?? 300_000, (redirectUri) => {
    const url = new URL(r.issuer.authorizationEndpoint);
    const params = {
      response_type: 'code',
      client_id: r.client.clientId,
      redirect_uri: redirectUri,
      scope: r.scopes.join(' '),
      state,
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      login_hint: r.email,
      ...r.authParams,
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    opened = Promise.resolve(r.open(url.href));
  });
  await opened;
  const tokens = await exchangeCode(r.issuer, r.client, { code, verifier, redirectUri, scopes: r.scopes }, net);
  const refreshToken = tokens.refreshToken;
  try {
    const address = await checked(r, tokens, net);
    if (!refreshToken)
      throw new OAuthError(
        'protocol',
        `${r.issuer.issuer} issued no refresh token, so the account would stop working within the hour`,
      );
    return { tokens: { ...tokens, refreshToken }, address };
  } catch (e) {
    // Tokens nobody will keep are taken back where the issuer allows it.
    if (refreshToken) await revokeToken(r.issuer, r.client, refreshToken, net).catch(() => false);
    throw e;
  }
}

/** The address the tokens are for, once they carry what mail needs and belong to `r.email`. */
async function checked(r: SignInRequest, tokens: TokenSet, net: IssuerNet): Promise<string> {
  const missing = r.required.filter((s) => !tokens.scopes.includes(s));
  if (missing.length)
    throw new OAuthError(
      'scope',
      `the sign-in did not grant ${missing.join(', ')}, which mail needs: sign in again and allow access to mail`,
    );
  const address = await tokenAddress(r.issuer, r.client, tokens, net);
  if (!address) throw new OAuthError('protocol', `${r.issuer.issuer} did not say which address signed in`);
  if (!sameAddress(address, r.email))
    throw new OAuthError(
      'wrong-account',
      `the browser signed in as ${address}, not ${r.email}: sign in again and choose ${r.email}`,
    );
  return address;
}
