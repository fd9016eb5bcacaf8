/**
 * One request to the sign-in server (metadata, token, revocation, userinfo) with a deadline and a
 * size bound. Without them an issuer that never answers hangs the sign-in (or the refresh before
 * a sync) for good, and one that never stops sending fills the process's memory: `res.json()`
 * reads the whole body before anyone can look at it. Metadata and token answers are a few KB.
 */
import { boundedText } from '../net/bounded-body';
import { OAuthError, type Fetch } from './errors';

/** How the issuer is reached: `fetch` (tests pass one that reaches loopback servers) and the deadline. */
export interface IssuerNet {
  readonly fetch?: Fetch;
  /** How long one request may take, its whole answer read. Default 30 seconds. */
  readonly timeoutMs?: number;
}

const TIMEOUT_MS = 30_000;
const MAX_BYTES = 1024 * 1024;

/** The server could not be reached at all (no connection): another address of it may answer. */
export class IssuerUnreachable extends OAuthError {
  constructor(url: string, why: string) {
    super('protocol', `cannot reach ${url}: ${why}`);
  }
}

export interface IssuerAnswer {
  readonly ok: boolean;
  readonly status: number;
  /** The body as JSON; null when it is not JSON (or empty). */
  readonly json: unknown;
}

/**
 * The issuer's answer, read whole within the deadline. Throws `OAuthError` `timeout` when the
 * deadline passed (waiting for the answer or for its body), `protocol` when the answer is larger
 * than the bound, `IssuerUnreachable` when the server cannot be reached.
 */
export async function askIssuer(url: string, init: RequestInit, net: IssuerNet): Promise<IssuerAnswer> {
  const timeoutMs = net.timeoutMs ?? TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await (net.fetch ?? fetch)(url, { ...init, redirect: 'error', signal });
    const text = await boundedText(res, MAX_BYTES);
    if (text === null)
      throw new OAuthError(
        'protocol',
        `the sign-in server sent more than ${MAX_BYTES / 1024 / 1024} MB from ${url}; Zamburak stopped reading`,
      );
    return { ok: res.ok, status: res.status, json: parseJson(text) };
  } catch (e) {
    if (e instanceof OAuthError) throw e;
    if (signal.aborted)
      throw new OAuthError(
        'timeout',
        `the sign-in server did not answer within ${timeoutMs / 1000} seconds (${url}); try again later`,
      );
    throw new IssuerUnreachable(url, (e as Error).message);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
