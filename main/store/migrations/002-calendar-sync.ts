import type { Migration } from '../migrate';

/**
 * CalDAV sync state: which server resource (href, ETag) holds which stored event, and each
 * account calendar's change tag, so a sync fetches only what changed and notices deletions.
 */
export const m002CalendarSync: Migration = {
  version: 2,
  name: 'calendar sync state',
  up(db) {
    db.exec(`
      CREATE TABLE calendar_resources (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        href       TEXT NOT NULL,
        event_id   TEXT NOT NULL,
        uid        TEXT NOT NULL,
        etag       TEXT NOT NULL,
        PRIMARY KEY (account_id, href)
      ) STRICT;
      CREATE UNIQUE INDEX calendar_resources_by_event ON calendar_resources (event_id);

      CREATE TABLE calendar_state (
        account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        url        TEXT NOT NULL,
        ctag       TEXT,
        synced_at  TEXT NOT NULL
      ) STRICT;
    `);
  },
};
