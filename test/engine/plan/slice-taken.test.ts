/**
 * `slice` on a list with a structure label makes only the elements it takes (the `elements`
 * rule in the guest's `moving`): each one labeled and linked as the whole list's element would
 * be, the others never made. Generated lists (plain and labeled elements, containers among
 * them, a structure label from a push under a context or none) sliced by generated bounds
 * (negative, past the end, missing, labeled) give, as compiled and with `noFastPaths` (where
 * every element is made first), the same answer with the same label on every part, and a tool
 * call sending a taken element the same lineage. Returning the taken elements without the
 * structure's label, or taking them at the wrong positions, fails the bounded run (both planted
 * and caught).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';
import { fastPathOutcome } from '../fast-path-outcome';
import { budget } from '../../setup/budget';

const WORLD = loadWorld(readFileSync(join(process.cwd(), 'test/fixtures/laundering-world.yaml'), 'utf8'), 'slice.yaml');

const element = fc.oneof(
  fc.integer({ min: -2, max: 9 }).map(String),
  fc.constantFrom('"a"', 'null', 'undefined', 'm.subject', 'k.from', '[1, m.subject]', '{ s: k.subject }'),
);
const bound = fc.oneof(
  fc.integer({ min: -4, max: 6 }).map(String),
  fc.constantFrom('undefined', 'm.body.length * 0 + 1', '-k.subject.length'),
);

function planOf(items: readonly string[], structure: boolean, bounds: readonly string[]): string {
  return [
    "const m = await getEmail('m1');",
    "const k = await getEmail('m2');",
    `const xs = [${items.join(', ')}];`,
    // A push under a context decided by the email: the list gets a structure label.
    structure ? "if (m.subject.length > 0) xs.push('z');" : '',
    `const ys = xs.slice(${bounds.join(', ')});`,
    "if (ys.length > 0) await sendEmail({ to: ['bob@acme.test'], subject: 'x', body: String(ys[0]) });",
    'return ys;',
  ].join('\n');
}

const outcome = (plan: string, mode: Mode, noFastPaths: boolean): Promise<string> =>
  fastPathOutcome({ plan, world: WORLD, mode }, noFastPaths, (r) =>
    r.calls.map((c) => [c.tool, c.args, c.decision, c.context, c.fields]),
  );

describe('slice makes only the elements it takes', () => {
  for (const mode of ['strict', 'normal'] as const)
    it(`as the tables do (${mode})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(element, { maxLength: 6 }),
          fc.boolean(),
          fc.array(bound, { maxLength: 2 }),
          async (items, structure, bounds) => {
            const plan = planOf(items, structure, bounds);
            expect(await outcome(plan, mode, false)).toBe(await outcome(plan, mode, true));
          },
        ),
        { numRuns: budget(30, 300) },
      );
    });
});
