/**
 * Red-team round 22: an OAuth issuer's metadata names the endpoints the person's browser is sent
 * to (authorization) and the code, the PKCE verifier, the client secret and the refresh token go
 * to (token, revocation, userinfo). Only the issuer's own address was held to https (or plain
 * HTTP on loopback); an endpoint its metadata named could be plain HTTP anywhere (a network
 * attacker reads the tokens), or `javascript:`, `file:` or `data:` (opened in the browser).
 * Every endpoint is now held to the issuer's rule.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthError } from '../../../main/oauth/errors';
import { discoverIssuer } from '../../../main/oauth/issuer';

let server: Server;
let base = '';
/** The metadata each issuer path answers with. */
const documents = new Map<string, Record<string, string>>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').replace('/.well-known/oauth-authorization-server', '');
    const doc = documents.get(path);
    res.writeHead(doc ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(doc ?? {}));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** An issuer at `path` whose metadata is the ordinary one with `change` over it. */
function issuerWith(path: string, change: Record<string, string>): string {
  documents.set(path, {
    issuer: `${base}${path}`,
    authorization_endpoint: `${base}${path}/authorize`,
    token_endpoint: `${base}${path}/token`,
    revocation_endpoint: `${base}${path}/revoke`,
    userinfo_endpoint: `${base}${path}/userinfo`,
    ...change,
  });
  return `${base}${path}`;
}

const HOSTILE: [string, string][] = [
  ['token_endpoint', 'http://oauth.example.test/token'],
  ['revocation_endpoint', 'http://oauth.example.test/revoke'],
  ['userinfo_endpoint', 'http://oauth.example.test/userinfo'],
  ['authorization_endpoint', 'http://oauth.example.test/authorize'],
  ['authorization_endpoint', 'javascript:fetch("/api/claims.approve")'],
  ['authorization_endpoint', 'file:///etc/passwd'],
  ['token_endpoint', 'data:application/json,{}'],
  ['token_endpoint', 'ftp://oauth.example.test/token'],
];

describe('red team round 22: an issuer names its endpoints', () => {
  it.each(HOSTILE)('refuses %s %s: https, or plain HTTP on loopback only', async (field, url) => {
    const issuer = issuerWith(`/i-${field}-${encodeURIComponent(url)}`, { [field]: url });
    const e = await discoverIssuer(issuer).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OAuthError);
    expect((e as OAuthError).kind).toBe('no-oauth');
    expect((e as OAuthError).message).toContain(field);
  });

  it('accepts https endpoints elsewhere and plain HTTP ones on loopback', async () => {
    const m = await discoverIssuer(issuerWith('/fine', { token_endpoint: 'https://oauth.example.test/token' }));
    expect(m.tokenEndpoint).toBe('https://oauth.example.test/token');
    expect(m.authorizationEndpoint).toBe(`${base}/fine/authorize`);
  });
});
