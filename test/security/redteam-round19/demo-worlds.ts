/**
 * The demo worlds round 19's properties compare (the attacker writes e33): at its usual place, with
 * other text, dated to come first and dated to come last in every listing. What other mail undergoes
 * on its own must be the same in all of them, in the engine and in the reference monitor.
 */
import { expect } from 'vitest';
import type { Mode } from '../../../engine';
import { canonicalJson } from '../../../engine/run/wire';
import { parseWorld } from '../../../engine/world';
import { runBoth } from '../../engine/reference/differential';
import { DEMO_TEXT, E33_NEWEST, E33_QUIET, inDemo, quietEffects } from '../two-worlds';

const E33_DATE = "date: '2026-03-15T16:00:00Z'\n    unread: true\n    body: |\n      Your shipment";
/** e33 dated so that it is the oldest: last in a listing. */
export const E33_OLDEST = DEMO_TEXT.replace(E33_DATE, E33_DATE.replace('2026-03-15', '2020-01-01'));
export const WORLDS = [DEMO_TEXT, E33_QUIET, E33_NEWEST, E33_OLDEST] as const;

/** The engine: every world makes the same allowed changes to other mail (and the plan ran). */
export async function sameQuietEffects(plan: string, mode: Mode): Promise<void> {
  const runs = await Promise.all(WORLDS.map((w) => inDemo(plan, w, mode)));
  for (const r of runs) expect(r.status, r.error?.fullMessage).toBe('completed');
  // The plan did archive mail in some world (else the property says nothing).
  expect(runs.some((r) => r.calls.some((c) => c.tool === 'archiveEmail'))).toBe(true);
  const [a, ...others] = runs.map(quietEffects);
  for (const o of others) expect(o, `LEAK: e33 changed what other mail underwent\n${plan}`).toEqual(a);
}

const load = (text: string) => {
  const r = parseWorld(text, 'demo-world.yaml');
  if (!r.ok) throw new Error('bad world');
  return r.world;
};

/** The reference monitor: the same property, over its own calls (archives allowed on mail but e33). */
export async function sameQuietEffectsInReference(plan: string, mode: Mode): Promise<void> {
  const pairs = await Promise.all(WORLDS.map((w) => runBoth(plan, load(w), 'default', mode)));
  const [a, ...others] = pairs.map((p) =>
    p.ref.calls
      .filter((c) => c.decision === 'allow' && c.tool === 'archiveEmail' && c.args.id !== 'e33')
      .map((c) => canonicalJson(c.args)),
  );
  for (const o of others) expect(o, `LEAK in the reference monitor\n${plan}`).toEqual(a);
}
