/**
 * Accounts against a real Dovecot: the password lives only in the secret store; a failed login
 * says what is wrong (password, host, TLS, timeout); a sync interrupted by the server going down
 * resumes with nothing duplicated or lost; removing an account removes its mail and password.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addAccount, removeAccount, syncAccounts, testAccount } from '../../../main/accounts/accounts';
import { MailError } from '../../../main/mail/connect';
import { dovecotMissing, rawMessage } from '../servers/dovecot';
import { addServerAccount, dovecotAndProfile, freshProfile, syncedCount, syncOnce } from './fixtures';

const missing = dovecotMissing();

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof MailError) return e.kind;
    throw e;
  }
}

describe.skipIf(missing)('accounts against Dovecot', () => {
  const t = dovecotAndProfile();

  it('keeps the password only in the secret store', async () => {
    const { server, p } = t;
    const a = await addServerAccount(p, server, 'work');
    expect(a.secret).toBe(`account:${a.id}:password`);
    expect(await p.secrets.get(a.secret!)).toBe(server.password);
    expect(JSON.stringify(p.repos.accounts.byName('work'))).not.toContain(server.password);
    p.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(p.files.database).includes(server.password)).toBe(false);
    expect(await testAccount(p, 'work')).toMatchObject({ folders: expect.any(Number) });
  });

  it('says what is wrong when a login fails', async () => {
    const { server, p } = t;
    const wrong = async (
      name: string,
      o: { port?: number; password?: string; security?: 'tls' | 'starttls' | 'plain' },
    ) =>
      addAccount(p, {
        name,
        email: 'alice@example.test',
        imap: { host: '127.0.0.1', port: o.port ?? server.port, security: o.security ?? 'plain', user: server.user },
        password: o.password ?? server.password,
      });
    await wrong('bad-password', { password: 'not-the-password' });
    expect(await kindOf(testAccount(p, 'bad-password'))).toBe('auth');
    const [sync] = await syncAccounts(p, { account: 'bad-password' });
    expect(sync!.error).toMatchObject({ kind: 'auth', message: expect.stringContaining('user name or password') });

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    await wrong('refused', { port: closedPort });
    expect(await kindOf(testAccount(p, 'refused'))).toBe('unreachable');

    await wrong('tls-on-plain', { security: 'tls' });
    expect(await kindOf(testAccount(p, 'tls-on-plain'))).toBe('tls');
    // STARTTLS chosen is STARTTLS required: a server without it is refused, not used in cleartext.
    await wrong('no-starttls', { security: 'starttls' });
    expect(await kindOf(testAccount(p, 'no-starttls'))).toBe('tls');

    // A server that accepts and never greets.
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    await wrong('silent', { port: (silent.address() as { port: number }).port });
    expect(await kindOf(testAccount(p, 'silent', { timeoutMs: 500 }))).toBe('timeout');
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  }, 60_000);

  it('resumes a sync the server interrupted, with nothing duplicated or lost', async () => {
    const { server } = t;
    const total = 1000;
    server.writeMaildir(
      'INBOX',
      Array.from({ length: total }, (_, i) => ({ raw: rawMessage({ n: i + 1 }), seen: i % 2 === 0 })),
    );
    const q = freshProfile();
    const a = await addServerAccount(q, server, 'work');
    let pages = 0;
    const [first] = await syncAccounts(q, {
      pageSize: 100,
      onPage: async () => {
        if (++pages === 3) await server.kill();
      },
    });
    expect(first!.error?.kind).toBe('unreachable');
    // The pages stored before the server went down stay (the page fetched ahead may be one more).
    const partial = syncedCount(q, 'INBOX');
    expect(partial).toBeGreaterThanOrEqual(300);
    expect(partial).toBeLessThan(total);

    await server.restart();
    await syncOnce(q, { pageSize: 100 });
    expect(syncedCount(q, 'INBOX')).toBe(total);
    const distinct = q.db
      .prepare(`SELECT count(DISTINCT message_id) AS n FROM messages WHERE account_id = ? AND folder = 'INBOX'`)
      .get(a.id) as { n: number };
    expect(distinct.n).toBe(total);
    expect(q.repos.folderState.get(a.id, 'INBOX')).toMatchObject({ syncedThrough: 1, uidNext: total + 1 });
    const unread = q.db.prepare(`SELECT count(*) AS n FROM messages WHERE account_id = ? AND unread = 1`).get(a.id) as {
      n: number;
    };
    expect(unread.n).toBe(total / 2);

    await removeAccount(q, 'work');
    expect(syncedCount(q, 'INBOX')).toBe(0);
    expect(await q.secrets.get(a.secret!)).toBeUndefined();
    expect(q.repos.folderState.list(a.id)).toEqual([]);
    q.close();
  }, 120_000);
});
