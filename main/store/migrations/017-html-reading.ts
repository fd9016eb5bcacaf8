import type { Migration } from '../migrate';

/**
 * What the fraud checks read of a message's HTML part — its text as the viewer shows it and its
 * links with the text they show (JSON of engine/fraud `HtmlReading`) — read once when the message
 * is parsed (main/mail/html-reading.ts) instead of at every check. Not filled here: rows stored
 * before keep null, and their HTML is read when they are checked, as it was before.
 */
export const m017HtmlReading: Migration = {
  version: 17,
  name: 'the HTML part read for the fraud checks',
  up(db) {
    db.exec('ALTER TABLE messages ADD COLUMN html_reading TEXT');
  },
};
