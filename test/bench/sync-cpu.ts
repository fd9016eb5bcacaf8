/**
 * CPU time (this process, `process.cpuUsage`) of the first sync's header pass against raw
 * imapflow fetching every full source from the same Dovecot, interleaved: on a shared machine the
 * wall clock drifts with the load, the CPU a pass costs much less. `npx tsx test/bench/sync-cpu.ts
 * [messages] [repetitions] [other checkout]`; `node --cpu-prof --import tsx test/bench/sync-cpu.ts` for a
 * profile. With the path of another checkout (`git worktree add --detach DIR COMMIT`, `node_modules`
 * linked), its header pass runs too, each repetition after this one's on the same server: an A/B
 * of two sync codes against one raw fetch. Prints medians; writes nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { syncAccounts } from '../../main/accounts/accounts';
import type { Profile } from '../../main/profile/profile';
import { DOVECOT_BIN, startDovecot } from '../integration/servers/dovecot';
import { imapProfile } from './mailbox';
import { benchMessage } from './sync';

const n = Number(process.argv[2] ?? 2000);
const reps = Number(process.argv[3] ?? 5);
const other = process.argv[4];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/**
 * CPU of the process (every thread), of the main thread alone, the main thread's busy time
 * (event-loop utilisation: on a loaded machine also the time it waited for a core) and wall
 * time, in ms. With the listings written in another thread (main/mail/listing-writer.ts), a pass
 * on an idle 2-core machine takes about the larger of the main thread's CPU and the rest's.
 */
interface Timed {
  cpu: number;
  mainCpu: number;
  /** The other threads' CPU (the listing writer's, libuv's, the GC's helpers'): `cpu` less `mainCpu`. */
  otherCpu: number;
  main: number;
  wall: number;
}

/** The main thread's time on a CPU so far (Linux's schedstat, in ns), in ms; 0 where there is none. */
const mainThreadCpu = (): number => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
};

async function cpuOf(f: () => Promise<unknown>): Promise<Timed> {
  const c0 = process.cpuUsage();
  const m0 = mainThreadCpu();
  const e0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  await f();
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  const mainCpu = mainThreadCpu() - m0;
  return {
    cpu,
    mainCpu,
    otherCpu: cpu - mainCpu,
    main: performance.eventLoopUtilization(e0).active,
    wall: performance.now() - t0,
  };
}

if (!existsSync(DOVECOT_BIN)) {
  console.log(`skipped: Dovecot is not installed (${DOVECOT_BIN})`);
} else {
  const server = await startDovecot();
  try {
    server.writeMaildir(
      'INBOX',
      Array.from({ length: n }, (_, i) => ({ raw: benchMessage(i + 1) })),
    );
    const raw = async () => {
      const c = await server.client();
      const lock = await c.getMailboxLock('INBOX');
      for await (const m of c.fetch('1:*', { uid: true, flags: true, source: true }))
        if (!m.source) throw new Error('no source');
      lock.release();
      await c.logout();
    };
    type Code = { sync: typeof syncAccounts; profile: (dir: string, s: typeof server) => Promise<Profile> };
    const codes: Code[] = [{ sync: syncAccounts, profile: imapProfile }];
    if (other)
      codes.push({
        sync: ((await import(join(other, 'main/accounts/accounts.ts'))) as { syncAccounts: typeof syncAccounts })
          .syncAccounts,
        profile: ((await import(join(other, 'test/bench/mailbox.ts'))) as { imapProfile: typeof imapProfile })
          .imapProfile,
      });
    /** The header pass into a fresh profile (made before the timing starts). */
    const listing = async (code: Code) => {
      const dir = mkdtempSync(join(tmpdir(), 'zamburak-sync-cpu-'));
      const p = await code.profile(dir, server);
      const timed = await cpuOf(async () => {
        const [r] = await code.sync(p, { folders: ['INBOX'], headersOnly: true });
        if (r?.report?.folders[0]?.added !== n) throw new Error(`listing: ${JSON.stringify(r)}`);
      });
      p.close();
      rmSync(dir, { recursive: true, force: true });
      return timed;
    };
    await raw(); // warm-up: Dovecot's index and the page cache
    for (const code of codes) await listing(code);
    const s = { raw: [] as Timed[], listing: [] as Timed[], other: [] as Timed[] };
    for (let i = 0; i < reps; i++) {
      s.raw.push(await cpuOf(raw));
      s.listing.push(await listing(codes[0]!));
      if (codes[1]) s.other.push(await listing(codes[1]));
    }
    const med = (xs: Timed[], k: keyof Timed) => median(xs.map((x) => x[k]));
    const pass = (xs: Timed[], k: keyof Timed, name: string) =>
      `${name} ${Math.round(med(xs, k))} ms (ratio ${(med(s.raw, k) / med(xs, k)).toFixed(2)})`;
    const line = (k: keyof Timed, what: string) =>
      `${what}: raw fetch ${Math.round(med(s.raw, k))} ms, ${pass(s.listing, k, 'header pass')}` +
      (other ? `, other checkout's ${pass(s.other, k, 'header pass')}` : '');
    console.log(
      `${n} messages, ${reps} repetitions, load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(
          ' ',
        )}\n${line('cpu', 'CPU, every thread')}\n${line('mainCpu', 'CPU, main thread')}\n${line('otherCpu', 'CPU, other threads')}\n${line('main', 'main thread busy')}\n${line('wall', 'wall')}`,
    );
    console.log(JSON.stringify(s));
  } finally {
    await server.stop();
  }
}
