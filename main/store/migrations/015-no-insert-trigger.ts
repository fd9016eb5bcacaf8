import type { Migration } from '../migrate';

/**
 * No search-index trigger on INSERT: `MessagesRepo.upsertMany`, the one way rows enter the
 * messages table, indexes every row it inserts in one statement for the call (listings did so
 * already since migration 12). The trigger fired for every inserted row even where its `WHEN`
 * left the row alone: SQLite runs a trigger's program per row to test its condition, and that
 * was half the CPU of inserting a listing with its seven indexes (test/bench/README.md, first
 * sync round 13). Updates and deletes keep their triggers. Rows already stored were indexed when
 * they were written, so nothing is re-indexed.
 */
export const m015NoInsertTrigger: Migration = {
  version: 15,
  name: 'inserted messages indexed for search by the repository, not a trigger',
  up(db) {
    db.exec('DROP TRIGGER IF EXISTS messages_fts_insert');
  },
};
