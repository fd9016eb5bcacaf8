import type { Migration } from '../migrate';

/**
 * The first schema. Until the first release, new tables are added here; after it, every change
 * is a new migration file.
 */
export const m001Initial: Migration = {
  version: 1,
  name: 'initial schema',
  up(db) {
    db.exec(`
      -- Small facts about the profile (its id, when it was created, settings).
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      -- The audit log (record format and verification: engine/audit). Append-only: each entry
      -- holds the previous entry's hash and an HMAC keyed outside the database; the head is
      -- sealed outside the database too. The filter columns repeat parts of the body so the
      -- Audit screen's queries are indexed; verification reads only body, prev_hash, hash, mac.
      CREATE TABLE audit_log (
        seq       INTEGER PRIMARY KEY,
        at        TEXT NOT NULL,
        kind      TEXT NOT NULL,
        run_id    TEXT,
        tool      TEXT,
        decision  TEXT,
        rule      TEXT,
        sources   TEXT NOT NULL DEFAULT '',
        body      TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash      TEXT NOT NULL,
        mac       TEXT NOT NULL
      ) STRICT;
      CREATE INDEX audit_by_kind ON audit_log (kind, seq);
      CREATE INDEX audit_by_tool ON audit_log (tool, seq) WHERE tool IS NOT NULL;
      CREATE INDEX audit_by_decision ON audit_log (decision, seq) WHERE decision IS NOT NULL;
      CREATE INDEX audit_by_run ON audit_log (run_id, seq) WHERE run_id IS NOT NULL;
      CREATE INDEX audit_by_time ON audit_log (at);
    `);
  },
};
