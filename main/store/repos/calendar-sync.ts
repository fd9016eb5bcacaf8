/** CalDAV sync state (migration 002): resources by href with their ETags, and each calendar's ctag. */
import type { Db } from '../database';

export interface CalendarResource {
  readonly href: string;
  readonly eventId: string;
  readonly uid: string;
  readonly etag: string;
}

export class CalendarSyncRepo {
  constructor(private readonly db: Db) {}

  resources(accountId: string): CalendarResource[] {
    return this.db
      .prepare('SELECT href, event_id AS eventId, uid, etag FROM calendar_resources WHERE account_id = ?')
      .all(accountId) as CalendarResource[];
  }

  byEvent(eventId: string): (CalendarResource & { accountId: string }) | undefined {
    return this.db
      .prepare(
        'SELECT account_id AS accountId, href, event_id AS eventId, uid, etag FROM calendar_resources WHERE event_id = ?',
      )
      .get(eventId) as (CalendarResource & { accountId: string }) | undefined;
  }

  /** The resource of an account that holds the event with this UID. */
  byUid(accountId: string, uid: string): CalendarResource | undefined {
    return this.db
      .prepare(
        'SELECT href, event_id AS eventId, uid, etag FROM calendar_resources WHERE account_id = ? AND uid = ? LIMIT 1',
      )
      .get(accountId, uid) as CalendarResource | undefined;
  }

  put(accountId: string, r: CalendarResource): void {
    this.db
      .prepare(
        `INSERT INTO calendar_resources (account_id, href, event_id, uid, etag) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (account_id, href) DO UPDATE SET event_id = excluded.event_id, uid = excluded.uid, etag = excluded.etag`,
      )
      .run(accountId, r.href, r.eventId, r.uid, r.etag);
  }

  remove(accountId: string, href: string): void {
    this.db.prepare('DELETE FROM calendar_resources WHERE account_id = ? AND href = ?').run(accountId, href);
  }

  ctag(accountId: string): string | null {
    const r = this.db.prepare('SELECT ctag FROM calendar_state WHERE account_id = ?').get(accountId) as
      { ctag: string | null } | undefined;
    return r?.ctag ?? null;
  }

  setCtag(accountId: string, url: string, ctag: string | null, at: string): void {
    this.db
      .prepare(
        `INSERT INTO calendar_state (account_id, url, ctag, synced_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id) DO UPDATE SET url = excluded.url, ctag = excluded.ctag, synced_at = excluded.synced_at`,
      )
      .run(accountId, url, ctag, at);
  }
}
