/**
 * iCalendar (RFC 5545) ↔ the store's event record, with ical.js. Events carry what the engine's
 * calendar tools use (title, start, end, location, description, organizer, attendees) plus each
 * attendee's answer. iTIP (RFC 5546) messages for invitations: a REQUEST built from an event,
 * and a REPLY (one attendee's PARTSTAT) read back.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { bareAddress, type CalendarEvent } from '../../engine/world';
import type { Series } from '../../engine/tools/series';
import { isCleanAddress } from '../../engine/world/addresses';

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
  readonly unreadableAttendees: string[];
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

/**
 * The series a master event is the first occurrence of (engine/tools/series.ts): its RRULEs as
 * written, and whether EXDATEs, RDATEs beside a rule or occurrences of its own (RECURRENCE-ID, in
 * `root`) change it. Absent for a single event.
 */
function seriesOf(root: ICAL.Component, v: ICAL.Component, uid: string): Series | undefined {
  const rules = v.getAllProperties('rrule').map((p) => String(p.getFirstValue()));
  if (!rules.length && !v.hasProperty('rdate')) return undefined;
  const overridden = root
    .getAllSubcomponents('vevent')
    .some((o) => o.hasProperty('recurrence-id') && String(o.getFirstPropertyValue('uid')) === uid);
  const exceptions = v.hasProperty('exdate') || (rules.length > 0 && v.hasProperty('rdate')) || overridden;
  return { rule: rules.join('\n'), exceptions };
}

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
      const repeats = seriesOf(root, v, ev.uid);
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
        ...(repeats ? { repeats } : {}),
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
 * A person the event names, as its CAL-ADDRESS: `mailto:` and the address as `bareAddress` reads
 * the text — the reading the gate, the claim and the invitation's envelope use — when that is one
 * clean address; a name is dropped. ical.js writes a CAL-ADDRESS as given, so the whole text (a
 * name decoded from mail can hold line breaks) would start lines of its own: other attendees,
 * another organiser. Anything else is refused, naming the event and the text, before a byte is
 * written.
 */
function calAddressOf(e: CalendarEvent, role: 'attendee' | 'organiser', text: string): string {
  const address = bareAddress(text);
  if (!isCleanAddress(address))
    throw new ICalError(
      `event ${JSON.stringify(e.title)} (${e.id}): the ${role} ${JSON.stringify(text)} is not an email address; ` +
        'expected one address like "bob@acme.test" or "Bob Lee <bob@acme.test>"',
    );
  return `mailto:${address}`;
}

/**
 * A TEXT value (title, place, description) whose line breaks stay inside it: ical.js escapes a
 * line feed only, and a CR or a Unicode line separator ends a line for most readers, so each
 * becomes a line feed; other control characters (RFC 5545 allows none but a tab) are dropped.
 */
const textValue = (s: string): string =>
  s.replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n').replace(/(?![\t\n])\p{Cc}/gu, '');

/**
 * One event as an iCalendar document (a CalDAV resource, or an iTIP message with `method`). Every
 * organiser and attendee is written as `mailto:` and one bare address (`calAddressOf`).
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
  v.updatePropertyWithValue('summary', textValue(e.title));
  if (e.location) v.updatePropertyWithValue('location', textValue(e.location));
  if (e.description) v.updatePropertyWithValue('description', textValue(e.description));
  if (o.sequence !== undefined) v.updatePropertyWithValue('sequence', o.sequence);
  if (e.organizer) v.updatePropertyWithValue('organizer', calAddressOf(e, 'organiser', e.organizer));
  const written = new Set<string>();
  for (const a of e.attendees) {
    const address = calAddressOf(e, 'attendee', a);
    if (written.has(address)) continue;
    written.add(address);
    const p = v.addPropertyWithValue('attendee', address);
    const answer = o.answers?.[address.slice('mailto:'.length)] ?? o.answers?.[a.toLowerCase()];
    p.setParameter('partstat', PARTSTAT_OUT[answer ?? 'needs-action']);
    if (o.method === 'REQUEST') p.setParameter('rsvp', 'TRUE');
  }
  cal.addSubcomponent(v);
  return cal.toString();
}

/** The series' master VEVENT of a resource (its UID, no RECURRENCE-ID). */
function masterOf(root: ICAL.Component, uid: string): ICAL.Component {
  const master = root
    .getAllSubcomponents('vevent')
    .find((v) => String(v.getFirstPropertyValue('uid')) === uid && !v.hasProperty('recurrence-id'));
  if (!master) throw new ICalError(`no event with UID ${JSON.stringify(uid)} in the calendar resource`);
  return master;
}

