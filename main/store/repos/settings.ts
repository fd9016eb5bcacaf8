import type { Db } from '../database';

/** Profile settings (undo window, pause, theme…), as small string values in `meta`. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  get(key: string): string | undefined {
    return (
      this.db.prepare('SELECT value FROM meta WHERE key = ?').get(`setting:${key}`) as { value: string } | undefined
    )?.value;
  }

  set(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(`setting:${key}`, value);
  }
}
