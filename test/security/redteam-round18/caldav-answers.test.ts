/**
 * Red-team round 18: a hostile CalDAV server cannot stall or swamp the app with its answers.
 *
 * The calendar client reads each multistatus answer into memory and picks its `<response>`
 * elements out with regular expressions, on the main process's thread. Two answers broke it:
 *  - a body that never ends was read whole (until the 15 s timeout: gigabytes on a fast link);
 *  - `<D:response>` opened many times and never closed: each opening was matched to the end of
 *    the body and back, so the work grew with the square of the answer's length — 240 KB held
 *    the thread 2 s, 2.4 MB for minutes, and every screen and every sync with it.
 * Now the answer is read up to a limit as it arrives (main/net/bounded-body.ts), and the elements
 * are found in one pass. The control: a well-formed answer still reads as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CalDavClient, CalDavError } from '../../../main/calendar/caldav';
import { startHostile, type Answer, type HostileServer } from './hostile-server';

const servers: HostileServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));

async function client(answer: Answer) {
  const server = await startHostile(() => answer);
  servers.push(server);
  return { server, dav: new CalDavClient({ url: `${server.url}/cal/`, user: 'u', password: 'p', timeoutMs: 20_000 }) };
}

const XML = 'application/xml; charset=utf-8';
const event = (uid: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART:20261201T100000Z\r\nDTEND:20261201T110000Z\r\nSUMMARY:S\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
const response = (href: string, etag: string, data: string) =>
  `<D:response><D:href>${href}</D:href><D:propstat><D:prop><D:getetag>${etag}</D:getetag><C:calendar-data><![CDATA[${data}]]></C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>`;
const multistatus = (inner: string) =>
  `<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${inner}</D:multistatus>`;

describe('red team round 18: hostile CalDAV answers', () => {
  it('reads a well-formed answer as before (control)', async () => {
    const { dav } = await client({
      body: multistatus(response('/cal/a.ics', '"1"', event('a')) + response('/cal/b.ics', '"2"', event('b'))),
      type: XML,
    });
    const got = await dav.list();
    expect(got.map((r) => [r.href, r.etag])).toEqual([
      ['/cal/a.ics', '"1"'],
      ['/cal/b.ics', '"2"'],
    ]);
    expect(got[0]!.text).toContain('UID:a');
  });

  it('stops reading an answer that never ends, with a protocol error', async () => {
    const { dav, server } = await client({ endless: '<D:response><D:href>/cal/x.ics</D:href>' });
    const e = await dav.etags().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CalDavError);
    expect(e).toMatchObject({ kind: 'protocol' });
    expect(server.sent()).toBeLessThan(256 * 1024 * 1024);
  }, 30_000);

  it.each([
    ['responses opened, never closed', '<D:response>', ''],
    ['opening tags never ended', '<D:response ', ''],
    ['hrefs never closed', '<D:response><D:href>', '</D:response>'],
  ])(
    'reads %s in one pass (the thread is not held for minutes)',
    async (_, piece, tail) => {
      // 3 MB of it, then a good response: nothing from the broken part, and the thread is not held.
      const { dav } = await client({
        body: multistatus(
          `${piece.repeat(Math.floor(3_000_000 / piece.length))}${tail}${response('/cal/z.ics', '"9"', event('z'))}`,
        ),
        type: XML,
      });
      const got = await dav.list();
      expect(got.every((r) => r.href === '/cal/z.ics')).toBe(true);
    },
    30_000,
  );
});
