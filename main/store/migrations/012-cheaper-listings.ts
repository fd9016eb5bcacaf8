import type { Migration } from '../migrate';

/**
 * The search index of a listing (a row whose body is pending) is written by the messages
 * repository, in one statement for a whole page, and so is its replacement when the body arrives:
 * FTS5 writes its pending terms to disk at the end of every statement that touches it, so the
 * triggers, a statement per row, made a segment per message (as costly as the row and its eight
 * indexes together) during a first sync. The triggers now leave exactly those two writes alone:
 * inserting a listing, and filling a listing's body. Every other write keeps its trigger. Rows
 * already stored were indexed with the same values, so nothing is re-indexed; dropping and
 * re-creating the triggers makes this safe to run over any earlier state.
 *
 * `messages_untriaged` went: the one query of untriaged mail (an account's Inbox, newest first)
 * is planned on `messages_page`, which orders it, so the partial index only cost every new row
 * a write.
 */
export const m012CheaperListings: Migration = {
  version: 12,
  name: 'listings indexed for search in bulk; an index no query used dropped',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS messages_untriaged;
      DROP TRIGGER IF EXISTS messages_fts_insert;
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages WHEN new.body_pending = 0 BEGIN
        INSERT INTO messages_fts (rowid, subject, from_addr, body) VALUES (new.rowid, new.subject, new.from_addr, new.body);
      END;
      DROP TRIGGER IF EXISTS messages_fts_update;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF subject, from_addr, body ON messages
      WHEN NOT (old.body_pending = 1 AND new.body_pending = 0) BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, subject, from_addr, body)
        VALUES ('delete', old.rowid, old.subject, old.from_addr, old.body);
        INSERT INTO messages_fts (rowid, subject, from_addr, body) VALUES (new.rowid, new.subject, new.from_addr, new.body);
      END;
    `);
  },
};
