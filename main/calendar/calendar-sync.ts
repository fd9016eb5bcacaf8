/**
 * A CalDAV calendar kept in the profile: sync (only what changed, by ETag; deletions noticed;
 * nothing fetched when the ctag did not move) and writes that go to the server first, then the
 * store — create, update (only if unchanged on the server since our copy), delete — and
 * free/busy from the stored events.
 */
import { notYourEventRefusal, unreadableAttendeeRefusal } from '../../engine/tools/event-parts';
import type { Series } from '../../engine/tools/series';
import { bareAddress, type BusyBlock, type CalendarEvent } from '../../engine/world';
import type { Profile } from '../profile/profile';
import { type CalDavClient } from './caldav';
import { buildEvent, eventIdOf, ICalError, parseEvents, patchEvent } from './ical';

export interface SyncResult {
  readonly added: number;
  readonly updated: number;
  readonly removed: number;
  /** The ctag had not moved: nothing was fetched. */
  readonly unchanged: boolean;
  /** Resources that could not be stored, each with why; the rest of the calendar synced. */
  readonly errors: readonly ResourceError[];
  /** Events stored without the attendees that are not one clean address (ical.ts), each marked. */
  readonly attendeesLeftOut: readonly AttendeesLeftOut[];
}

export interface AttendeesLeftOut {
  readonly href: string;
  readonly eventId: string;
  readonly title: string;
  /** The ATTENDEE values as the server holds them. */
  readonly attendees: readonly string[];
}

export interface ResourceError {
  readonly href: string;
  readonly message: string;
}

/** What an answer to an invitation is bound to: what its card shows of the event. */
type AnswerBound = 'title' | 'start' | 'end' | 'location' | 'organizer' | 'repeats';
const ANSWER_BOUND: readonly AnswerBound[] = ['title', 'start', 'end', 'location', 'organizer', 'repeats'];
const ANSWER_WORDS: Readonly<Record<AnswerBound, string>> = {
  title: 'title',
  start: 'start',
  end: 'end',
  location: 'place',
  organizer: 'organiser',
  repeats: 'series',
};

/** A series as a message names it: its rule as written (or that it is one event). */
const ruleText = (s: Series | undefined): string =>
  s === undefined ? 'no rule (one event)' : JSON.stringify(s.rule + (s.exceptions ? ' with exceptions' : ''));

