/**
 * The calendar against a real Radicale CalDAV server on loopback: create, update, delete and
 * list through the server; incremental sync that notices another client's changes and
 * deletions (and fetches nothing when nothing moved); free/busy; a change made elsewhere is
 * never overwritten; a wrong password or a dead server is a clear error; and an invitation
 * round trip by mail — REQUEST sent, parsed by the attendee, REPLY sent back and applied.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../../main/accounts/accounts';
import { syncCalendars } from '../../../main/accounts/calendars';
import { CalDavClient, CalDavError } from '../../../main/calendar/caldav';
import { CalendarAccount } from '../../../main/calendar/calendar-sync';
import { buildEvent, parseEvents } from '../../../main/calendar/ical';
import { applyReply, invitationMail, readItip, replyMail } from '../../../main/calendar/itip';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { radicaleMissing, startRadicale, type RadicaleServer } from '../servers/radicale';

const missing = radicaleMissing();

/** A raw RFC 5322 message from nodemailer options, as it would go over SMTP. */
async function raw(options: nodemailer.SendMailOptions): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return (await t.sendMail(options)).message as Buffer;
}

describe.skipIf(missing !== null)(`CalDAV against Radicale${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let server: RadicaleServer;
  let profile: Profile;
  let url: string;
  let cal: CalendarAccount;
  const account = 'demo';

  beforeAll(async () => {
    server = await startRadicale();
    url = await server.makeCalendar('work');
    profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-cal-')));
    cal = new CalendarAccount(
      profile,
      account,
      new CalDavClient({ url, user: server.user, password: server.password }),
      url,
    );
    // The demo account's own events are not on this server: start from an empty calendar.
    for (const e of profile.repos.calendar.list(account)) profile.repos.calendar.remove(e.id);
  }, 30_000);
  afterAll(async () => {
    profile?.close();
    await server?.stop();
  });

  it('creates, lists, updates and deletes through the server', async () => {
    const created = await cal.create(
      {
        title: 'Design review',
        start: '2026-03-17T14:30:00Z',
        end: '2026-03-17T15:30:00Z',
        location: 'Room 4',
        description: 'Release 2.4',
        organizer: 'maya@acme.test',
        attendees: ['bob@acme.test'],
      },
      'design-review-1',
    );
    const [onServer] = await cal.client.list();
    expect(parseEvents(onServer!.text)[0]).toMatchObject({
      uid: 'design-review-1',
      title: 'Design review',
      attendees: ['bob@acme.test'],
    });
    await cal.update(created.id, { start: '2026-03-18T09:00:00Z', end: '2026-03-18T10:00:00Z' }, ['maya@acme.test']);
    expect(parseEvents((await cal.client.list())[0]!.text)[0]!.start).toBe('2026-03-18T09:00:00Z');
    expect(profile.repos.calendar.get(created.id)!.start).toBe('2026-03-18T09:00:00Z');
    // Only events overlapping a time range, when asked.
    expect(await cal.client.list({ from: '2026-03-18T00:00:00Z', to: '2026-03-19T00:00:00Z' })).toHaveLength(1);
    expect(await cal.client.list({ from: '2026-04-01T00:00:00Z', to: '2026-04-02T00:00:00Z' })).toHaveLength(0);
    await cal.delete(created.id);
    expect(await cal.client.list()).toHaveLength(0);
    expect(profile.repos.calendar.get(created.id)).toBeUndefined();
  });

  it('syncs what another client changed, added and deleted — and nothing when nothing moved', async () => {
    const other = new CalDavClient({ url, user: server.user, password: server.password });
    const mk = (uid: string, start: string, title: string) =>
      other.put(
        other.hrefFor(uid),
        buildEvent(
          {
            id: '',
            title,
            start,
            end: start.replace('T09', 'T10'),
            location: '',
            description: '',
            organizer: 'lena@acme.test',
            attendees: ['maya@acme.test'],
          },
          { uid },
        ),
      );
    await mk('a', '2026-03-20T09:00:00Z', 'Standup');
    await mk('b', '2026-03-20T09:30:00Z', 'Sync with Lena');
    expect(await cal.sync()).toMatchObject({ added: 2, removed: 0, unchanged: false });
    expect(await cal.sync()).toMatchObject({ unchanged: true });
    const etags = await other.etags();
    await other.delete(other.hrefFor('a'), etags.get(other.hrefFor('a')));
    await other.put(
      other.hrefFor('b'),
      buildEvent(
        {
          id: '',
          title: 'Sync with Lena (moved)',
          start: '2026-03-21T09:00:00Z',
          end: '2026-03-21T10:00:00Z',
          location: '',
          description: '',
          organizer: 'lena@acme.test',
          attendees: ['maya@acme.test'],
        },
        { uid: 'b' },
      ),
      etags.get(other.hrefFor('b')),
    );
    expect(await cal.sync()).toMatchObject({ added: 0, updated: 1, removed: 1 });
    expect(profile.repos.calendar.list(account).map((e) => e.title)).toEqual(['Sync with Lena (moved)']);
  });

  it('computes free/busy from the calendar, merging overlaps', async () => {
    const c1 = await cal.create(
      {
        title: 'x',
        start: '2026-03-23T09:00:00Z',
        end: '2026-03-23T10:00:00Z',
        location: '',
        description: '',
        organizer: 'maya@acme.test',
        attendees: [],
      },
      'fb-1',
    );
    const c2 = await cal.create(
      {
        title: 'y',
        start: '2026-03-23T09:30:00Z',
        end: '2026-03-23T11:00:00Z',
        location: '',
        description: '',
        organizer: 'maya@acme.test',
        attendees: [],
      },
      'fb-2',
    );
    expect(cal.freeBusy('2026-03-23T00:00:00Z', '2026-03-24T00:00:00Z')).toEqual([
      { start: '2026-03-23T09:00:00Z', end: '2026-03-23T11:00:00Z', title: 'busy' },
    ]);
    await cal.delete(c1.id);
    await cal.delete(c2.id);
  });

  it('never overwrites a change made elsewhere since the last sync', async () => {
    const e = await cal.create(
      {
        title: 'Budget',
        start: '2026-03-24T09:00:00Z',
        end: '2026-03-24T10:00:00Z',
        location: '',
        description: '',
        organizer: 'maya@acme.test',
        attendees: [],
      },
      'budget',
    );
    const other = new CalDavClient({ url, user: server.user, password: server.password });
    const href = other.hrefFor('budget');
    await other.put(
      href,
      buildEvent({ ...e, title: 'Budget (moved by Tom)' }, { uid: 'budget' }),
      (await other.etags()).get(href),
    );
    await expect(cal.update(e.id, { title: 'Budget v2' }, ['maya@acme.test'])).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(parseEvents((await other.get([href]))[0]!.text)[0]!.title).toBe('Budget (moved by Tom)');
  });

  it('says clearly when the password is wrong or the server is down', async () => {
    const wrong = new CalDavClient({ url, user: server.user, password: 'nope' });
    await expect(wrong.list()).rejects.toMatchObject({ kind: 'auth' });
    const down = new CalDavClient({ url: 'http://127.0.0.1:9/maya/work/', user: 'x', password: 'y', timeoutMs: 2000 });
    const err = await down.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CalDavError);
    expect((err as CalDavError).kind).toBe('unreachable');
    await expect(
      new CalDavClient({ url: `${server.url}/maya/nothing/`, user: server.user, password: server.password }).list(),
    ).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('round-trips an invitation by mail: REQUEST out, REPLY back, applied to the organiser copy', async () => {
    const event = await cal.create(
      {
        title: 'Q2 planning',
        start: '2026-03-25T13:00:00Z',
        end: '2026-03-25T14:00:00Z',
        location: 'Room 2',
        description: 'Agenda to follow',
        organizer: 'maya@acme.test',
        attendees: ['bob@acme.test', 'lena@acme.test'],
      },
      'q2-planning',
    );
    const request = await readItip(
      await raw(invitationMail(event, { uid: 'q2-planning', from: 'maya@acme.test', to: event.attendees })),
    );
    expect(request).toMatchObject({ method: 'REQUEST', uid: 'q2-planning' });
    expect(request!.event).toMatchObject({
      title: 'Q2 planning',
      organizer: 'maya@acme.test',
      attendees: ['bob@acme.test', 'lena@acme.test'],
    });
    // Bob accepts from his own mail program.
    const reply = await readItip(
      await raw(
        replyMail(request!.event, {
          uid: request!.uid,
          attendee: 'bob@acme.test',
          answer: 'accepted',
          to: ['maya@acme.test'],
        }),
      ),
    );
    expect(reply).toMatchObject({ method: 'REPLY', uid: 'q2-planning' });
    const href = cal.client.hrefFor('q2-planning');
    expect(await applyReply(cal.client, href, reply!)).toBe('accepted');
    const after = parseEvents((await cal.client.get([href]))[0]!.text)[0]!;
    expect(after.answers).toEqual({ 'bob@acme.test': 'accepted', 'lena@acme.test': 'needs-action' });
    // A "reply" from someone who was not invited changes nothing.
    const stranger = await readItip(
      await raw(
        replyMail(request!.event, {
          uid: 'q2-planning',
          attendee: 'eve@evil.example',
          answer: 'accepted',
          to: ['maya@acme.test'],
        }),
      ),
    );
    expect(await applyReply(cal.client, href, stranger!)).toBeNull();
    expect(parseEvents((await cal.client.get([href]))[0]!.text)[0]!.attendees).toEqual([
      'bob@acme.test',
      'lena@acme.test',
    ]);
  });

  it('syncs the calendar of a real account added with a CalDAV URL, as zamburak sync does', async () => {
    const a = await addAccount(profile, {
      name: 'work',
      email: 'maya@acme.test',
      imap: { host: '127.0.0.1', port: 143, security: 'plain', user: server.user },
      password: server.password,
      caldav: url,
    });
    const [r] = await syncCalendars(profile);
    expect(r).toMatchObject({ account: 'work', result: { unchanged: false } });
    const titles = profile.repos.calendar.list(a.id).map((e) => e.title);
    expect(titles).toEqual(expect.arrayContaining(['Q2 planning', 'Budget (moved by Tom)']));
    expect((await syncCalendars(profile))[0]).toMatchObject({ result: { unchanged: true } });
  });
});
