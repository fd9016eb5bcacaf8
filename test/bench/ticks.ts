/**
 * QuickJS ticks per run: how often QuickJS polled its interrupt handler (every 10,000 calls and
 * branches, about), a count of the guest's work that does not drift with the machine's load:
 * `npx tsx test/bench/ticks.ts emails-group,emails-strings [root]`. A name is a program of
 * `plans/`, or the path of a plan file (`.js`). With `root`, another checkout of this
 * repository (a `git worktree` with `node_modules` linked) runs instead: run both for an A/B.
 * Host work (tools, the wire's encoding) makes no ticks; CPU time is cpu.ts's.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuickJSRuntime } from 'quickjs-emscripten';
import type * as Engine from '../../engine';
import type * as World from '../../engine/world';
import type * as BenchWorld from './world';

let ticks = 0;
const setHandler = QuickJSRuntime.prototype.setInterruptHandler;
QuickJSRuntime.prototype.setInterruptHandler = function (this: QuickJSRuntime, handler) {
  setHandler.call(this, (rt) => {
    ticks++;
    return handler(rt);
  });
};

async function main(): Promise<void> {
  const root = resolve(process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));
  const eng = (await import(join(root, 'engine/index.ts'))) as typeof Engine;
  const W = (await import(join(root, 'engine/world/index.ts'))) as typeof World;
  const { benchWorld } = (await import(join(root, 'test/bench/world.ts'))) as typeof BenchWorld;
  const world = benchWorld(320);
  const tools = eng.toolRegistry(W.worldTools(world));
  const people = { userAddresses: world.userAddresses, contacts: world.contacts.map((c) => c.email) };
  const names = (process.argv[2] ?? 'emails-fetch,emails-group,emails-strings,emails-arrays').split(',');
  for (const name of names) {
    const file = name.endsWith('.js') ? name : join(root, 'test/bench/plans', `${name}.js`);
    const source = readFileSync(file, 'utf8');
    const out: string[] = [];
    for (const mode of ['strict', 'normal'] as const) {
      const plan = eng.compilePlan(source, { mode, toolNames: tools.keys() });
      const run = async (): Promise<number> => {
        // (The engine prepares the next run's context when idle: not counted.)
        await new Promise((r) => setTimeout(r, 30));
        const before = ticks;
        const r = await eng.runPlan({ plan, tools, gate: eng.minimalGate, limits: { wallMs: 120_000 }, ...people });
        if (r.status !== 'completed') throw new Error(`${name} (${mode}): ${r.status}`);
        return ticks - before;
      };
      await run();
      out.push(`${mode} ${await run()}`);
    }
    console.log(`${name}: ${out.join(' | ')}`);
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
