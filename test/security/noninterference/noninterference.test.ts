/**
 * Noninterference over every plan of the project (laundering, escape-free demo and attack plans,
 * policy attacks): each runs over its world and over mutated copies that differ only in
 * untrusted content; the trusted, allowed calls must be the same (see pairs.ts for the exact
 * property). A short, fixed-seed budget here (test/setup/budget.ts: 60 generated programs and 30
 * region-local plans in `npm test`, 600 of each in `npm run fuzz`, `NONINTERFERENCE_PROGRAMS=N`
 * for another count); `npm run fuzz` also runs random pairs for as long as it is given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, toolRegistry, type ToolSpec } from '../../../engine';
import { presetPolicy } from '../../../engine/policy';
import { simulate } from '../../../engine/run/simulate';
import type { RunReport } from '../../../engine/run/types';
import { sanitizerTools } from '../../../engine/sanitizers';
import { parseWorld, WorldState, worldTools, type World } from '../../../engine/world';
import { budget } from '../../setup/budget';
import { leakBetween, mutateWorld } from './pairs';
import { planArb } from './programs';
import { regionLocalArb } from './region-locals';

const ROOT = process.cwd();
const PAIRS = Number(process.env.NONINTERFERENCE_PAIRS ?? 2);
/** Generated programs (a bounded count caught each bug planted in the rule it guards). */
const programs = (bounded: number): number => Number(process.env.NONINTERFERENCE_PROGRAMS ?? budget(bounded, 600));

function loadWorldFile(path: string): World {
  const r = parseWorld(readFileSync(path, 'utf8'), path);
  if (!r.ok) throw new Error(`${path}: bad world`);
  return r.world;
}

const plansIn = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => ({ name: `${dir}/${f}`, text: readFileSync(join(ROOT, dir, f), 'utf8') }));

/** The laundering suite's setting: minimalGate (egress only from trusted data and context). */
async function runMinimal(
  plan: string,
  world: World,
  input?: { to: string },
  mode: 'strict' | 'normal' = 'strict',
): Promise<RunReport> {
  const state = new WorldState(world);
  const s = sanitizerTools({
    userAddresses: state.userAddresses,
    contacts: state.contacts.map((c) => c.email),
    recipientPatterns: [],
    urlPatterns: [],
  });
  const tools = toolRegistry([...worldTools(state), s.verifyEmailAddress, s.verifyUrl, s.verifyAmount] as ToolSpec[]);
  return runPlan({
    plan,
    tools,
    gate: minimalGate,
    mode,
    input,
    userAddresses: state.userAddresses,
    contacts: state.contacts.map((c) => c.email),
  });
}

async function runDefault(plan: string, world: World): Promise<RunReport> {
  return (await simulate({ plan, world: new WorldState(world), policy: presetPolicy('default'), mode: 'strict' }))
    .report;
}

const SUITES = [
  { dir: 'test/security/laundering/plans', world: 'test/fixtures/laundering-world.yaml', run: runMinimal },
  { dir: 'resources/demo-plans', world: 'resources/demo-world.yaml', run: runDefault },
  { dir: 'resources/attack-plans', world: 'resources/demo-world.yaml', run: runDefault },
  { dir: 'test/security/policy-attacks/plans', world: 'resources/demo-world.yaml', run: runDefault },
];

