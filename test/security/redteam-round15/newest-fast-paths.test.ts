/**
 * Round 15: the newest fast paths (newest-fast-path-programs.ts), attacked through generated
 * programs. Three properties: the engine agrees with the reference monitor and labels every call
 * and the result at least as restrictively, STRICT and NORMAL; the fast paths on and off give
 * the same report (outcome, calls with their labels and contexts, the result's parts); and two
 * worlds that differ only in the attacker's email give the same trusted calls (STRICT), up to
 * where one of the runs stopped (whether a run goes on is the termination channel, out of scope). `ROUND15_PROGRAMS` (default 25)
 * and `ROUND15_SEED` (default 15) run other programs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discrepancies, loadWorldFile, runBoth } from '../../engine/reference/differential';
import { inLaunderingWorld, LAUNDERING, LAUNDERING_OTHER, shownRun, trustedView } from '../two-worlds';
import { newestFastPathProgramArb } from './newest-fast-path-programs';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const runs = Number(process.env.ROUND15_PROGRAMS ?? 25);
const seed = Number(process.env.ROUND15_SEED ?? 15);

describe('generated programs over the newest fast paths', () => {
  for (const mode of ['strict', 'normal'] as const) {
    it(`[${mode}] label at least as restrictively as the reference`, async () => {
      await fc.assert(
        fc.asyncProperty(newestFastPathProgramArb, async (plan) => {
          const d = discrepancies(await runBoth(plan, world, 'minimal', mode));
          if (d.length) throw new Error(`${d.join('\n')}\n--- plan ---\n${plan}`);
        }),
        { numRuns: runs, seed, endOnFailure: true },
      );
    }, 600_000);

    it(`[${mode}] give the same report with the fast paths on and off`, async () => {
      await fc.assert(
        fc.asyncProperty(newestFastPathProgramArb, async (plan) => {
          const [fast, slow] = [
            await inLaunderingWorld(plan, LAUNDERING, mode),
            await inLaunderingWorld(plan, LAUNDERING, mode, true),
          ];
          expect(shownRun(fast), plan).toBe(shownRun(slow));
        }),
        { numRuns: runs, seed, endOnFailure: true },
      );
    }, 600_000);
  }

  it('[strict] two worlds that differ only in the attacker’s email give the same trusted calls', async () => {
    const attacked = newestFastPathProgramArb.map((p) => p.replace(/getEmail\('m[23]'\)/, "getEmail('m1')"));
    await fc.assert(
      fc.asyncProperty(attacked, async (plan) => {
        const [a, b] = [
          await inLaunderingWorld(plan, LAUNDERING, 'strict'),
          await inLaunderingWorld(plan, LAUNDERING_OTHER, 'strict'),
        ];
        // Where one run stopped early (a denial, a failure the text decided), only the calls both
        // made are compared: whether a run goes on is the termination channel, out of scope.
        const [ta, tb] = [trustedView(a), trustedView(b)];
        const n = a.status === b.status ? Math.max(ta.length, tb.length) : Math.min(ta.length, tb.length);
        expect(ta.slice(0, n), `LEAK: a trusted call the attacker’s text changed\n${plan}`).toEqual(tb.slice(0, n));
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 600_000);
});
