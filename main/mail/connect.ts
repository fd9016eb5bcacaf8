/**
 * An IMAP connection for an account, and its failures sorted into what a person can act on:
 * the host is wrong or refuses, the password is wrong, TLS failed, the server did not answer in
 * time, or it said something unexpected.
 */
import { ImapFlow, type ImapFlowError } from 'imapflow';

export type Security = 'tls' | 'starttls' | 'plain';

export interface ImapSettings {
  readonly host: string;
  readonly port: number;
  readonly security: Security;
  readonly user: string;
}

/** A password, or an OAuth 2 access token (sent as OAUTHBEARER or XOAUTH2, whichever the server offers). */
export type Credential = string | { readonly accessToken: string };
/**
 * A credential, or how to get a current one at each connection: a long-lived watch reconnects
 * for hours, past the life of any one access token.
 */
export type CredentialSource = Credential | (() => Promise<Credential>);

export type MailErrorKind = 'unreachable' | 'auth' | 'tls' | 'timeout' | 'protocol' | 'refused';

export class MailError extends Error {
  constructor(
    readonly kind: MailErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
const TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ETIMEOUT', 'ETIMEDOUT']);
const CLOSED = new Set(['NoConnection', 'EConnectionClosed', 'ClosedAfterConnectText', 'EPIPE']);

/** A thrown error of a connection to `s`, as a MailError with a sentence a person can act on. */
export function mailError(e: unknown, s: Pick<ImapSettings, 'host' | 'port' | 'user'>, oauth = false): MailError {
  if (e instanceof MailError) return e;
  const err = e as ImapFlowError & { code?: string };
  const where = `${s.host}:${s.port}`;
  const code = err.code ?? '';
  if (err.authenticationFailed)
    return new MailError(
      'auth',
      oauth
        ? `${where} refused the access token for ${JSON.stringify(s.user)}`
        : `${where} refused the user name or password for ${JSON.stringify(s.user)}`,
    );
  if (oauth && err.message === 'Unsupported authentication mechanism')
    return new MailError('auth', `${where} does not offer OAuth sign-in (neither OAUTHBEARER nor XOAUTH2)`);
  if (err.tlsFailed || code === 'ClosedAfterConnectTLS' || /^ERR_TLS|^ERR_SSL|CERT|SELF_SIGNED/.test(code))
    return new MailError('tls', `TLS with ${where} failed: ${err.message}`);
  if (TIMEOUTS.has(code)) return new MailError('timeout', `${where} did not answer in time (${code})`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new MailError('unreachable', `no such host ${s.host}`);
  if (NETWORK.has(code)) return new MailError('unreachable', `cannot reach ${where}: ${code}`);
  if (CLOSED.has(code)) return new MailError('unreachable', `the connection to ${where} closed (${code})`);
  return new MailError('protocol', `${where}: ${err.message}${code ? ` (${code})` : ''}`);
}

export interface ConnectOptions {
  /** Connect, greeting and idle-socket limit, in milliseconds. Default 30 s. */
  readonly timeoutMs?: number;
}

/** A logged-in client; throws a MailError. The caller logs out (or closes) it. */
export async function connectImap(
  s: ImapSettings,
  source: CredentialSource,
  o: ConnectOptions = {},
): Promise<ImapFlow> {
  const credential = typeof source === 'function' ? await source() : source;
  const timeout = o.timeoutMs ?? 30_000;
  const client = new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    // STARTTLS is required when chosen: a stripped capability must fail, not fall back to cleartext.
    doSTARTTLS: s.security === 'starttls' ? true : s.security === 'plain' ? false : undefined,
    auth: typeof credential === 'string' ? { user: s.user, pass: credential } : { user: s.user, ...credential },
    logger: false,
    disableAutoIdle: true,
    qresync: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout, 60_000),
  });
  // A dropped connection is reported through the pending command; without a listener the
  // 'error' event would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (e) {
    client.close();
    throw mailError(e, s, typeof credential !== 'string');
  }
}
