/**
 * How fast the built `zamburak` command starts, next to `node -e 0` in the same run: `--help`,
 * and a plan on the demo world (`run resources/demo-plans/09-todays-agenda.js --world
 * resources/demo-world.yaml`). Each a fresh process, as a script or a person starts it;
 * interleaved repetitions, medians, and minimums (on a loaded machine the minimum is the run
 * the others disturbed least). Nothing here asserts on time.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface CliBench {
  nodeMs: number;
  helpMs: number;
  planMs: number;
  /** Targets (issue 23): help ≤ 3×, plan ≤ 5× `node -e 0`. */
  helpRatio: number;
  planRatio: number;
  /** The same ratios from each kind's fastest run. */
  helpRatioMin: number;
  planRatioMin: number;
  samplesMs: { node: number[]; help: number[]; plan: number[] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function timed(args: string[], root: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
  return ms;
}

export function benchCli(root: string, reps = 9): CliBench {
  const bin = join(root, 'apps/cli/bin/zamburak.mjs');
  const runs = {
    node: ['-e', '0'],
    help: [bin, '--help'],
    plan: [bin, 'run', 'resources/demo-plans/09-todays-agenda.js', '--world', 'resources/demo-world.yaml'],
  };
  const samples = { node: [] as number[], help: [] as number[], plan: [] as number[] };
  for (const k of ['node', 'help', 'plan'] as const) timed(runs[k], root); // warm the file cache
  for (let i = 0; i < reps; i++)
    for (const k of ['node', 'help', 'plan'] as const) samples[k].push(timed(runs[k], root));
  const [nodeMs, helpMs, planMs] = [median(samples.node), median(samples.help), median(samples.plan)];
  return {
    nodeMs: round(nodeMs, 1),
    helpMs: round(helpMs, 1),
    planMs: round(planMs, 1),
    helpRatio: round(helpMs / nodeMs),
    planRatio: round(planMs / nodeMs),
    helpRatioMin: round(Math.min(...samples.help) / Math.min(...samples.node)),
    planRatioMin: round(Math.min(...samples.plan) / Math.min(...samples.node)),
    samplesMs: {
      node: samples.node.map((x) => round(x, 1)),
      help: samples.help.map((x) => round(x, 1)),
      plan: samples.plan.map((x) => round(x, 1)),
    },
  };
}

export function printCli(b: CliBench): void {
  console.log('\nzamburak command start (built bundle), fresh process each, median');
  console.log(`  node -e 0          ${b.nodeMs} ms`);
  console.log(
    `  zamburak --help    ${b.helpMs} ms  ${b.helpRatio}× node, fastest runs ${b.helpRatioMin}× (target ≤ 3×)`,
  );
  console.log(
    `  zamburak run demo  ${b.planMs} ms  ${b.planRatio}× node, fastest runs ${b.planRatioMin}× (target ≤ 5×)`,
  );
}

if (process.argv[1]?.endsWith('cli-start.ts')) printCli(benchCli(join(import.meta.dirname, '..', '..')));
