/**
 * A run in the engine worker reads its mail from the profile's database as it goes
 * (main/runs/store-mail.ts) instead of receiving the mailbox as text: over a real SQLite profile
 * (the demo's mail and 6,000 generated messages, more than a triage run sees), every plan —
 * listing, paging with `before`, search, getEmail, archive then list, triage and its replies —
 * gets the very report (result, labels, lineage, decisions, claims) and effects the copied
 * mailbox gave, in the worker and in this thread (all but one answer in this thread only); and a
 * worker run's archive reaches the store.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../engine/ifc/labeled-value';
import { loadPolicy, PRESETS } from '../../../engine/policy';
import { WorldState, type World } from '../../../engine/world';
import { answerPlaybook, triagePlaybook } from '../../../main/assistant/triage';
import { EngineHost, type WorkerRun } from '../../../main/engine-host/engine-host';
import { recordedRun } from '../../../main/engine-host/recorded-run';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { worldOf } from '../../../main/profile/world-io';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { storeEmailSource } from '../../../main/runs/store-email-source';
import type { Account } from '../../../main/store/repositories';
import { firstSubjectsPlan, WHOLE_MAILBOX_LIMITS } from '../../bench/listing';
import { WORDS } from '../../bench/mailbox';
import { fillMessages } from '../../bench/store';

/** What a triage run sees (main/runs/run-on-profile.ts TRIAGE_MAILBOX). */
const TRIAGE_MAILBOX = 5_000;
const ORGANIZING = `version: 1
name: organizing
rules:
  - id: test/organize
    tools: [listEmails, archiveEmail, markRead, deleteEmail]
    decision: allow
    reason: this test organizes the mail it lists
`;

let p: Profile;
let account: Account;
const engine = new EngineHost();
const clock = (): Date => new Date('2026-03-16T09:00:00Z');

beforeAll(() => {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-worker-mail-')), 'p'));
  fillMessages(p, 6_000);
  account = p.primaryAccount();
});
afterAll(async () => {
  await engine.close();
  p?.close();
});

/**
 * The account's world as runs copied it before: every message, or only the newest `newest`. Read
 * once per bound: no plan compared here changes the store (a run's effects stay in its report;
 * only the last test writes, through `runOnProfile`), and a run clones the world it is given.
 */
const copies = new Map<number | undefined, World>();
function copied(newest?: number): World {
  const cached = copies.get(newest);
  if (cached) return cached;
  const w = worldOf(p.repos, account, clock);
  const kept = newest === undefined ? null : new Set(p.repos.worldMail.newest(account.id, newest).ids);
  const copy = kept
    ? { ...w, emails: w.emails.filter((e) => kept.has(e.id)), trash: w.trash.filter((e) => kept.has(e.id)) }
    : w;
  copies.set(newest, copy);
  return copy;
}

interface Case {
  readonly plan: string;
  readonly input?: Json;
  readonly policy?: string;
  readonly newest?: number;
}

/** A run's outcome without its duration (the one thing two equal runs differ in). */
const outcome = (r: Pick<WorkerRun, 'report' | 'effects' | 'decisions' | 'findings'>) => ({
  ...r,
  report: { ...r.report, stats: { ...r.report.stats, ms: 0 } },
});

async function inWorker(c: Case, world: World, paged: boolean) {
  return outcome(
    await engine.run({
      plan: c.plan,
      mode: 'strict',
      world: { text: JSON.stringify(world), file: 'profile-account.json' },
      ...(paged
        ? {
            mail: {
              database: p.files.database,
              accountId: account.id,
              ...(c.newest !== undefined ? { newest: c.newest } : {}),
            },
          }
        : {}),
      policy: { text: c.policy ?? PRESETS.default!, file: 'policy.yaml' },
      ...(c.input !== undefined ? { input: c.input } : {}),
      limits: WHOLE_MAILBOX_LIMITS,
    }),
  );
}

