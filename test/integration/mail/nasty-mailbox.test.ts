/**
 * A real mailbox with hostile mail in it (test/fixtures/nasty-mail.ts: malformed MIME, odd
 * charsets, deep nesting, a 6 MB attachment, NUL bytes, lone surrogates, a 20,000-character
 * subject, thousands of recipients, parts and headers) synced from Dovecot, then listed whole by
 * a plan over the profile, twice: the run completes with every subject. A listing of such mail
 * used to end in an internal error (the guest's result, too large to copy out, read as empty).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import type { Profile } from '../../../main/profile/profile';
import { nastyMessages } from '../../fixtures/nasty-mail';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount, freshProfile, syncOnce, syncedCount } from './fixtures';

const missing = dovecotMissing();
const ORDINARY = 400;
const NASTY = 76;

describe.skipIf(missing)('a mailbox of hostile mail, synced from Dovecot and listed by a plan', () => {
  let server: DovecotServer;
  let p: Profile;
  let accountId: string;

  beforeAll(async () => {
    server = await startDovecot();
    server.writeMaildir('INBOX', [
      ...Array.from({ length: ORDINARY }, (_, i) => ({
        raw: rawMessage({ n: i + 1, body: `Body ${i}\n`.repeat(40) }),
      })),
      ...nastyMessages(NASTY, ORDINARY + 1).map((raw) => ({ raw })),
    ]);
    p = freshProfile();
    accountId = (await addServerAccount(p, server)).id;
    await syncOnce(p);
  }, 120_000);

  afterAll(async () => {
    p?.close();
    await server?.stop();
  });

  it('lists every message through a plan, twice, and the run completes', async () => {
    expect(syncedCount(p, 'INBOX')).toBe(ORDINARY + NASTY);
    const plan = `const all = await listEmails({ folder: 'INBOX', limit: 500 }); return all.map((m) => m.subject);`;
    for (let i = 0; i < 2; i++) {
      const { report } = await runOnProfile(p, { plan, accountId });
      expect(report.error).toBeNull();
      expect(report.status).toBe('completed');
      expect(report.result).toHaveLength(ORDINARY + NASTY);
      const subjects = report.result as string[];
      expect(subjects.some((s) => s.length >= 19_000)).toBe(true);
    }
  }, 120_000);

  it('reads each hostile message whole with getEmail, ending every run completed, failed or limit', async () => {
    const plan = `const all = await listEmails({ folder: 'INBOX', limit: 500 });
      const out = [];
      for (const m of all.slice(0, ${NASTY})) { const e = await getEmail(m.id); out.push([e.subject.length, e.body.length]); }
      return out;`;
    const { report } = await runOnProfile(p, { plan, accountId });
    expect(['completed', 'failed', 'limit']).toContain(report.status);
    if (report.status !== 'completed') expect(report.error?.message).toMatch(/\w/);
  }, 120_000);
});
