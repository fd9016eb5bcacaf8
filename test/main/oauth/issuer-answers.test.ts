/**
 * A sign-in server that never answers, or never stops answering, cannot hang a sign-in or fill
 * the process's memory: every request to the issuer (metadata, token, revocation, userinfo) has
 * a deadline and a size bound, and the person is told which of the two it was. Real loopback
 * servers, from the attacker's side.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthError } from '../../../main/oauth/errors';
import { discoverIssuer, type IssuerMetadata } from '../../../main/oauth/issuer';
import { exchangeCode, refreshTokens, revokeToken, tokenAddress } from '../../../main/oauth/tokens';

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

/** Never answers: the request is read, nothing comes back. */
const stall: Behaviour = () => undefined;
/** Answers 200 with JSON headers, then never sends the body. */
const stallBody: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
};
/** Answers 200 and sends forever (chunked, no length), as fast as the reader takes it. */
const endless: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const more = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', more);
  };
  res.write('{"issuer":"');
  more();
};

let server: Server;
let base = '';
const sockets = new Set<Socket>();
/** By the path segment that names it (metadata addresses put it after `/.well-known/…`). */
const behaviours = new Map<string, Behaviour>([
  ['stall', stall],
  ['stall-body', stallBody],
  ['endless', endless],
]);

beforeAll(async () => {
  server = createServer((req, res) => {
    const kind = (req.url ?? '/').split('/').find((s) => behaviours.has(s));
    (behaviours.get(kind ?? 'stall') ?? stall)(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

const net = { timeoutMs: 400 };
const metadata = (kind: string): IssuerMetadata => ({
  issuer: `${base}/${kind}`,
  authorizationEndpoint: `${base}/${kind}/authorize`,
  tokenEndpoint: `${base}/${kind}/token`,
  revocationEndpoint: `${base}/${kind}/revoke`,
  userinfoEndpoint: `${base}/${kind}/userinfo`,
});
const client = { clientId: 'zamburak' };
const code = { code: 'c', verifier: 'v', redirectUri: 'http://127.0.0.1:1/callback', scopes: ['mail'] };

/** Every request to the issuer, over one kind of server. */
const requests = (kind: string): [string, () => Promise<unknown>][] => [
  ['metadata', () => discoverIssuer(`${base}/${kind}`, net)],
  ['code exchange', () => exchangeCode(metadata(kind), client, code, net)],
  ['refresh', () => refreshTokens(metadata(kind), client, 'r', ['mail'], net)],
  ['revocation', () => revokeToken(metadata(kind), client, 'r', net)],
  ['userinfo', () => tokenAddress(metadata(kind), client, { accessToken: 'a', expiresAt: 0, scopes: [] }, net)],
];

const failure = (p: Promise<unknown>): Promise<OAuthError> =>
  p.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e as OAuthError,
  );

describe('requests to the sign-in server', { timeout: 5000 }, () => {
  for (const kind of ['stall', 'stall-body'])
    for (const [what, request] of requests(kind))
      it(`${what}: a server that ${kind === 'stall' ? 'never answers' : 'never sends its body'} times out, said as such`, async () => {
        const e = await failure(request());
        expect(e).toBeInstanceOf(OAuthError);
        expect(e.kind).toBe('timeout');
        expect(e.message).toMatch(
          /^the sign-in server did not answer within 0\.4 seconds \(http:\/\/127\.0\.0\.1:\d+\//,
        );
      });

  for (const [what, request] of requests('endless'))
    it(`${what}: an answer that never ends is cut off at the size bound, said as such`, async () => {
      const e = await failure(request());
      expect(e).toBeInstanceOf(OAuthError);
      expect(e.kind).toBe('protocol');
      expect(e.message).toMatch(
        /^the sign-in server sent more than 1 MB from http:\/\/127\.0\.0\.1:\d+\/\S*endless\S*; Zamburak stopped reading/,
      );
    });
});
