/**
 * A plan over a profile sees the whole mailbox, not its newest few thousand: a real SQLite
 * profile with 5,100 generated messages besides the demo mail (written straight into the store,
 * as a sync would leave them) holds all of them in its world, pages with `listEmails({ before })`
 * past the 5,000th to the end, and reads the oldest by id.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfile, DEMO_ACCOUNT_ID, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { worldOf } from '../../../main/profile/world-io';

const GENERATED = 5_100;
let p: Profile;

beforeAll(() => {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-whole-')), 'p'));
  const insert = p.db.prepare(
    `INSERT INTO messages (id, account_id, folder, thread_id, from_addr, to_addrs, cc_addrs, subject, date, body, unread)
     VALUES (?, ?, ?, ?, 'Sender <s@bulk.test>', '["me@demo.test"]', '[]', ?, ?, ?, 1)`,
  );
  // One message a minute going back from 2020, so every generated message is older than the demo mail.
  const start = Date.parse('2020-01-01T00:00:00Z');
  p.db.transaction(() => {
    for (let i = 0; i < GENERATED; i++)
      insert.run(
        `bulk-${i}`,
        DEMO_ACCOUNT_ID,
        i % 3 === 0 ? 'Archive' : 'INBOX',
        `t-bulk-${i}`,
        `Bulk ${i}`,
        new Date(start - i * 60_000).toISOString(),
        `Body of bulk message ${i}.`,
      );
  })();
});
afterAll(() => p?.close());

const stored = (): number =>
  (
    p.db
      .prepare(`SELECT COUNT(*) AS n FROM messages WHERE account_id = ? AND folder <> 'Trash'`)
      .get(DEMO_ACCOUNT_ID) as { n: number }
  ).n;

describe('a plan over a large profile', () => {
  it('holds every message of the store in its world', () => {
    const w = worldOf(p.repos, p.repos.accounts.get(DEMO_ACCOUNT_ID)!, () => new Date());
    expect(stored()).toBeGreaterThan(GENERATED);
    expect(w.emails.length).toBe(stored());
    expect(w.emails.at(-1)?.id).toBe(`bulk-${GENERATED - 1}`);
  });

  // Pages past the 5,000th message to the end (listing all of them works the same, only slower).
  it('pages with before past the newest 5,000 to the end of the store', async () => {
    const plan = `
      const ids = [];
      let page = await listEmails({ folder: 'all', limit: 500, before: 'bulk-${GENERATED - 150}' });
      while (page.length) {
        for (const m of page) ids.push(m.id);
        page = await listEmails({ folder: 'all', limit: 60, before: page[page.length - 1].id });
      }
      return ids;`;
    const r = await runOnProfile(p, { plan });
    expect(r.report.status).toBe('completed');
    expect(r.report.result).toEqual(Array.from({ length: 149 }, (_, i) => `bulk-${GENERATED - 149 + i}`));
  });

  it('reads the oldest message whole by its id', async () => {
    const r = await runOnProfile(p, { plan: `return (await getEmail('bulk-${GENERATED - 1}')).subject;` });
    expect(r.report.status).toBe('completed');
    expect(r.report.result).toBe(`Bulk ${GENERATED - 1}`);
  });

  it('keeps a triage run, which reads only the newest mail it is given, to the newest 5,000', async () => {
    const plan = `return (await listEmails({ folder: 'all', limit: 500, before: 'bulk-${GENERATED - 150}' })).length;`;
    const r = await runOnProfile(p, { plan, kind: 'triage' });
    expect(r.report.status).toBe('failed');
    expect(r.report.error?.message).toMatch(/before: expected the id of an email this listing holds/);
  });
});
