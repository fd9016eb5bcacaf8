/**
 * `npm run fuzz`: the long hunt. First the long variants of the suites that `npm test` runs with a
 * bounded budget (every test file importing test/setup/budget.ts, run by vitest with
 * ZAMBURAK_FUZZ=1: more generated programs, values and depths), then the time-bounded loops
 * (FUZZ_MINUTES, default 10), which share the time, each saving a reproducer to fuzz-out/ when it
 * finds something:
 * 1. noninterference pairs with fresh random seeds over every plan of the project, and over
 *    programs generated from the language (programs.ts);
 * 2. mutated plan text (bytes flipped, lines spliced between plans) through the compiler and the
 *    sandbox: the compiler may only return or throw PlanRejected; a run must end with a report,
 *    never an exception, and never far past its wall-clock limit (a hang);
 * 3. mutated policy YAML through the loader: ok or errors with positions, never an exception;
 * 4. plans over generated mailboxes of extreme mail, larger than `npm test`'s
 *    (test/engine/run/extreme-worlds.ts): completed, failed or limit with a message, never more;
 * 5. differential: a suite plan and a program generated over the whole grammar
 *    (test/engine/reference/programs.ts: `programArb` or `grammarArb`, as often), each run by the engine and by the reference monitor,
 *    must agree and the engine must label at least as restrictively (docs/semantics.md).
 * `FUZZ_MODE=suites` runs only the long suites, `FUZZ_MODE=loops` only the loops,
 * `FUZZ_MODE=differential` only the fifth loop. Exit 1 when anything was found or a suite failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compilePlan, minimalGate, runPlan, toolRegistry, type ToolSpec } from '../../../engine';
import { PlanRejected } from '../../../engine/plan';
import { loadPolicy, PRESETS, presetPolicy } from '../../../engine/policy';
import { simulate } from '../../../engine/run/simulate';
import { parseWorld, WorldState, worldTools, type World } from '../../../engine/world';
import fc from 'fast-check';
import { leakBetween, mutateWorld, rng } from './pairs';
import { planArb } from './programs';
import { discrepancies, IMPLEMENTATION_DEFINED, runBoth } from '../../engine/reference/differential';
import { grammarArb, programArb } from '../../engine/reference/programs';
import {
  endsCleanly,
  FUZZ_SCALE,
  planArb as mailPlanArb,
  worldArb as extremeWorldArb,
} from '../../engine/run/extreme-worlds';

const ROOT = process.cwd();
const OUT = join(ROOT, 'fuzz-out');
const minutes = Number(process.env.FUZZ_MINUTES ?? 10);
const seed0 = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const r = rng(seed0);
let found = 0;
const counts = { pairs: 0, generated: 0, programs: 0, policies: 0, mailboxes: 0, differential: 0 };
const MODE = process.env.FUZZ_MODE ?? 'all';
const onlyDifferential = MODE === 'differential';

function save(kind: string, data: unknown): void {
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${kind}-${Date.now()}-${found}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2));
  found++;
  console.log(`FOUND ${kind}: ${file}`);
}

const world = (path: string): World => {
  const w = parseWorld(readFileSync(join(ROOT, path), 'utf8'), path);
  if (!w.ok) throw new Error(path);
  return w.world;
};
const demo = world('resources/demo-world.yaml');
const plans = [
  'test/security/laundering/plans',
  'resources/demo-plans',
  'resources/attack-plans',
  'test/security/policy-attacks/plans',
  'test/security/escape/plans',
].flatMap((d) =>
  readdirSync(join(ROOT, d))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ name: `${d}/${f}`, text: readFileSync(join(ROOT, d, f), 'utf8') })),
);
const safe = plans.filter((p) => !p.name.includes('/escape/'));

async function run(plan: string, w: World) {
  return (await simulate({ plan, world: new WorldState(w), policy: presetPolicy('default'), limits: { wallMs: 2000 } }))
    .report;
}

async function pairRound(): Promise<void> {
  const p = safe[Math.floor(r() * safe.length)]!;
  const seed = Math.floor(r() * 1e9);
  const a = await run(p.text, demo);
  const b = await run(p.text, mutateWorld(demo, seed));
  counts.pairs++;
  const leak = leakBetween(a, b);
  if (leak) save('noninterference', { plan: p.name, seed, leak, planText: p.text });
}

const laundering = world('test/fixtures/laundering-world.yaml');
const escapeWorld = world('test/security/escape/world.yaml');

/** A program generated over the whole language, over a pair of worlds. */
async function generatedRound(): Promise<void> {
  const [plan] = fc.sample(planArb, { numRuns: 1, seed: Math.floor(r() * 2 ** 31) });
  const seed = Math.floor(r() * 1e9);
  const a = await run(plan!, laundering);
  const b = await run(plan!, mutateWorld(laundering, seed));
  counts.generated++;
  const leak = leakBetween(a, b);
  if (leak) save('noninterference-generated', { seed, leak, planText: plan });
}

function mutatePlan(text: string): string {
  const lines = text.split('\n');
  const other = plans[Math.floor(r() * plans.length)]!.text.split('\n');
  const op = Math.floor(r() * 3);
  if (op === 0) lines.splice(Math.floor(r() * lines.length), 0, other[Math.floor(r() * other.length)]!);
  else if (op === 1) lines.splice(Math.floor(r() * lines.length), 1);
  else {
    const i = Math.floor(r() * text.length);
    return text.slice(0, i) + String.fromCharCode(32 + Math.floor(r() * 95)) + text.slice(i + 1);
  }
  return lines.join('\n');
}

