/**
 * Versioned schema migrations. `PRAGMA user_version` holds the version; each migration runs in
 * its own transaction together with the version bump, so a crash mid-migration leaves the file
 * at the previous version, never half-way. Migrations are append-only: a released one is never
 * edited, a change is a new one (tests run every path from an empty file and from each earlier
 * version).
 */
import type Database from 'better-sqlite3';

export interface Migration {
  /** 1, 2, 3… contiguous. */
  readonly version: number;
  /** What it does, for people reading the schema's history. */
  readonly name: string;
  up(db: Database.Database): void;
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings `db` to the last migration's version. Returns the versions it applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[]): number[] {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= schemaVersion(db)) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}
