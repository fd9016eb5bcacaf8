/**
 * The differential test (docs/semantics.md, "The reference monitor and the differential test"):
 * every plan of every suite — laundering, demo, attack, policy-attack, the scenarios of
 * test/scenarios (startup and spoofing worlds), the playbook requests and red-team round 7 — run by the engine and
 * by the reference monitor must agree on the outcome and the result, and the engine must label
 * every call and the result at least as restrictively. Plans that show a known gap of the engine
 * are `it.fails` (gaps.test.ts has each mechanism minimised); plans whose values are
 * implementation-defined are compared on labels only. The escape plans that end in a refusal run
 * here; the others, which end at a limit, in `npm run fuzz` (FUZZ_MODE=differential).
 */
import { describe, expect, it } from 'vitest';
import { SCENARIOS, WORLDS } from '../../scenarios/eval';
import { AWAITED_ELSEWHERE, CHOSEN_UNDER_LABEL, HELD } from '../../security/redteam-round7/plans';
import { LAUNDERING_OTHER } from '../../security/two-worlds';
import { discrepancies, IMPLEMENTATION_DEFINED, loadWorldFile, plansIn, runBoth, type Setting } from './differential';
import type { Json } from '../../../engine/ifc/labeled-value';
import { parseWorld, type World } from '../../../engine/world';
import type { Mode } from '../../../engine/run/types';

/** Suite plans that show a known gap of the engine (mechanism: see gaps.test.ts). */
const KNOWN_GAPS: Readonly<Record<string, string>> = {};

interface Case {
  readonly name: string;
  /** Why its values are implementation-defined (compared on labels only), if they are. */
  readonly labelsOnly?: string;
  readonly plan: string;
  readonly world: World;
  readonly setting: Setting;
  readonly input?: Json;
  readonly wallMs?: number;
}

const worlds = new Map<string, World>();
const worldOf = (path: string): World => {
  let w = worlds.get(path);
  if (!w) worlds.set(path, (w = loadWorldFile(path)));
  return w;
};

const fromDir = (dir: string, world: string, setting: Setting, wallMs?: number): Case[] =>
  plansIn(dir).map((p) => ({ name: p.name, plan: p.text, world: worldOf(world), setting, wallMs }));

/** The laundering world with other attacker text in m1 (the other side of each of its branches). */
const other = parseWorld(LAUNDERING_OTHER, 'laundering-world.yaml');
if (!other.ok) throw new Error('laundering-world.yaml: bad world');

/** Red-team round 7's plans in both versions of the laundering world, sending `v` at the end. */
const round7: Case[] = [
  ...[...HELD, ...AWAITED_ELSEWHERE].map(
    (p) => `const m = await getEmail('m1');\n${p}
await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });`,
  ),
  ...CHOSEN_UNDER_LABEL.map((p) => `const m = await getEmail('m1');\n${p}`),
].flatMap((plan, i) =>
  [worldOf('test/fixtures/laundering-world.yaml'), other.world].map((world, w) => ({
    name: `redteam-round7 #${i + 1}${w ? ' (other text)' : ''}: ${plan.split('\n')[1]}`,
    labelsOnly: /e\.message/.test(plan)
      ? 'error message text'
      : /\.sort\(\(a, b\) => \{/.test(plan)
        ? 'how often a comparator runs'
        : undefined,
    plan,
    world,
    setting: 'minimal' as const,
    input: { c: true },
  })),
);

const SUITES: Record<string, Case[]> = {
  laundering: fromDir('test/security/laundering/plans', 'test/fixtures/laundering-world.yaml', 'minimal'),
  scenarios: SCENARIOS.map((s) => ({
    name: s.name,
    plan: s.plan,
    world: worldOf(WORLDS[s.world]!),
    setting: 'default' as const,
    input: s.input as Json | undefined,
  })),
  'redteam-round7': round7,
  // The escape plans that end in a refusal (those that end at a limit run in `npm run fuzz`).
  escape: fromDir('test/security/escape/plans', 'test/security/escape/world.yaml', 'minimal').filter((c) =>
    c.plan.startsWith('// expect: failed RuntimeError'),
  ),
  // `input` is read-only: a mutator on one of its arrays fails as a write into it does.
  input: [
    'input.xs.push({ a: 1 })',
    'input.xs.sort()',
    'input.xs.reverse()',
    'input.xs.splice(0, 1)',
    'input.xs.fill(0)',
    'input.xs.pop()',
    'input.o.ys.unshift(2)',
    'input.xs[0] = 2',
  ].map((p) => ({
    name: `input: ${p}`,
    plan: `${p};\nreturn input.xs.length;`,
    world: worldOf('test/fixtures/laundering-world.yaml'),
    setting: 'minimal' as const,
    input: { xs: [1, 3], o: { ys: [] } },
  })),
};

/** NORMAL mode: the laundering plans (implicit flows pass by design; the context is still kept). */
const KNOWN_GAPS_NORMAL: Readonly<Record<string, string>> = {};

const check = async (c: Case, mode: Mode): Promise<void> => {
  const pair = await runBoth(c.plan, c.world, c.setting, mode, c.input, c.wallMs);
  expect(discrepancies(pair, !(IMPLEMENTATION_DEFINED[c.name] ?? c.labelsOnly))).toEqual([]);
};

function suite(title: string, cases: readonly Case[], mode: Mode, gaps: Readonly<Record<string, string>>): void {
  describe(title, () => {
    for (const c of cases) {
      const gap = gaps[c.name];
      if (gap) it.fails(`${c.name} (known gap: ${gap})`, () => check(c, mode), 60_000);
      else it(c.name, () => check(c, mode), 60_000);
    }
  });
}

for (const [name, cases] of Object.entries(SUITES))
  suite(`differential (STRICT): ${name}`, cases, 'strict', KNOWN_GAPS);
suite('differential (NORMAL): laundering', SUITES.laundering!, 'normal', KNOWN_GAPS_NORMAL);
suite('differential (NORMAL): redteam-round7', round7, 'normal', KNOWN_GAPS_NORMAL);
