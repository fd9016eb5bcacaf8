/**
 * The OAuth tokens of an account. The refresh token lives only in the profile's secret store
 * (`account:ID:oauth`, with the current access token and its expiry, so every process on the
 * profile reuses a token until it nearly expires). A refresh keeps a rotated refresh token; a
 * refused refresh (revoked, expired) leaves the account marked "sign in again" and everything
 * else in the profile as it was.
 */
import * as z from 'zod';
import { OAuthError, type Fetch } from '../oauth/errors';
import type { IssuerMetadata } from '../oauth/issuer';
import { refreshTokens, revokeToken, type Client, type TokenSet } from '../oauth/tokens';
import type { SecretStore } from '../secrets';

/** What an account's `config.oauth` holds: where its issuer is and who Zamburak is there. */
export const OAuthConfig = z.object({
  issuer: z.string(),
  /** `google` or `microsoft` for a preset, else absent. */
  preset: z.string().optional(),
  clientId: z.string().min(1),
  scopes: z.array(z.string()),
  authorizationEndpoint: z.string().url(),
  tokenEndpoint: z.string().url(),
  revocationEndpoint: z.string().url().optional(),
  userinfoEndpoint: z.string().url().optional(),
});
export type OAuthConfig = z.infer<typeof OAuthConfig>;

const Stored = z.union([
  z.object({
    refreshToken: z.string().min(1),
    accessToken: z.string().min(1),
    expiresAt: z.number(),
    clientSecret: z.string().optional(),
  }),
  /** The issuer refused the refresh token: only a new sign-in helps. */
  z.object({ signInAgain: z.string(), clientSecret: z.string().optional() }),
]);
type Stored = z.infer<typeof Stored>;

/** Refresh this long before the issuer's expiry, so a token never lapses mid-sync. */
const EARLY_MS = 120_000;

export const oauthSecretName = (accountId: string) => `account:${accountId}:oauth`;

export function metadataOf(c: OAuthConfig): IssuerMetadata {
  return {
    issuer: c.issuer,
    authorizationEndpoint: c.authorizationEndpoint,
    tokenEndpoint: c.tokenEndpoint,
    ...(c.revocationEndpoint ? { revocationEndpoint: c.revocationEndpoint } : {}),
    ...(c.userinfoEndpoint ? { userinfoEndpoint: c.userinfoEndpoint } : {}),
  };
}

export const storedTokens = (t: TokenSet & { refreshToken: string }, clientSecret?: string): string =>
  JSON.stringify({
    refreshToken: t.refreshToken,
    accessToken: t.accessToken,
    expiresAt: t.expiresAt,
    ...(clientSecret ? { clientSecret } : {}),
  } satisfies Stored);

export interface TokenDeps {
  readonly secrets: SecretStore;
  readonly fetch?: Fetch;
  readonly now?: () => number;
  /**
   * Runs a refresh while no other process on the profile refreshes the same account (a file lock
   * over a profile). Issuers that rotate refresh tokens treat a second use of the old one as theft
   * and revoke the grant, so two processes must never both spend it.
   */
  readonly lock?: <T>(accountId: string, fn: () => Promise<T>) => Promise<T>;
}

const signInAgainError = (account: string, why: string) =>
  new OAuthError(
    'sign-in-again',
    `account ${account} needs to sign in again: ${why}; run zamburak account signin ${account}`,
  );

/** One refresh at a time per account in this process: concurrent callers share its result. */
const inflight = new Map<string, Promise<string>>();

/** The account's stored tokens, or null when missing or unreadable (both mean: sign in again). */
async function load(d: TokenDeps, accountId: string): Promise<Stored | null> {
  const raw = await d.secrets.get(oauthSecretName(accountId));
  if (raw === undefined) return null;
  try {
    const s = Stored.safeParse(JSON.parse(raw));
    return s.success ? s.data : null;
  } catch {
    return null;
  }
}

/**
 * A usable access token for the account: the stored one while it is fresh, else a refreshed
 * one. `force` refreshes even a fresh token (after the server refused it).
 */
export async function accessToken(
  d: TokenDeps,
  a: { id: string; name: string },
  c: OAuthConfig,
  o: { force?: boolean } = {},
): Promise<string> {
  const name = oauthSecretName(a.id);
  const now = d.now ?? Date.now;
  const s = await load(d, a.id);
  if (!s) throw signInAgainError(a.name, 'its sign-in is missing from the secret store');
  if ('signInAgain' in s) throw signInAgainError(a.name, s.signInAgain);
  if (!o.force && s.expiresAt - EARLY_MS > now()) return s.accessToken;
  const running = inflight.get(a.id);
  if (running) return running;
  const lock = d.lock ?? ((_id, fn) => fn());
  const refresh = lock(a.id, async () => {
    // Another process may have refreshed while this one waited for the lock: the refresh token
    // read above is then spent, and the tokens it stored are the ones to use.
    const cur = await load(d, a.id);
    if (!cur) throw signInAgainError(a.name, 'its sign-in is missing from the secret store');
    if ('signInAgain' in cur) throw signInAgainError(a.name, cur.signInAgain);
    if (cur.accessToken !== s.accessToken && cur.expiresAt - EARLY_MS > now()) return cur.accessToken;
    const client: Client = { clientId: c.clientId, ...(cur.clientSecret ? { clientSecret: cur.clientSecret } : {}) };
    try {
      const t = await refreshTokens(metadataOf(c), client, cur.refreshToken, c.scopes, { fetch: d.fetch }, now);
      await d.secrets.set(name, storedTokens(t, cur.clientSecret));
      return t.accessToken;
    } catch (e) {
      if (!(e instanceof OAuthError && e.kind === 'sign-in-again')) throw e;
      await d.secrets.set(
        name,
        JSON.stringify({
          signInAgain: e.message,
          ...(cur.clientSecret ? { clientSecret: cur.clientSecret } : {}),
        } satisfies Stored),
      );
      throw signInAgainError(a.name, e.message);
    }
  }).finally(() => inflight.delete(a.id));
  inflight.set(a.id, refresh);
  return refresh;
}

/** Why the account must sign in again, or null when its tokens are usable. */
export async function signInAgainReason(d: TokenDeps, accountId: string): Promise<string | null> {
  const s = await load(d, accountId);
  if (!s) return 'the sign-in is missing';
  return 'signInAgain' in s ? s.signInAgain : null;
}

/** The stored client secret (an installed app's, where the issuer wants one), if any. */
export async function storedClientSecret(d: TokenDeps, accountId: string): Promise<string | undefined> {
  return (await load(d, accountId))?.clientSecret;
}

/** Revokes the refresh token (RFC 7009) where the issuer offers it; true when it did. */
export async function revokeAccountTokens(d: TokenDeps, accountId: string, c: OAuthConfig): Promise<boolean> {
  const s = await load(d, accountId);
  if (!s || 'signInAgain' in s) return false;
  const client: Client = { clientId: c.clientId, ...(s.clientSecret ? { clientSecret: s.clientSecret } : {}) };
  return revokeToken(metadataOf(c), client, s.refreshToken, { fetch: d.fetch });
}