async function programRound(): Promise<void> {
  const text = mutatePlan(plans[Math.floor(r() * plans.length)]!.text);
  counts.programs++;
  try {
    compilePlan(text, { mode: 'strict', toolNames: worldTools(new WorldState(demo)).map((t) => t.name) });
  } catch (e) {
    if (!(e instanceof PlanRejected)) save('compiler-crash', { text, error: String((e as Error).stack) });
    return;
  }
  const state = new WorldState(demo);
  const t0 = Date.now();
  try {
    await runPlan({
      plan: text,
      tools: toolRegistry(worldTools(state) as ToolSpec[]),
      gate: minimalGate,
      limits: { wallMs: 1000 },
      userAddresses: state.userAddresses,
      contacts: [],
    });
  } catch (e) {
    save('run-crash', { text, error: String((e as Error).stack) });
  }
  if (Date.now() - t0 > 6000) save('hang', { text, ms: Date.now() - t0 });
}

/** A plan over a generated mailbox of extreme mail. */
async function extremeMailRound(): Promise<void> {
  const seed = Math.floor(r() * 2 ** 31);
  const [[plan, w]] = fc.sample(fc.tuple(mailPlanArb, extremeWorldArb(FUZZ_SCALE)), { numRuns: 1, seed }) as [
    [string, World],
  ];
  counts.mailboxes++;
  const problem = await endsCleanly(plan, w);
  if (problem) save('extreme-mail', { seed, plan, problem });
}

function policyRound(): void {
  const base = Object.values(PRESETS)[Math.floor(r() * Object.keys(PRESETS).length)]!;
  const i = Math.floor(r() * base.length);
  const text =
    base.slice(0, i) +
    [':', '-', ' ', '\n', '[', '{', '"', "'", '*', 'x'][Math.floor(r() * 10)] +
    base.slice(i + (r() < 0.5 ? 1 : 0));
  counts.policies++;
  try {
    const res = loadPolicy(text);
    if (!res.ok && res.errors.some((e) => !(e.line >= 1 && e.column >= 1)))
      save('policy-position', { text, errors: res.errors });
  } catch (e) {
    save('policy-crash', { text, error: String((e as Error).stack) });
  }
}

/** The engine against the reference monitor: a generated program and a suite plan. */
async function differentialRound(): Promise<void> {
  const [plan] = fc.sample(r() < 0.5 ? programArb : grammarArb, { numRuns: 1, seed: Math.floor(r() * 2 ** 31) });
  const input = { to: 'lena@partner.test' };
  const d = discrepancies(await runBoth(plan!, laundering, 'minimal', 'strict', input, 2000));
  counts.differential++;
  if (d.length) save('differential-generated', { discrepancies: d, planText: plan });
  const p = plans[Math.floor(r() * plans.length)]!;
  const own = p.name.includes('/laundering/') ? laundering : p.name.includes('/escape/') ? escapeWorld : null;
  const pair = await runBoth(p.text, own ?? demo, own ? 'minimal' : 'default', 'strict', undefined, 2000);
  const d2 = discrepancies(pair, !IMPLEMENTATION_DEFINED[p.name]);
  counts.differential++;
  if (d2.length) save('differential-suite', { plan: p.name, discrepancies: d2 });
}

/** Every test file that takes its budget from test/setup/budget.ts. */
function budgetedSuites(dir = join(ROOT, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : budgetedSuites(path);
    return e.name.endsWith('.test.ts') && readFileSync(path, 'utf8').includes("/setup/budget'")
      ? [relative(ROOT, path)]
      : [];
  });
}

/** The long variants, one vitest run; a failure counts as a find (vitest names the case). */
function longSuites(): void {
  const files = budgetedSuites();
  console.log(`long variants of ${files.length} suites (ZAMBURAK_FUZZ=1): ${files.join(' ')}`);
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const { status } = spawnSync(npx, ['vitest', 'run', ...files], {
    stdio: 'inherit',
    env: { ...process.env, ZAMBURAK_FUZZ: '1' },
    shell: process.platform === 'win32',
  });
  if (status !== 0) {
    found++;
    console.log('FOUND a failing long suite (above)');
  }
}

if (MODE === 'all' || MODE === 'suites') longSuites();
const loops = MODE !== 'suites';
if (loops) console.log(`fuzzing for ${minutes} min (seed ${seed0})${onlyDifferential ? ', differential only' : ''}`);
const loopsUntil = loops ? Date.now() + minutes * 60_000 : 0;
while (Date.now() < loopsUntil) {
  if (!onlyDifferential) {
    await pairRound();
    await generatedRound();
    await programRound();
    await extremeMailRound();
    for (let i = 0; i < 5; i++) policyRound();
  }
  await differentialRound();
}
console.log(
  `${counts.pairs} world pairs over the suites' plans, ${counts.generated} generated programs, ` +
    `${counts.programs} mutated programs, ${counts.policies} mutated policies, ` +
    `${counts.mailboxes} extreme mailboxes, ${counts.differential} differential runs; ${found} found`,
);
process.exit(found ? 1 : 0);