/**
 * A stored resource (`text`, as the server holds it) with its event changed to `e`: only the
 * fields the store models (title, time, place, description, organiser, attendees) that differ are
 * rewritten, SEQUENCE goes up. Everything else stays as the person's calendar client wrote it —
 * the series' RRULE and its moved occurrences, reminders, CLASS, each attendee's answer and name
 * — since an update shows the person only the fields it changes (buildEvent would write the
 * event anew from those fields alone, dropping the rest).
 */
export function patchEvent(text: string, uid: string, e: CalendarEvent, o: { now?: Date } = {}): string {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (err) {
    throw new ICalError(`not valid iCalendar: ${(err as Error).message}`);
  }
  const v = masterOf(root, uid);
  const was = parseEvents(text).find((x) => x.uid === uid)!;
  const series = recurrenceSet(v);
  const setText = (name: string, now: string, before: string) => {
    if (now === before) return;
    if (now) v.updatePropertyWithValue(name, textValue(now));
    else v.removeAllProperties(name);
  };
  setText('summary', e.title, was.title);
  setText('location', e.location, was.location);
  setText('description', e.description, was.description);
  // A time that moved is written anew in UTC (a TZID it had would now misread it); one that did
  // not keeps its form.
  const setTime = (name: string, now: string, before: string) => {
    if (Date.parse(now) === Date.parse(before)) return false;
    v.removeAllProperties(name);
    v.addPropertyWithValue(name, ICAL.Time.fromJSDate(new Date(now), true));
    return true;
  };
  const moved = setTime('dtstart', e.start, was.start);
  // An end given as a DURATION would move with the start: it becomes the end the event shows.
  if (setTime('dtend', e.end, was.end) || (moved && v.hasProperty('duration'))) {
    v.removeAllProperties('duration');
    v.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(e.end), true));
  }
  if (moved && series) keepInStep(root, uid, v, series, Date.parse(e.start) - Date.parse(was.start));
  if (bareAddress(e.organizer) !== bareAddress(was.organizer)) {
    v.removeAllProperties('organizer');
    if (e.organizer) v.addPropertyWithValue('organizer', calAddressOf(e, 'organiser', e.organizer));
  }
  // Attendees by address: one who stays keeps their property (answer, name), one who goes is
  // removed, one who joins is invited.
  const wanted = new Set(e.attendees.map((a) => calAddressOf(e, 'attendee', a)));
  for (const p of v.getAllProperties('attendee'))
    if (!wanted.delete(`mailto:${mailto(String(p.getFirstValue()))}`)) v.removeProperty(p);
  for (const address of wanted) {
    const p = v.addPropertyWithValue('attendee', address);
    p.setParameter('partstat', 'NEEDS-ACTION');
    p.setParameter('rsvp', 'TRUE');
  }
  v.updatePropertyWithValue('sequence', Number(v.getFirstPropertyValue('sequence') ?? 0) + 1);
  v.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(o.now ?? new Date(), true));
  return root.toString();
}

/**
 * A recurring event's occurrences without its EXDATEs (RRULE, RDATE and DTSTART), as ical.js
 * expands them: how RECURRENCE-ID and EXDATE name an occurrence. Null for a single event.
 */
