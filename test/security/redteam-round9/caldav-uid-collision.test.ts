/**
 * Red-team round 9: CalDAV data an outside organiser writes (real Radicale).
 *
 * Closed: an event's id is a readable prefix and a hash of the whole UID (ids stored before stay
 * their events' ids: a sync keeps a known UID's id, so claims naming them still find them); a
 * resource whose UID another resource holds, or that cannot be stored, is that resource's error
 * in the sync's result, and the rest of the calendar syncs.
 *
 * Finding (was open, main/calendar/ical.ts `eventIdOf`): a stored event's id is its UID with every
 * character outside [A-Za-z0-9._-] replaced by `_` and cut at 120 characters, so different UIDs
 * share one id ("board-2026@acme.test" and "board-2026_acme.test"; two long Outlook-style UIDs
 * that differ only after their 120th character). An organiser who knows the UID of a meeting on
 * the person's calendar (everyone invited to it has it) gets an event of theirs onto that
 * calendar (servers add invitations on their own; any shared calendar) under the colliding UID.
 * The next sync (main/calendar/calendar-sync.ts) upserts it over the real meeting and then hits
 * the UNIQUE index on calendar_resources.event_id: the transaction rolls back and throws an
 * SqliteError, which `syncCalendars` (main/accounts/calendars.ts) does not catch — from then on
 * no calendar of any account syncs (no new meeting, change or cancellation comes in) for as long
 * as the attacker's event stays. Where the index did not stop it, the attacker's title, time,
 * organiser and attendees would replace the meeting's. What would close it: an id that is a
 * function of the whole UID (the readable prefix and a hash of the UID), with a migration of
 * stored event ids, calendar_resources rows and pending claims that name them; and a resource
 * that cannot be stored reported as that resource's error, not the whole sync's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../main/accounts/calendars';
import { CalDavClient } from '../../../main/calendar/caldav';
import { CalendarAccount as CalendarSync } from '../../../main/calendar/calendar-sync';
import { buildEvent, eventIdOf } from '../../../main/calendar/ical';
import { freshProfile } from '../../integration/mail/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';
import { calendarAccount, type CalendarAccount } from '../../integration/calendar/fixtures';
import { BOARD_MEETING } from '../redteam-fixtures';

const BOARD = {
  ...BOARD_MEETING,
  id: '',
  attendees: ['maya@acme.test', 'priya@acme.test'],
};
const FAKE = {
  ...BOARD,
  title: 'Board meeting (moved to Friday)',
  start: '2026-03-20T14:00:00Z',
  end: '2026-03-20T16:00:00Z',
  organizer: 'trudy@parcel-fast.test',
  attendees: ['maya@acme.test', 'zed@attacker.test'],
};

describe.skipIf(radicaleMissing())('red team round 9: an organiser’s event never replaces another in the store', () => {
  let at: CalendarAccount;
  beforeAll(async () => {
    at = await calendarAccount();
  }, 60_000);
  afterAll(() => at?.stop());

  const titles = () =>
    at.p.repos.calendar
      .list(at.account.id)
      .map((e) => `${e.title} (${e.organizer})`)
      .sort();

  it('a colliding UID: both events are kept, and deleting the attacker’s keeps the board meeting', async () => {
    const other = new CalDavClient({ url: at.url, user: at.dav.user, password: at.dav.password });
    const cal = (await calendarOf(at.p, at.account))!;
    await other.put(other.hrefFor('board-2026@acme.test'), buildEvent(BOARD, { uid: 'board-2026@acme.test' }));
    await cal.sync();
    expect(titles()).toEqual(['Board meeting (bob@acme.test)']);
    // The attacker's event, added to the same calendar under a UID that differs in one character.
    await other.put(other.hrefFor('board-2026_acme.test'), buildEvent(FAKE, { uid: 'board-2026_acme.test' }));
    await cal.sync();
    expect(titles()).toEqual([
      'Board meeting (bob@acme.test)',
      'Board meeting (moved to Friday) (trudy@parcel-fast.test)',
    ]);
    const etags = await other.etags();
    await other.delete(other.hrefFor('board-2026_acme.test'), etags.get(other.hrefFor('board-2026_acme.test')));
    await cal.sync();
    expect(titles()).toEqual(['Board meeting (bob@acme.test)']);
  }, 60_000);
});

describe('red team round 9: event ids and one bad resource', () => {
  it('different UIDs never share an id (fast-check)', () => {
    const uid = fc.oneof(fc.string({ maxLength: 300 }), fc.stringMatching(/^[a-z@._-]{100,200}$/u));
    fc.assert(fc.property(uid, uid, (a, b) => a === b || eventIdOf(a) !== eventIdOf(b)));
    expect(eventIdOf('board-2026@acme.test')).not.toBe(eventIdOf('board-2026_acme.test'));
  });

  /** A calendar server (the CalDAV client's side of it) serving these resources. */
  const server = (resources: Record<string, string>, ctag: string) =>
    ({
      ctag: () => Promise.resolve(ctag),
      etags: () => Promise.resolve(new Map(Object.keys(resources).map((h) => [h, `"${h}-${ctag}"`]))),
      get: (hrefs: readonly string[]) =>
        Promise.resolve(hrefs.map((href) => ({ href, etag: `"${href}-${ctag}"`, text: resources[href]! }))),
    }) as unknown as CalDavClient;

  /** A fresh profile with the account `a1` whose calendar the tests sync. */
  const profile = () => {
    const p = freshProfile();
    p.repos.accounts.insert({
      ...p.primaryAccount(),
      id: 'a1',
      name: 'work',
      transport: 'imap',
      secret: null,
      createdAt: '2026-03-16T08:00:00Z',
    });
    return p;
  };

  it('a second resource under the board meeting’s UID, and an unreadable one: their errors, the rest synced', async () => {
    const p = profile();
    try {
      const board = buildEvent(BOARD, { uid: 'board-2026@acme.test' });
      const lunch = buildEvent({ ...BOARD, title: 'Lunch', organizer: '' }, { uid: 'lunch@acme.test' });
      await new CalendarSync(p, 'a1', server({ '/c/board.ics': board }, '1'), '/c/').sync();
      const boardId = p.repos.calendar.list('a1')[0]!.id;
      const result = await new CalendarSync(
        p,
        'a1',
        server(
          {
            '/c/board.ics': board,
            '/c/fake.ics': buildEvent(FAKE, { uid: 'board-2026@acme.test' }),
            '/c/broken.ics': 'BEGIN:VCALENDAR\r\nnot iCalendar',
            '/c/lunch.ics': lunch,
          },
          '2',
        ),
        '/c/',
      ).sync();
      expect(result.errors.map((e) => e.href).sort()).toEqual(['/c/broken.ics', '/c/fake.ics']);
      expect(result.errors.find((e) => e.href === '/c/fake.ics')!.message).toMatch(
        /UID "board-2026@acme.test" is already the UID of the event at \/c\/board\.ics/,
      );
      expect(result.added).toBe(1);
      expect(p.repos.calendar.get(boardId)).toMatchObject({ title: 'Board meeting', organizer: 'bob@acme.test' });
      expect(
        p.repos.calendar
          .list('a1')
          .map((e) => e.title)
          .sort(),
      ).toEqual(['Board meeting', 'Lunch']);
    } finally {
      p.close();
    }
  });

  it('an event stored under an id of the old form keeps it through a change: what names it (a pending claim) still finds it', async () => {
    const p = profile();
    try {
      const uid = 'board-2026@acme.test';
      await new CalendarSync(p, 'a1', server({ '/c/board.ics': buildEvent(BOARD, { uid }) }, '1'), '/c/').sync();
      // What a profile synced before the ids were hashed holds.
      const old = 'a1:cal-board-2026_acme.test';
      const now = p.repos.calendar.list('a1')[0]!.id;
      p.db.prepare('UPDATE events SET id = ? WHERE id = ?').run(old, now);
      p.db.prepare('UPDATE calendar_resources SET event_id = ? WHERE event_id = ?').run(old, now);
      const moved = buildEvent({ ...BOARD, start: '2026-03-19T15:00:00Z' }, { uid, sequence: 1 });
      await new CalendarSync(p, 'a1', server({ '/c/board.ics': moved }, '2'), '/c/').sync();
      expect(p.repos.calendar.list('a1').map((e) => [e.id, e.start])).toEqual([[old, '2026-03-19T15:00:00Z']]);
    } finally {
      p.close();
    }
  });
});
