/**
 * A plan over a profile reads its mail from the store as it goes (main/runs/store-email-source.ts):
 * over a real SQLite profile of generated messages — more than a triage run copies (5,000) and
 * more than the plan lists — it pages through the newest 6,000 subjects of the Inbox with
 * `before` (10,000 under `npm run fuzz`), within its limits, in exactly the store's order; and what
 * it changes is seen by its own later listings and reaches the store after the run. Past the
 * triage bound is what the store's cursor adds: engine/world/whole-mailbox lists 10,000 in memory.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPolicy, type Policy } from '../../../engine/policy';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { firstSubjectsPlan, WHOLE_MAILBOX_LIMITS } from '../../bench/listing';
import { fillMessages } from '../../bench/store';
import { budget } from '../../setup/budget';

/** Subjects the plan lists: past a triage run's 5,000, the rest of the file's time. */
const LISTED = budget(6_000, 10_000);
const GENERATED = LISTED + 2_000;
let p: Profile;

beforeAll(() => {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-paged-')), 'p'));
  fillMessages(p, GENERATED);
});
afterAll(() => p?.close());

/** The Inbox's subjects newest first, as the store orders them (every date is a distinct minute). */
const storedSubjects = (n: number): string[] =>
  (
    p.db.prepare(`SELECT subject FROM messages WHERE folder = 'INBOX' ORDER BY date DESC, id DESC LIMIT ?`).all(n) as {
      subject: string;
    }[]
  ).map((r) => r.subject);

/** A policy that lets the plan organize the mail it lists (the default asks first). */
function organizing(): Policy {
  const r = loadPolicy(`version: 1
name: organizing
rules:
  - id: test/organize
    tools: [listEmails, archiveEmail, markRead]
    decision: allow
    reason: this test organizes the mail it lists
`);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.policy;
}

describe('a plan over a profile larger than any copy', () => {
  it(`lists the subjects of ${LISTED.toLocaleString('en')} messages through the cursor`, async () => {
    const r = await runOnProfile(p, { plan: firstSubjectsPlan(LISTED), limits: WHOLE_MAILBOX_LIMITS });
    expect(r.report.error).toBeNull();
    expect(r.report.status).toBe('completed');
    expect(r.report.result).toEqual(storedSubjects(LISTED));
  }, 900_000);

  it('sees its own changes in later listings, and the store has them after the run', async () => {
    const [, , third] = storedSubjects(3);
    const plan = `
      const moved = [];
      for (const m of await listEmails({ limit: 2 })) {
        await archiveEmail(m.id);
        moved.push(m.id);
      }
      const read = [];
      for (const m of await listEmails({ unreadOnly: true, limit: 1 })) {
        await markRead(m.id);
        read.push(m.id);
      }
      const inbox = await listEmails({ limit: 1 });
      const archive = await listEmails({ folder: 'Archive', limit: 500 });
      const unread = await listEmails({ unreadOnly: true, limit: 500 });
      return {
        first: inbox[0].subject,
        archived: archive.filter((m) => moved.includes(m.id)).length,
        stillUnread: unread.filter((m) => read.includes(m.id)).length,
      };`;
    const r = await runOnProfile(p, { plan, policy: organizing(), limits: WHOLE_MAILBOX_LIMITS });
    expect(r.report.error).toBeNull();
    expect(r.report.result).toEqual({ first: third, archived: 2, stillUnread: 0 });
    expect(r.effects.changes.map((c) => c.action)).toEqual(['archive', 'archive', 'markRead']);
    expect(storedSubjects(1)).toEqual([third]);
  }, 300_000);
});
