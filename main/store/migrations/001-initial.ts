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

      -- Claims: a confirmed call waiting for a person (semantics §5). \`action\` is the canonical
      -- JSON of {tool, args} and \`content_hash\` its sha256: approving commits exactly that.
      -- \`explanation\` and \`fields\` (lineage) are for display; nothing is ever built from them.
      -- State machine: pending → approved → committing → committed, or rejected / expired /
      -- failed; undo (within the undo window) returns approved → pending.
      CREATE TABLE claims (
        id           TEXT PRIMARY KEY,
        run_id       TEXT,
        seq          INTEGER NOT NULL,
        account_id   TEXT,
        tool         TEXT NOT NULL,
        action       TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        rule         TEXT NOT NULL,
        reasons      TEXT NOT NULL,
        risk         TEXT NOT NULL CHECK (risk IN ('low', 'medium', 'high')),
        fields       TEXT NOT NULL,
        context      TEXT NOT NULL,
        explanation  TEXT,
        state        TEXT NOT NULL CHECK (state IN
                       ('pending', 'approved', 'committing', 'committed', 'rejected', 'expired', 'failed')),
        created_at   TEXT NOT NULL,
        decided_at   TEXT,
        decided_by   TEXT,
        reason       TEXT,
        error        TEXT
      ) STRICT;
      CREATE INDEX claims_by_state ON claims (state, created_at);
      CREATE INDEX claims_by_run ON claims (run_id) WHERE run_id IS NOT NULL;

      -- The outbox: one row per approved claim to commit. Written (with the approved hash)
      -- before any network call; \`message_id\` is fixed before the first attempt so a restart
      -- can reconcile (is that Message-ID already in Sent?). \`not_before\` is the end of the undo
      -- window, then the next retry time.
      CREATE TABLE outbox (
        claim_id      TEXT PRIMARY KEY REFERENCES claims (id),
        content_hash  TEXT NOT NULL,
        message_id    TEXT,
        state         TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'sent', 'failed', 'cancelled')),
        not_before    TEXT NOT NULL,
        attempts      INTEGER NOT NULL DEFAULT 0,
        last_error    TEXT,
        transport     TEXT NOT NULL,
        result        TEXT,
        updated_at    TEXT NOT NULL
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (state, not_before);

      -- Every attempt, written before the network call it describes and finished after it.
      CREATE TABLE outbox_attempts (
        claim_id    TEXT NOT NULL REFERENCES outbox (claim_id),
        attempt     INTEGER NOT NULL,
        started_at  TEXT NOT NULL,
        finished_at TEXT,
        outcome     TEXT CHECK (outcome IN ('sent', 'temporary', 'permanent', 'reconciled')),
        error       TEXT,
        PRIMARY KEY (claim_id, attempt)
      ) STRICT;
    `);
  },
};
