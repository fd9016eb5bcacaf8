import type { Migration } from '../migrate';

/**
 * Headers first, bodies after: a first sync stores each message's headers and a short snippet at
 * once (the inbox is usable within seconds) and fills its body in a second pass. `body_pending`
 * marks a row whose `body` is only that snippet (and whose HTML, attachments and parse verdict
 * are not known yet); readers that show or use a whole body complete it first. The partial index
 * is what the second pass and those readers look up.
 */
export const m009BodyPending: Migration = {
  version: 9,
  name: 'bodies filled after headers',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN body_pending INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX messages_body_pending ON messages (account_id, folder, remote_uid) WHERE body_pending = 1;
    `);
  },
};
