/**
 * Joins the memo answers without reading the sets (the guest's `heldVia`): a label a join made
 * holds `b` when one of the two labels it was made from does, so `J(a, b)` is `a`'s unverified
 * twin without the union of their sources, readers and caps. That must be exactly the label the
 * union finds. Generated chains of joins over fields of several emails (different sources and
 * readers), growing texts joined again with their own parts, with the parts they were read
 * through, and under contexts, run as compiled and with `noFastPaths` (every join walks the sets
 * there), and both give the same answer with the same label on every part and the same number
 * of labels. A shortcut that answers `a` whenever it has parents, or checks the wrong parent's
 * memo entry, fails the bounded run (both planted and caught).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../../engine/run/types';
import { fastPathOutcome } from '../fast-path-outcome';
import { benchWorld } from '../../bench/world';
import { budget } from '../../setup/budget';

const WORLD = benchWorld(12);
const FIELDS = ['subject', 'from', 'body', 'date'];

/** One step: `v<k> = v<i> + v<j>`, a field of an email, a context, or a text grown by a part. */
type Step =
  | { readonly op: 'field'; readonly email: number; readonly field: number }
  | { readonly op: 'cat'; readonly i: number; readonly j: number }
  | { readonly op: 'grow'; readonly i: number }
  | { readonly op: 'under'; readonly i: number; readonly j: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('field' as const), email: fc.nat(11), field: fc.nat(FIELDS.length - 1) }),
  fc.record({ op: fc.constant('cat' as const), i: fc.nat(), j: fc.nat() }),
  fc.record({ op: fc.constant('grow' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('under' as const), i: fc.nat(), j: fc.nat() }),
);

function planOf(steps: readonly Step[]): string {
  const lines = ['const es = await listEmails({ limit: 12 });', "let acc = '';", 'const v0 = es[0].subject;'];
  let n = 1;
  const pick = (i: number): string => `v${i % n}`;
  for (const s of steps) {
    const v = `v${n}`;
    if (s.op === 'field') lines.push(`const ${v} = es[${s.email}].${FIELDS[s.field]!};`);
    else if (s.op === 'cat') lines.push(`const ${v} = ${pick(s.i)} + ' ' + ${pick(s.j)};`);
    else if (s.op === 'grow') lines.push(`acc += ${pick(s.i)}; const ${v} = acc;`);
    // A value assigned under a context decided by another (STRICT joins the context into it).
    else lines.push(`let ${v} = ''; if (${pick(s.j)}.length > 3) ${v} = ${pick(s.i)} + '!';`);
    n++;
  }
  lines.push(`return [${Array.from({ length: n }, (_, i) => `v${i}`).join(', ')}, acc];`);
  return lines.join('\n');
}

const outcome = (plan: string, mode: Mode, noFastPaths: boolean): Promise<string> =>
  fastPathOutcome({ plan, world: WORLD, mode }, noFastPaths, (r) => r.stats.labels);

describe('joins answered through the labels they were made from', () => {
  for (const mode of ['strict', 'normal'] as const)
    it(`equal the union of the sets (${mode})`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 24 }), async (steps) => {
          const plan = planOf(steps);
          expect(await outcome(plan, mode, false)).toBe(await outcome(plan, mode, true));
        }),
        { numRuns: budget(25, 300) },
      );
    });
});
