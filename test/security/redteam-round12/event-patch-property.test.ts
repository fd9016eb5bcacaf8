/**
 * Red-team round 12, the update writer alone (main/calendar/ical.ts `patchEvent`): whatever an
 * update changes (title, time, place, description, attendees added or removed, with hostile text),
 * the resource it writes reads back as exactly the updated event, and every property it did not
 * change — of the series and of its moved occurrences — is the one the server held, as written
 * (but a moved occurrence's RECURRENCE-ID, which follows a series whose start moved).
 */
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bareAddress } from '../../../engine/world/addresses';
import { parseEvents, patchEvent } from '../../../main/calendar/ical';
import { propertiesAsWritten } from './ical-as-read';

const UID = 'series@acme.test';
const HELD = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Acme//Calendar//EN',
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTAMP:20260301T000000Z',
  'SEQUENCE:3',
  'DTSTART:20260406T150000Z',
  'DTEND:20260406T153000Z',
  'RRULE:FREQ=WEEKLY;COUNT=10',
  'SUMMARY:Weekly',
  'LOCATION:Room 2',
  'CLASS:PRIVATE',
  'X-ACME-NOTE:kept',
  'ORGANIZER;CN=Maya Lind:mailto:maya@acme.test',
  'ATTENDEE;CN=Omar Haddad;PARTSTAT=ACCEPTED:mailto:omar@acme.test',
  'ATTENDEE;PARTSTAT=DECLINED:mailto:lena@partner.test',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-PT10M',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTAMP:20260301T000000Z',
  'RECURRENCE-ID:20260413T150000Z',
  'DTSTART:20260414T090000Z',
  'DTEND:20260414T093000Z',
  'SUMMARY:Weekly (moved)',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const text = fc.oneof(
  fc.constantFrom('Room 5', '', 'a\r\nATTENDEE:mailto:eve@evil.test', 'x\u2028y'),
  fc.string({ maxLength: 8 }),
);
const time = fc.constantFrom('2026-04-06T15:00:00Z', '2026-04-06T16:00:00Z', '2026-04-07T09:30:00Z');
const who = fc.constantFrom(
  'omar@acme.test',
  'lena@partner.test',
  'priya@acme.test',
  '"Priya\r\nATTENDEE:mailto:eve@evil.test" <priya@acme.test>',
);

describe('red team round 12: an update rewrites only what it changes', () => {
  it('reads back as the updated event, the rest as the server held it', () => {
    const [held] = parseEvents(HELD);
    fc.assert(
      fc.property(
        fc.record({ title: text, location: text, description: text, start: time }),
        fc.subarray(['omar@acme.test', 'lena@partner.test']),
        fc.array(who, { maxLength: 2 }),
        (fields, kept, added) => {
          const { uid: _uid, answers: _answers, ...base } = held!;
          const attendees = [...kept, ...added.filter((a) => !kept.includes(bareAddress(a)))];
          const event = { ...base, ...fields, end: '2026-04-07T10:00:00Z', attendees };
          const out = patchEvent(HELD, UID, event);
          const [back] = parseEvents(out);
          const clean = (s: string) => s.replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n');
          expect({ ...back, attendees: back!.attendees.toSorted(), answers: undefined }).toEqual({
            ...event,
            id: back!.id,
            uid: UID,
            title: clean(event.title),
            location: clean(event.location),
            description: clean(event.description),
            attendees: [...new Set(attendees.map(bareAddress))].sort(),
            answers: undefined,
          });
          // Who stayed keeps their answer and name; the rest of the series is as it was.
          for (const a of kept) expect(back!.answers[a]).toBe(held!.answers[a]);
          const [was, now] = [HELD, out].map((t) => new ICAL.Component(ICAL.parse(t) as unknown[]));
          const changed = ['dtstamp', 'sequence', 'summary', 'location', 'description', 'dtstart', 'dtend', 'attendee'];
          const [wv, nv] = [was!, now!].map((c) => c.getAllSubcomponents('vevent'));
          expect(propertiesAsWritten(nv![0]!, changed)).toEqual(propertiesAsWritten(wv![0]!, changed));
          expect(nv![0]!.getAllSubcomponents().map(String)).toEqual(wv![0]!.getAllSubcomponents().map(String));
          // The moved occurrence as written; when the series' start moved, its RECURRENCE-ID
          // follows the series (series-move.test.ts) and its SEQUENCE goes up with it.
          if (Date.parse(fields.start) === Date.parse(held!.start)) expect(nv![1]!.toString()).toBe(wv![1]!.toString());
          else
            expect(propertiesAsWritten(nv![1]!, ['recurrence-id', 'sequence'])).toEqual(
              propertiesAsWritten(wv![1]!, ['recurrence-id', 'sequence']),
            );
          expect(nv![0]!.getFirstPropertyValue('sequence')).toBe(4);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps a time's zone and duration unless it moves, then writes the times the update shows", () => {
    const zoned = HELD.replace('DTSTART:20260406T150000Z', 'DTSTART;TZID=Europe/Berlin:20260406T170000').replace(
      'DTEND:20260406T153000Z',
      'DURATION:PT30M',
    );
    const withZone = zoned.replace('BEGIN:VEVENT', BERLIN + 'BEGIN:VEVENT');
    const { uid: _uid, answers: _answers, ...base } = parseEvents(withZone)[0]!;
    expect(patchEvent(withZone, UID, { ...base, location: 'Room 9' })).toMatch(
      /DTSTART;TZID=Europe\/Berlin:20260406T170000\r\n[\s\S]*DURATION:PT30M/,
    );
    const moved = parseEvents(patchEvent(withZone, UID, { ...base, start: '2026-04-06T16:00:00Z' }))[0]!;
    expect([moved.start, moved.end]).toEqual(['2026-04-06T16:00:00Z', base.end]);
  });
});

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  '',
].join('\r\n');