function recurrenceSet(master: ICAL.Component): ICAL.Component | null {
  if (!master.hasProperty('rrule') && !master.hasProperty('rdate')) return null;
  // A copy: a component's jCal is shared with the component it came from.
  const c = new ICAL.Component(structuredClone(master.toJSON()) as unknown[]);
  c.removeAllProperties('exdate');
  return c;
}

/** At most this many occurrences are counted to find one (a daily series for 27 years). */
const OCCURRENCES_COUNTED = 10_000;

/** Which occurrence of `set` (0-based) starts at `t`, or null. */
function ordinalOf(set: ICAL.Component, t: ICAL.Time): number | null {
  const it = new ICAL.Event(set).iterator();
  for (let n = 0, o = it.next(); o && n < OCCURRENCES_COUNTED; n++, o = it.next()) {
    const c = o.compare(t);
    if (c === 0) return n;
    if (c > 0) return null;
  }
  return null;
}

/** The `n`th occurrence of `set` (0-based), or null. */
function nthOf(set: ICAL.Component, n: number): ICAL.Time | null {
  const it = new ICAL.Event(set).iterator();
  let o = it.next();
  for (let i = 0; o && i < n; i++) o = it.next();
  return o ?? null;
}

const shifted = (t: ICAL.Time, ms: number): ICAL.Time =>
  ICAL.Time.fromJSDate(new Date(t.toJSDate().getTime() + ms), true);

/**
 * A series whose start moved by `ms` keeps its exceptions in step, as calendar apps do when the
 * whole series is moved: each RECURRENCE-ID and EXDATE names an occurrence of the old series by
 * its time, so it is rewritten as the same occurrence (the nth) of the moved one; an RDATE and a
 * date-time UNTIL move by as much as the start. A moved occurrence that kept its own time
 * (only its title or place was changed) moves with the series; one moved elsewhere stays where the
 * person put it. A time that names no occurrence moves by `ms`. Without this, an override would
 * name a time the series no longer has (its change lost, the occurrence back at the series' time)
 * and a cancelled occurrence would come back.
 */
function keepInStep(root: ICAL.Component, uid: string, master: ICAL.Component, before: ICAL.Component, ms: number) {
  const rrule = master.getFirstProperty('rrule');
  const rule = rrule?.getFirstValue() as ICAL.Recur | undefined;
  if (rrule && rule?.until && !rule.until.isDate) {
    rule.until = shifted(rule.until, ms);
    rrule.setValue(rule);
  }
  for (const p of master.getAllProperties('rdate')) {
    const values = p.getValues();
    if (!values.every((t) => t instanceof ICAL.Time && !t.isDate)) continue; // dates and periods stay
    p.removeParameter('tzid');
    p.setValues((values as ICAL.Time[]).map((t) => shifted(t, ms)));
  }
  const after = recurrenceSet(master)!;
  const inStep = (t: ICAL.Time): ICAL.Time => {
    const n = ordinalOf(before, t);
    return (n === null ? null : nthOf(after, n)) ?? shifted(t, ms);
  };
  const exdates = master.getAllProperties('exdate').flatMap((p) => p.getValues() as ICAL.Time[]);
  master.removeAllProperties('exdate');
  for (const t of exdates) master.addPropertyWithValue('exdate', inStep(t));
  for (const o of root.getAllSubcomponents('vevent')) {
    const rid = o.getFirstPropertyValue('recurrence-id') as ICAL.Time | null;
    if (String(o.getFirstPropertyValue('uid')) !== uid || !rid) continue;
    const now = inStep(rid);
    o.removeAllProperties('recurrence-id');
    o.addPropertyWithValue('recurrence-id', now);
    const start = o.getFirstPropertyValue('dtstart') as ICAL.Time | null;
    if (start && start.compare(rid) === 0) {
      const by = now.toJSDate().getTime() - rid.toJSDate().getTime();
      const end = o.getFirstPropertyValue('dtend') as ICAL.Time | null;
      o.removeAllProperties('dtstart');
      o.addPropertyWithValue('dtstart', now);
      if (end) {
        o.removeAllProperties('dtend');
        o.addPropertyWithValue('dtend', shifted(end, by));
      }
    }
    o.updatePropertyWithValue('sequence', Number(o.getFirstPropertyValue('sequence') ?? 0) + 1);
  }
}

