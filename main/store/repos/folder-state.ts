/**
 * IMAP sync state per account and folder: the UIDVALIDITY the stored UIDs belong to, UIDNEXT and
 * HIGHESTMODSEQ at the end of the last complete pass, and `syncedThrough`, the lowest UID a first
 * sync (newest first) has reached: every message the server had from there up is stored.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

export interface FolderState {
  readonly accountId: string;
  readonly folder: string;
  readonly uidValidity: number | null;
  readonly uidNext: number | null;
  /** A decimal string: mod-sequences are 63-bit. */
  readonly highestModseq: string | null;
  readonly syncedThrough: number | null;
  readonly updatedAt: string;
}

interface Row {
  account_id: string;
  folder: string;
  uidvalidity: number | null;
  uidnext: number | null;
  highestmodseq: string | null;
  synced_through: number | null;
  updated_at: string;
}

const fromRow = (r: Row): FolderState => ({
  accountId: r.account_id,
  folder: r.folder,
  uidValidity: r.uidvalidity,
  uidNext: r.uidnext,
  highestModseq: r.highestmodseq,
  syncedThrough: r.synced_through,
  updatedAt: r.updated_at,
});

export class FolderStateRepo {
  constructor(private readonly db: Db) {}

  get(accountId: string, folder: string): FolderState | undefined {
    const r = this.db
      .prepare('SELECT * FROM folder_state WHERE account_id = ? AND folder = ?')
      .get(accountId, folder) as Row | undefined;
    return r && fromRow(r);
  }

  list(accountId: string): FolderState[] {
    return (
      this.db.prepare('SELECT * FROM folder_state WHERE account_id = ? ORDER BY folder').all(accountId) as Row[]
    ).map(fromRow);
  }

  /** Prepared once: a first sync writes its progress with every slice of listings. */
  private putStatement: Statement | undefined;

  /** Writes the given fields, keeping the others. */
  put(s: Pick<FolderState, 'accountId' | 'folder' | 'updatedAt'> & Partial<FolderState>): void {
    this.putStatement ??= this.db.prepare(
      `INSERT INTO folder_state (account_id, folder, uidvalidity, uidnext, highestmodseq, synced_through, updated_at)
       VALUES (@accountId, @folder, @uidValidity, @uidNext, @highestModseq, @syncedThrough, @updatedAt)
       ON CONFLICT (account_id, folder) DO UPDATE SET
         uidvalidity = coalesce(@uidValidity, uidvalidity), uidnext = coalesce(@uidNext, uidnext),
         highestmodseq = coalesce(@highestModseq, highestmodseq),
         synced_through = coalesce(@syncedThrough, synced_through), updated_at = @updatedAt`,
    );
    this.putStatement.run({
      accountId: s.accountId,
      folder: s.folder,
      uidValidity: s.uidValidity ?? null,
      uidNext: s.uidNext ?? null,
      highestModseq: s.highestModseq ?? null,
      syncedThrough: s.syncedThrough ?? null,
      updatedAt: s.updatedAt,
    });
  }

  remove(accountId: string, folder: string): void {
    this.db.prepare('DELETE FROM folder_state WHERE account_id = ? AND folder = ?').run(accountId, folder);
  }
}
