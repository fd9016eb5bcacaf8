/**
 * How the round-12 suites read an iCalendar text back (as a lenient reader that ends a line at any
 * line break sees its events, and each event's properties exactly as written, to compare what an
 * update kept with what the server held), and the other calendar app's events they start from.
 */
import type ICAL from 'ical.js';

/**
 * The events as a lenient reader sees them: a line ends wherever Python's `splitlines` ends one
 * (CR, LF, CR LF, VT, FF, NEL and the Unicode separators), folded lines joined.
 */
export function lenient(text: string): { vevents: number; organizers: string[]; attendees: string[] } {
  const lines: string[] = [];
  for (const l of text.split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/)) {
    if (/^[ \t]/.test(l) && lines.length) lines[lines.length - 1] += l.slice(1);
    else lines.push(l);
  }
  const value = (l: string) =>
    l
      .slice(l.indexOf(':') + 1)
      .replace(/^mailto:/i, '')
      .toLowerCase();
  const named = (n: string) => lines.filter((l) => new RegExp(`^${n}[;:]`, 'i').test(l));
  return {
    vevents: lines.filter((l) => /^BEGIN:VEVENT$/i.test(l)).length,
    organizers: named('ORGANIZER').map(value),
    attendees: named('ATTENDEE').map(value).sort(),
  };
}

/** A component's properties but those named in `skip` (lower case), each its name, parameters and value as written, sorted. */
export const propertiesAsWritten = (v: ICAL.Component, skip: readonly string[]): string[] =>
  v
    .getAllProperties()
    .filter((p) => !skip.includes(p.name))
    .map((p) => JSON.stringify(p.toJSON()))
    .sort();

/**
 * An event as another calendar app writes it (UID, a fixed DTSTAMP, then `props` as given), with
 * Maya invited and Omar accepted: what the round-12 suites put on Radicale beside the app.
 */
export const foreignEvent = (uid: string, props: readonly string[]): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Acme//Calendar//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260301T000000Z',
    ...props,
    'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:maya@acme.test',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:omar@acme.test',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
