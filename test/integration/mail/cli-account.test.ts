/**
 * `zamburak ask` and `zamburak triage` follow `--account NAME`, as the app's Ask and Triage follow
 * the selected account: over a profile with the demo account and a real one (Dovecot), each reads
 * and triages the mail of the account named, the primary one without the option, and a name that
 * is no account of the profile is refused (exit 2) rather than replaced by another.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';

const missing = dovecotMissing();
const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');

describe.skipIf(missing)('ask and triage over the account named', () => {
  let server: DovecotServer;
  const profile = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-account-')), 'p');
  const zamburak = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args, '--profile', profile], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, MAIL_PW: server.password },
    });
  /** The account (by name) of each message id. */
  const accountsOf = (ids: readonly string[]): string[] => {
    const db = new Database(join(profile, 'zamburak.db'), { readonly: true });
    try {
      const q = db.prepare('SELECT a.name FROM messages m JOIN accounts a ON a.id = m.account_id WHERE m.id = ?');
      return [...new Set(ids.map((id) => (q.get(id) as { name: string }).name))];
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    server = await startDovecot();
    server.writeMaildir(
      'INBOX',
      [1, 2, 3].map((n) => ({ raw: rawMessage({ n, subject: `Work note ${n}` }) })),
    );
    expect(zamburak('init').status).toBe(0);
    const add = zamburak(
      'account',
      'add',
      '--name',
      'work',
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
    expect(add.status).toBe(0);
    expect(zamburak('sync', '--account', 'work').status).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('triage triages the mail of the account named, and the primary account without --account', () => {
    const demo = zamburak('triage', '--account', 'demo', '--json');
    expect(demo.status).toBe(0);
    const demoIds = (JSON.parse(demo.stdout) as { emails: { id: string }[] }).emails.map((e) => e.id);
    expect(demoIds.length).toBeGreaterThan(3);
    expect(accountsOf(demoIds)).toEqual(['demo']);
    // The real account is the primary one.
    const work = zamburak('triage', '--json');
    expect(work.status).toBe(0);
    const workIds = (JSON.parse(work.stdout) as { emails: { id: string }[] }).emails.map((e) => e.id);
    expect(workIds).toHaveLength(3);
    expect(accountsOf(workIds)).toEqual(['work']);
  }, 120_000);

  it("ask runs its playbook over the account named: the brief reads that account's mail", () => {
    const brief = (account: string) => {
      const r = zamburak('ask', 'give me my daily brief', '--account', account, '--json');
      expect(r.status).toBe(0);
      return (JSON.parse(r.stdout) as { text: string }).text;
    };
    expect(brief('work')).toMatch(/Work note/);
    expect(brief('demo')).not.toMatch(/Work note/);
  }, 120_000);

  it('a name that is not an account of the profile is refused, naming the accounts there are', () => {
    for (const args of [['triage'], ['ask', 'triage my inbox']]) {
      const r = zamburak(...args, '--account', 'wrok');
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('--account: no account named "wrok"; this profile has demo, work');
    }
    const withWorld = spawnSync(
      process.execPath,
      [BIN, 'triage', '--world', join(process.cwd(), 'resources/demo-world.yaml'), '--account', 'work'],
      { encoding: 'utf8' },
    );
    expect(withWorld.status).toBe(2);
    expect(withWorld.stderr).toContain('--account chooses an account of a profile');
  });
});
