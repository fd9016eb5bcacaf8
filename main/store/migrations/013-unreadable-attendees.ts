import type { Migration } from '../migrate';

/**
 * An event keeps, apart from its attendees, the ATTENDEE values a sync could not read as one
 * address (main/calendar/ical.ts): plans never see them, and an update of the event is refused
 * while the server's copy holds them.
 */
export const m013UnreadableAttendees: Migration = {
  version: 13,
  name: 'events mark attendees that are not one address',
  up(db) {
    db.exec('ALTER TABLE events ADD COLUMN unreadable_attendees TEXT');
  },
};
