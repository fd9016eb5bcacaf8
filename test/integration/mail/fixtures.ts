/**
 * A fresh profile with an account on a test Dovecot, and one sync pass that must succeed; for one
 * `describe`, the servers and profile it acts on, stopped and closed after it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addAccount, syncAccounts, type NewAccount } from '../../../main/accounts/accounts';
import type { FolderReport } from '../../../main/mail/imap-sync';
import { openProfile, type Profile } from '../../../main/profile/profile';
import type { Account } from '../../../main/store/repositories';
import { afterAll, beforeAll } from 'vitest';
import { rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { startSmtpCapture, type SmtpCapture } from '../servers/smtp';

export function freshProfile(): Profile {
  return openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-sync-')), 'p'));
}

/** How an account logs in to the test Dovecot: its user's address, IMAP without TLS, the password. */
export const serverLogin = (s: DovecotServer): Pick<NewAccount, 'email' | 'imap' | 'password'> => ({
  email: `${s.user}@example.test`,
  imap: { host: s.host, port: s.port, security: 'plain', user: s.user },
  password: s.password,
});

/** An account on the test Dovecot; with `smtpPort`, it sends through that loopback SMTP server. */
export async function addServerAccount(
  p: Profile,
  s: DovecotServer,
  name = 'work',
  smtpPort?: number,
): Promise<Account> {
  return addAccount(p, {
    name,
    ...serverLogin(s),
    ...(smtpPort === undefined ? {} : { smtp: { host: '127.0.0.1', port: smtpPort } }),
  });
}

/** For one `describe`: an empty test Dovecot and a fresh profile with no account on it yet. */
export function dovecotAndProfile(o: Parameters<typeof startDovecot>[0] = {}): {
  readonly server: DovecotServer;
  readonly p: Profile;
} {
  let server: DovecotServer;
  let p: Profile;
  beforeAll(async () => {
    server = await startDovecot(o);
    p = freshProfile();
  }, 60_000);
  afterAll(async () => {
    p?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server;
    },
    get p() {
      return p;
    },
  };
}

/** Three notes from Bob Lee in the INBOX ("Note 1" to "Note 3") and an empty folder `Projects`. */
export async function writeNotes(s: DovecotServer, seen = false): Promise<void> {
  s.writeMaildir(
    'INBOX',
    [1, 2, 3].map((n) => ({
      raw: rawMessage({ n, from: 'Bob Lee <bob@example.test>', subject: `Note ${n}`, to: `${s.user}@example.test` }),
      ...(seen ? { seen: true } : {}),
    })),
  );
  const c = await s.client();
  await c.mailboxCreate('Projects');
  await c.logout();
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

export interface NotesAccount {
  readonly server: DovecotServer;
  readonly p: Profile;
  readonly account: Account;
  /** The stored id of "Note n". */
  byNote(n: number): string;
  /** The subjects another mail client sees in a folder, sorted (none for a missing folder). */
  onServer(folder: string): Promise<string[]>;
}

/**
 * For one `describe`: a Dovecot holding the three notes (`writeNotes`), a loopback SMTP server,
 * and a fresh profile whose account on them has synced once.
 */
export function notesAccount(o: Parameters<typeof startDovecot>[0] = {}): NotesAccount {
  const t = dovecotAndProfile(o);
  let smtp: SmtpCapture;
  let account: Account;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    await writeNotes(t.server);
    account = await addServerAccount(t.p, t.server, 'work', smtp.port);
    await syncOnce(t.p);
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
  });
  return {
    get server() {
      return t.server;
    },
    get p() {
      return t.p;
    },
    get account() {
      return account;
    },
    byNote: (n) => (t.p.db.prepare('SELECT id FROM messages WHERE subject = ?').get(`Note ${n}`) as { id: string }).id,
    async onServer(folder) {
      const c = await t.server.client();
      try {
        await c.mailboxOpen(folder);
        const subjects: string[] = [];
        for await (const m of c.fetch('1:*', { envelope: true })) subjects.push(m.envelope?.subject ?? '');
        return subjects.sort();
      } catch {
        return [];
      } finally {
        await c.logout();
      }
    },
  };
}
