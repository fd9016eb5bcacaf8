/**
 * Round 13: the compiler's and the runtime's fast paths, attacked through generated programs
 * (fast-path-programs.ts). Two properties:
 * - the differential one: the engine, fast paths on, agrees with the reference monitor and
 *   labels every call and the result at least as restrictively, STRICT and NORMAL;
 * - two worlds that differ only in the attacker's email (m1's subject and body) give the same
 *   trusted calls (STRICT: no flow of any kind).
 * Programs: `ROUND13_PROGRAMS` (per property; default 20 in `npm test`, 200 in `npm run fuzz`,
 * test/setup/budget.ts), `ROUND13_SEED` (default 3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinLabels, runPlan } from '../../../engine';
import { deepLabel } from '../../../engine/ifc/labeled-value';
import { WorldState } from '../../../engine/world';
import { discrepancies, loadWorldFile, runBoth } from '../../engine/reference/differential';
import { budget } from '../../setup/budget';
import { LAUNDERING, LAUNDERING_OTHER, onLaundering, trustedView } from '../two-worlds';
import { fastPathProgramArb } from './fast-path-programs';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const runs = Number(process.env.ROUND13_PROGRAMS ?? budget(20, 200));
const seed = Number(process.env.ROUND13_SEED ?? 3);

describe('generated programs over the fast paths agree with the reference monitor', () => {
  for (const mode of ['strict', 'normal'] as const)
    it(`[${mode}] labels at least as restrictively as the reference`, async () => {
      await fc.assert(
        fc.asyncProperty(fastPathProgramArb, async (plan) => {
          const d = discrepancies(await runBoth(plan, world, 'minimal', mode));
          if (d.length) throw new Error(`${d.join('\n')}\n--- plan ---\n${plan}`);
        }),
        { numRuns: runs, seed, endOnFailure: true },
      );
    }, 600_000);
});

const inWorld = (plan: string, text: string) =>
  runPlan({ plan, ...onLaundering(WorldState.fromText(text, 'laundering-world.yaml')), mode: 'strict' });

describe('two worlds that differ only in the attacker’s email', () => {
  it('[strict] give the same trusted calls, whatever fast path a program takes', async () => {
    const attacked = fastPathProgramArb.map((p) => p.replace(/getEmail\('m[23]'\)/, "getEmail('m1')"));
    await fc.assert(
      fc.asyncProperty(attacked, async (plan) => {
        const [a, b] = await Promise.all([inWorld(plan, LAUNDERING), inWorld(plan, LAUNDERING_OTHER)]);
        expect(trustedView(a), `LEAK: a trusted call the attacker’s text changed\n${plan}`).toEqual(trustedView(b));
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 600_000);
});

describe('an inner loop over the same listing, with a conditional continue', () => {
  // Found by the generator above (seed 2, program 167), then minimised. The reference used to name
  // the inner loop's iterable, `list`, as a place of the `if (x.unread)` around it, so closing that
  // region upgraded the listing's structure with the first unread item's label and took its listing
  // mark away: the outer loop's later items then ran under that label and the inner loop's. But
  // iterating only reads `list` (semantics §3b, iterating is reading): its state after the `if` is
  // the same whichever way it went, so the reference now names only each element, through the loop
  // variable, and agrees with the engine.
  const plan = `const list = await listEmails({ folder: 'INBOX' });
let n = 0;
for (const x of list) { if (x.unread) { n = -1; for (const y of list) { if (y.subject.length > 20) { continue; } } } }
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: String(n) });`;
  it('[strict] the engine labels the send at least as the reference does', async () => {
    expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
  }, 60_000);
});

describe('a callback over a listing that an untaken branch iterated', () => {
  // Found by the generator above (seed 31, program 436), then minimised by deleting lines and
  // statements while the discrepancy stayed. The same cause as above: the untaken `else` (labeled
  // with m2) holds `for (const x of list)`, and the reference named `list` there, so the rule for
  // branches not taken upgraded the listing's structure with m2; the `forEach` callback's region
  // runs under the receiver's structure, so `k` (and the call under `k > 3`) took m2. The Map
  // reads and deletes play no part. Iterating only reads `list`, so neither side labels `k` with m2.
  const plan = `const e = await getEmail('m2');
const list = await listEmails({ folder: 'INBOX' });
const ys = [];
const zs = [0, 0, 0];
const mp = new Map();
let n = 0;
let k = 1;
let s = 'plain';
if (e.subject.length > 10) { if (mp.has(s)) { n = ys.push(k); } } else { zs[0] = k; for (const x of list) { if (x.subject.length > 20) { continue; } n = e.body.length; } s = s + e.subject; }
list.forEach((x) => { if (x.unread) { n = mp.get('x') ?? n; for (let i = 0; i < 3; i++) { k = k + i; } mp.delete(s); } });
if (k > 3) { await sendEmail({ to: ['priya@northwind.test'], subject: 'k', body: 'x' }); }`;
  it('[strict] the engine labels the send at least as the reference does', async () => {
    expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
  }, 60_000);
});

describe('iterating is reading, but a write through the loop variable is a write', () => {
  // The other side of the change above: a branch not taken (m2's subject is not that long) that
  // would have written into every item through a loop variable still leaves each item carrying
  // m2, in the reference and in the engine, so the flag read after it tells the send about m2.
  const plan = `const e = await getEmail('m2');
const list = await listEmails({ folder: 'INBOX' });
if (e.subject.length > 100) { for (const y of list) { y.flag = 1; } }
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: String(list[0].flag) });`;
  it('[strict] both label the send with m2', async () => {
    const { fast, ref } = await runBoth(plan, world, 'minimal', 'strict');
    expect(discrepancies({ fast, ref })).toEqual([]);
    expect(fast.calls[2]!.sources).toContain('tool:getEmail:m2');
    const r = ref.calls[2]!;
    expect(joinLabels(r.context, ...Object.values(r.named).map(deepLabel)).sources).toContain('tool:getEmail:m2');
  }, 60_000);
});
