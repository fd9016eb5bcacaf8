import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase, schemaVersion, StoreError, type Migration } from '../../../main/store';

const dir = mkdtempSync(join(tmpdir(), 'zamburak-db-'));
let n = 0;
const fresh = () => join(dir, `db-${++n}.db`);
const digest = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

function refused(path: string, kind: StoreError['kind']): void {
  const before = digest(path);
  let err: unknown;
  try {
    openDatabase(path, { migrations: MIGRATIONS }).close();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(StoreError);
  expect((err as StoreError).kind).toBe(kind);
  expect((err as StoreError).message).toContain(path);
  expect(digest(path)).toBe(before);
}

describe('openDatabase', () => {
  it('creates a new file at the latest schema version, WAL, foreign keys on', () => {
    const db = openDatabase(fresh(), { migrations: MIGRATIONS });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('reopens its own file without migrating again', () => {
    const p = fresh();
    openDatabase(p, { migrations: MIGRATIONS }).close();
    const db = openDatabase(p, { migrations: MIGRATIONS });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('migrates from every earlier version, one transaction per step', () => {
    const extra: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'test addition',
      up: (db) => db.exec('CREATE TABLE later (x INTEGER) STRICT'),
    };
    for (let v = 0; v <= MIGRATIONS.length; v++) {
      const p = fresh();
      openDatabase(p, { migrations: MIGRATIONS.slice(0, v) }).close();
      const db = openDatabase(p, { migrations: [...MIGRATIONS, extra] });
      expect(schemaVersion(db)).toBe(extra.version);
      db.close();
    }
  });

  it('a failing migration leaves the previous version', () => {
    const p = fresh();
    openDatabase(p, { migrations: MIGRATIONS }).close();
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      up: (db) => {
        db.exec('CREATE TABLE half (x INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => openDatabase(p, { migrations: [...MIGRATIONS, broken] })).toThrow(/boom/);
    const db = new Database(p, { readonly: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'half'`).get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a file that is not SQLite and leaves it untouched', () => {
    const p = fresh();
    writeFileSync(p, 'this is my diary, not a database\n'.repeat(20));
    refused(p, 'foreign');
  });

  it("refuses another program's SQLite database", () => {
    const p = fresh();
    const other = new Database(p);
    other.exec('CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)');
    other.close();
    refused(p, 'foreign');
  });

  it('refuses a file written by a newer version', () => {
    const p = fresh();
    const db = openDatabase(p, { migrations: MIGRATIONS });
    db.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    refused(p, 'newer');
  });

  it('refuses a corrupted file and leaves it untouched', () => {
    const p = fresh();
    const db = openDatabase(p, { migrations: MIGRATIONS });
    const insert = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    for (let i = 0; i < 2000; i++) insert.run(`k${i}`, 'v'.repeat(200));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(p);
    // Scribble over the middle pages (b-tree pages of the table), keep the header intact.
    for (let i = 8192; i < bytes.length - 4096; i += 97) bytes[i] = 0xff;
    writeFileSync(p, bytes);
    refused(p, 'corrupted');
  });
});
