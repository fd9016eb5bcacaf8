/**
 * Red-team round 12, the iCalendar writer alone (main/calendar/ical.ts `buildEvent`): whatever
 * text an event's title, place, description and attendees' names hold, a reader that ends a line
 * at any line break (CR, LF, VT, FF, NEL, the Unicode separators) finds one event, its one
 * organiser and exactly the attendees `bareAddress` reads, and ical.js reads the text back with
 * only its line breaks made line feeds. The Radicale test beside it drives the same through a claim.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bareAddress } from '../../../engine/world/addresses';
import { buildEvent, parseEvents } from '../../../main/calendar/ical';
import { lenient } from './ical-as-read';

const BREAKS = ['\r', '\n', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029', '\u0000', '\u001c', '\t'];
/** Text an attacker writes: line breaks and controls between words that read as iCalendar lines. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(...BREAKS),
      fc.constantFrom(
        'ATTENDEE:mailto:eve@evil.test',
        'ORGANIZER:mailto:eve@evil.test',
        'END:VEVENT',
        'BEGIN:VEVENT',
        ' ',
        ':',
        ';',
        '"',
        ',',
      ),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((xs) => xs.join(''));
/** An attendee as mail gives it: a quoted name (escaped as main/mail/parse.ts does) and an address. */
const attendee = fc
  .tuple(hostile, fc.constantFrom('trudy@evil.test', 'Omar@Northwind.test', 'maya@acme.test'))
  .map(([name, a]) => (name.trim() ? `"${name.replace(/[\\"]/g, '\\$&')}" <${a}>` : a));

const lineBreaks = (s: string) => s.replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n');

describe('red team round 12: an event written as iCalendar is the event', () => {
  it('no text in it starts a line of its own', () => {
    fc.assert(
      fc.property(
        hostile,
        hostile,
        hostile,
        fc.array(attendee, { maxLength: 4 }),
        (title, location, description, attendees) => {
          for (const method of [undefined, 'REQUEST'] as const) {
            const text = buildEvent(
              {
                id: 'x',
                title,
                start: '2026-04-01T10:00:00Z',
                end: '2026-04-01T11:00:00Z',
                location,
                description,
                organizer: 'maya@acme.test',
                attendees,
              },
              { uid: 'u@zamburak', ...(method ? { method } : {}) },
            );
            const want = [...new Set(attendees.map(bareAddress))].sort();
            expect(lenient(text)).toEqual({ vevents: 1, organizers: ['maya@acme.test'], attendees: want });
            const [back] = parseEvents(text);
            expect(back!.attendees.toSorted()).toEqual(want);
            expect(lineBreaks(back!.title)).toBe(lineBreaks(title).replace(/(?![\t\n])\p{Cc}/gu, ''));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an attendee that is no address is refused, never written', () => {
    const event = {
      id: 'x',
      title: 't',
      start: '2026-04-01T10:00:00Z',
      end: '2026-04-01T11:00:00Z',
      location: '',
      description: '',
      organizer: 'maya@acme.test',
    };
    expect(() =>
      buildEvent({ ...event, attendees: ['maya@acme.test\r\nATTENDEE:mailto:eve@evil.test'] }, { uid: 'u' }),
    ).toThrow(/the attendee "maya@acme.test\\r\\nATTENDEE:mailto:eve@evil.test" is not an email address/);
  });
});
