/**
 * Answers kept while the database is unchanged. Counting the messages of a folder reads every
 * one of them (100 ms and more at 100,000), and the app asks for the same counts on every
 * screen refresh; they can change only when the database does. Any write of this connection
 * moves `total_changes()` and any commit of another connection (the CLI, a run's worker) moves
 * `PRAGMA data_version`, so an answer is reused only while neither has moved.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

export class UnchangedMemo {
  private readonly kept = new Map<string, unknown>();
  private keptAt = '';
  private readonly changes: Statement;

  constructor(private readonly db: Db) {
    this.changes = db.prepare('SELECT total_changes() AS n');
  }

  /** `compute()`'s answer for `key`, computed again only if the database changed since. */
  get<T>(key: string, compute: () => T): T {
    const now = `${String(this.db.pragma('data_version', { simple: true }))}:${(this.changes.get() as { n: number }).n}`;
    if (now !== this.keptAt) {
      this.kept.clear();
      this.keptAt = now;
    }
    if (!this.kept.has(key)) this.kept.set(key, compute());
    return this.kept.get(key) as T;
  }
}
