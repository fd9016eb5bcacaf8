/**
 * Adding an account that signs in with OAuth 2 (Google, Microsoft, or any issuer with
 * metadata), and signing an existing one in again. The account is stored only once it works:
 * the sign-in granted mail, the token is for the address being added, and the IMAP server
 * accepted it. Tokens of a sign-in that is not kept are revoked.
 */
import { MailError, type Security } from '../mail/connect';
import { OAuthError, type Fetch } from '../oauth/errors';
import { discoverIssuer, PRESETS, type IssuerMetadata, type Preset } from '../oauth/issuer';
import { signIn, type SignedIn } from '../oauth/sign-in';
import { revokeToken, type Client } from '../oauth/tokens';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import {
  AccountError,
  checkNameAndEmail,
  findAccount,
  imapConfig,
  insertAccount,
  listFolders,
  newAccountId,
  tokenDeps,
  type AccountConfig,
} from './accounts';
import { metadataOf, oauthSecretName, storedClientSecret, storedTokens, type OAuthConfig } from './oauth-tokens';

export interface SignInOptions {
  /** Shows the sign-in URL to the person: opens a browser, or prints it. */
  readonly open: (url: string) => void | Promise<void>;
  /** How long to wait for the browser's redirect. Default 5 minutes. */
  readonly timeoutMs?: number;
  readonly fetch?: Fetch;
}

export interface NewOAuthAccount extends SignInOptions {
  readonly name: string;
  readonly email: string;
  /** `google`, `microsoft`, or an issuer URL (its metadata names the endpoints). */
  readonly oauth: string;
  /** Overrides the preset's client id; required for an issuer URL. */
  readonly clientId?: string;
  /** For issuers that want one from installed apps (Google's desktop clients). */
  readonly clientSecret?: string;
  /** For an issuer URL: the scopes mail needs there (besides openid, email, offline_access). */
  readonly scopes?: readonly string[];
  readonly imap?: { readonly host: string; readonly port: number; readonly security: Security };
  readonly smtp?: { readonly host: string; readonly port: number };
  readonly caldav?: string;
  /** Where the client id comes from when not given (`ZAMBURAK_GOOGLE_CLIENT_ID`, …). */
  readonly env?: NodeJS.ProcessEnv;
}

/** Who the person is and a refresh token: asked of every issuer besides the scopes mail needs. */
const BASE_SCOPES = ['openid', 'email', 'offline_access'] as const;

/** The scopes a consent must grant: the preset's, or every one asked of another issuer beyond the base. */
const requiredOf = (preset: Preset | undefined, scopes: readonly string[]): readonly string[] =>
  preset?.required ?? scopes.filter((s) => !(BASE_SCOPES as readonly string[]).includes(s));

interface Issuer {
  readonly preset?: Preset;
  readonly metadata: IssuerMetadata;
  readonly scopes: readonly string[];
  readonly required: readonly string[];
}

const presetOf = (oauth: string | undefined): Preset | undefined =>
  oauth === 'google' || oauth === 'microsoft' ? PRESETS[oauth] : undefined;

