import type { Migration } from '../migrate';

/**
 * Triaged messages by Message-ID: a sync looks up every arriving message's earlier triage (a
 * message moved on the server arrives again in its new folder), and without an index each
 * lookup scanned the whole table: a first sync grew quadratic in the mailbox's size.
 */
export const m006MessageIdIndex: Migration = {
  version: 6,
  name: 'triaged messages by Message-ID',
  up(db) {
    db.exec(
      'CREATE INDEX messages_triaged_by_message_id ON messages (account_id, message_id) WHERE triaged_at IS NOT NULL',
    );
  },
};
