/**
 * Round 23's properties over the demo worlds (round 19's four: e33 as it is, with other text,
 * dated first and dated last): what other mail undergoes on its own is the same in all of them,
 * and the run with the engine's fast paths (item stretches, slices that make only what they take,
 * field functions, collect and search loops) shows exactly what the instrumented run shows.
 */
import { expect } from 'vitest';
import { loadWorld, simulate, type Mode, type RunReport } from '../../../engine';
import { WORLDS } from '../redteam-round19/demo-worlds';
import { DEMO, quietEffects } from '../two-worlds';

/** Everything a run shows but its graph and label counts (which fast paths may change). */
const shown = (r: RunReport): string =>
  JSON.stringify({
    status: r.status,
    error: r.error ? [r.error.kind, r.error.fullMessage] : null,
    result: r.result,
    calls: r.calls.map((c) => [c.tool, c.args, c.decision, c.trusted, c.sources, c.context, c.fields]),
  });

const run = async (plan: string, world: string, mode: Mode, noFastPaths: boolean): Promise<RunReport> =>
  (await simulate({ plan, world: loadWorld(world, DEMO), mode, noFastPaths })).report;

/** Both properties, for one plan in one mode. */
export async function holdsInDemo(plan: string, mode: Mode): Promise<void> {
  const fast = await Promise.all(WORLDS.map((w) => run(plan, w, mode, false)));
  // The instrumented run in two worlds (e33 as it is, and with other text), which halves the
  // suite's time: the two that move e33 first or last in the listing are held by the
  // cross-world property below, not compared with the instrumented run.
  const slow = await Promise.all(WORLDS.slice(0, 2).map((w) => run(plan, w, mode, true)));
  for (const r of fast) expect(r.error?.kind, r.error?.fullMessage).not.toBe('PlanRejected');
  // The plan tried to change other mail somewhere (else the property says nothing).
  expect(fast.some((r) => r.calls.some((c) => c.tool === 'archiveEmail'))).toBe(true);
  const [a, ...others] = fast.map(quietEffects);
  for (const o of others) expect(o, `LEAK: e33 changed what other mail underwent\n${plan}`).toEqual(a);
  slow.forEach((r, i) => expect(shown(fast[i]!), `a fast path is not the lift\n${plan}`).toBe(shown(r)));
}
