/**
 * The token endpoint and the revocation endpoint: exchanging an authorization code (with its
 * PKCE verifier), refreshing (keeping a rotated refresh token), and revoking (RFC 7009). Whose
 * token it is comes from the ID token the token endpoint returned directly over TLS (OpenID
 * Connect Core §3.1.3.7 lets a client skip the signature check then) or the userinfo endpoint.
 */
import * as z from 'zod';
import { OAuthError } from './errors';
import { askIssuer, IssuerUnreachable, type IssuerNet } from './issuer-request';
import type { IssuerMetadata } from './issuer';

export interface Client {
  readonly clientId: string;
  /** Only for issuers that want one from installed apps (Google); it is not a secret there. */
  readonly clientSecret?: string;
}

export interface TokenSet {
  readonly accessToken: string;
  /** Milliseconds since the epoch; the issuer's `expires_in` counted from the request. */
  readonly expiresAt: number;
  readonly refreshToken?: string;
  /** The granted scopes; the requested ones when the issuer does not say (RFC 6749 §5.1). */
  readonly scopes: readonly string[];
  readonly idToken?: string;
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i, 'a Bearer token'),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
});

const ErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

/** Without `expires_in`, assume an hour: the common lifetime, and a failure refreshes anyway. */
const DEFAULT_LIFETIME_S = 3600;

async function tokenRequest(
  m: IssuerMetadata,
  c: Client,
  form: Record<string, string>,
  requested: readonly string[],
  net: IssuerNet,
  now: () => number,
): Promise<TokenSet> {
  const started = now();
  const body = new URLSearchParams({
    ...form,
    client_id: c.clientId,
    ...(c.clientSecret ? { client_secret: c.clientSecret } : {}),
  });
  const res = await askIssuer(
    m.tokenEndpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    },
    net,
  );
  const json = res.json;
  if (!res.ok) {
    const err = ErrorResponse.safeParse(json);
    const what = err.success
      ? `${err.data.error}${err.data.error_description ? ` (${err.data.error_description})` : ''}`
      : `HTTP ${res.status}`;
    if (err.success && err.data.error === 'invalid_grant' && form.grant_type === 'refresh_token')
      throw new OAuthError('sign-in-again', `${m.issuer} no longer accepts the sign-in: ${what}`);
    throw new OAuthError('protocol', `${m.tokenEndpoint} refused the ${form.grant_type} request: ${what}`);
  }
  const t = TokenResponse.safeParse(json);
  if (!t.success)
    throw new OAuthError(
      'protocol',
      `${m.tokenEndpoint} answered without a usable token (${t.error.issues[0]?.path.join('.')}: ${t.error.issues[0]?.message})`,
    );
  return {
    accessToken: t.data.access_token,
    expiresAt: started + (t.data.expires_in ?? DEFAULT_LIFETIME_S) * 1000,
    ...(t.data.refresh_token ? { refreshToken: t.data.refresh_token } : {}),
    scopes: t.data.scope !== undefined ? t.data.scope.split(' ').filter(Boolean) : [...requested],
    ...(t.data.id_token ? { idToken: t.data.id_token } : {}),
  };
}

export function exchangeCode(
  m: IssuerMetadata,
  c: Client,
  o: { code: string; verifier: string; redirectUri: string; scopes: readonly string[] },
  net: IssuerNet = {},
  now: () => number = Date.now,
): Promise<TokenSet> {
  const form = {
    grant_type: 'authorization_code',
    code: o.code,
    code_verifier: o.verifier,
    redirect_uri: o.redirectUri,
  };
  return tokenRequest(m, c, form, o.scopes, net, now);
}

/** A fresh access token; the result's refresh token is the one to keep (rotated or the same). */
export async function refreshTokens(
  m: IssuerMetadata,
  c: Client,
  refreshToken: string,
  scopes: readonly string[],
  net: IssuerNet = {},
  now: () => number = Date.now,
): Promise<TokenSet & { refreshToken: string }> {
  const t = await tokenRequest(m, c, { grant_type: 'refresh_token', refresh_token: refreshToken }, scopes, net, now);
  return { ...t, refreshToken: t.refreshToken ?? refreshToken };
}

/** RFC 7009: true when the issuer took it back, false when it offers no revocation. */
export async function revokeToken(m: IssuerMetadata, c: Client, token: string, net: IssuerNet = {}): Promise<boolean> {
  if (!m.revocationEndpoint) return false;
  const body = new URLSearchParams({
    token,
    token_type_hint: 'refresh_token',
    client_id: c.clientId,
    ...(c.clientSecret ? { client_secret: c.clientSecret } : {}),
  });
  const res = await askIssuer(
    m.revocationEndpoint,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
    net,
  );
  if (!res.ok)
    throw new OAuthError('protocol', `${m.revocationEndpoint} refused to revoke the token (HTTP ${res.status})`);
  return true;
}

const IdClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  email: z.string().optional(),
  preferred_username: z.string().optional(),
});

/** The address the tokens belong to: the ID token's `email`, else the userinfo endpoint's. */
export async function tokenAddress(
  m: IssuerMetadata,
  c: Client,
  t: TokenSet,
  net: IssuerNet = {},
): Promise<string | undefined> {
  if (t.idToken) {
    const payload = t.idToken.split('.')[1];
    const claims = IdClaims.safeParse(
      payload ? JSON.parse(Buffer.from(payload, 'base64url').toString('utf8') || 'null') : null,
    );
    if (!claims.success) throw new OAuthError('protocol', `the ID token from ${m.issuer} is malformed`);
    const aud = [claims.data.aud].flat();
    // A templated issuer (Microsoft's multi-tenant one) names each tenant's own issuer in tokens.
    const issuerOk = m.issuer.includes('{') || claims.data.iss === m.issuer;
    if (!aud.includes(c.clientId) || !issuerOk)
      throw new OAuthError('protocol', `the ID token from ${m.issuer} was issued to someone else`);
    const address = claims.data.email ?? claims.data.preferred_username;
    if (address) return address;
  }
  if (!m.userinfoEndpoint) return undefined;
  // A refusal leaves the address unknown (the sign-in says so); a server that does not answer
  // in time, or without end, is said as such.
  const res = await askIssuer(
    m.userinfoEndpoint,
    { headers: { authorization: `Bearer ${t.accessToken}`, accept: 'application/json' } },
    net,
  ).catch((e: unknown) => {
    if (e instanceof IssuerUnreachable) return null;
    throw e;
  });
  if (!res?.ok) return undefined;
  const info = z.object({ email: z.string() }).safeParse(res.json);
  return info.success ? info.data.email : undefined;
}
