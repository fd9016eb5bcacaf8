import type { Migration } from '../migrate';

/**
 * Why triage filed a message as suspicious (JSON list of `{kind, reason}`, engine/fraud), kept with
 * its category; and the message's Reply-To, which one of those reasons reads.
 */
export const m005FraudFindings: Migration = {
  version: 5,
  name: 'triage findings and Reply-To',
  up(db) {
    db.exec('ALTER TABLE messages ADD COLUMN findings TEXT');
    db.exec('ALTER TABLE messages ADD COLUMN reply_to TEXT');
  },
};
