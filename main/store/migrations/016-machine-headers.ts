import type { Migration } from '../migrate';

/**
 * The header fields that say a machine or a list sent a message (Auto-Submitted, Precedence,
 * List-Unsubscribe; JSON, null when it has none): triage never files such mail as needing a reply
 * (engine/world/answerable.ts). Messages stored before keep null until they are synced again.
 */
export const m016MachineHeaders: Migration = {
  version: 16,
  name: 'header fields of automated and list mail',
  up(db) {
    db.exec('ALTER TABLE messages ADD COLUMN machine_headers TEXT');
  },
};
