/**
 * iCalendar (RFC 5545) ↔ the store's event record, with ical.js. Events carry what the engine's
 * calendar tools use (title, start, end, location, description, organizer, attendees) plus each
 * attendee's answer. iTIP (RFC 5546) messages for invitations: a REQUEST built from an event,
 * and a REPLY (one attendee's PARTSTAT) read back.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { CalendarEvent } from '../../engine/world';
import { isCleanAddress, singleAddress } from '../../engine/world/addresses';

export type PartStat = 'accepted' | 'declined' | 'tentative' | 'needs-action';

export interface ParsedEvent extends CalendarEvent {
  /** The iCalendar UID (stable across servers; our event id is derived from it). */
  readonly uid: string;
  readonly answers: Readonly<Record<string, PartStat>>;
  /**
   * ATTENDEE values that are not `mailto:` and one clean address, as written: left out of
   * `attendees` (a server, nodemailer and the policy could each read another person, or several,
   * in `mailto:zed@attacker.test, maya@acme.test`), kept so the event is marked.
   */
  readonly unreadableAttendees: readonly string[];
}

export class ICalError extends Error {}

/** An ATTENDEE's address when its value is `mailto:` and exactly one clean address (no `%`, `?`, name or list). */
function calAddress(value: string): string | null {
  const m = /^mailto:(.*)$/is.exec(value);
  return m && isCleanAddress(m[1]!) ? m[1]!.toLowerCase() : null;
}

const mailto = (v: string): string =>
  v
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
const toIso = (t: ICAL.Time): string =>
  t
    .toJSDate()
    .toISOString()
    .replace(/\.000Z$/, 'Z');
const PARTSTAT: Readonly<Record<string, PartStat>> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
  'NEEDS-ACTION': 'needs-action',
};

/** Every VEVENT of an iCalendar text (recurrence masters only; exceptions are not expanded). */
export function parseEvents(text: string): ParsedEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (e) {
    throw new ICalError(`not valid iCalendar: ${(e as Error).message}`);
  }
  return root
    .getAllSubcomponents('vevent')
    .filter((v) => !v.hasProperty('recurrence-id'))
    .map((v) => {
      const ev = new ICAL.Event(v);
      if (!ev.uid || !ev.startDate) throw new ICalError('an event without UID or DTSTART');
      const end = ev.endDate ?? ev.startDate;
      const answers: Record<string, PartStat> = {};
      const attendees: string[] = [];
      const unreadableAttendees: string[] = [];
      for (const p of v.getAllProperties('attendee')) {
        const value = String(p.getFirstValue() ?? '');
        const address = calAddress(value);
        if (address === null) {
          unreadableAttendees.push(value);
          continue;
        }
        attendees.push(address);
        answers[address] =
          PARTSTAT[String(p.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase()] ?? 'needs-action';
      }
      const organizer = v.getFirstPropertyValue('organizer');
      return {
        id: eventIdOf(ev.uid),
        uid: ev.uid,
        title: ev.summary ?? '',
        start: toIso(ev.startDate),
        end: toIso(end),
        location: ev.location ?? '',
        description: ev.description ?? '',
        organizer: organizer ? mailto(String(organizer)) : '',
        attendees,
        answers,
        unreadableAttendees,
      };
    });
}

/**
 * Our event id for a UID: a readable prefix, then a hash of the whole UID, so two UIDs never share
 * an id (the prefix alone would: `a@b` and `a_b`, or two long UIDs alike in their first 60
 * characters). Ids stored before this (the prefix only) stay their events' ids: a sync keeps a
 * known resource's id (calendar-sync.ts), so claims that name them still find them.
 */
export const eventIdOf = (uid: string): string =>
  `cal-${uid.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60)}-${createHash('sha256').update(uid).digest('hex').slice(0, 16)}`;

export interface BuildOptions {
  readonly uid: string;
  readonly method?: 'REQUEST' | 'REPLY' | 'CANCEL';
  readonly answers?: Readonly<Record<string, PartStat>>;
  readonly sequence?: number;
  readonly now?: Date;
}

const PARTSTAT_OUT: Readonly<Record<PartStat, string>> = {
  accepted: 'ACCEPTED',
  declined: 'DECLINED',
  tentative: 'TENTATIVE',
  'needs-action': 'NEEDS-ACTION',
};

/**
 * A person the event names, as its `mailto:`: exactly one clean address (a name is dropped, the
 * address alone written), else the write is refused, naming the event and the text.
 */
function calAddressOf(e: CalendarEvent, role: 'attendee' | 'organizer', text: string): string {
  const address = singleAddress(text);
  if (address === null)
    throw new ICalError(
      `event ${JSON.stringify(e.title)} (${e.id}): the ${role} ${JSON.stringify(text)} is not one email address; ` +
        'expected one address like "bob@acme.test" or "Bob Lee <bob@acme.test>"',
    );
  return `mailto:${address}`;
}

/**
 * One event as an iCalendar document (a CalDAV resource, or an iTIP message with `method`). Every
 * organiser and attendee is written as `mailto:` and one bare address; anything else throws
 * (ICalError) before a byte is written.
 */
export function buildEvent(e: CalendarEvent, o: BuildOptions): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//Zamburak//Calendar//EN');
  cal.updatePropertyWithValue('version', '2.0');
  if (o.method) cal.updatePropertyWithValue('method', o.method);
  const v = new ICAL.Component('vevent');
  v.updatePropertyWithValue('uid', o.uid);
  v.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(o.now ?? new Date(), true));
  v.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(e.start), true));
  v.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(e.end), true));
  v.updatePropertyWithValue('summary', e.title);
  if (e.location) v.updatePropertyWithValue('location', e.location);
  if (e.description) v.updatePropertyWithValue('description', e.description);
  if (o.sequence !== undefined) v.updatePropertyWithValue('sequence', o.sequence);
  if (e.organizer) v.updatePropertyWithValue('organizer', calAddressOf(e, 'organizer', e.organizer));
  for (const a of e.attendees) {
    const address = calAddressOf(e, 'attendee', a);
    const p = v.addPropertyWithValue('attendee', address);
    p.setParameter('partstat', PARTSTAT_OUT[o.answers?.[address.slice('mailto:'.length)] ?? 'needs-action']);
    if (o.method === 'REQUEST') p.setParameter('rsvp', 'TRUE');
  }
  cal.addSubcomponent(v);
  return cal.toString();
}

/** The iTIP method of a calendar message (REQUEST, REPLY, CANCEL…), or null. */
export function methodOf(text: string): string | null {
  try {
    const m = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstPropertyValue('method');
    return m ? String(m).toUpperCase() : null;
  } catch {
    return null;
  }
}