describe('noninterference: untrusted content never changes a trusted, allowed call', () => {
  for (const suite of SUITES) {
    const world = loadWorldFile(join(ROOT, suite.world));
    for (const plan of plansIn(suite.dir))
      it(
        plan.name,
        async () => {
          const a = await suite.run(plan.text, world);
          for (let k = 1; k <= PAIRS; k++) {
            const seed = k * 7919 + plan.name.length;
            const b = await suite.run(plan.text, mutateWorld(world, seed));
            const leak = leakBetween(a, b);
            expect(leak, `seed ${seed}: ${leak}`).toBeNull();
          }
        },
        60_000,
      );
  }

  it('generated programs over the whole language (fixed seed)', async () => {
    const world = loadWorldFile(join(ROOT, 'test/fixtures/laundering-world.yaml'));
    const input = { to: 'lena@partner.test' };
    await fc.assert(
      fc.asyncProperty(planArb, fc.integer({ min: 1, max: 1e9 }), async (plan, seed) => {
        const a = await runMinimal(plan, world, input);
        const b = await runMinimal(plan, mutateWorld(world, seed), input);
        const leak = leakBetween(a, b);
        if (leak) throw new Error(`${leak}\n--- plan (seed ${seed}) ---\n${plan}`);
      }),
      { numRuns: programs(60), seed: 20261124 },
    );
  }, 180_000);

  it('names declared inside a region carry nothing of its condition out, by any exit (generated)', async () => {
    const world = loadWorldFile(join(ROOT, 'test/fixtures/laundering-world.yaml'));
    const input = { to: 'lena@partner.test' };
    let normalLeaks = 0;
    await fc.assert(
      fc.asyncProperty(regionLocalArb, fc.integer({ min: 1, max: 1e9 }), async (plan, seed) => {
        const a = await runMinimal(plan, world, input);
        // Every generated plan is a valid plan (a send may be denied; a read before a
        // declaration ran ends the run).
        expect(a.error?.kind, `${a.error?.fullMessage}\n${plan}`).not.toBe('PlanRejected');
        const leak = leakBetween(a, await runMinimal(plan, mutateWorld(world, seed), input));
        if (leak) throw new Error(`${leak}\n--- plan (seed ${seed}) ---\n${plan}`);
        const normal = (w: World) => runMinimal(plan, w, input, 'normal');
        if (leakBetween(await normal(world), await normal(mutateWorld(world, seed)))) normalLeaks++;
      }),
      { numRuns: programs(30), seed: 20261127 },
    );
    // Not vacuous: the same plans in NORMAL mode (implicit flows pass by design) do leak.
    expect(normalLeaks).toBeGreaterThan(0);
  }, 300_000);

  it('a function made before a declaration that a conditional continue may skip tells nothing more', async () => {
    const world = loadWorldFile(join(ROOT, 'test/fixtures/laundering-world.yaml'));
    const plan = `const list = await listEmails({ folder: 'INBOX' });
let f = () => 'priya@northwind.test';
for (const e of list) { function gg() { return w; } f = gg; if (e.body.includes('zed')) { continue; } const w = 'omar@northwind.test'; }
const to = f();
await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' });`;
    const ends = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const [a, b] = [await runMinimal(plan, world), await runMinimal(plan, mutateWorld(world, seed))];
      expect(leakBetween(a, b), `seed ${seed}`).toBeNull();
      // The send, when the declaration ran, depends on the listing (the read ends the run otherwise).
      for (const r of [a, b]) {
        expect(r.calls.filter((c) => c.tool === 'sendEmail' && c.trusted)).toEqual([]);
        ends.add(r.calls.some((c) => c.tool === 'sendEmail') ? 'sent' : 'ended');
      }
    }
    expect([...ends].sort()).toEqual(['ended', 'sent']);
  });

  it('is not vacuous: NORMAL mode lets an implicit flow through, and the pairs catch it', async () => {
    const world = loadWorldFile(join(ROOT, 'test/fixtures/laundering-world.yaml'));
    const plan = `const e = await getEmail('m1');
let to = 'priya@northwind.test';
if (e.body.includes('zed')) { to = 'omar@northwind.test'; }
await sendEmail({ to: [to], subject: 'x', body: 'y' });`;
    let caught = false;
    for (let seed = 1; seed <= 20 && !caught; seed++) {
      const a = await runMinimal(plan, world, undefined, 'normal');
      const b = await runMinimal(plan, mutateWorld(world, seed), undefined, 'normal');
      caught = leakBetween(a, b) !== null;
      expect(leakBetween(await runMinimal(plan, world), await runMinimal(plan, mutateWorld(world, seed)))).toBeNull();
    }
    expect(caught).toBe(true);
  });
});
