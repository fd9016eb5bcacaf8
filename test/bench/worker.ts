/**
 * Runs in the engine worker (the app's runs) over a profile of 100,000 messages (`store.ts`
 * `fillMessages`), the worker reading the mail from the profile's database as the run goes
 * (main/runs/store-mail.ts), interleaved in the same run with:
 * - the same run over a profile with only the demo's mail (the baseline: a start that does not
 *   grow with the mailbox reads ~1×);
 * - the same run as the worker got it before: the whole mailbox as world text (a triage run: the
 *   newest 5,000), built, sent and parsed again in the worker.
 * Plans: one that does nothing (`return 1;`, the whole time to its first instruction and its
 * end), the newest 10,000 subjects through the cursor, and a triage batch of 25 (the newest 5,000
 * for both). Every time is the worker call alone (`EngineHost.run`), the world's text included;
 * the recording after it is the same for both. Nothing here asserts on time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRESETS } from '../../engine/policy';
import type { World } from '../../engine/world';
import { triagePlaybook } from '../../main/assistant/triage';
import { EngineHost, EngineHostError } from '../../main/engine-host/engine-host';
import { openProfile, type Profile } from '../../main/profile/profile';
import { worldOf } from '../../main/profile/world-io';
import { firstSubjectsPlan, WHOLE_MAILBOX_LIMITS } from './listing';
import { fillMessages } from './store';

const TRIAGE_MAILBOX = 5_000;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

interface Job {
  readonly plan: string;
  readonly input?: unknown;
  readonly newest?: number;
}

/** The world a worker run got before: every message, or the newest few, as text. */
function copiedWorld(p: Profile, newest: number | undefined): World {
  const account = p.primaryAccount();
  const w = worldOf(p.repos, account, () => new Date());
  if (newest === undefined) return w;
  const kept = new Set(p.repos.worldMail.newest(account.id, newest).ids);
  return { ...w, emails: w.emails.filter((e) => kept.has(e.id)), trash: w.trash.filter((e) => kept.has(e.id)) };
}

async function workerRun(engine: EngineHost, p: Profile, job: Job, copy: boolean): Promise<WorkerSide> {
  const account = p.primaryAccount();
  const t0 = performance.now();
  const world = copy ? copiedWorld(p, job.newest) : worldOf(p.repos, account, () => new Date(), { mail: false });
  const status = await engine
    .run({
      plan: job.plan,
      mode: 'strict',
      world: { text: JSON.stringify(world), file: 'profile-account.json' },
      ...(copy
        ? {}
        : {
            mail: {
              database: p.files.database,
              accountId: account.id,
              ...(job.newest !== undefined ? { newest: job.newest } : {}),
            },
          }),
      policy: { text: PRESETS.default!, file: 'preset-default.yaml' },
      ...(job.input !== undefined ? { input: job.input } : {}),
      limits: WHOLE_MAILBOX_LIMITS,
    })
    .then(
      (r) => r.report.status,
      // A worker that runs out of heap ends the app's run as a memory limit (run-on-profile.ts).
      (e: unknown) => {
        if (e instanceof EngineHostError && e.kind === 'WorkerDied') return 'worker out of heap';
        throw e;
      },
    );
  return { ms: performance.now() - t0, status };
}

export interface WorkerSide {
  readonly ms: number;
  readonly status: string;
}
export interface WorkerCase {
  readonly name: string;
  readonly store: WorkerSide;
  readonly baseline: WorkerSide;
  readonly copy: WorkerSide;
}
export interface WorkerBench {
  readonly messages: number;
  readonly copyHeapMb: number;
  readonly load: readonly number[];
  readonly cases: readonly WorkerCase[];
}

/**
 * `copyHeapMb`: the worker's heap for the copy (default the app's, 256 MiB, in which the copy of
 * 100,000 messages runs out of heap: the app's run ended as a memory limit).
 */
export async function benchWorker(n = 100_000, rounds = 5, copyHeapMb?: number): Promise<WorkerBench> {
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-bench-worker-'));
  const big = openProfile(join(dir, 'big'));
  const small = openProfile(join(dir, 'small'));
  const engine = new EngineHost();
  // A worker of its own: a copy that runs out of heap restarts only its worker, and the store's
  // runs never pay for that restart.
  const copying = new EngineHost(copyHeapMb === undefined ? {} : { maxHeapMb: copyHeapMb });
  try {
    fillMessages(big, n);
    const demo = (p: Profile): string[] =>
      p.repos.worldMail
        .forWorld(p.primaryAccount().id)
        .filter((m) => !/^m\d+$/.test(m.id))
        .slice(0, 25)
        .map((m) => m.id);
    const jobs: { name: string; job: (p: Profile) => Job; rounds: number }[] = [
      { name: 'return 1;', job: () => ({ plan: 'return 1;' }), rounds },
      { name: 'the newest 10,000 subjects', job: () => ({ plan: firstSubjectsPlan(10_000) }), rounds: 1 },
      {
        name: 'a triage batch of 25 (newest 5,000)',
        job: (p) => ({
          plan: triagePlaybook(),
          input: { ids: demo(p), suspicious: [], calendar: false },
          newest: TRIAGE_MAILBOX,
        }),
        rounds,
      },
    ];
    const cases: WorkerCase[] = [];
    for (const { name, job, rounds: k } of jobs) {
      const sides = { store: [] as WorkerSide[], baseline: [] as WorkerSide[], copy: [] as WorkerSide[] };
      // Interleaved, after a warm-up each: the machine's load falls on all three alike.
      for (let i = -1; i < k; i++) {
        const store = await workerRun(engine, big, job(big), false);
        const baseline = await workerRun(engine, small, job(small), false);
        const copy = await workerRun(copying, big, job(big), true);
        if (i < 0) continue;
        sides.store.push(store);
        sides.baseline.push(baseline);
        sides.copy.push(copy);
      }
      const mid = (xs: WorkerSide[]): WorkerSide => ({
        ms: Math.round(median(xs.map((x) => x.ms))),
        status: [...new Set(xs.map((x) => x.status))].join('/'),
      });
      cases.push({ name, store: mid(sides.store), baseline: mid(sides.baseline), copy: mid(sides.copy) });
    }
    return { messages: n, copyHeapMb: copyHeapMb ?? 256, load: loadavg().map((l) => Math.round(l * 10) / 10), cases };
  } finally {
    await engine.close();
    await copying.close();
    big.close();
    small.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printWorker(b: WorkerBench): void {
  console.log(`\nruns in the engine worker over a ${b.messages}-message profile (load ${b.load.join(', ')})`);
  for (const c of b.cases)
    console.log(
      `  ${c.name}: ${c.store.ms} ms reading the store (${c.store.status}) vs ${c.baseline.ms} ms over the demo's ` +
        `mail alone (${(c.store.ms / c.baseline.ms).toFixed(2)}×) vs ${c.copy.ms} ms with the mailbox sent as text to a worker of ${b.copyHeapMb} MiB ` +
        `(${c.copy.status}; ${(c.copy.ms / c.store.ms).toFixed(1)}× the store's)`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`)
  printWorker(
    await benchWorker(
      Number(process.env.WORKER_MESSAGES ?? 100_000),
      Number(process.env.WORKER_ROUNDS ?? 5),
      process.env.WORKER_COPY_HEAP_MB ? Number(process.env.WORKER_COPY_HEAP_MB) : undefined,
    ),
  );
