/**
 * Round 15, finding 1: code the compiler adds read a `let`/`const` in its temporal dead zone,
 * where the plan itself did not. A hoisted function called before a name it uses is declared
 * (`f(); const out = []; function f() { … out … }`), or a switch case that runs without the one
 * that declares a name, reached:
 * - a STRICT region's capture and merge upgrades (`if (c) out.push(1)` with `c` false),
 * - a collect loop's and a search loop's one runtime call (`__R.pushT(…, out, …)`,
 *   `__R.anyT(…, text, …)`) over an empty list, in both modes,
 * - a plain loop's guard over a number variable its body never reads when the bound is 0.
 * The engine then ended the run with `ReferenceError: out is not initialized` where the plan
 * (and the reference monitor) completes. The property, over generated programs of that shape
 * whose branch or list the attacker's email decides: the engine agrees with the reference (same
 * outcome and calls, labels at least as restrictive), STRICT and NORMAL, in both worlds, and
 * with the fast paths on and off the outcome and calls are the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../../engine';
import { canonicalJson } from '../../../engine/run/wire';
import { parseWorld, WorldState, type World } from '../../../engine/world';
import { discrepancies, runBoth } from '../../engine/reference/differential';
import { LAUNDERING, LAUNDERING_OTHER, onLaundering } from '../two-worlds';

const worldOf = (text: string): World => {
  const r = parseWorld(text, 'laundering-world.yaml');
  if (!r.ok) throw new Error('bad world');
  return r.world;
};
const WORLDS = [
  { name: 'attacker text A', text: LAUNDERING, world: worldOf(LAUNDERING) },
  { name: 'attacker text B', text: LAUNDERING_OTHER, world: worldOf(LAUNDERING_OTHER) },
];

// What the attacker decides: a branch (long subject or not) and whether a list is empty.
const cond = fc.constantFrom('m.subject.length > 5', '!(m.subject.length > 5)');
const list = fc.constantFrom("(m.subject.length > 5 ? [] : ['aa', 'b'])", "(m.subject.length > 5 ? ['aa'] : [])");

/** A statement that may write or read `late` (declared after it runs), and what `late` starts as. */
const uses: fc.Arbitrary<{ body: string; late: string }> = fc.oneof(
  cond.map((c) => ({ body: `if (${c}) { late.push(1); }`, late: '[]' })),
  cond.map((c) => ({ body: `if (${c}) { late.k = 1; }`, late: '{}' })),
  cond.map((c) => ({ body: `if (${c}) { late.a.push(1); }`, late: '{ a: [] }' })),
  cond.map((c) => ({ body: `if (${c}) { late = 1; }`, late: '0' })),
  cond.map((c) => ({ body: `n = (${c}) && late.push(1);`, late: '[]' })),
  list.map((l) => ({ body: `for (const w of ${l}) { late.push(w); }`, late: '[]' })),
  list.map((l) => ({ body: `for (const w of ${l}) if (w.length > 1) late.push(w.toUpperCase());`, late: '[]' })),
  list.map((l) => ({ body: `for (const w of ${l}) if (late.includes(w)) { n = 1; break; }`, late: "'aab'" })),
  fc.constant({ body: 'for (let i = 0; i < 0; i++) { late = late + i; }', late: '0' }),
);

/** Where `late` is still uninitialised when the statement runs. */
const program = fc.tuple(uses, fc.constantFrom('hoisted', 'switch', 'arrow')).map(([{ body, late }, where]) => {
  const decl = late === '0' ? 'let' : 'const';
  const head = `const m = await getEmail('m1');\nlet n = 0;\n`;
  const tail = `\nawait sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(n) });`;
  if (where === 'hoisted') return `${head}f();\n${decl} late = ${late};\nfunction f() { ${body} }${tail}`;
  if (where === 'arrow')
    return `${head}const g = () => { ${body} };\nif (n === 0) { g(); }\n${decl} late = ${late};${tail}`;
  return `${head}switch (n) { case 1: ${decl} late = ${late}; break; case 0: ${body} }${tail}`;
});

const outcome = (r: Awaited<ReturnType<typeof runPlan>>): string =>
  canonicalJson({ status: r.status, error: r.error?.kind ?? null, calls: r.calls.map((c) => [c.tool, c.args]) });

describe('a name in its temporal dead zone is read only where the plan reads it', () => {
  for (const mode of ['strict', 'normal'] as const)
    it(`[${mode}] the engine agrees with the reference, fast paths on or off, in both worlds`, async () => {
      await fc.assert(
        fc.asyncProperty(program, async (plan) => {
          for (const w of WORLDS) {
            const d = discrepancies(await runBoth(plan, w.world, 'minimal', mode));
            if (d.length) throw new Error(`${w.name}: ${d.join('\n')}\n--- plan ---\n${plan}`);
            const run = (noFastPaths: boolean) =>
              runPlan({ plan, ...onLaundering(WorldState.fromText(w.text, 'w.yaml')), mode, noFastPaths });
            const [fast, slow] = [await run(false), await run(true)];
            expect(outcome(fast), `${w.name}, fast paths on and off\n${plan}`).toBe(outcome(slow));
          }
        }),
        { numRuns: 40, seed: 15, endOnFailure: true },
      );
    }, 600_000);

  it('[strict] the shape that found it: a hoisted function pushing in a branch not taken', async () => {
    const plan = `const m = await getEmail('m1');
const v = f();
const out = [];
function f() { if (m.subject.length > 500) { out.push(1); } return 1; }
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: String(v + out.length) });`;
    const r = await runPlan({ plan, ...onLaundering(WorldState.fromText(LAUNDERING, 'w.yaml')), mode: 'strict' });
    expect(r.error?.fullMessage ?? null).toBeNull();
    expect(r.status).toBe('completed');
    // Had the branch pushed, `out` would have been read uninitialised: the run would have ended
    // there (a termination channel, as any failure a secret decides). Completing, nothing the
    // branch wrote outlives it, so the send is as trusted as the reference says.
    expect(discrepancies(await runBoth(plan, WORLDS[0]!.world, 'minimal', 'strict'))).toEqual([]);
  }, 60_000);

  it('[strict] a switch case reads its own scope, never an outer name of the same spelling', async () => {
    // Round 15, finding 2 (the reference monitor): entering `case 0` it declared only the names
    // of the cases from there on, so `late` was the outer variable (or, without one, the
    // reference crashed with a host TypeError). The engine reads the switch's `late`, still
    // uninitialised, and ends the run; both now do.
    const plan = `const m = await getEmail('m1');
let late = 5;
switch (0) { case 1: let late = 0; break; case 0: if (m.subject.length > 500) { late = 1; } }
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: String(late) });`;
    const d = discrepancies(await runBoth(plan, WORLDS[0]!.world, 'minimal', 'strict'));
    expect(d).toEqual([]);
  }, 60_000);
});
