/**
 * Engine overhead in CPU time, for a machine shared with other work (where wall-clock medians
 * drift with the load): `npx tsx test/bench/cpu.ts emails-classify,emails-strings [reps] [root]`.
 *
 * For each program, interleaved, after two warm-ups: the plain QuickJS baseline (baseline.ts),
 * then STRICT and NORMAL through `runPlan`, each measured with `process.cpuUsage` (this process
 * only: the other work on the machine is not counted). With `root`, the path of another checkout
 * of this repository (a `git worktree` of an older commit, with `node_modules` linked), its engine
 * runs too, interleaved with this one's in the same process: an A/B of two engines against the
 * same baseline. Prints medians and minimums; writes nothing.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newQuickJSWASMModule } from 'quickjs-emscripten';
import * as here from '../../engine';
import * as hereWorld from '../../engine/world';
import { baselineProgram, plainTools, runBaseline } from './baseline';
import { benchWorld } from './world';

type Engine = typeof here;
type World = typeof hereWorld;

const HERE = dirname(fileURLToPath(import.meta.url));
const names = (process.argv[2] ?? 'emails-classify,emails-strings,emails-group,emails-arrays').split(',');
const reps = Number(process.argv[3] ?? 9);
const other = process.argv[4];

async function engineAt(root: string | undefined): Promise<{ name: string; eng: Engine; world: World }> {
  if (root === undefined) return { name: 'this', eng: here, world: hereWorld };
  const at = resolve(root);
  return {
    name: at,
    eng: (await import(join(at, 'engine/index.ts'))) as Engine,
    world: (await import(join(at, 'engine/world/index.ts'))) as World,
  };
}

const cpuMs = async (f: () => Promise<unknown>): Promise<number> => {
  const c = process.cpuUsage();
  await f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
};
const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
// As the app runs plans: the engine prepares the next run's context in the idle time after one.
const idle = (): Promise<void> => new Promise((r) => setTimeout(r, 20));

async function main(): Promise<void> {
  const module = await newQuickJSWASMModule();
  const engines = [await engineAt(undefined), ...(other ? [await engineAt(other)] : [])];
  const sides = engines.map((e) => {
    const world = benchWorld(320);
    const tools = e.eng.toolRegistry(e.world.worldTools(world));
    const people = { userAddresses: world.userAddresses, contacts: world.contacts.map((c) => c.email) };
    return { ...e, tools, people };
  });
  const plainTool = plainTools(sides[0]!.tools);
  for (const name of names) {
    const source = readFileSync(join(HERE, 'plans', `${name}.js`), 'utf8');
    const program = baselineProgram(source, sides[0]!.tools.keys());
    const runs = sides.flatMap((s) =>
      (['strict', 'normal'] as const).map((mode) => {
        const plan = s.eng.compilePlan(source, { mode, toolNames: s.tools.keys() });
        const run = async (): Promise<void> => {
          const r = await s.eng.runPlan({
            plan,
            tools: s.tools,
            gate: s.eng.minimalGate,
            limits: { wallMs: 120_000 },
            ...s.people,
          });
          if (r.status !== 'completed') throw new Error(`${name} (${mode}, ${s.name}): ${r.status}`);
        };
        return { label: `${sides.length > 1 ? `${s.name} ` : ''}${mode}`, run, ms: [] as number[] };
      }),
    );
    const base: number[] = [];
    for (let i = 0; i < reps + 2; i++) {
      const b = await cpuMs(() => runBaseline(module, program, plainTool));
      const got: number[] = [];
      for (const r of runs) {
        await idle();
        got.push(await cpuMs(r.run));
      }
      if (i < 2) continue;
      base.push(b);
      got.forEach((ms, k) => runs[k]!.ms.push(ms));
    }
    const b = sorted(base)[base.length >> 1]!;
    const cols = runs.map((r) => {
      const s = sorted(r.ms);
      const m = s[s.length >> 1]!;
      return `${r.label} ${m.toFixed(1)} ms ${(m / b).toFixed(2)}x (min ${s[0]!.toFixed(1)})`;
    });
    console.log(`${name}: baseline ${b.toFixed(1)} ms (min ${sorted(base)[0]!.toFixed(1)}) | ${cols.join(' | ')}`);
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
