/**
 * Red-team round 9: CalDAV data an outside organiser writes (real Radicale).
 *
 * Finding (open, main/calendar/ical.ts `eventIdOf`): a stored event's id is its UID with every
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../main/accounts/calendars';
import { CalDavClient } from '../../../main/calendar/caldav';
import { buildEvent } from '../../../main/calendar/ical';
import { radicaleMissing } from '../../integration/servers/radicale';
import { calendarAccount, type CalendarAccount } from '../../integration/calendar/fixtures';

const BOARD = {
  id: '',
  title: 'Board meeting',
  start: '2026-03-19T14:00:00Z',
  end: '2026-03-19T16:00:00Z',
  location: 'Room Fjord',
  description: 'Q1 numbers.',
  organizer: 'bob@acme.test',
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

  it.fails(
    'a colliding UID: both events are kept, and deleting the attacker’s keeps the board meeting',
    async () => {
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
    },
    60_000,
  );
});
