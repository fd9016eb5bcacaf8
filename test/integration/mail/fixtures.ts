/** A fresh profile with an account on a test Dovecot, and one sync pass that must succeed. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addAccount, syncAccounts } from '../../../main/accounts/accounts';
import type { FolderReport } from '../../../main/mail/imap-sync';
import { openProfile, type Profile } from '../../../main/profile/profile';
import type { Account } from '../../../main/store/repositories';
import type { DovecotServer } from '../servers/dovecot';

export function freshProfile(): Profile {
  return openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-sync-')), 'p'));
}

export async function addServerAccount(p: Profile, s: DovecotServer, name = 'work'): Promise<Account> {
  return addAccount(p, {
    name,
    email: `${s.user}@example.test`,
    imap: { host: s.host, port: s.port, security: 'plain', user: s.user },
    password: s.password,
  });
}

export async function syncOnce(p: Profile, o: Parameters<typeof syncAccounts>[1] = {}): Promise<FolderReport[]> {
  const [r] = await syncAccounts(p, o);
  if (!r?.report) throw new Error(`sync failed: ${JSON.stringify(r?.error)}`);
  return r.report.folders;
}

/** Synced messages of a folder (the demo account's are not synced). */
export const syncedCount = (p: Profile, folder: string): number =>
  (
    p.db.prepare('SELECT count(*) AS n FROM messages WHERE folder = ? AND remote_uid IS NOT NULL').get(folder) as {
      n: number;
    }
  ).n;
