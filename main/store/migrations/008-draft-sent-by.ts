import type { Migration } from '../migrate';

/**
 * A draft the person sent keeps the id of its send: it is no longer offered (a reload cannot
 * send it twice), and undoing the send offers it again. It is kept, not deleted, so the
 * assistant's numbering of drafts never hands out its id again.
 */
export const m008DraftSentBy: Migration = {
  version: 8,
  name: 'drafts remember their send',
  up(db) {
    db.exec('ALTER TABLE drafts ADD COLUMN sent_by TEXT');
  },
};
