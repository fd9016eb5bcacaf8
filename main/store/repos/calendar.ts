import type { CalendarEvent, BusyBlock } from '../../../engine/world';
import type { Db } from '../database';
import { fromJson, toJson } from './json';

interface EventRow {
  id: string;
  title: string;
  start: string;
  end: string;
  location: string;
  description: string;
  organizer: string;
  attendees: string;
  written: string | null;
  unreadable_attendees: string | null;
  repeats: string | null;
}

const fromRow = (r: EventRow): CalendarEvent => ({
  id: r.id,
  title: r.title,
  start: r.start,
  end: r.end,
  location: r.location,
  description: r.description,
  organizer: r.organizer,
  attendees: fromJson<string[]>(r.attendees, []),
  ...(r.written
    ? {
        written: fromJson<NonNullable<CalendarEvent['written']>>(r.written, {
          sources: [],
          untrusted: [],
          readers: 'public',
          caps: [],
        }),
      }
    : {}),
  ...(r.unreadable_attendees ? { unreadableAttendees: fromJson<string[]>(r.unreadable_attendees, []) } : {}),
  ...(r.repeats
    ? { repeats: fromJson<NonNullable<CalendarEvent['repeats']>>(r.repeats, { rule: '', exceptions: true }) }
    : {}),
});

/** Events (in the shape the engine's tools use) and busy blocks of an account. */
export class CalendarRepo {
  constructor(private readonly db: Db) {}

  /** The highest N of every account's `ev-new-N` event ids (a world numbers new events after it). */
  numberedAfter(): number {
    return (
      this.db
        .prepare(
          "SELECT coalesce(max(CAST(substr(id, 8) AS INTEGER)), 0) AS n FROM events WHERE id GLOB 'ev-new-[0-9]*'",
        )
        .get() as { n: number }
    ).n;
  }

  /**
   * `unreadableAttendees`: ATTENDEE values a sync left out (main/calendar/ical.ts), kept beside
   * the event as its mark (read back as the event's `unreadableAttendees`); a write of an event
   * without them clears them.
   */
  upsert(
    accountId: string,
    e: CalendarEvent,
    unreadableAttendees: readonly string[] = e.unreadableAttendees ?? [],
  ): void {
    this.db
      .prepare(
        `INSERT INTO events (id, account_id, title, start, end, location, description, organizer, attendees, written, unreadable_attendees, repeats)
         VALUES (@id, @account, @title, @start, @end, @location, @description, @organizer, @attendees, @written, @unreadable, @repeats)
         ON CONFLICT (id) DO UPDATE SET title = excluded.title, start = excluded.start, end = excluded.end,
           location = excluded.location, description = excluded.description, organizer = excluded.organizer,
           attendees = excluded.attendees, written = coalesce(excluded.written, events.written),
           unreadable_attendees = excluded.unreadable_attendees, repeats = excluded.repeats`,
      )
      // What wrote into it stays with it: an update that carries no label (a sync) keeps the old one.
      .run({
        id: e.id,
        title: e.title,
        start: e.start,
        end: e.end,
        location: e.location,
        description: e.description,
        organizer: e.organizer,
        account: accountId,
        attendees: toJson(e.attendees),
        written: e.written ? toJson(e.written) : null,
        unreadable: unreadableAttendees.length ? toJson([...unreadableAttendees]) : null,
        repeats: e.repeats ? toJson(e.repeats) : null,
      });
  }

  /** The ATTENDEE values of an event that are not one address, as its calendar server holds them. */
  unreadableAttendees(id: string): string[] {
    const r = this.db.prepare('SELECT unreadable_attendees AS u FROM events WHERE id = ?').get(id) as
      { u: string | null } | undefined;
    return r?.u ? fromJson<string[]>(r.u, []) : [];
  }

  get(id: string): CalendarEvent | undefined {
    const r = this.db.prepare('SELECT * FROM events WHERE id = ?').get(id) as EventRow | undefined;
    return r && fromRow(r);
  }

  /** Events overlapping [from, to), or all of them. */
  list(accountId: string, range?: { from: string; to: string }): CalendarEvent[] {
    const rows = range
      ? this.db
          .prepare('SELECT * FROM events WHERE account_id = ? AND start < ? AND end > ? ORDER BY start, id')
          .all(accountId, range.to, range.from)
      : this.db.prepare('SELECT * FROM events WHERE account_id = ? ORDER BY start, id').all(accountId);
    return (rows as EventRow[]).map(fromRow);
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM events WHERE id = ?').run(id);
  }

  addBusy(accountId: string, b: BusyBlock): void {
    this.db
      .prepare('INSERT INTO busy (account_id, start, end, title) VALUES (?, ?, ?, ?)')
      .run(accountId, b.start, b.end, b.title);
  }

  busy(accountId: string): BusyBlock[] {
    return this.db
      .prepare('SELECT start, end, title FROM busy WHERE account_id = ? ORDER BY start')
      .all(accountId) as BusyBlock[];
  }
}