/**
 * What an invitation carries of a resource: its events (the series and its moved occurrences)
 * with what the attendees' calendars need to show them, as METHOD:REQUEST; the organiser's own
 * reminders and any other property no card shows stay on the organiser's calendar.
 */
const SHARED = new Set(
  'uid dtstamp dtstart dtend duration rrule rdate exdate recurrence-id sequence status transp class summary location description organizer attendee'.split(
    ' ',
  ),
);
export function requestOf(text: string): string {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  root.updatePropertyWithValue('method', 'REQUEST');
  for (const v of root.getAllSubcomponents('vevent')) {
    for (const p of v.getAllProperties()) if (!SHARED.has(p.name)) v.removeProperty(p);
    for (const c of v.getAllSubcomponents()) v.removeSubcomponent(c);
  }
  for (const c of root.getAllSubcomponents())
    if (c.name !== 'vevent' && c.name !== 'vtimezone') root.removeSubcomponent(c);
  return root.toString();
}

/**
 * An attendee's answer to the event `uid` of a resource as its server holds it (`text`): a REPLY
 * naming the event as that copy does — its UID, SEQUENCE (which version is answered), times,
 * title, place and organiser — with the attendee alone and their PARTSTAT. Written as `buildEvent`
 * writes, so no text the organiser wrote can start a line of its own; the description and
 * everything else stay with the organiser (a REPLY needs none of it).
 */
export function replyOf(text: string, uid: string, o: { attendee: string; answer: PartStat; now?: Date }): string {
  const event = parseEvents(text).find((x) => x.uid === uid);
  if (!event) throw new ICalError(`no event with UID ${JSON.stringify(uid)} in the calendar resource`);
  const master = masterOf(new ICAL.Component(ICAL.parse(text) as unknown[]), uid);
  const { answers: _answers, unreadableAttendees: _unreadable, ...fields } = event;
  return buildEvent(
    { ...fields, description: '', attendees: [o.attendee] },
    {
      uid,
      method: 'REPLY',
      answers: { [bareAddress(o.attendee)]: o.answer },
      sequence: Number(master.getFirstPropertyValue('sequence') ?? 0),
      ...(o.now ? { now: o.now } : {}),
    },
  );
}

/**
 * A resource (`text`, as the server holds it) with one invited attendee's answer set: only that
 * ATTENDEE's PARTSTAT changes (a REPLY applied by the organiser); null when `who` is not invited.
 */
export function withAnswer(text: string, uid: string, who: string, answer: PartStat): string | null {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const p = masterOf(root, uid)
    .getAllProperties('attendee')
    .find((x) => calAddress(String(x.getFirstValue() ?? '')) === who);
  if (!p) return null;
  p.setParameter('partstat', PARTSTAT_OUT[answer]);
  return root.toString();
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

/**
 * The organiser an invitation (METHOD:REQUEST) names and who it says sends for them (the
 * ORGANIZER's SENT-BY, empty when none), bare and lower-case; null for any other text.
 */
export function requestOrganizer(text: string): { organizer: string; sentBy: string } | null {
  try {
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    if (String(root.getFirstPropertyValue('method') ?? '').toUpperCase() !== 'REQUEST') return null;
    const p = root.getFirstSubcomponent('vevent')?.getFirstProperty('organizer');
    if (!p) return null;
    const sentBy = p.getParameter('sent-by');
    return {
      organizer: mailto(String(p.getFirstValue() ?? '')),
      sentBy: mailto(typeof sentBy === 'string' ? sentBy : ''),
    };
  } catch {
    return null;
  }
}
