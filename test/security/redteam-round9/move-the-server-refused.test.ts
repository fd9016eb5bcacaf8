/**
 * Red-team round 9: a mailbox change the server refused, on a real account (Dovecot).
 *
 * Finding (closed, main/mail/imap-organize.ts, both modes alike: the transport's): imapflow
 * answers a MOVE the server refuses with `false` instead of an error, and the organiser took
 * that for success. A move into a folder that does not exist ("Corbeille/", "~/Corbeille",
 * "Projcts" — here Dovecot's trash is "Corbeille") was committed: the claim said `committed`, the
 * audit said done, and the store put the message into a folder that is not on the server, so it
 * vanished from the Inbox here while it stayed in INBOX on the server. An email whose text names
 * such a folder hid itself from the person (before `organize/untrusted-destination` it did so on
 * its own; after, with one approval that the card says was carried out). Fixed: a MOVE the server
 * did not carry out fails for good, naming the folder, and nothing changes here.
 *
 * The same for marking read: imapflow answers a STORE the server refused (here a folder the
 * server opens read-only, which keeps no \Seen) with `false`; the organiser recorded it as done.
 * Fixed alike: the claim fails, naming the message, and it stays unread here as on the server.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../../engine';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { dovecotMissing } from '../../integration/servers/dovecot';
import { notesAccount } from '../../integration/mail/fixtures';

describe.skipIf(dovecotMissing())('red team round 9: a move the server refused is never recorded as done', () => {
  const at = notesAccount({ trash: 'Corbeille' });
  const cases: [string, Mode][] = [
    ['Corbeille/', 'strict'],
    ['~/Corbeille', 'normal'],
    ['Projcts', 'strict'],
  ];

  it.each(cases)(
    'a move into %j [%s]: the claim fails, the message stays in INBOX here and on the server',
    async (folder, mode) => {
      const id = at.byNote(1);
      const r = await runOnProfile(at.p, {
        plan: `const m = await getEmail(input.id); if (m.subject.includes('Note')) await moveEmail(m.id, input.folder);`,
        input: { id, folder },
        accountId: at.account.id,
        mode,
      });
      expect(r.report.calls.find((c) => c.tool === 'moveEmail')?.decision).toBe('allow');
      const [claim] = at.p.claims
        .list()
        .filter((c) => c.action.tool === 'moveEmail' && c.action.args.folder === folder);
      expect(claim?.state).toBe('failed');
      expect(claim?.error).toContain(`into ${folder}`);
      expect(at.p.repos.messages.get(id)!.folder).toBe('INBOX');
      expect(await at.onServer('INBOX')).toEqual(['Note 1', 'Note 2', 'Note 3']);
    },
    60_000,
  );

  it('control: a move into a folder that exists is carried out, here and on the server', async () => {
    const id = at.byNote(1);
    await runOnProfile(at.p, {
      plan: `await moveEmail(input.id, 'Projects');`,
      input: { id },
      accountId: at.account.id,
    });
    expect(at.p.repos.messages.get(id)!.folder).toBe('Projects');
    expect(await at.onServer('Projects')).toEqual(['Note 1']);
  }, 60_000);
});

describe.skipIf(dovecotMissing())('red team round 9: a mark-read the server refused is never recorded as done', () => {
  const at = notesAccount();
  const unread = async () => {
    const c = await at.server.client();
    try {
      await c.mailboxOpen('INBOX', { readOnly: true });
      return (await c.search({ seen: false }, { uid: true })) || [];
    } finally {
      await c.logout();
    }
  };

  it('in a folder the server keeps read-only: the claim fails, the message stays unread here and there', async () => {
    const id = at.byNote(2);
    expect(at.p.repos.messages.get(id)!.unread).toBe(true);
    const before = await unread();
    // Dovecot opens a maildir it may not write to read-only: no flag can be stored.
    const cur = join(at.server.dir, 'mail', at.server.user, 'cur');
    chmodSync(cur, 0o555);
    try {
      await runOnProfile(at.p, { plan: `await markRead(input.id);`, input: { id }, accountId: at.account.id });
    } finally {
      chmodSync(cur, 0o700);
    }
    const [claim] = at.p.claims.list().filter((c) => c.action.tool === 'markRead' && c.action.args.id === id);
    expect(claim?.state).toBe('failed');
    expect(claim?.error).toContain(`did not mark message ${id} as read`);
    expect(at.p.repos.messages.get(id)!.unread).toBe(true);
    expect(await unread()).toEqual(before);
  }, 60_000);

  it('control: a mark-read the server makes is recorded', async () => {
    const id = at.byNote(3);
    await runOnProfile(at.p, { plan: `await markRead(input.id);`, input: { id }, accountId: at.account.id });
    expect(at.p.repos.messages.get(id)!.unread).toBe(false);
    expect((await unread()).length).toBeLessThan(3);
  }, 60_000);
});
