import type { Migration } from '../migrate';

/**
 * What runs may have written without a trace (engine/world/residue.ts), per account and
 * collection (mailbox, calendar, sent, drafts): a label as JSON, the join of what decided it. A
 * later run reads the collection under it, so an untouched calendar an email chose to leave
 * untouched is not read as the person's own.
 */
export const m013Residue: Migration = {
  version: 13,
  name: 'what runs may have written unseen',
  up(db) {
    db.exec(`
      CREATE TABLE residue (
        account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        collection  TEXT NOT NULL,
        label       TEXT NOT NULL,
        PRIMARY KEY (account_id, collection)
      ) WITHOUT ROWID
    `);
  },
};
