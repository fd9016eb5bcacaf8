/**
 * Item stretches (plan/item-stretches.ts): code that computes from the string fields of plan
 * objects, earlier stretches' text names and loop counters alone runs natively and boxes each value
 * with the join of the (comparable) labels it read. Generated stretches — declarations opening a
 * `for…of` body or following an indexed loop's `const e = emails[i]` (string methods, pads,
 * lengths, numbers, comparisons, choices, split reads, `+` and templates), then a template and a
 * `+` chain after them — over fields labeled alike, unlike and incomparably, fields that are not
 * text or do not exist, a split read past the end, items that are not objects, texts that cross
 * the string limit; the loop gathering, ordered by a call in it, or inside a try) give, as
 * compiled and with `noFastPaths` (the instrumented code), the same answer or error with the same
 * label on every part, the same label count, and the same calls with their contexts and field
 * labels. Each of these plants fails the bounded run (the examples that caught them run first):
 * boxing with the first source's label only, no bound check on R.SM before the reads, a source
 * first read in a choice's arm; before that rule, a pad past the limit left empty and NORMAL
 * choices over two labels (now hidden by it).
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
  const arm = (d: number): string => (pick(3) === 0 ? JSON.stringify(['c', 'n'][pick(2)]) : gen('string', d));
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
        // An arm may be literal text: NORMAL labels the choice with the arm's label alone.
        () => `(${gen('boolean', d)} ? ${arm(d)} : ${arm(d)})`,
        () => `${gen('string', d)}.split(${JSON.stringify(['@', ' ', '<'][pick(3)])})[${pick(3)}]`,
        () => `${gen('string', d)}.padEnd(${[3, 16, 70_000][pick(3)]}, '.')`,
        () => `(${gen('string', d)} + ${JSON.stringify(['-', ' '][pick(2)])} + ${gen('number', d)})`,
      ][pick(9)]!();
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

type Shape = 'gather' | 'ordered' | 'try' | 'verified' | 'odd' | 'indexed' | 'long';

/**
 * Expression stretches after the declarations: a template and a `+` chain over fields, the text
 * names and (indexed) the counter, drawn from `seed` too.
 */
function exprsOf(seed: readonly number[], indexed: boolean): string[] {
  const n = seed.length;
  const part = (k: number): string =>
    [
      'e.subject',
      'v0',
      'e.date.slice(0, 10)',
      'e.from.toUpperCase()',
      indexed ? 'i' : 'e.body.length',
      'e.id',
      'e.nope',
    ][(seed[k % n]! + k) % 7]!;
  return [
    `out.push(\`[\${${part(0)}}] \${${part(1)}} (\${${part(2)}}) \${${part(6)}}\`);`,
    `acc += ${indexed ? 'i + 1' : part(3)} + '. ' + ${part(4)} + ' - ' + ${part(5)} + '\\n';`,
    // Past the string limit on the long item (below), as a template or a concatenation.
    seed[0]! % 2
      ? 'out.push(`${e.from.toUpperCase()}|${e.subject}|${e.subject}`);'
      : "out.push(e.from.toUpperCase() + '|' + e.subject + e.subject);",
  ];
}

function planOf(seed: readonly number[], shape: Shape): string {
  const decls = stretchOf(seed);
  const vs = decls.map((_, i) => `v${i}`);
  const indexed = shape === 'indexed';
  const body = [
    ...(indexed ? ['const e = emails[i];'] : []),
    ...decls,
    // What reads the values: a Map keyed by the first, a list of all of them.
    `if (!seen.has(v0)) seen.set(v0, 0);`,
    `seen.set(v0, seen.get(v0) + 1);`,
    `out.push([${vs.join(', ')}]);`,
    ...exprsOf(seed, indexed),
    ...(shape === 'ordered' ? ["await getEmail('m2');"] : []),
  ];
  const loop = [indexed ? 'for (let i = 0; i < emails.length; i++) {' : 'for (const e of emails) {', ...body, '}'];
  // Texts near the string limit (LONG: R.SM / 3 = 16,666 characters): a field past it, and a pad,
  // template or concatenation that crosses it from fields within (`ß` upper-cased: `SS`).
  const long =
    "emails = [...emails, { from: 'ß'.repeat(16_000), subject: 'b'.repeat(16_000), id: 'l', body: 'c'.repeat(20_000), date: 'd' }];";
  // A list made in the plan whose first item's fields are verified addresses.
  const verified =
    "emails = [{ from: await verifyEmailAddress('priya@northwind.test'), subject: await verifyEmailAddress('omar@northwind.test'), id: 'v', body: ' b ' }, ...emails];";
  return [
    "let emails = await listEmails({ folder: 'INBOX' });",
    ...(shape === 'verified' ? [verified] : []),
    ...(shape === 'long' ? [long] : []),
    // Items that are not plan objects (the copy does not read them).
    ...(shape === 'odd' ? ["emails = ['text', ...emails, [1], null];"] : []),
    'const out = [];',
    "let acc = '';",
    'const seen = new Map();',
    ...(shape === 'try' ? ['try {', ...loop, '} catch (x) { out.push(1); }'] : loop),
    "await sendEmail({ to: ['bob@acme.test'], subject: 'x', body: String(out.length) + String(seen.size) + String(out[0]) });",
    'return { out, seen: [...seen.entries()], acc };',
  ].join('\n');
}

/** The string limit of the runs: the long item's texts reach it. */
const LONG = 50_000;

const outcome = (plan: string, mode: Mode, noFastPaths: boolean): Promise<string> =>
  fastPathOutcome({ plan, world: WORLD, mode, limits: { stringLength: LONG } }, noFastPaths, (r) => [
    r.stats?.labels,
    r.calls.map((c) => [c.tool, c.args, c.decision, c.context, c.fields]),
  ]);

describe("item stretches compute natively with their sources' label", () => {
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
          fc.constantFrom<Shape>(
            'gather',
            'ordered',
            'try',
            'verified',
            'verified',
            'odd',
            'indexed',
            'indexed',
            'long',
          ),
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
            [[0, 0, 614, 97], 'gather'],
            [[0], 'long'],
            [[0], 'gather'],
            [[212, 796, 272, 7], 'verified'],
            [[0, 993, 8, 0, 860, 993, 0, 673], 'long'],
            [[995, 445], 'gather'],
          ],
        },
      );
    }, 120_000);
});
