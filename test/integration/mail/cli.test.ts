/**
 * `zamburak account` and `zamburak sync` through the CLI entry, against a real Dovecot: add (the
 * password from an environment variable), list, test (a wrong password exits 1 naming the
 * problem), sync, remove.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';

const missing = dovecotMissing();
const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');

describe.skipIf(missing)('zamburak account and sync against Dovecot', () => {
  let server: DovecotServer;
  const profile = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-mail-')), 'p');
  const zamburak = (env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args, '--profile', profile], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, ...env },
    });

  beforeAll(async () => {
    server = await startDovecot();
    server.writeMaildir(
      'INBOX',
      [1, 2, 3, 4, 5].map((n) => ({ raw: rawMessage({ n }) })),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('adds, lists, tests, syncs and removes an account', () => {
    const add = (name: string, password: string) =>
      zamburak(
        { MAIL_PW: password },
        'account',
        'add',
        '--name',
        name,
        '--imap',
        `${server.host}:${server.port}`,
        '--security',
        'none',
        '--user',
        server.user,
        '--password-env',
        'MAIL_PW',
        '--email',
        'alice@example.test',
      );
    expect(add('work', server.password).status).toBe(0);
    expect(readFileSync(join(profile, 'zamburak.db')).includes(server.password)).toBe(false);

    const list = zamburak({}, 'account', 'list', '--json');
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout)).toContainEqual({
      name: 'work',
      email: 'alice@example.test',
      transport: 'imap',
      imap: { host: '127.0.0.1', port: server.port, security: 'plain', user: server.user },
      smtp: null,
      caldav: null,
    });
    expect(list.stdout).not.toContain(server.password);

    expect(zamburak({}, 'account', 'test', 'work').status).toBe(0);
    expect(add('typo', 'wrong').status).toBe(0);
    const bad = zamburak({}, 'account', 'test', 'typo');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('auth: ');

    const sync = zamburak({}, 'sync', '--account', 'work', '--json');
    expect(sync.status).toBe(0);
    const [r] = JSON.parse(sync.stdout);
    expect(r.account).toBe('work');
    expect(r.report.folders.find((f: { folder: string }) => f.folder === 'INBOX')).toMatchObject({ added: 5 });
    // Every account: the wrong password fails the pass (exit 1) but not the other account.
    const all = zamburak({}, 'sync');
    expect(all.status).toBe(1);
    expect(all.stdout).toContain('work: ');
    expect(all.stderr).toContain('typo: auth: ');

    expect(
      zamburak(
        { MAIL_PW: '' },
        'account',
        'add',
        'x',
        '--imap-host',
        'h',
        '--user',
        'u',
        '--password-env',
        'MAIL_PW',
        '--email',
        'a@b.test',
      ).status,
    ).toBe(2);
    expect(zamburak({}, 'account', 'remove', 'typo').status).toBe(0);
    expect(zamburak({}, 'account', 'remove', 'demo').status).toBe(2);
    expect(JSON.parse(zamburak({}, 'account', 'list', '--json').stdout).map((a: { name: string }) => a.name)).toEqual([
      'demo',
      'work',
    ]);
  }, 120_000);
});
