import type { Migration } from '../migrate';

/** The language-model connection log: every request's when, where, tokens and outcome — never content. */
export const m003LlmLog: Migration = {
  version: 3,
  name: 'language-model connection log',
  up(db) {
    db.exec(`
      CREATE TABLE llm_log (
        seq           INTEGER PRIMARY KEY,
        at            TEXT NOT NULL,
        provider      TEXT NOT NULL,
        model         TEXT NOT NULL,
        run_id        TEXT,
        input_tokens  INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        status        TEXT NOT NULL,
        latency_ms    INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX llm_log_by_day ON llm_log (at);
    `);
  },
};
