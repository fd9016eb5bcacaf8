import type { Migration } from '../migrate';

/**
 * A recurring event keeps its series (engine/tools/series.ts: the RRULE as its server holds it,
 * and whether it has exceptions), so a claim on it can say how it repeats.
 */
export const m014EventRepeats: Migration = {
  version: 14,
  name: 'events keep the series they repeat in',
  up(db) {
    db.exec('ALTER TABLE events ADD COLUMN repeats TEXT');
  },
};
