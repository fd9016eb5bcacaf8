/**
 * Noninterference over every plan of the project (laundering, escape-free demo and attack plans,
 * policy attacks): each runs over its world and over mutated copies that differ only in
 * untrusted content; the trusted, allowed calls must be the same (see pairs.ts for the exact
 * property). A short, fixed-seed budget here; `npm run fuzz` runs the long one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, toolRegistry, type ToolSpec } from '../../../engine';
import { presetPolicy } from '../../../engine/policy';
import { simulate } from '../../../engine/run/simulate';
import type { RunReport } from '../../../engine/run/types';
import { sanitizerTools } from '../../../engine/sanitizers';
import { parseWorld, WorldState, worldTools, type World } from '../../../engine/world';
import { leakBetween, mutateWorld } from './pairs';

const ROOT = process.cwd();
const PAIRS = Number(process.env.NONINTERFERENCE_PAIRS ?? 2);

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
async function runMinimal(plan: string, world: World): Promise<RunReport> {
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
    mode: 'strict',
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
});
