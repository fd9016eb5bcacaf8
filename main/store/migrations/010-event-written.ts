import type { Migration } from '../migrate';

/**
 * An event keeps the label of what runs wrote into it (engine/world `written`): a title or
 * description a run filled from an email stays that email's text, untrusted, in later runs.
 */
export const m010EventWritten: Migration = {
  version: 10,
  name: 'events remember what wrote them',
  up(db) {
    db.exec('ALTER TABLE events ADD COLUMN written TEXT');
  },
};
