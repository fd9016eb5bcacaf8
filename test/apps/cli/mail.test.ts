/**
 * `zamburak mail`: a person's own changes to a message from the command line, the same service
 * as the app's Inbox (the real-account side is in test/integration/mail/person-actions.test.ts);
 * what `mail send` sent on the demo account is in its Sent folder for the next `run`.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

describe('zamburak mail', () => {
  it('moves, lists folders, marks unread; refuses what it cannot do with the right exit code', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-mail-')), 'p');
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    const db = new Database(join(dir, 'zamburak.db'), { readonly: true });
    const { id } = db.prepare("SELECT id FROM messages WHERE folder = 'INBOX' ORDER BY date DESC LIMIT 1").get() as {
      id: string;
    };
    const folderOf = () =>
      (db.prepare('SELECT folder FROM messages WHERE id = ?').get(id) as { folder: string }).folder;

    const moved = zamburak('mail', 'move', id, 'Projects', '--profile', dir, '--json');
    expect(moved.status).toBe(0);
    expect(JSON.parse(moved.stdout)).toEqual({ changed: id, undo: { id, folder: 'INBOX' } });
    expect(folderOf()).toBe('Projects');
    expect(zamburak('mail', 'folders', id, '--profile', dir).stdout.split('\n')).toEqual(
      expect.arrayContaining(['INBOX', 'Archive', 'Projects']),
    );
    expect(zamburak('mail', 'unread', id, '--profile', dir).status).toBe(0);
    expect((db.prepare('SELECT unread FROM messages WHERE id = ?').get(id) as { unread: number }).unread).toBe(1);

    expect(zamburak('mail', 'move', id, '--profile', dir).status).toBe(2);
    const none = zamburak('mail', 'archive', 'no-such-message', '--profile', dir);
    expect(none.status).toBe(2); // an id the profile does not have, as for every command (messages.test.ts)
    expect(none.stderr).toContain('no message no-such-message');
    db.close();
  }, 120_000);

  it("mail send on the demo account: the next run's listEmails({folder: 'Sent'}) holds it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'zamburak-cli-sent-'));
    const profile = join(dir, 'p');
    expect(zamburak('init', '--profile', profile).status).toBe(0);
    expect(zamburak('settings', 'set', 'undoWindowSeconds', '0', '--profile', profile).status).toBe(0);
    const sent = zamburak(
      'mail',
      'send',
      '--to',
      'bob@acme.test',
      '--subject',
      'Lunch on Friday',
      '--body',
      'Shall we?',
      '--profile',
      profile,
      '--json',
    );
    expect(sent.status, sent.stderr).toBe(0);
    const plan = join(dir, 'sent.js');
    writeFileSync(plan, `return (await listEmails({ folder: 'Sent' })).map((m) => [m.subject, m.to]);`);
    const run = zamburak('run', plan, '--profile', profile, '--json');
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).result).toContainEqual(['Lunch on Friday', ['bob@acme.test']]);
  }, 120_000);
});