async function inThread(c: Case, paged: boolean) {
  const policy = loadPolicy(c.policy ?? PRESETS.default!);
  if (!policy.ok) throw new Error(JSON.stringify(policy.errors));
  const world = paged
    ? new WorldState(
        worldOf(p.repos, account, clock, { mail: false }),
        storeEmailSource(p.repos.worldMail, account, c.newest !== undefined ? { newest: c.newest } : {}),
      )
    : new WorldState(copied(c.newest));
  const r = await recordedRun({
    plan: c.plan,
    world,
    policy: policy.policy,
    mode: 'strict',
    ...(c.input !== undefined ? { input: c.input } : {}),
    limits: WHOLE_MAILBOX_LIMITS,
  });
  return outcome({ report: r.report, effects: r.effects, decisions: r.gateInputs, findings: r.findings });
}

/**
 * The copy's outcome, in the worker and in this thread; the store's must equal it in each. (The
 * two differ in date texts only: the worker's world crossed as a world file, which normalises
 * them, `…:00.000Z` to `…:00Z`.) `threadOnly` compares in this thread alone: the worker's copy is
 * the costly run (the copied world parsed and labeled again each time, about 2 s for 5,000 emails
 * on a loaded 2-core machine, ten times the other three).
 */
async function expectSame(c: Case, o: { threadOnly?: boolean } = {}): Promise<ReturnType<typeof outcome>> {
  const copy = o.threadOnly ? undefined : await inWorker(c, copied(c.newest), false);
  if (copy) expect(await inWorker(c, worldOf(p.repos, account, clock, { mail: false }), true)).toEqual(copy);
  const threadCopy = await inThread(c, false);
  expect(await inThread(c, true)).toEqual(threadCopy);
  return copy ?? threadCopy;
}

const demoIds = (n: number): string[] =>
  p.repos.worldMail
    .forWorld(account.id)
    .filter((m) => !m.id.match(/^m\d+$/))
    .slice(0, n)
    .map((m) => m.id);

