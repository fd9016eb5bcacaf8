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

      -- Accounts. Secrets are never here: \`secret\` names an entry of the profile's secret store.
      -- \`transport\` is \`local\` for the demo account (nothing leaves the computer), \`imap\` otherwise.
      CREATE TABLE accounts (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        email      TEXT NOT NULL,
        user_name  TEXT NOT NULL DEFAULT '',
        addresses  TEXT NOT NULL,
        transport  TEXT NOT NULL CHECK (transport IN ('local', 'imap')),
        config     TEXT NOT NULL DEFAULT '{}',
        secret     TEXT,
        created_at TEXT NOT NULL
      ) STRICT;

      -- Mail, every folder (the trash is folder 'Trash'). \`id\` is what plans see. The sender,
      -- recipients, account and folder are what the engine labels a message with; \`auth\` holds
      -- SPF/DKIM/DMARC results from the receiving server. \`html\` is kept for the sandboxed
      -- viewer only. \`parse_error\` says why a synced message could not be read cleanly (malformed
      -- MIME, unknown charset): it is still stored, never dropped. Triage results sit beside it.
      CREATE TABLE messages (
        id          TEXT PRIMARY KEY,
        account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        folder      TEXT NOT NULL,
        remote_uid  INTEGER,
        message_id  TEXT,
        thread_id   TEXT NOT NULL,
        from_addr   TEXT NOT NULL,
        to_addrs    TEXT NOT NULL,
        cc_addrs    TEXT NOT NULL,
        subject     TEXT NOT NULL,
        date        TEXT NOT NULL,
        body        TEXT NOT NULL,
        html        TEXT,
        unread      INTEGER NOT NULL,
        labels      TEXT NOT NULL DEFAULT '[]',
        auth        TEXT,
        attachments TEXT NOT NULL DEFAULT '[]',
        parse_error TEXT,
        category    TEXT,
        summary     TEXT,
        triaged_at  TEXT
      ) STRICT;
      CREATE INDEX messages_page ON messages (account_id, folder, date DESC, id DESC);
      CREATE INDEX messages_by_folder ON messages (folder, date DESC, id DESC);
      CREATE INDEX messages_by_thread ON messages (thread_id, date);
      CREATE INDEX messages_untriaged ON messages (account_id, date) WHERE triaged_at IS NULL;
      CREATE UNIQUE INDEX messages_by_uid ON messages (account_id, folder, remote_uid) WHERE remote_uid IS NOT NULL;

      -- Full-text search over subject, sender and body (external content: no second copy).
      CREATE VIRTUAL TABLE messages_fts USING fts5 (
        subject, from_addr, body, content = 'messages', content_rowid = 'rowid', tokenize = 'unicode61'
      );
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, subject, from_addr, body) VALUES (new.rowid, new.subject, new.from_addr, new.body);
      END;
      CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, subject, from_addr, body)
        VALUES ('delete', old.rowid, old.subject, old.from_addr, old.body);
      END;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF subject, from_addr, body ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, subject, from_addr, body)
        VALUES ('delete', old.rowid, old.subject, old.from_addr, old.body);
        INSERT INTO messages_fts (rowid, subject, from_addr, body) VALUES (new.rowid, new.subject, new.from_addr, new.body);
      END;

      CREATE TABLE events (
        id          TEXT PRIMARY KEY,
        account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        title       TEXT NOT NULL,
        start       TEXT NOT NULL,
        end         TEXT NOT NULL,
        location    TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        organizer   TEXT NOT NULL,
        attendees   TEXT NOT NULL DEFAULT '[]',
        remote_href TEXT,
        etag        TEXT
      ) STRICT;
      CREATE INDEX events_by_time ON events (account_id, start);

      -- Busy blocks that are not events (private appointments, out of office).
      CREATE TABLE busy (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        start      TEXT NOT NULL,
        end        TEXT NOT NULL,
        title      TEXT NOT NULL DEFAULT ''
      ) STRICT;

      CREATE TABLE contacts (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        email      TEXT NOT NULL,
        name       TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (account_id, email)
      ) STRICT;

      -- Drafts the assistant or the user wrote (local until sent).
      CREATE TABLE drafts (
        id          TEXT PRIMARY KEY,
        account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        run_id      TEXT,
        to_addrs    TEXT NOT NULL,
        cc_addrs    TEXT NOT NULL,
        subject     TEXT NOT NULL,
        body        TEXT NOT NULL,
        in_reply_to TEXT,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        edited      INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX drafts_by_reply ON drafts (in_reply_to) WHERE in_reply_to IS NOT NULL;

      -- What was sent (for the demo account this is the local outbox the user sees), invitation
      -- responses, and every committed effect's record.
      CREATE TABLE sent (
        id          TEXT PRIMARY KEY,
        account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        kind        TEXT NOT NULL,
        claim_id    TEXT,
        run_id      TEXT,
        message_id  TEXT,
        from_addr   TEXT NOT NULL DEFAULT '',
        to_addrs    TEXT NOT NULL,
        cc_addrs    TEXT NOT NULL,
        subject     TEXT NOT NULL,
        body        TEXT NOT NULL,
        in_reply_to TEXT,
        thread_id   TEXT,
        date        TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX sent_by_message_id ON sent (message_id) WHERE message_id IS NOT NULL;
      CREATE TABLE responses (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        event_id   TEXT NOT NULL,
        response   TEXT NOT NULL,
        organizer  TEXT NOT NULL,
        date       TEXT NOT NULL
      ) STRICT;

      -- Runs and their calls. A call keeps the gate's whole input (arguments with their labels,
      -- the control context, the counters) so a later policy can be replayed against it.
      CREATE TABLE runs (
        id          TEXT PRIMARY KEY,
        kind        TEXT NOT NULL,
        request     TEXT,
        plan        TEXT NOT NULL,
        plan_hash   TEXT NOT NULL,
        input       TEXT,
        input_hash  TEXT NOT NULL,
        mode        TEXT NOT NULL,
        policy_id   TEXT,
        status      TEXT NOT NULL,
        result      TEXT,
        output_hash TEXT,
        error       TEXT,
        transcript  TEXT NOT NULL DEFAULT '[]',
        started_at  TEXT NOT NULL,
        finished_at TEXT
      ) STRICT;
      CREATE INDEX runs_by_time ON runs (started_at DESC);
      CREATE TABLE calls (
        run_id     TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        tool       TEXT NOT NULL,
        args       TEXT NOT NULL,
        decision   TEXT NOT NULL,
        rule       TEXT NOT NULL,
        reasons    TEXT NOT NULL,
        sources    TEXT NOT NULL,
        trusted    INTEGER NOT NULL,
        executed   INTEGER NOT NULL,
        claim_id   TEXT,
        fields     TEXT NOT NULL,
        gate_input TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      ) STRICT;
      CREATE INDEX calls_by_tool ON calls (tool, decision);

      -- Policies, versioned: every save is a new row; the active one is the newest.
      CREATE TABLE policies (
        version    INTEGER PRIMARY KEY,
        yaml       TEXT NOT NULL,
        changed_by TEXT NOT NULL,
        changed_at TEXT NOT NULL,
        note       TEXT NOT NULL DEFAULT ''
      ) STRICT;

      -- IMAP sync state per folder (UIDVALIDITY, UIDNEXT, HIGHESTMODSEQ).
      CREATE TABLE folder_state (
        account_id     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        folder         TEXT NOT NULL,
        uidvalidity    INTEGER,
        uidnext        INTEGER,
        highestmodseq  TEXT,
        synced_through INTEGER,
        updated_at     TEXT NOT NULL,
        PRIMARY KEY (account_id, folder)
      ) STRICT;

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