async function issuerOf(o: NewOAuthAccount, preset: Preset | undefined): Promise<Issuer> {
  if (preset)
    return {
      preset,
      metadata: await discoverIssuer(preset.issuer, { fetch: o.fetch }, preset.metadataIssuer),
      scopes: preset.scopes,
      required: preset.required,
    };
  if (!/^https?:\/\//.test(o.oauth))
    throw new AccountError(`--oauth takes google, microsoft or an issuer URL (not ${JSON.stringify(o.oauth)})`);
  const scopes = [...BASE_SCOPES, ...(o.scopes ?? [])];
  return {
    metadata: await discoverIssuer(o.oauth, { fetch: o.fetch }),
    scopes,
    required: requiredOf(undefined, scopes),
  };
}

function clientIdOf(o: NewOAuthAccount, preset: Preset | undefined): string {
  const env = o.env ?? process.env;
  const id = o.clientId ?? (preset && (env[preset.clientIdEnv] || preset.clientId));
  if (id) return id;
  throw new AccountError(
    preset
      ? `sign-in with ${preset.label} needs the client id of an app registered with ${preset.label}: pass --client-id ID or set ${preset.clientIdEnv}`
      : 'sign-in with an issuer URL needs --client-id ID (the id of Zamburak registered with that issuer)',
  );
}

/** Proves the tokens open the mailbox; a refusal becomes an error saying what to do. */
async function checkMailbox(s: AccountConfig['imap'], signed: SignedIn): Promise<void> {
  try {
    await listFolders(s, { accessToken: signed.tokens.accessToken }, 20_000);
  } catch (e) {
    if (e instanceof MailError && /does not offer OAuth/.test(e.message))
      throw new OAuthError('no-oauth', `${e.message}: add the account with a password instead`);
    throw e;
  }
}

/** Runs `f`; when it fails, the tokens of this sign-in are revoked (best effort) before the error goes on. */
async function orRevoke<T>(
  m: IssuerMetadata,
  c: Client,
  signed: SignedIn,
  fetchImpl: Fetch | undefined,
  f: () => Promise<T>,
): Promise<T> {
  try {
    return await f();
  } catch (e) {
    await revokeToken(m, c, signed.tokens.refreshToken, { fetch: fetchImpl }).catch(() => false);
    throw e;
  }
}

export async function addOAuthAccount(
  p: Profile,
  o: NewOAuthAccount,
  clock: () => Date = () => new Date(),
): Promise<Account> {
  checkNameAndEmail(p, o.name, o.email);
  // The client id first: without one, there is no point asking the issuer anything.
  const preset = presetOf(o.oauth);
  const client: Client = {
    clientId: clientIdOf(o, preset),
    ...(o.clientSecret ? { clientSecret: o.clientSecret } : {}),
  };
  const issuer = await issuerOf(o, preset);
  const imap = o.imap ?? (issuer.preset && { ...issuer.preset.imap, security: 'tls' as const });
  if (!imap) throw new AccountError(`no IMAP server for ${o.email}: pass --imap HOST:PORT`);
  const smtp = o.smtp ?? issuer.preset?.smtp;
  const caldav = o.caldav ?? issuer.preset?.caldav?.replace('{email}', encodeURIComponent(o.email));
  const signed = await signIn({
    issuer: issuer.metadata,
    client,
    scopes: issuer.scopes,
    required: issuer.required,
    email: o.email,
    open: o.open,
    ...(issuer.preset?.authParams ? { authParams: issuer.preset.authParams } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.fetch ? { fetch: o.fetch } : {}),
  });
  const m = issuer.metadata;
  const oauth: OAuthConfig = {
    issuer: m.issuer,
    ...(issuer.preset ? { preset: issuer.preset.id } : {}),
    clientId: client.clientId,
    scopes: [...issuer.scopes],
    authorizationEndpoint: m.authorizationEndpoint,
    tokenEndpoint: m.tokenEndpoint,
    ...(m.revocationEndpoint ? { revocationEndpoint: m.revocationEndpoint } : {}),
    ...(m.userinfoEndpoint ? { userinfoEndpoint: m.userinfoEndpoint } : {}),
  };
  const config: AccountConfig = {
    imap: { host: imap.host, port: imap.port, security: imap.security, user: o.email },
    ...(smtp ? { smtp: { host: smtp.host, port: smtp.port } } : {}),
    ...(caldav ? { caldav } : {}),
    oauth,
  };
  return orRevoke(m, client, signed, o.fetch, async () => {
    await checkMailbox(config.imap, signed);
    const id = newAccountId();
    const secret = { name: oauthSecretName(id), value: storedTokens(signed.tokens, o.clientSecret) };
    return insertAccount(p, { id, name: o.name, email: o.email, config, secret }, clock);
  });
}

/**
 * Signs an OAuth account in again (after "sign in again"): new tokens replace the old ones, and
 * everything else (mail, claims, settings) stays as it was.
 */
export async function signInAgain(p: Profile, name: string, o: SignInOptions): Promise<Account> {
  const a = findAccount(p, name);
  const c = imapConfig(a);
  if (!c.oauth) throw new AccountError(`account ${a.name} signs in with a password, not OAuth`);
  const clientSecret = await storedClientSecret(tokenDeps(p), a.id);
  const client: Client = { clientId: c.oauth.clientId, ...(clientSecret ? { clientSecret } : {}) };
  const preset = presetOf(c.oauth.preset);
  const m = metadataOf(c.oauth);
  const signed = await signIn({
    issuer: m,
    client,
    scopes: c.oauth.scopes,
    required: requiredOf(preset, c.oauth.scopes),
    email: a.email,
    open: o.open,
    ...(preset?.authParams ? { authParams: preset.authParams } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.fetch ? { fetch: o.fetch } : {}),
  });
  await orRevoke(m, client, signed, o.fetch, () => checkMailbox(c.imap, signed));
  await p.secrets.set(oauthSecretName(a.id), storedTokens(signed.tokens, clientSecret));
  p.audit.append({ kind: 'account.changed', data: { action: 'signed-in', account: a.name, oauth: c.oauth.issuer } });
  return a;
}
