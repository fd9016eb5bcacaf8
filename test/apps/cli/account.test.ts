/**
 * `zamburak account` and `zamburak sync` without a server: usage errors name what is wrong, the
 * demo account is listed and cannot be removed, a pass with no IMAP account says so, and the
 * receiving server's settings (`--authserv-id`, `--authserv-every-message`) reach the stored
 * account. (With a real server: test/integration/mail/cli.test.ts.)
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');
const profile = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-account-')), 'p');
const zamburak = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args, '--profile', profile], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, MAIL_PW: 'secret' },
  });

describe('zamburak account and sync', () => {
  it('lists the demo account, refuses bad usage, and syncs nothing without an IMAP account', () => {
    const list = zamburak('account', 'list', '--json');
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([{ name: 'demo', email: 'maya@acme.test', transport: 'local' }]);

    const base = ['account', 'add', 'work', '--user', 'u', '--password-env', 'MAIL_PW', '--email', 'a@b.test'];
    const noHost = zamburak(...base);
    expect(noHost.status).toBe(2);
    expect(noHost.stderr).toContain('--imap HOST:PORT');
    const both = zamburak(...base, '--imap-host', 'h', '--tls', '--plain');
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('choose one security');
    const badSecurity = zamburak(...base, '--imap', 'h:993', '--security', 'ssl3');
    expect(badSecurity.status).toBe(2);
    expect(badSecurity.stderr).toContain('--security takes tls, starttls or none');
    const badJoined = zamburak(...base, '--imap', 'h:99999');
    expect(badJoined.status).toBe(2);
    const badPort = zamburak(...base, '--imap-host', 'h', '--imap-port', '99999');
    expect(badPort.status).toBe(2);
    expect(zamburak('account', 'remove', 'demo').stderr).toContain('the demo account cannot be removed');
    expect(zamburak('account', 'test', 'nobody').stderr).toContain('no account named "nobody"');

    const sync = zamburak('sync');
    expect(sync.status).toBe(0);
    expect(sync.stdout).toContain('No IMAP accounts to sync');
  });

  it('stores --authserv-every-message with the server id, and refuses it without one', () => {
    const base = ['account', 'add', '--user', 'u', '--password-env', 'MAIL_PW', '--imap', 'localhost:993', '--tls'];
    const lone = zamburak(...base, 'lone', '--email', 'lone@b.test', '--authserv-every-message');
    expect(lone.status).not.toBe(0);
    expect(lone.stderr).toContain('needs its server id (authserv)');

    const gmail = zamburak(...base, 'gmail', '--email', 'g@b.test', '--authserv-id', 'MX.Google.com');
    expect(gmail.stderr).toBe('');
    const every = ['--authserv-id', 'mx.google.com', '--authserv-every-message'];
    const trusted = zamburak(...base, 'every', '--email', 'e@b.test', ...every);
    expect(trusted.stderr).toBe('');
    expect(trusted.status).toBe(0);

    const db = new Database(join(profile, 'zamburak.db'), { readonly: true });
    const config = (name: string) => {
      const row = db.prepare('SELECT config FROM accounts WHERE name = ?').get(name) as { config: string } | undefined;
      return row && (JSON.parse(row.config) as { authserv?: string[]; authservEveryMessage?: boolean });
    };
    expect(config('every')).toMatchObject({ authserv: ['mx.google.com'], authservEveryMessage: true });
    // Without the flag the setting is absent (off): a verdict below the arrival does not count.
    expect(config('gmail')).toMatchObject({ authserv: ['mx.google.com'] });
    expect(config('gmail')).not.toHaveProperty('authservEveryMessage');
    expect(config('lone')).toBeUndefined();
    db.close();
  });
});
