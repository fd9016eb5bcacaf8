/**
 * Triage, audit verification and the firewall in CPU time, this checkout against another one, for
 * a machine shared with other work: `npx tsx test/bench/ab-cpu.ts /path/to/other [reps]` (the other
 * checkout a `git worktree` of an earlier commit with `node_modules` linked, as for cpu.ts).
 *
 * Both are loaded in this process and run interleaved, the order swapped every round: triage of
 * the bench world's 320 emails with drafts (`triageWorld`), verifying a 100,001-entry audit chain
 * (`AuditLog.verify`) and `firewallValue` over 10 KB of typical and of dense mail (the texts of
 * gate-firewall.ts). Prints each side's median and minimum CPU time (`process.cpuUsage`), the
 * ratio of this checkout to the other, and whether both gave the same output. Writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Engine from '../../engine';
import type * as Firewall from '../../engine/firewall';
import type { LabeledValue } from '../../engine/ifc/labeled-value';
import type * as Triage from '../../main/assistant/triage';
import type * as Profiles from '../../main/profile/profile';
import { FIREWALL_TEXTS } from './gate-firewall';
import type * as World from './world';

const HERE = resolve(fileURLToPath(import.meta.url), '../../..');
const other = process.argv[2];
const reps = Number(process.argv[3] ?? 5);
if (!other) throw new Error('usage: npx tsx test/bench/ab-cpu.ts OTHER_CHECKOUT [reps]');

type Job = () => Promise<unknown> | unknown;
interface Side {
  readonly name: string;
  readonly jobs: Record<string, Job>;
  readonly dispose: () => void;
}

/** Scans per firewall sample: one scan is well under a millisecond. */
const SCANS = 200;

async function side(root: string): Promise<Side> {
  const at = (path: string) => import(join(root, path));
  const { triageWorld } = (await at('main/assistant/triage.ts')) as typeof Triage;
  const { benchWorld } = (await at('test/bench/world.ts')) as typeof World;
  const { openProfile } = (await at('main/profile/profile.ts')) as typeof Profiles;
  const { firewallValue } = (await at('engine/firewall/index.ts')) as typeof Firewall;
  const engine = (await at('engine/index.ts')) as typeof Engine;
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-ab-'));
  const p = openProfile(join(dir, 'p'));
  p.db
    .transaction(() => {
      for (let i = 0; i < 100_000; i++) p.audit.append({ kind: 'call.decided', runId: 'run-bench', data: { seq: i } });
    })
    .immediate();
  p.audit.sealHeadNow();
  const label = engine.sourceLabel('tool:getEmail:e0', { trusted: false, readers: ['alex@acme.test'] });
  const scans = (text: string): Job => {
    const value: LabeledValue = engine.labelDeep({ subject: 'Invoice', body: text }, label);
    return () => {
      let r;
      for (let i = 0; i < SCANS; i++) r = firewallValue(value);
      return r;
    };
  };
  return {
    name: root,
    jobs: {
      'triage, 320 emails': () => triageWorld(benchWorld(320), { drafts: true }),
      // Each side verifies its own chain: what compares is that both hold.
      'audit verify, 100,001 entries': () => p.audit.verify().ok,
      [`firewall, typical (${SCANS} scans)`]: scans(FIREWALL_TEXTS.typical),
      [`firewall, dense (${SCANS} scans)`]: scans(FIREWALL_TEXTS.dense),
    },
    dispose: () => {
      p.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const cpuMs = async (job: Job): Promise<{ ms: number; out: string }> => {
  const c = process.cpuUsage();
  const out = JSON.stringify(await job());
  const d = process.cpuUsage(c);
  return { ms: (d.user + d.system) / 1000, out };
};
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const sides = [await side(HERE), await side(resolve(other))];
for (const job of Object.keys(sides[0]!.jobs)) {
  const ms: number[][] = sides.map(() => []);
  const outs = new Set<string>();
  for (let round = 0; round <= reps; round++)
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const r = await cpuMs(sides[i]!.jobs[job]!);
      if (round > 0) ms[i]!.push(r.ms);
      outs.add(r.out);
    }
  const [here, there] = ms.map(median) as [number, number];
  console.log(
    `${job}: this ${here.toFixed(1)} ms (min ${Math.min(...ms[0]!).toFixed(1)}), ` +
      `other ${there.toFixed(1)} ms (min ${Math.min(...ms[1]!).toFixed(1)}), ` +
      `ratio ${(here / there).toFixed(3)}; ${outs.size === 1 ? 'same output' : 'OUTPUTS DIFFER'}`,
  );
}
for (const s of sides) s.dispose();
