/**
 * Where an OAuth 2 issuer's endpoints are: read from its metadata (RFC 8414, then OpenID
 * Connect discovery), never guessed. The built-in presets for Google and Microsoft name their
 * issuer, the scopes mail and calendar need, and a client id the person can override.
 */
import * as z from 'zod';
import { OAuthError } from './errors';
import { askIssuer, IssuerUnreachable, type IssuerNet } from './issuer-request';

export interface IssuerMetadata {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  /** RFC 7009; absent when the issuer offers no revocation. */
  readonly revocationEndpoint?: string;
  readonly userinfoEndpoint?: string;
}

export interface Preset {
  readonly id: 'google' | 'microsoft';
  readonly label: string;
  readonly issuer: string;
  /** Scopes for IMAP, SMTP and (where offered) CalDAV, plus the person's address and a refresh token. */
  readonly scopes: readonly string[];
  /** The scopes without which mail cannot work: a consent that leaves one out is refused. */
  readonly required: readonly string[];
  /** Zamburak's registered client id, or the environment variable that overrides it. */
  readonly clientIdEnv: string;
  readonly clientId?: string;
  readonly imap: { readonly host: string; readonly port: number };
  readonly smtp: { readonly host: string; readonly port: number };
  /** The person's main calendar; `{email}` stands for the address. */
  readonly caldav?: string;
  /** Extra authorization parameters (Google issues a refresh token only when asked this way). */
  readonly authParams?: Readonly<Record<string, string>>;
  /** The issuer its metadata names, when not the URL itself (Microsoft's multi-tenant template). */
  readonly metadataIssuer?: string;
}

export const PRESETS: Readonly<Record<Preset['id'], Preset>> = {
  google: {
    id: 'google',
    label: 'Google',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'https://mail.google.com/', 'https://www.googleapis.com/auth/calendar'],
    required: ['https://mail.google.com/'],
    clientIdEnv: 'ZAMBURAK_GOOGLE_CLIENT_ID',
    imap: { host: 'imap.gmail.com', port: 993 },
    smtp: { host: 'smtp.gmail.com', port: 465 },
    caldav: 'https://apidata.googleusercontent.com/caldav/v2/{email}/events/',
    authParams: { access_type: 'offline', prompt: 'consent' },
  },
  microsoft: {
    id: 'microsoft',
    label: 'Microsoft',
    // The "common" tenant serves work, school and personal accounts alike.
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: [
      'openid',
      'email',
      'offline_access',
      'https://outlook.office.com/IMAP.AccessAsUser.All',
      'https://outlook.office.com/SMTP.Send',
    ],
    required: ['https://outlook.office.com/IMAP.AccessAsUser.All', 'https://outlook.office.com/SMTP.Send'],
    clientIdEnv: 'ZAMBURAK_MICROSOFT_CLIENT_ID',
    imap: { host: 'outlook.office365.com', port: 993 },
    smtp: { host: 'smtp.office365.com', port: 587 },
    metadataIssuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
  },
};

const Metadata = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  revocation_endpoint: z.string().url().optional(),
  userinfo_endpoint: z.string().url().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});

/** The metadata's endpoints, each of which must be as safe as the issuer (`secureOrLoopback`). */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint', 'userinfo_endpoint'] as const;

/** https anywhere, or plain http on this computer (a test's or a local server). */
function secureOrLoopback(u: URL): boolean {
  const loopback = u.hostname === '127.0.0.1' || u.hostname === '[::1]' || u.hostname === 'localhost';
  return u.protocol === 'https:' || (loopback && u.protocol === 'http:');
}

/** The well-known metadata addresses of an issuer, RFC 8414 first (section 3's path insertion). */
function metadataUrls(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/$/, '');
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * The issuer's endpoints from its metadata. The document must name the issuer asked for (RFC
 * 8414 §3.3), so a redirect or a look-alike host cannot substitute its own endpoints; the issuer
 * and every endpoint it names use https, or plain HTTP on loopback (a test or a local server).
 */
export async function discoverIssuer(
  issuerUrl: string,
  net: IssuerNet = {},
  expectedIssuer: string = issuerUrl,
): Promise<IssuerMetadata> {
  let issuer: URL;
  try {
    issuer = new URL(issuerUrl);
  } catch {
    throw new OAuthError('no-oauth', `${JSON.stringify(issuerUrl)} is not an issuer URL (expected https://…)`);
  }
  if (!secureOrLoopback(issuer)) throw new OAuthError('no-oauth', `the issuer ${issuerUrl} must use https`);
  const tried: string[] = [];
  for (const url of metadataUrls(issuer)) {
    // A server that cannot be reached may still serve the other address; one that does not
    // answer in time, or sends without end, is said as such at once (askIssuer throws).
    const res = await askIssuer(url, { headers: { accept: 'application/json' } }, net).catch((e: unknown) => {
      if (e instanceof IssuerUnreachable) {
        tried.push(e.message);
        return null;
      }
      throw e;
    });
    if (!res) continue;
    if (!res.ok) {
      tried.push(`${url}: HTTP ${res.status}`);
      continue;
    }
    const parsed = Metadata.safeParse(res.json);
    if (!parsed.success) {
      tried.push(
        `${url}: not OAuth metadata (${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message})`,
      );
      continue;
    }
    const m = parsed.data;
    if (m.issuer.replace(/\/$/, '') !== expectedIssuer.replace(/\/$/, ''))
      throw new OAuthError('no-oauth', `${url} describes the issuer ${m.issuer}, not ${issuerUrl}`);
    // The endpoints are held to the issuer's own rule: the code, the PKCE verifier, the client
    // secret and the tokens go to them, and the browser is sent to the first (red-team round 22).
    for (const field of ENDPOINTS) {
      const endpoint = m[field];
      if (endpoint !== undefined && !secureOrLoopback(new URL(endpoint)))
        throw new OAuthError(
          'no-oauth',
          `${url} names ${field} ${JSON.stringify(endpoint)}: an endpoint must use https (plain http only on this computer)`,
        );
    }
    const methods = m.code_challenge_methods_supported;
    if (methods && !methods.includes('S256'))
      throw new OAuthError('no-oauth', `the issuer ${issuerUrl} does not support PKCE with S256`);
    return {
      issuer: m.issuer,
      authorizationEndpoint: m.authorization_endpoint,
      tokenEndpoint: m.token_endpoint,
      ...(m.revocation_endpoint ? { revocationEndpoint: m.revocation_endpoint } : {}),
      ...(m.userinfo_endpoint ? { userinfoEndpoint: m.userinfo_endpoint } : {}),
    };
  }
  throw new OAuthError('no-oauth', `no OAuth metadata for ${issuerUrl}: ${tried.join('; ')}`);
}
