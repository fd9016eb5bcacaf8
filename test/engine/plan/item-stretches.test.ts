/**
 * Item stretches (plan/item-stretches.ts): the `const` declarations opening a loop body over
 * emails that compute from the item's string fields alone run natively and box each value with the
 * one label of the fields read. Generated stretches (string methods, lengths, numbers,
 * comparisons, choices, split reads, over fields labeled alike and unlike, fields that are not
 * text or do not exist, a split read past the end, items that are not objects; the loop gathering,
 * ordered by a call in it, or inside a try) give, as compiled and with `noFastPaths` (the
 * instrumented declarations), the same answer with the same label on every part, and the same
 * calls with their contexts and field labels. Boxing with the first field's label when two differ,
 * or with none, or keeping a verified label, fails the bounded run (each planted and caught).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePlan } from '../../../engine';
import { loadWorld } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';
import { fastPathOutcome } from '../fast-path-outcome';
import { budget } from '../../setup/budget';

const WORLD = loadWorld(
  readFileSync(join(process.cwd(), 'test/fixtures/laundering-world.yaml'), 'utf8'),
  'stretch.yaml',
);

type Ty = 'string' | 'number' | 'boolean';

/** A stretch of declarations drawn from the numbers in `seed` (read in turn, wrapping round). */
function stretchOf(seed: readonly number[]): string[] {
  let at = 0;
  const pick = (n: number): number => (seed.length ? seed[at++ % seed.length]! : 0) % n;
  const names: [string, Ty][] = [];
  const field = (): string =>
    ['e.from', 'e.subject', 'e.from', 'e.id', 'e.body', 'e.from', 'e.subject', 'e.nope', 'e.unread'][pick(9)]!;
  const named = (ty: Ty): string | null => {
    const of = names.filter(([, t]) => t === ty);
    return of.length && pick(2) === 0 ? of[pick(of.length)]![0] : null;
  };
  const gen = (ty: Ty, depth: number): string => {
    const n = named(ty);
    if (n) return n;
    const d = depth + 1;
    if (depth > 2) return ty === 'string' ? field() : ty === 'number' ? `${field()}.length` : `${field()}.length > 3`;
    if (ty === 'string')
      return [
        () => field(),
        () => `${gen('string', d)}.toLowerCase()`,
        () => `${gen('string', d)}.slice(${gen('number', d)}${pick(2) ? `, ${pick(9) - 2}` : ''})`,
        () => `${gen('string', d)}.trim()`,
        () => `${gen('string', d)}.substring(${pick(5)}, ${gen('number', d)})`,
        () => `(${gen('boolean', d)} ? ${gen('string', d)} : ${gen('string', d)})`,
      ][pick(6)]!();
    if (ty === 'number')
      return [
        () => `${gen('string', d)}.indexOf(${JSON.stringify(['<', '@', 'z', ' '][pick(4)])})`,
        () => `${gen('string', d)}.length`,
        () => `(${gen('number', d)} + ${pick(3)})`,
        () => `(${gen('number', d)} - ${gen('number', d)})`,
        () => `${gen('string', d)}.lastIndexOf(${JSON.stringify(['.', '>'][pick(2)])})`,
      ][pick(5)]!();
    return [
      () => `${gen('number', d)} >= ${pick(4) - 1}`,
      () => `${gen('string', d)}.includes(${JSON.stringify(['a', '@', 'Urgent'][pick(3)])})`,
      () => `${gen('string', d)} < ${gen('string', d)}`,
      () => `${gen('string', d)}.startsWith(${gen('string', d)})`,
    ][pick(4)]!();
  };
  const lines: string[] = [];
  const count = 1 + pick(4);
  for (let i = 0; i < count; i++) {
    const ty = (['string', 'number', 'boolean', 'split'] as const)[pick(4)]!;
    const name = `v${i}`;
    if (ty === 'split') {
      lines.push(`const ${name} = ${gen('string', 1)}.split(${JSON.stringify(['@', ' ', '<'][pick(3)])})[${pick(3)}];`);
      names.push([name, 'string']);
    } else {
      lines.push(`const ${name} = ${gen(ty, 0)};`);
      names.push([name, ty]);
    }
  }
  return lines;
}

type Shape = 'gather' | 'ordered' | 'try' | 'verified' | 'odd';

function planOf(seed: readonly number[], shape: Shape): string {
  const decls = stretchOf(seed);
  const vs = decls.map((_, i) => `v${i}`);
  const body = [
    ...decls,
    // What reads the values: a Map keyed by the first, a list of all of them.
    `if (!seen.has(v0)) seen.set(v0, 0);`,
    `seen.set(v0, seen.get(v0) + 1);`,
    `out.push([${vs.join(', ')}]);`,
    ...(shape === 'ordered' ? ["await getEmail('m2');"] : []),
  ];
  const loop = ['for (const e of emails) {', ...body, '}'];
  // A list made in the plan whose first item's fields are verified addresses.
  const verified =
    "emails = [{ from: await verifyEmailAddress('priya@northwind.test'), subject: await verifyEmailAddress('omar@northwind.test'), id: 'v', body: ' b ' }, ...emails];";
  return [
    "let emails = await listEmails({ folder: 'INBOX' });",
    ...(shape === 'verified' ? [verified] : []),
    // Items that are not plan objects (the copy does not read them).
    ...(shape === 'odd' ? ["emails = ['text', ...emails, [1], null];"] : []),
    'const out = [];',
    'const seen = new Map();',
    ...(shape === 'try' ? ['try {', ...loop, '} catch (x) { out.push(1); }'] : loop),
    "await sendEmail({ to: ['bob@acme.test'], subject: 'x', body: String(out.length) + String(seen.size) + String(out[0]) });",
    'return { out, seen: [...seen.entries()] };',
  ].join('\n');
}

const outcome = (plan: string, mode: Mode, noFastPaths: boolean): Promise<string> =>
  fastPathOutcome({ plan, world: WORLD, mode }, noFastPaths, (r) => [
    r.stats?.labels,
    r.calls.map((c) => [c.tool, c.args, c.decision, c.context, c.fields]),
  ]);

describe('item stretches compute natively with one label', () => {
  it('are compiled as stretches (the generated plans exercise the copy)', () => {
    const plan = planOf([0, 1, 0, 0, 0], 'gather');
    const code = compilePlan(plan, { mode: 'strict', toolNames: ['listEmails', 'getEmail', 'sendEmail'] }).code;
    expect(code).toContain('__R.fl(');
  });
  for (const mode of ['strict', 'normal'] as const)
    it(`as the instrumented declarations do (${mode})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat(1000), { minLength: 1, maxLength: 24 }),
          fc.constantFrom<Shape>('gather', 'gather', 'ordered', 'try', 'verified', 'verified', 'odd'),
          async (seed, shape) => {
            const plan = planOf(seed, shape);
            expect(await outcome(plan, mode, false)).toBe(await outcome(plan, mode, true));
          },
        ),
        // Cases that caught the plants named above, run first.
        {
          numRuns: budget(30, 400),
          examples: [
            [[1], 'verified'],
            [[0, 479, 0], 'verified'],
            [[650, 993], 'gather'],
            [[157], 'gather'],
          ],
        },
      );
    }, 120_000);
});
