import type { Contact } from '../../../engine/world';
import type { Db } from '../database';
import { likeLiteral } from '../where';

/** The user's contacts, per account (trusted: the engine labels them `system`). */
export class ContactsRepo {
  constructor(private readonly db: Db) {}

  upsert(accountId: string, c: Contact): void {
    this.db
      .prepare(
        `INSERT INTO contacts (account_id, email, name) VALUES (?, ?, ?)
         ON CONFLICT (account_id, email) DO UPDATE SET name = excluded.name`,
      )
      .run(accountId, c.email, c.name);
  }

  list(accountId: string): Contact[] {
    return this.db
      .prepare('SELECT name, email FROM contacts WHERE account_id = ? ORDER BY name, email')
      .all(accountId) as Contact[];
  }

  search(accountId: string, query: string, limit = 20): Contact[] {
    const like = `%${likeLiteral(query)}%`;
    return this.db
      .prepare(
        `SELECT name, email FROM contacts WHERE account_id = ? AND (name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')
         ORDER BY name LIMIT ?`,
      )
      .all(accountId, like, like, limit) as Contact[];
  }
}
