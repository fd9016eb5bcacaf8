import type { Migration } from '../migrate';
import { conversationsOf, type ConversationKeys } from '../conversation-links';

/**
 * Conversations followed to the end: each message names its conversation (conversation-links.ts),
 * so a reply that lost its References and shares only a subject with one message of a thread
 * joins that whole thread, however the links chain. The list, its counts and the conversation
 * view read the name through an index. Existing rows are filled here.
 */
export const m011Conversation: Migration = {
  version: 11,
  name: 'conversations followed to the end',
  up(db) {
    db.exec("ALTER TABLE messages ADD COLUMN conversation TEXT NOT NULL DEFAULT ''");
    // Read whole first: a connection cannot write while it iterates (keys only, small).
    const rows = db
      .prepare('SELECT id, account_id AS accountId, thread_id AS threadId, subject_key AS subjectKey FROM messages')
      .all() as ConversationKeys[];
    const fill = db.prepare('UPDATE messages SET conversation = ? WHERE id = ?');
    for (const [id, conversation] of conversationsOf(rows)) fill.run(conversation, id);
    // Conversation names are message ids, unique across accounts: the index needs no account
    // first, and leaves the queries that narrow by account alone to the indexes they used.
    db.exec('CREATE INDEX messages_by_conversation ON messages (conversation, folder, date)');
  },
};
