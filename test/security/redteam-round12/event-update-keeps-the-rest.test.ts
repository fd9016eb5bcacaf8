/**
 * Red-team round 12: an event update commits on the server exactly the change its claim shows.
 *
 * `updateEvent(id, { location })` has an effect that names the event's title, time, place,
 * description and attendees (engine/tools/update-event.ts); the card and the hash are that. The
 * commit (main/calendar/calendar-sync.ts `update`) wrote the store's copy of the event back as a
 * new iCalendar text (`buildEvent`), and the store keeps only those fields: everything else the
 * server held went — the series' RRULE and its moved occurrences (every occurrence after the
 * first deleted), the reminders, CLASS:PRIVATE (the details then shown to whoever shares the
 * calendar), each attendee's answer and name — and the invitation mailed the same single event
 * under the series' UID, which replaces the series in every attendee's calendar.
 *
 * Property: after an update, the server's copy is the copy before it with only the fields the
 * effect changed changed (and SEQUENCE, DTSTAMP); every other property and component is kept. The
 * invitation carries the same series, without what only the organiser's calendar keeps (its
 * reminders).
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { syncCalendars } from '../../../main/accounts/calendars';
import { approveAndCommit, calendarAccountPerSuite, runStrict } from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';
import { propertiesAsWritten } from './ical-as-read';

const UID = 'weekly-1on1@acme.test';
/** Maya's weekly one-on-one with Omar as her calendar client wrote it. */
const SERIES = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Acme//Calendar//EN',
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTAMP:20260301T000000Z',
  'DTSTART:20260406T150000Z',
  'DTEND:20260406T153000Z',
  'RRULE:FREQ=WEEKLY;COUNT=10',
  'SUMMARY:Maya / Omar 1:1',
  'LOCATION:Room 2',
  'DESCRIPTION:Salary review notes in the shared folder',
  'CLASS:PRIVATE',
  'ORGANIZER;CN=Maya Lind:mailto:maya@acme.test',
  'ATTENDEE;CN=Omar Haddad;PARTSTAT=ACCEPTED:mailto:omar@acme.test',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:1:1 in 10 minutes',
  'TRIGGER:-PT10M',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTAMP:20260301T000000Z',
  'RECURRENCE-ID:20260413T150000Z',
  'DTSTART:20260414T090000Z',
  'DTEND:20260414T093000Z',
  'SUMMARY:Maya / Omar 1:1 (moved)',
  'ORGANIZER;CN=Maya Lind:mailto:maya@acme.test',
  'ATTENDEE;CN=Omar Haddad;PARTSTAT=ACCEPTED:mailto:omar@acme.test',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** Each VEVENT's properties (name, parameters and value as written), DTSTAMP and SEQUENCE aside. */
function shape(text: string): string[][] {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return root
    .getAllSubcomponents('vevent')
    .map((v) =>
      [...propertiesAsWritten(v, ['dtstamp', 'sequence']), ...v.getAllSubcomponents().map((c) => c.toString())].sort(),
    );
}

const missing = radicaleMissing();

describe.skipIf(missing !== null)('red team round 12: an update changes only what it shows', () => {
  const at = calendarAccountPerSuite();

  it("a new place for Maya's weekly 1:1 keeps the series, its moved occurrence, the reminder, its privacy and Omar's answer", async () => {
    const { other } = at;
    await other.put(other.hrefFor(UID), SERIES);
    await syncCalendars(at.p);
    const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === 'Maya / Omar 1:1')!;
    expect(ev).toBeDefined();
    const before = at.smtp.received.length;
    const r = await runStrict(at, `await updateEvent(input.id, { location: 'Room 5' });`, { id: ev.id });
    expect(r.report.status, JSON.stringify(r.report.error)).toBe('completed');
    const outcomes = await approveAndCommit(at, r.claim!);
    expect(outcomes.filter((o) => o.outcome === 'failed')).toEqual([]);
    const [stored] = await other.get([other.hrefFor(UID)]);
    const want = shape(SERIES.replace('LOCATION:Room 2', 'LOCATION:Room 5'));
    expect(shape(stored!.text), 'the server holds the series with only its place changed').toEqual(want);
    const mailed = at.smtp.received.slice(before).map((m) => m.raw.replace(/=\r\n/g, '').replace(/=3D/g, '='));
    expect(mailed.length, 'the invitation goes to Omar').toBe(1);
    const ics = mailed[0]!.slice(mailed[0]!.indexOf('BEGIN:VCALENDAR'), mailed[0]!.lastIndexOf('END:VCALENDAR') + 13);
    // The invitation: the same series, without the organiser's own reminder.
    const invited = shape(
      SERIES.replace('LOCATION:Room 2', 'LOCATION:Room 5').replace(/BEGIN:VALARM[\s\S]*END:VALARM\r\n/, ''),
    );
    expect(shape(ics), 'the invitation carries the series with only its place changed').toEqual(invited);
  }, 120_000);
});
