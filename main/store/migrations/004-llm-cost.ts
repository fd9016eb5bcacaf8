import type { Migration } from '../migrate';

/** What each language-model request cost (USD, 0 for a provider without a price), for the money budgets. */
export const m004LlmCost: Migration = {
  version: 4,
  name: 'language-model request cost',
  up(db) {
    db.exec('ALTER TABLE llm_log ADD COLUMN cost_usd REAL NOT NULL DEFAULT 0');
  },
};
