/**
 * Opening a profile's SQLite file. Before anything is written, the file is checked read-only:
 * a file that is not SQLite, that belongs to another program, that a newer Zamburak wrote, or
 * that fails SQLite's own consistency check is refused with a StoreError and left untouched.
 * Only then is it opened for writing (WAL, synchronous=FULL, foreign keys on) and migrated.
 */
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { StoreError } from './errors';
import { migrate, type Migration } from './migrate';

export type Db = Database.Database;

let sqlite: typeof Database | null = null;
/**
 * The native SQLite binding, loaded on first use rather than at import: loading it is a large
 * part of a command's start, and `zamburak --help` or a run on a world file opens no database.
 */
function openSqlite(path: string, options?: Database.Options): Db {
  sqlite ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  return new sqlite(path, options);
}

/** `PRAGMA application_id` of every Zamburak database: "ZAMB". */
export const APPLICATION_ID = 0x5a414d42;

const SQLITE_MAGIC = 'SQLite format 3\u0000';

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(100);
    const n = readSync(fd, buf, 0, 100, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** Checks an existing file without writing to it. */
function inspect(path: string, migrations: readonly Migration[]): void {
  const size = statSync(path).size;
  if (size === 0) return; // an empty file is a new database
  const header = readHeader(path);
  if (header.length < 100 || header.subarray(0, 16).toString('latin1') !== SQLITE_MAGIC)
    throw new StoreError('foreign', path, 'not a SQLite database (the file was left untouched)');
  const appId = header.readUInt32BE(68);
  const ro = openReadOnly(path);
  try {
    const tables = ro.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'`).get() as { n: number };
    if (appId !== APPLICATION_ID && tables.n > 0)
      throw new StoreError(
        'foreign',
        path,
        `a SQLite database of another program (application_id 0x${appId.toString(16)}); the file was left untouched`,
      );
    const version = ro.pragma('user_version', { simple: true }) as number;
    const known = migrations.length === 0 ? 0 : migrations[migrations.length - 1]!.version;
    if (version > known)
      throw new StoreError(
        'newer',
        path,
        `written by a newer Zamburak (schema version ${version}, this version knows up to ${known}); the file was left untouched`,
      );
    const check = ro.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') throw new StoreError('corrupted', path, `failed SQLite's consistency check: ${check}`);
  } catch (e) {
    throw asStoreError(e, path);
  } finally {
    ro.close();
  }
}

/**
 * Opens an existing database for reading only: the check before anything is written, and a
 * reader beside the process that writes (the engine worker reads a run's mail this way).
 * Throws StoreError.
 */
export function openReadOnly(path: string): Db {
  try {
    return openSqlite(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw asStoreError(e, path);
  }
}

function asStoreError(e: unknown, path: string): StoreError {
  if (e instanceof StoreError) return e;
  const code = (e as { code?: string }).code ?? '';
  const msg = (e as Error).message;
  if (code === 'SQLITE_NOTADB') return new StoreError('foreign', path, `not a SQLite database: ${msg}`);
  if (code.startsWith('SQLITE_CORRUPT'))
    return new StoreError('corrupted', path, `the database is corrupted (${msg}); the file was left untouched`);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new StoreError('locked', path, `the database is in use by another process (${msg})`);
  return new StoreError('io', path, `cannot open the database: ${msg}`);
}

export interface OpenOptions {
  readonly migrations: readonly Migration[];
  /** Refuse to create a new file (default false). */
  readonly mustExist?: boolean;
}

/**
 * Makes `db.transaction(fn)` begin with the write lock (`BEGIN IMMEDIATE`; `.deferred()` is still
 * there for a transaction that only reads). Another connection writes beside this one: a sync's
 * listing writer thread (`openSecondWriter`), the CLI while the app runs. A deferred transaction
 * that reads before it writes cannot wait for the other writer's commit: SQLite refuses its first
 * write at once with "database is locked", where one that begins with the lock waits its turn
 * (`busy_timeout`).
 */
function immediateByDefault(db: Db): void {
  const make = db.transaction.bind(db);
  // Each of the four variants better-sqlite3 makes carries the other three as properties.
  db.transaction = ((fn: Parameters<Db['transaction']>[0]) => make(fn).immediate) as Db['transaction'];
}

/** Opens (creating if allowed) and migrates a Zamburak database. Throws StoreError. */
export function openDatabase(path: string, opts: OpenOptions): Db {
  const exists = existsSync(path);
  if (!exists && opts.mustExist) throw new StoreError('io', path, 'no database here');
  if (exists) inspect(path, opts.migrations);
  let db: Db;
  try {
    db = openSqlite(path);
    db.pragma('journal_mode = WAL');
    // Every commit reaches the disk before it returns: an approval or an outbox attempt that
    // was acknowledged must survive a power cut, not only a process crash.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    immediateByDefault(db);
  } catch (e) {
    throw asStoreError(e, path);
  }
  try {
    if ((db.pragma('application_id', { simple: true }) as number) !== APPLICATION_ID)
      db.pragma(`application_id = ${APPLICATION_ID}`);
    migrate(db, opts.migrations);
  } catch (e) {
    db.close();
    throw asStoreError(e, path);
  }
  return db;
}

/**
 * A second connection that writes to a profile's database beside the one that opened it (a
 * sync's listing writer in its own thread, main/mail/listing-writer.ts). The file was checked and
 * migrated by `openDatabase` and is in WAL mode, so readers and this writer do not block each
 * other; two writers take turns (`busy_timeout`). Its commits do not wait for the disk
 * (`synchronous=NORMAL`): it writes only what can be fetched again. Throws StoreError.
 */
export function openSecondWriter(path: string): Db {
  let db: Db | undefined;
  try {
    db = openSqlite(path, { fileMustExist: true });
    if (db.pragma('journal_mode', { simple: true }) !== 'wal')
      throw new StoreError('io', path, 'a second writer needs the database in WAL mode');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (e) {
    db?.close();
    throw asStoreError(e, path);
  }
}

/**
 * Runs `write` in one transaction committed without waiting for the disk (`synchronous=NORMAL`
 * in WAL mode: a process crash loses nothing, a power cut may lose this commit), then restores
 * `synchronous=FULL` for every later commit. Only for writes that can be redone from elsewhere,
 * such as a sync page whose mail is still on the server: the next pass fetches what a power cut
 * took. JavaScript runs the transaction to its end before any other write can begin.
 */
export function commitWithoutFsync<T>(db: Db, write: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(write)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
