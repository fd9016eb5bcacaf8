/**
 * Round 13: the compiler's and the runtime's fast paths, attacked through generated programs
 * (fast-path-programs.ts). Two properties:
 * - the differential one: the engine, fast paths on, agrees with the reference monitor and
 *   labels every call and the result at least as restrictively, STRICT and NORMAL;
 * - two worlds that differ only in the attacker's email (m1's subject and body) give the same
 *   trusted calls (STRICT: no flow of any kind).
 * Programs: `ROUND13_PROGRAMS` (default 40 per property), `ROUND13_SEED` (default 3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../../engine';
import { WorldState } from '../../../engine/world';
import { discrepancies, loadWorldFile, runBoth } from '../../engine/reference/differential';
import { LAUNDERING, LAUNDERING_OTHER, onLaundering, trustedView } from '../two-worlds';
import { fastPathProgramArb } from './fast-path-programs';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const runs = Number(process.env.ROUND13_PROGRAMS ?? 40);
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
  // Found by the generator above (seed 2, program 167), then minimised. The reference runs the
  // outer loop's later items under the inner loop's label and the first item's (m2) own label;
  // the engine runs each outer iteration under its own item only, as semantics §3 (listings)
  // says for a body that does not see the order (the inner `continue` leaves only the inner
  // loop). By hand the engine's label is sound here — no call and no value after the inner loop
  // depends on what the inner loop's tests read, and what it wrote is upgraded with them — so
  // this looks like the reference over-tainting, but the differential contract says the engine
  // must label at least as the reference does: open until the semantics' owner says which side
  // is right (README, open risks).
  const plan = `const list = await listEmails({ folder: 'INBOX' });
let n = 0;
for (const x of list) { if (x.unread) { n = -1; for (const y of list) { if (y.subject.length > 20) { continue; } } } }
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: String(n) });`;
  it(
    '[strict] the engine labels the send at least as the reference does',
    async () => {
      expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
    },
    60_000,
  );
});

describe('a callback that reads a Map whose structure an untaken branch decided', () => {
  // Found by the generator above (seed 31, program 436), then minimised by deleting lines and
  // statements while the discrepancy stayed. The reference runs the last call (`k > 3`) under
  // m2's label; the engine under the listing's only. `k` counts the unread items of the listing
  // (each callback run adds 0 + 1 + 2), and nothing of m2 reaches it: the Map read and the delete
  // by `s` (which the untaken branch labeled with m2) change `n` and the Map, not `k`. So this too
  // looks like the reference over-tainting; open for the same reason as above.
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
  it(
    '[strict] the engine labels the send at least as the reference does',
    async () => {
      expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
    },
    60_000,
  );
});
