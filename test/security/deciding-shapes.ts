/**
 * The property red-team rounds 17 and 19 hold choices that decide control to: in plans that read the
 * attacker's email (e33; in the laundering world m1) and archive another email in a branch only e33's
 * text decides, two demo worlds that differ only in that text make the same allowed changes to other
 * mail, in both modes; and the reference monitor reads each shape the same way (its archive call
 * records the attacker's email in its context), with the engine at least as restrictive.
 */
import { describe, expect, it } from 'vitest';
import { discrepancies, loadWorldFile, runBoth } from '../engine/reference/differential';
import { DEMO_TEXT, E33_QUIET, inDemo, quietEffects } from './two-worlds';

/** The test each shape decides with: whether e33 (read into `a`) says the word. */
export const A = "a.body.includes('customs')";

/** One suite per side (the engine over two worlds; the reference monitor), over every named shape. */
export function decidingShapes(shapes: Readonly<Record<string, string>>, engineTitle: string, referenceTitle: string) {
  describe(engineTitle, () => {
    for (const mode of ['strict', 'normal'] as const)
      for (const [name, body] of Object.entries(shapes))
        it(`[${mode}] ${name}`, async () => {
          const plan = `const a = await getEmail('e33');\n${body}`;
          const [says, other] = await Promise.all([inDemo(plan, DEMO_TEXT, mode), inDemo(plan, E33_QUIET, mode)]);
          for (const r of [says, other]) expect(r.status, r.error?.fullMessage).toBe('completed');
          // The plan did reach the call where e33 says so (else the property says nothing).
          expect(says.calls.some((c) => c.tool === 'archiveEmail')).toBe(true);
          expect(quietEffects(says), `LEAK: e33 archived e01 on its own\n${plan}`).toEqual(quietEffects(other));
        });
  });

  describe(referenceTitle, () => {
    const world = loadWorldFile('test/fixtures/laundering-world.yaml');
    for (const mode of ['strict', 'normal'] as const)
      for (const [name, body] of Object.entries(shapes))
        it(`[${mode}] ${name}`, async () => {
          const plan = `const a = await getEmail('m1');\n${body.replaceAll("'customs'", "'Code'").replaceAll("'e01'", "'m2'")}`;
          const pair = await runBoth(plan, world, 'minimal', mode);
          expect(discrepancies(pair), plan).toEqual([]);
          const archive = pair.ref.calls.find((c) => c.tool === 'archiveEmail');
          expect(archive, plan).toBeDefined();
          expect(archive!.context.sources, plan).toContain('tool:getEmail:m1');
        });
  });
}
