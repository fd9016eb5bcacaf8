/**
 * Finding an address's servers: autoconfig files served by a loopback HTTP server (reached
 * through the fetch seam, which keeps each URL's scheme and host), SRV and MX records from the
 * resolver seam. Order, sources, the HTTP rule for passwords, and hostile files.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountError } from '../../../main/accounts/accounts';
import { discoverServers, trustedForPassword, type Resolver } from '../../../main/accounts/discover';

/** Files by full URL (scheme, host, path without the query). */
const files = new Map<string, string>();
const asked: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    // The path carries the original URL: /https/autoconfig.example.test/mail/config-v1.1.xml
    const [, scheme, host, ...rest] = (req.url ?? '').split('?')[0]!.split('/');
    const body = files.get(`${scheme}://${host}/${rest.join('/')}`);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/xml' }).end(body ?? 'not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const loopbackFetch: typeof fetch = (input, init) => {
  const u = new URL(String(input));
  asked.push(`${u.protocol}//${u.host}${u.pathname}`);
  return fetch(`${base}/${u.protocol.replace(':', '')}/${u.host}${u.pathname}${u.search}`, init);
};

const noDns: Resolver = { srv: () => Promise.resolve([]), mx: () => Promise.resolve([]) };

const xml = (
  host: string,
  o: { port?: string; socket?: string; user?: string; auth?: string } = {},
) => `<?xml version="1.0"?>
<clientConfig version="1.1"><emailProvider id="example.test">
  <domain>example.test</domain>
  <incomingServer type="pop3"><hostname>pop.${host}</hostname><port>995</port><socketType>SSL</socketType></incomingServer>
  <incomingServer type="imap"><hostname>imap.${host}</hostname><port>${o.port ?? '993'}</port>
    <socketType>${o.socket ?? 'SSL'}</socketType><username>${o.user ?? '%EMAILLOCALPART%'}</username>
    <authentication>${o.auth ?? 'password-cleartext'}</authentication></incomingServer>
  <outgoingServer type="smtp"><hostname>smtp.${host}</hostname><port>587</port><socketType>STARTTLS</socketType>
    <username>%EMAILADDRESS%</username></outgoingServer>
</emailProvider></clientConfig>`;

const find = (email: string, resolver: Resolver = noDns) =>
  discoverServers(email, { fetch: loopbackFetch, resolver, timeoutMs: 5000 });

describe('servers from the address', () => {
  it('reads autoconfig.DOMAIN first, over HTTPS, expanding the user-name template', async () => {
    files.clear();
    files.set('https://autoconfig.one.test/mail/config-v1.1.xml', xml('one.test'));
    files.set('https://one.test/.well-known/autoconfig/mail/config-v1.1.xml', xml('other.test'));
    const d = await find('maya@one.test');
    expect(d).toMatchObject({
      source: 'autoconfig',
      where: 'https://autoconfig.one.test/mail/config-v1.1.xml?emailaddress=maya%40one.test',
      insecure: false,
      imap: { host: 'imap.one.test', port: 993, security: 'tls', user: 'maya' },
      smtp: { host: 'smtp.one.test', port: 587, security: 'starttls', user: 'maya@one.test' },
    });
    expect(trustedForPassword(d!)).toBe(d);
  });

  it('then the domain well-known file, and plain HTTP only after both HTTPS places', async () => {
    files.clear();
    files.set('https://two.test/.well-known/autoconfig/mail/config-v1.1.xml', xml('two.test'));
    expect((await find('maya@two.test'))?.where).toMatch(/^https:\/\/two\.test\/\.well-known\//);
    files.clear();
    files.set('http://autoconfig.three.test/mail/config-v1.1.xml', xml('three.test'));
    asked.length = 0;
    const d = await find('maya@three.test');
    expect(asked.slice(0, 3)).toEqual([
      'https://autoconfig.three.test/mail/config-v1.1.xml',
      'https://three.test/.well-known/autoconfig/mail/config-v1.1.xml',
      'http://autoconfig.three.test/mail/config-v1.1.xml',
    ]);
    expect(d).toMatchObject({ insecure: true, where: expect.stringMatching(/^http:\/\//) });
    // A file anyone on the network could have written never gets a password.
    expect(() => trustedForPassword(d!)).toThrow(AccountError);
    expect(() => trustedForPassword(d!)).toThrow(/plain HTTP.*pass --imap HOST:PORT/);
  });

  it('skips files that are not autoconfig, or whose server entries are unusable', async () => {
    files.clear();
    files.set('https://autoconfig.four.test/mail/config-v1.1.xml', '<html><body>Parked domain</body></html>');
    files.set('https://four.test/.well-known/autoconfig/mail/config-v1.1.xml', xml('four.test', { port: '99999' }));
    files.set('http://autoconfig.four.test/mail/config-v1.1.xml', xml('four.test', { socket: 'weird' }));
    expect(await find('maya@four.test')).toBeNull();
  });

  it('knows the large providers, and which sign in with OAuth', async () => {
    files.clear();
    expect(await find('maya@gmail.com')).toMatchObject({
      source: 'built-in',
      oauth: 'google',
      imap: { host: 'imap.gmail.com', port: 993, security: 'tls', user: 'maya@gmail.com' },
    });
    expect((await find('maya@outlook.com'))?.oauth).toBe('microsoft');
  });

  it('uses RFC 6186 SRV records, preferring implicit TLS and the lowest priority', async () => {
    files.clear();
    const srv: Resolver = {
      srv: (name) =>
        Promise.resolve(
          name === '_imaps._tcp.five.test'
            ? [
                { name: 'backup.five.test', port: 993, priority: 20, weight: 0 },
                { name: 'mail.five.test.', port: 993, priority: 10, weight: 0 },
              ]
            : name === '_submission._tcp.five.test'
              ? [{ name: 'smtp.five.test', port: 587, priority: 0, weight: 0 }]
              : name === '_submissions._tcp.five.test'
                ? [{ name: '.', port: 0, priority: 0, weight: 0 }] // "not offered" (RFC 6186 §3.4)
                : [],
        ),
      mx: () => Promise.resolve([]),
    };
    expect(await find('maya@five.test', srv)).toMatchObject({
      source: 'srv',
      where: 'DNS SRV records of five.test',
      imap: { host: 'mail.five.test', port: 993, security: 'tls' },
      smtp: { host: 'smtp.five.test', port: 587, security: 'starttls' },
    });
  });

  it('recognises a provider from the MX host, else guesses from it and says it is a guess', async () => {
    files.clear();
    const mx = (exchange: string): Resolver => ({
      srv: () => Promise.resolve([]),
      mx: () => Promise.resolve([{ exchange, priority: 1 }]),
    });
    expect(await find('maya@six.test', mx('aspmx.l.google.com'))).toMatchObject({ source: 'mx', oauth: 'google' });
    expect(await find('maya@seven.test', mx('mx1.hosting.example'))).toMatchObject({
      source: 'mx',
      where: 'a guess from the MX host mx1.hosting.example of seven.test',
      imap: { host: 'imap.hosting.example', port: 993 },
    });
    expect(await find('maya@eight.test')).toBeNull();
  });
});