export class CalendarAccount {
  constructor(
    private readonly p: Profile,
    private readonly accountId: string,
    readonly client: CalDavClient,
    private readonly url: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Event ids are per account: the same invitation (one UID) can sit in two people's calendars. */
  private idOf(uid: string): string {
    return `${this.accountId}:${eventIdOf(uid)}`;
  }

  async sync(): Promise<SyncResult> {
    const repo = this.p.repos.calendarSync;
    const ctag = await this.client.ctag();
    const now = this.clock().toISOString();
    if (ctag && ctag === repo.ctag(this.accountId))
      return { added: 0, updated: 0, removed: 0, unchanged: true, errors: [], attendeesLeftOut: [] };
    const remote = await this.client.etags();
    const local = new Map(repo.resources(this.accountId).map((r) => [r.href, r]));
    const changed = [...remote].filter(([href, etag]) => local.get(href)?.etag !== etag).map(([href]) => href);
    const fetched = await this.client.get(changed);
    let added = 0;
    let updated = 0;
    let removed = 0;
    const errors: ResourceError[] = [];
    const attendeesLeftOut: AttendeesLeftOut[] = [];
    this.p.db
      .transaction(() => {
        // Each resource in its own savepoint: one that cannot be stored (an organiser's event
        // under a UID another resource holds) is that resource's error, never the whole sync's.
        for (const r of fetched)
          try {
            const leftOut: AttendeesLeftOut[] = [];
            const stored = this.p.db.transaction(() => {
              const events = parseEvents(r.text);
              for (const e of events) {
                const { uid, answers: _answers, unreadableAttendees, ...parsed } = e;
                const event = { ...parsed, id: this.storedIdOf(r.href, uid) };
                const before = local.get(r.href)?.eventId;
                if (before && before !== event.id) this.p.repos.calendar.remove(before);
                this.p.repos.calendar.upsert(this.accountId, event, unreadableAttendees);
                if (unreadableAttendees.length)
                  leftOut.push({
                    href: r.href,
                    eventId: event.id,
                    title: event.title,
                    attendees: unreadableAttendees,
                  });
                repo.put(this.accountId, { href: r.href, eventId: event.id, uid, etag: r.etag });
              }
              return events.length;
            })();
            attendeesLeftOut.push(...leftOut);
            if (local.has(r.href)) updated += stored;
            else added += stored;
          } catch (e) {
            errors.push({ href: r.href, message: (e as Error).message });
          }
        for (const [href, r] of local)
          if (!remote.has(href)) {
            this.p.repos.calendar.remove(r.eventId);
            repo.remove(this.accountId, href);
            removed++;
          }
        // With a resource left out, the next sync looks again (it fetches only what changed).
        repo.setCtag(this.accountId, this.url, errors.length ? null : ctag, now);
      })
      .immediate();
    return { added, updated, removed, unchanged: false, errors, attendeesLeftOut };
  }

  /**
   * The id of the event a resource holds: the one already stored for its UID (an id made before
   * `eventIdOf` hashed the UID stays, so claims naming it still find it), else one from the UID.
   * A UID another resource of the calendar holds is refused: it would replace that event.
   */
  private storedIdOf(href: string, uid: string): string {
    const known = this.p.repos.calendarSync.byUid(this.accountId, uid);
    if (known && known.href !== href)
      throw new Error(`its UID ${JSON.stringify(uid)} is already the UID of the event at ${known.href}`);
    return known?.eventId ?? this.idOf(uid);
  }

  /** Creates the event on the server, then in the store. Its id derives from a new UID. */
  async create(e: Omit<CalendarEvent, 'id'>, uid: string): Promise<CalendarEvent> {
    const event = { ...e, id: this.idOf(uid) };
    const href = this.client.hrefFor(uid);
    const etag = await this.client.put(href, buildEvent(event, { uid, now: this.clock() }));
    this.p.db.transaction(() => {
      this.p.repos.calendar.upsert(this.accountId, event);
      this.p.repos.calendarSync.put(this.accountId, { href, eventId: event.id, uid, etag });
    })();
    return event;
  }

  /**
   * Changes an event — refused (conflict) when the server's copy changed since the last sync, and
   * refused (ICalError) when the server's copy names an attendee that is not one address: writing
   * the event would drop a person someone invited, or keep text a server may read as others. The
   * server's text is changed in the fields that differ and kept otherwise (ical.ts `patchEvent`);
   * `resource` is the text written. Refused (ICalError) too when the server's copy is organised
   * by none of `yours` (the person's addresses): the tool refused such an event before any claim,
   * but its organiser may have changed on the server since the last sync.
   */
  async update(
    id: string,
    patch: Partial<Omit<CalendarEvent, 'id'>>,
    yours: readonly string[],
  ): Promise<{ event: CalendarEvent; resource: string }> {
    const { r, current } = this.known(id);
    const [unreadable] = this.p.repos.calendar.unreadableAttendees(id);
    if (unreadable !== undefined)
      throw new ICalError(unreadableAttendeeRefusal({ id, title: current.title }, unreadable));
    const event = { ...current, ...patch, id };
    const [held] = await this.client.get([r.href]);
    if (!held) throw new Error(`event ${id} is no longer on the server; sync and try again`);
    const organizer = parseEvents(held.text).find((e) => e.uid === r.uid)?.organizer ?? '';
    if (!yours.map(bareAddress).includes(bareAddress(organizer)))
      throw new ICalError(notYourEventRefusal({ id, title: current.title }, organizer, true));
    const resource = patchEvent(held.text, r.uid, event, { now: this.clock() });
    // The card said how the series repeats (the effect's `repeats`): what is written must say so.
    const written = parseEvents(resource).find((e) => e.uid === r.uid)?.repeats;
    if (JSON.stringify(written ?? null) !== JSON.stringify(event.repeats ?? null))
      throw new ICalError(
        `event ${JSON.stringify(current.title)} (${id}) would repeat by ${ruleText(written)} on the calendar server, ` +
          `not by ${ruleText(event.repeats)} as shown; sync and try again`,
      );
    const etag = await this.client.put(r.href, resource, r.etag);
    this.p.db.transaction(() => {
      this.p.repos.calendar.upsert(this.accountId, event);
      this.p.repos.calendarSync.put(this.accountId, { ...r, etag });
    })();
    return { event, resource };
  }

  /**
   * The server's text of an event an answer names, when it still shows what the person approved
   * (`shown`: title, time, place, organiser, series); refused for good (ICalError, naming what changed)
   * when the server's copy differs since the last sync: the organiser's calendar would take the
   * answer as one to the event as it now is. A change nobody was shown (the description, a new
   * SEQUENCE for it) goes through, and the answer names the version the server holds.
   */
  async heldAsShown(id: string, shown: Pick<CalendarEvent, AnswerBound>): Promise<string> {
    const { r, current } = this.known(id);
    const [held] = await this.client.get([r.href]);
    const now = held && parseEvents(held.text).find((e) => e.uid === r.uid);
    if (!held || !now)
      throw new ICalError(`event ${JSON.stringify(current.title)} (${id}) is no longer on the calendar server`);
    const same = (k: AnswerBound): boolean =>
      k === 'start' || k === 'end'
        ? Date.parse(now[k]) === Date.parse(shown[k])
        : k === 'organizer'
          ? bareAddress(now[k]) === bareAddress(shown[k])
          : k === 'repeats'
            ? JSON.stringify(now[k] ?? null) === JSON.stringify(shown[k] ?? null)
            : now[k] === shown[k];
    const changed = ANSWER_BOUND.filter((k) => !same(k));
    if (changed.length)
      throw new ICalError(
        `event ${JSON.stringify(shown.title)} (${id}) changed on the calendar server since it was shown: ` +
          changed
            .map((k) => `its ${ANSWER_WORDS[k]} is now ${k === 'repeats' ? ruleText(now[k]) : JSON.stringify(now[k])}`)
            .join(', ') +
          '; sync and answer it again',
      );
    return held.text;
  }

  async delete(id: string): Promise<void> {
    const { r } = this.known(id);
    await this.client.delete(r.href, r.etag);
    this.p.db.transaction(() => {
      this.p.repos.calendar.remove(id);
      this.p.repos.calendarSync.remove(this.accountId, r.href);
    })();
  }

  /** Busy intervals within [from, to), merged, from the stored events. */
  freeBusy(from: string, to: string): BusyBlock[] {
    const events = this.p.repos.calendar
      .list(this.accountId, { from, to })
      .map((e) => ({ start: e.start < from ? from : e.start, end: e.end > to ? to : e.end }))
      .sort((a, b) => a.start.localeCompare(b.start));
    const out: { start: string; end: string; title: string }[] = [];
    for (const e of events) {
      const last = out[out.length - 1];
      if (last && e.start <= last.end) last.end = e.end > last.end ? e.end : last.end;
      else out.push({ ...e, title: 'busy' });
    }
    return out;
  }

  private known(id: string) {
    const r = this.p.repos.calendarSync.byEvent(id);
    const current = this.p.repos.calendar.get(id);
    if (!r || !current || r.accountId !== this.accountId)
      throw new Error(`event ${id} is not on this account's CalDAV calendar`);
    return { r, current };
  }
}
