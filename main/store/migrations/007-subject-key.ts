import type { Migration } from '../migrate';
import { baseSubject } from '../subject-key';

/**
 * Conversations by subject: each message keeps its subject without Re:/Fwd: prefixes, indexed
 * per account, so the list (one row per conversation) and the conversation view join replies
 * that lost their References by an indexed equality instead of a LIKE over every subject.
 * Existing rows are filled here.
 */
export const m007SubjectKey: Migration = {
  version: 7,
  name: 'subject key of conversations',
  up(db) {
    db.exec("ALTER TABLE messages ADD COLUMN subject_key TEXT NOT NULL DEFAULT ''");
    const fill = db.prepare('UPDATE messages SET subject_key = ? WHERE rowid = ?');
    // Read whole first: a connection cannot write while it iterates (subjects only, small).
    const rows = db.prepare('SELECT rowid, subject FROM messages').all() as { rowid: number; subject: string }[];
    for (const r of rows) fill.run(baseSubject(r.subject), r.rowid);
    db.exec('CREATE INDEX messages_by_subject ON messages (account_id, subject_key, date)');
  },
};
