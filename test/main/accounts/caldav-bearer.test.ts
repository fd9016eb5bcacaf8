/**
 * CalDAV for an OAuth account: the access token goes as a Bearer token (RFC 6750), never as
 * HTTP Basic; a refused token is named as an authentication failure.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CalDavClient, CalDavError } from '../../../main/calendar/caldav';

const seen: IncomingHttpHeaders[] = [];
const server = createServer((req, res) => {
  seen.push(req.headers);
  if (req.headers.authorization !== 'Bearer good-token') {
    res.writeHead(401).end();
    return;
  }
  res.writeHead(207, { 'content-type': 'application/xml' });
  res.end(
    '<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:response><D:href>/cal/</D:href><D:propstat><D:prop><CS:getctag>7</CS:getctag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>',
  );
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cal/`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

it('sends the access token as a Bearer token and names a refusal', async () => {
  const ok = new CalDavClient({ url, user: 'alice@example.test', password: { accessToken: 'good-token' } });
  expect(await ok.ctag()).toBe('7');
  expect(seen.at(-1)?.authorization).toBe('Bearer good-token');
  const stale = new CalDavClient({ url, user: 'alice@example.test', password: { accessToken: 'stale' } });
  const e = await stale.ctag().catch((x: unknown) => x);
  expect(e).toBeInstanceOf(CalDavError);
  expect((e as CalDavError).kind).toBe('auth');
  expect((e as CalDavError).message).toMatch(/refused the access token \(401\)/);
  expect(seen.every((h) => !h.authorization?.startsWith('Basic'))).toBe(true);
});