describe('a worker run over the store answers as over the copied mailbox', () => {
  it('lists, and pages with before through the Inbox and the Archive', async () => {
    const listing = await expectSame({ plan: 'return await listEmails({ limit: 30 });' });
    expect(listing.report.status).toBe('completed');
    expect(listing.report.resultLabel).not.toBeNull();
    const paging = await expectSame({ plan: firstSubjectsPlan(1_000) });
    expect((paging.report.result as string[]).length).toBe(1_000);
    await expectSame({
      plan: `const out = [];
        let page = await listEmails({ folder: 'archive', limit: 200 });
        while (page.length && out.length < 400) {
          for (const m of page) out.push(m.id + ' ' + m.date);
          page = await listEmails({ folder: 'archive', limit: 200, before: page[page.length - 1].id });
        }
        return { out, unread: (await listEmails({ unreadOnly: true, limit: 50 })).map((m) => m.subject) };`,
    });
  }, 300_000);

  it('searches by words and by sender, and reads whole emails', async () => {
    const search = await expectSame({
      plan: `return {
        words: await searchEmails({ query: input.word, limit: 40 }),
        from: await searchEmails({ from: 's7@example.test', limit: 5 }),
        none: await searchEmails({ query: 'no such words here' }),
      };`,
      input: { word: WORDS[5]! },
    });
    expect((search.report.result as { words: unknown[] }).words.length).toBe(40);
    const ids = [...demoIds(3), 'm5999', 'm0'];
    await expectSame({ plan: 'return await Promise.all(input.ids.map((id) => getEmail(id)));', input: { ids } });
    // An id that is no email fails alike.
    const missing = await expectSame({ plan: "return await getEmail('no-such-email');" });
    expect(missing.report.status).not.toBe('completed');
  }, 300_000);

  it('sees what it archived in its later listings', async () => {
    const plan = `
      const moved = [];
      for (const m of await listEmails({ limit: 3 })) {
        await archiveEmail(m.id);
        moved.push(m.id);
      }
      const read = [];
      for (const m of await listEmails({ unreadOnly: true, limit: 2 })) {
        await markRead(m.id);
        read.push(m.id);
      }
      // Deleted out of date order: the run reports its trash in the world's order.
      for (const id of [moved[2], read[0], moved[0]]) await deleteEmail(id);
      return {
        moved,
        inbox: await listEmails({ limit: 5 }),
        archive: (await listEmails({ folder: 'Archive', limit: 20 })).map((m) => m.id),
        unread: (await listEmails({ unreadOnly: true, limit: 5 })).map((m) => m.id),
      };`;
    const r = await expectSame({ plan, policy: ORGANIZING });
    expect(r.effects.changes.map((c) => c.action)).toEqual([
      'archive',
      'archive',
      'archive',
      'markRead',
      'markRead',
      'delete',
      'delete',
      'delete',
    ]);
    expect(r.effects.trash).toHaveLength(3);
  }, 300_000);

  it('triages and answers as over the newest 5,000 copied, the bound included', async () => {
    const ids = demoIds(12);
    const triage = await expectSame({
      plan: triagePlaybook(),
      input: { ids, suspicious: [], calendar: true },
      newest: TRIAGE_MAILBOX,
    });
    expect(triage.report.status).toBe('completed');
    // The first answer in both; the other five in this thread only: the worker's store reader
    // answers their reads (getEmail, searchEmails) as compared for the first and for every other
    // plan here, and its copy of 5,000 emails was a quarter of this file's time.
    for (const [i, id] of ids.slice(0, 6).entries())
      await expectSame(
        { plan: answerPlaybook(), input: { id, signature: 'Maya' }, newest: TRIAGE_MAILBOX },
        { threadOnly: i > 0 },
      );
    // Beyond the bound: the oldest message is no email of a triage run, and a search finds none older.
    const bounded = await expectSame({
      plan: `let old = null;
        try { old = await getEmail('m0'); } catch (e) { old = String(e.message); }
        return { old, count: (await searchEmails({ query: input.word, limit: 500 })).length };`,
      input: { word: WORDS[5]! },
      newest: TRIAGE_MAILBOX,
    });
    expect((bounded.report.result as { old: unknown }).old).toEqual(expect.any(String));
  }, 600_000);

  it('refuses, naming it, a database or an account it cannot read', async () => {
    const job = (mail: { database: string; accountId: string }) =>
      engine.run({
        plan: 'return 1;',
        mode: 'strict',
        world: {
          text: JSON.stringify(worldOf(p.repos, account, clock, { mail: false })),
          file: 'profile-account.json',
        },
        mail,
      });
    const missing = join(tmpdir(), 'zamburak-no-such-profile', 'zamburak.db');
    await expect(job({ database: missing, accountId: account.id })).rejects.toThrow(
      expect.objectContaining({ kind: 'InternalError', message: expect.stringContaining(missing) }),
    );
    await expect(job({ database: p.files.database, accountId: 'nobody' })).rejects.toThrow(
      /the run's account nobody is not in/,
    );
  }, 120_000);

  it('writes what a worker run archived into the store after the run', async () => {
    const newest = p.repos.worldMail.forWorld(account.id).find((m) => m.folder === 'INBOX')!;
    // The app's runs use the profile's policy in force (a run with a policy of its own stays in this thread).
    p.repos.policies.save({ yaml: ORGANIZING, changedBy: 'test', changedAt: clock().toISOString() });
    const plan = 'const [m] = await listEmails({ limit: 1 }); await archiveEmail(m.id); return m.id;';
    const r = await runOnProfile(p, { plan, engine });
    expect(r.report.error).toBeNull();
    expect(r.report.result).toBe(newest.id);
    expect(p.repos.worldMail.one(account.id, newest.id)?.folder).toBe('Archive');
  }, 120_000);
});
