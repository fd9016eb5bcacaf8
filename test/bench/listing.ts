/**
 * A plan that reads the subject of every message of a 10,000-message mailbox, page by page
 * (`listEmails({limit: 500, before})`), in STRICT mode: how long it takes, with how many labels,
 * and the run's status, within the default limits but the wall clock (`WHOLE_MAILBOX_LIMITS`). Bodies are 6,000 characters, so each listed body is cut (bodyCut).
 *
 * And the same over a profile of 100,000 messages (`benchProfileListing`): a run reads its mail
 * from the store as it goes, so its first instruction comes as soon as on a profile with only the
 * demo's mail (the baseline, in the same run); next to it, the copy of the whole mailbox a run
 * made before (the world built from every message), and the plan listing 10,000 subjects.
 * Nothing here asserts on time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulate } from '../../engine/run/simulate';
import { WorldState, type Email, type World } from '../../engine/world';
import { openProfile, type Profile } from '../../main/profile/profile';
import { worldOf } from '../../main/profile/world-io';
import { runOnProfile } from '../../main/runs/run-on-profile';
import { fillMessages } from './store';
import { mailWorld } from '../engine/world/mail-world';

export const PAGE_PLAN = `const subjects = [];
let page = await listEmails({ limit: 500 });
while (page.length) {
  for (const m of page) subjects.push(m.subject);
  page = await listEmails({ limit: 500, before: page[page.length - 1].id });
}
return subjects;`;

/**
 * The defaults but the wall clock: a plan reading a whole mailbox fits every other default limit
 * (engine README "Limits"); the wall time is what the bench measures, on a machine whose load
 * it cannot choose.
 */
export const WHOLE_MAILBOX_LIMITS = { wallMs: 600_000 };

export function mailboxWorld(n: number, bodyChars = 6_000): World {
  const emails: Email[] = Array.from({ length: n }, (_, i) => ({
    id: `e${i}`,
    folder: 'INBOX',
    from: `sender${i % 300}@example.test`,
    to: ['alice@example.test'],
    cc: [],
    subject: `Subject ${i}`,
    date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    body: `Message ${i}. `.padEnd(bodyChars, 'x'),
    unread: i % 2 === 0,
    threadId: `t${i}`,
    labels: [],
  }));
  return mailWorld(emails);
}

export interface ListingBench {
  messages: number;
  status: string;
  subjects: number;
  ms: number;
  labels: number;
  steps: number;
}

export async function benchListing(n = 10_000): Promise<ListingBench> {
  const world = new WorldState(mailboxWorld(n));
  const t0 = performance.now();
  const { report } = await simulate({ plan: PAGE_PLAN, world, limits: WHOLE_MAILBOX_LIMITS });
  return {
    messages: n,
    status: report.status,
    subjects: Array.isArray(report.result) ? report.result.length : 0,
    ms: Math.round(performance.now() - t0),
    labels: report.stats.labels,
    steps: report.stats.steps,
  };
}

export function printListing(b: ListingBench): void {
  console.log(`\nevery subject of a ${b.messages}-message mailbox, paged by a STRICT plan`);
  console.log(`  ${b.status}: ${b.subjects} subjects in ${b.ms} ms (${b.labels} labels)`);
}

/** Reads the subjects of the newest `n` messages of the Inbox, page by page; returns them. */
export const firstSubjectsPlan = (n: number): string => `const subjects = [];
let page = await listEmails({ limit: 500 });
while (page.length && subjects.length < ${n}) {
  for (const m of page) subjects.push(m.subject);
  page = await listEmails({ limit: 500, before: page[page.length - 1].id });
}
return subjects;`;

export interface ProfileListingBench {
  messages: number;
  /** A plan that does nothing (`return 1`), whole run, over the big profile and over the demo's mail. */
  firstInstructionMs: number;
  baselineMs: number;
  ratio: number;
  /** What a run spent before its first instruction until now: the whole mailbox copied into its world. */
  copyMs: number;
  /** The plan reading the newest `listed` subjects of the Inbox: wall and CPU time (the process), labels. */
  listed: number;
  listing: { status: string; subjects: number; ms: number; cpuMs: number; labels: number; error: string | null };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
async function timed(f: () => unknown): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

export async function benchProfileListing(n = 100_000, listed = 10_000): Promise<ProfileListingBench> {
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-bench-paged-'));
  const open = (name: string): Profile => openProfile(join(dir, name));
  const big = open('big');
  const small = open('small');
  try {
    fillMessages(big, n);
    const trivial = (p: Profile) => () => runOnProfile(p, { plan: 'return 1;' });
    // Interleaved, after three warm-ups each: the machine's load falls on both alike.
    const first: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < 3; i++) {
      await trivial(big)();
      await trivial(small)();
    }
    for (let i = 0; i < 5; i++) {
      first.push(await timed(trivial(big)));
      base.push(await timed(trivial(small)));
    }
    const account = big.primaryAccount();
    const copyMs = await timed(() => new WorldState(worldOf(big.repos, account, () => new Date())));
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const { report } = await runOnProfile(big, { plan: firstSubjectsPlan(listed), limits: WHOLE_MAILBOX_LIMITS });
    const cpu = process.cpuUsage(cpu0);
    const listing = {
      status: report.status,
      subjects: Array.isArray(report.result) ? report.result.length : 0,
      ms: Math.round(performance.now() - t0),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      labels: report.stats.labels,
      error: report.error?.message ?? null,
    };
    const firstInstructionMs = median(first);
    const baselineMs = median(base);
    return {
      messages: n,
      firstInstructionMs: Math.round(firstInstructionMs),
      baselineMs: Math.round(baselineMs),
      ratio: Math.round((firstInstructionMs / baselineMs) * 100) / 100,
      copyMs: Math.round(copyMs),
      listed,
      listing,
    };
  } finally {
    big.close();
    small.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printProfileListing(b: ProfileListingBench): void {
  console.log(`
a plan over a ${b.messages}-message profile (mail read from the store as the run goes)`);
  console.log(
    `  a plan that does nothing: ${b.firstInstructionMs} ms vs ${b.baselineMs} ms over the demo's mail alone (${b.ratio}×); ` +
      `the whole mailbox copied into a world, as runs did before: ${b.copyMs} ms`,
  );
  console.log(
    `  the newest ${b.listed} subjects, paged: ${b.listing.status}, ${b.listing.subjects} subjects in ${b.listing.ms} ms ` +
      `(${b.listing.cpuMs} ms of CPU, ${b.listing.labels} labels)` +
      (b.listing.error ? ` (${b.listing.error})` : ''),
  );
}
