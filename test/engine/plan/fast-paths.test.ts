/**
 * The fast paths against the tables (docs/semantics.md §2a). The compiler inlines native code for
 * unlabeled values (operators on plain numbers, concatenation, templates, `String`, the plain
 * string methods, `push`, literals, index reads, steps, plain loops and functions, comparisons,
 * boolean string methods and a collection's `has` that are only an `if`'s or a loop's test,
 * `s.split(sep)[k]` in one call), and the
 * runtime has its own (R.add on two numbers, two labeled numbers joined directly, a labeled number
 * or string with a plain one of its type, the direct string methods, `push` on an unlabeled
 * array, `!` of a labeled primitive, a Map's or Set's has/get/set/add/delete straight to the
 * entry rule, a plain object's field read through a labeled reference or written outside a try). Each must be exactly the table's row under its
 * label rule, for whatever value reaches it. So every generated plan runs twice, as compiled and
 * with `noFastPaths` (every operator, conversion and method call through the runtime's tables,
 * precision rules kept), and both give the same answer with the same label on every part.
 *
 * Values are generated: numbers (NaN, Infinity, fractions), short strings, booleans, null,
 * undefined, arrays and objects nesting them, each part labeled by the email or not (`L(x)` reads
 * x back from a list at an index computed from the email, so it carries the email's label), in
 * STRICT and NORMAL mode. Half the plans run under a context decided by the email.
 *
 * `npm test` runs a bounded budget (test/setup/budget.ts: fewer samples, NORMAL only under a
 * context, three of the four split-read parts); `npm run fuzz` the long one. Every property
 * runs its whole set of expressions on each sample, so a fast path that answers wrong for every
 * value fails on the first; a planted label drop in a comparison test and in a labeled key's
 * write both failed the bounded run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METHODS } from '../../../engine/plan/builtins';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';
import { budget, grid } from '../../setup/budget';

const WORLD = loadWorld(readFileSync(join(process.cwd(), 'test/fixtures/laundering-world.yaml'), 'utf8'), 'fast.yaml');

type Kind = 'num' | 'str' | 'bool' | 'null' | 'undefined' | 'arr' | 'obj';
interface Val {
  readonly code: string;
  readonly kind: Kind;
}

const plainValue: fc.Arbitrary<Val> = fc.oneof(
  fc.integer({ min: -3, max: 12 }).map((n) => ({ code: `(${n})`, kind: 'num' as const })),
  fc.constantFrom('0.5', '(-1.5)', 'NaN', 'Infinity').map((code) => ({ code, kind: 'num' as const })),
  fc.stringMatching(/^[ab1 ]{0,4}$/).map((s) => ({ code: JSON.stringify(s), kind: 'str' as const })),
  fc.boolean().map((b) => ({ code: String(b), kind: 'bool' as const })),
  fc.constantFrom<Val>({ code: 'null', kind: 'null' }, { code: 'undefined', kind: 'undefined' }),
);
const labeled = (v: Val): Val => ({ code: `L(${v.code})`, kind: v.kind });
const value: fc.Arbitrary<Val> = fc.letrec<{ v: Val }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    plainValue,
    plainValue.map(labeled),
    fc
      .array(tie('v'), { maxLength: 3 })
      .map((xs) => ({ code: `[${xs.map((x) => x.code).join(', ')}]`, kind: 'arr' as const })),
    fc
      .array(tie('v'), { maxLength: 3 })
      .map((xs) => ({ code: `{ ${xs.map((x, i) => `k${i}: ${x.code}`).join(', ')} }`, kind: 'obj' as const })),
    tie('v').map((x) => (x.kind === 'arr' || x.kind === 'obj' ? labeled(x) : x)),
  ),
})).v;

const BINARY = ['+', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>', '<', '>', '<=', '>=', '===', '!=='];
const prim = (v: Val): boolean => v.kind !== 'arr' && v.kind !== 'obj';

/** Every expression over `a` and `b` whose operator has a fast path for such values. */
function expressions(a: Val, b: Val): Record<string, string> {
  const out: Record<string, string> = {
    ...Object.fromEntries(BINARY.map((op) => [`a ${op} b`, `a ${op} b`])),
    concat: '"<" + a',
    'concat right': 'a + ">"',
    template: '`${a}|${b}`',
    String: 'String(a)',
    neg: '-a',
    pos: '+a',
    not: '!a',
    bnot: '~a',
    typeof: 'typeof a',
    'minus one': 'a * -1',
    '++': '(() => { let x = a; x++; return x; })()',
    '--': '(() => { let x = a; --x; return x; })()',
    '+=': '(() => { let x = a; x += b; return x; })()',
    '-=': '(() => { let x = a; x -= b; return x; })()',
    'array literal': '[a, b]',
    'object literal': '({ p: a, q: b })',
    push: '(() => { const xs = []; xs.push(a); xs.push(b); return xs; })()',
    index: '(() => { const xs = [a, b]; return xs[1]; })()',
    'object writes': '(() => { const o = { p: a }; o.q = b; o.p = o.p; o[String(b)] = a; return o; })()',
    'fields by a labeled reference': '(() => { const o = L({ p: a, q: b }); return [o.p, o.q, o.r, L(o).p]; })()',
    'fields of a labeled object':
      '(() => { const o = { p: a, q: b }; if (L(true)) o.r = 1; return [o.p, o.q, o.r, o.s]; })()',
    'map entries':
      '(() => { const m = new Map(); m.set(a, b); return [m.has(a), m.get(a), m.has(b), m.get(b), m.delete(b), m.size]; })()',
    'set entries': '(() => { const s = new Set([b]); s.add(a); return [s.has(a), s.has(b), s.delete(a), s.size]; })()',
    'map by a labeled reference':
      '(() => { const m = L(new Map([[a, b]])); m.set(b, a); return [m.has(a), m.get(b)]; })()',
    'map in a try':
      '(() => { try { const m = new Map(); m.set(a, b); return [m.get(a), m.has(b)]; } catch (e) { return e; } })()',
    'map under a test':
      '(() => { const m = new Map(); if (!m.has(a)) m.set(a, b); if (a) m.set(b, a); return [m.get(a), m.size]; })()',
  };
  if (a.kind === 'str') {
    out['.length'] = 'a.length';
    for (const m of METHODS.plainString) out[`a.${m}(b)`] = prim(b) ? `a.${m}(b)` : `a.${m}()`;
    out['a.split(b)'] = prim(b) ? 'a.split(b)' : 'a.split("")';
    out['a.padStart'] = 'a.padStart(6, "-")';
  }
  if (a.kind === 'arr') {
    out['.length'] = 'a.length';
    out['a[0]'] = 'a[0]';
    if (prim(b)) out['a[b]'] = 'a[b]';
  }
  if (a.kind === 'num') {
    out['plain loop'] = '(() => { let s = a; for (let i = 0; i < 3; i++) s = s * 2 + i; return s; })()';
    out['plain comparator'] = '[a, 2, 1].toSorted((x, y) => x - y)';
    out['plain template'] =
      '(() => { let s = 0; for (let i = 0; i < 2; i++) s = s + `${i}-${a}`.length; return s; })()';
  }
  if (b.kind === 'arr' || b.kind === 'str') out.spread = '[...b]';
  if (b.kind !== 'num' && b.kind !== 'bool' && b.kind !== 'str') out['object spread'] = '({ ...b })';
  if (prim(a) && (b.kind === 'arr' || b.kind === 'obj')) out.in = 'a in b';
  return out;
}

/** The labeled operands the tests' fast paths are for, often enough to be sure to meet them. */
const labeledOperand = fc.constantFrom<Val>(
  { code: 'L("ab1 ")', kind: 'str' },
  { code: 'L("a")', kind: 'str' },
  { code: 'L(3)', kind: 'num' },
  { code: 'L([1, 2, 3])', kind: 'arr' },
);
/** A boolean string method as an `if`'s or a loop's test (stringTest): on any receiver, any argument. */
const stringTests: Record<string, string> = {
  'if (a.includes(b))': '(() => { if (a.includes(b)) return 1; return 0; })()',
  'if (a.startsWith(b, 1))': '(() => { if (a.startsWith(b, 1)) return 1; else return 0; })()',
  'while (a.endsWith(b))': '(() => { let n = 0; while (a.endsWith(b)) { n++; if (n > 2) break; } return n; })()',
};
/**
 * The length of an unboxed array whose structure is labeled (a push under another email's
 * context, K) against a plain or labeled number b, as a test (the runtime's ltL…geL).
 */
const structureLengthTests: Record<string, string> = {
  'if (xs.length > b)': '(() => { const xs = [1]; if (K(true)) xs.push(a); if (xs.length > b) return 1; return 0; })()',
  'for (; i < xs.length;) from b':
    '(() => { const xs = [1]; if (K(true)) xs.push(a); let n = 0; for (let i = b; i < xs.length; i++) { n = n + 1; if (n > 3) break; } return n; })()',
  'for (; i < xs.length;) in a try':
    '(() => { const xs = [1]; if (K(true)) xs.push(a); let n = 0; try { for (let i = b; i < xs.length; i++) { n = n + 1; if (n > 3) break; } } catch (e) { n = -1; } return n; })()',
};
/**
 * Comparisons that are only an `if`'s or a loop's test (their truth and label come as one number,
 * testCode). Each runs in a plan of its own: in one result object, the context one test raises
 * would label every later part and hide a wrong label of another.
 */
function tests(a: Val): Record<string, string> {
  const out: Record<string, string> = {
    ...Object.fromEntries(
      ['<', '>', '<=', '>='].map((op) => [`if (a ${op} b)`, `(() => { if (a ${op} b) return 1; return 0; })()`]),
    ),
    'while (n < b)': '(() => { let n = 0; while (n < b) { n++; if (n > 3) break; } return n; })()',
    ...stringTests,
    ...structureLengthTests,
  };
  if (a.kind === 'str' || a.kind === 'arr') {
    out['if (a.length > 2)'] = '(() => { if (a.length > 2) return 1; return 0; })()';
    out['if (a.length <= b)'] = '(() => { if (a.length <= b) return 1; return 0; })()';
    out['if (b < a.length)'] = '(() => { if (b < a.length) return 1; else return 0; })()';
    out['for (; i < a.length;)'] = '(() => { let n = 0; for (let i = 0; i < a.length; i++) n = n + 1; return n; })()';
  }
  return out;
}

interface Outcome {
  readonly result: string;
  readonly error: string | null;
  readonly parts: string;
  /** Steps and labels made: a search loop run in one call must count as the loop it replaces. */
  readonly counts: string;
  /** The tool calls with every field's label and lineage, when asked for. */
  readonly calls?: string;
}

async function run(
  a: Val,
  b: Val,
  mode: Mode,
  underContext: boolean,
  noFastPaths: boolean,
  exprs = expressions(a, b),
  withCalls = false,
): Promise<Outcome> {
  const body = Object.entries(exprs)
    .map(([k, e]) => `${JSON.stringify(k)}: ${e}`)
    .join(',\n    ');
  const ret = `return {\n    ${body}\n  };`;
  const plan = [
    "const m = await getEmail('m1');",
    'const w = m.body;',
    'const L = (x) => [x][w.length * 0];',
    "const k = await getEmail('m2');",
    'const K = (x) => [x][k.body.length * 0];',
    `const a = ${a.code};`,
    `const b = ${b.code};`,
    underContext ? `if (L(true)) { ${ret} }` : ret,
  ].join('\n');
  const r = await simulate({ plan, world: WORLD, mode, noFastPaths });
  const parts = [...(r.report.resultParts ?? [])].sort((x, y) => (x.path < y.path ? -1 : 1));
  return {
    result: JSON.stringify(r.report.result),
    error: r.report.error ? `${r.report.error.kind}: ${r.report.error.message}` : null,
    parts: JSON.stringify(parts.map((p) => [p.path, p.label])),
    counts: JSON.stringify([r.report.stats.steps, r.report.stats.labels]),
    ...(withCalls ? { calls: JSON.stringify(r.report.calls) } : {}),
  };
}

/**
 * The settings each expression runs in: both modes, with and without a context. `npm test` leaves
 * out NORMAL without a context (no context to join; NORMAL's compiled code still runs under one).
 */
const SETTINGS = grid<readonly [Mode, boolean]>(
  [
    ['strict', false],
    ['strict', true],
    ['normal', true],
  ],
  [
    ['strict', false],
    ['strict', true],
    ['normal', false],
    ['normal', true],
  ],
);

/**
 * Each expression alone, in each of the SETTINGS: the fast path answers as the table (`counts`:
 * with the same steps and labels made too).
 */
async function expectEachAsTable(a: Val, b: Val, exprs: Record<string, string>, counts = false): Promise<void> {
  for (const [k, e] of Object.entries(exprs))
    for (const [mode, ctx] of SETTINGS) {
      const fast = await run(a, b, mode, ctx, false, { [k]: e });
      const table = await run(a, b, mode, ctx, true, { [k]: e });
      const where = `${k} (${mode}${ctx ? ', under a context' : ''}): a = ${a.code}, b = ${b.code}`;
      expect(fast.error, where).toBe(table.error);
      expect(fast.result, where).toBe(table.result);
      expect(fast.parts, where).toBe(table.parts);
      if (counts) expect(fast.counts, where).toBe(table.counts);
    }
}

describe('every fast path answers as the table, with the same label', () => {
  it('on generated values, labeled and not, in both modes, with and without a context', async () => {
    await fc.assert(
      fc.asyncProperty(
        value,
        value,
        fc.constantFrom<Mode>('strict', 'normal'),
        fc.boolean(),
        async (a, b, mode, ctx) => {
          const fast = await run(a, b, mode, ctx, false);
          const table = await run(a, b, mode, ctx, true);
          expect(fast.error, `a = ${a.code}, b = ${b.code}`).toBeNull();
          expect(table.error).toBeNull();
          expect(fast.result, `a = ${a.code}, b = ${b.code}`).toBe(table.result);
          expect(fast.parts, `a = ${a.code}, b = ${b.code}`).toBe(table.parts);
        },
      ),
      { numRuns: budget(20, 200) },
    );
  }, 300_000);

  it('on comparisons that are only a test, each in a plan of its own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(labeledOperand, value), value, (a, b) => expectEachAsTable(a, b, tests(a))),
      { numRuns: budget(2, 25) },
    );
  }, 300_000);

  it('on boolean string methods and structure lengths that are only a test, labeled and not', async () => {
    const strings: Val[] = [
      { code: 'L("ab1 ")', kind: 'str' },
      { code: '"ab1 "', kind: 'str' },
    ];
    const args: Val[] = [
      { code: '"b1"', kind: 'str' },
      { code: 'L("a")', kind: 'str' },
      { code: '"z"', kind: 'str' },
      { code: 'L([1])', kind: 'arr' },
      { code: '0', kind: 'num' },
      { code: 'L(1)', kind: 'num' },
    ];
    const cases = [...strings.map((a) => [a, stringTests] as const), [strings[0]!, structureLengthTests] as const];
    for (const [a, exprs] of cases) for (const b of args) await expectEachAsTable(a, b, exprs);
  }, 300_000);

  it('on search loops (one runtime call for the loop), with the same steps and labels', async () => {
    // Word lists plain, with a labeled word, labeled, or holding a non-string; the searched
    // string plain or labeled; found at once, later, or never; in a function, where the flag's
    // write carries the context of the iteration that found it.
    const loop = (m: string): string =>
      `(() => { let hit = false; let at = 0; for (const w of b) if (a.${m}(w)) { hit = true; at = 1; break; } const r = [hit, at]; return r; })()`;
    const exprs = {
      ...Object.fromEntries(['includes', 'startsWith', 'endsWith'].map((m) => [m, loop(m)])),
      'no flag': '(() => { for (const w of b) if (a.includes(w)) break; return 1; })()',
      'top-level flag': '(() => { let n = 0; for (const w of b) if (a.includes(w)) { n = 2; break; } return n; })()',
    };
    const words: Val[] = [
      { code: '["zz", "b1", "a"]', kind: 'arr' },
      { code: '["zz", "q"]', kind: 'arr' },
      { code: '[]', kind: 'arr' },
      { code: '["zz", L("b"), "a"]', kind: 'arr' },
      { code: 'L(["zz", "1 "])', kind: 'arr' },
      { code: '["zz", 1, "a"]', kind: 'arr' },
      // Past the iteration whose joins change nothing (R.anyT then makes none): found last, or never.
      { code: '["zz", "q", "y", "x", "b1"]', kind: 'arr' },
      { code: '["zz", "q", "y", "x", "w"]', kind: 'arr' },
    ];
    for (const a of [
      { code: 'L("ab1 ")', kind: 'str' as const },
      { code: '"ab1 "', kind: 'str' as const },
    ])
      for (const b of words)
        for (const [mode, ctx] of SETTINGS)
          for (const [k, e] of Object.entries(exprs)) {
            const fast = await run(a, b, mode, ctx, false, { [k]: e });
            const table = await run(a, b, mode, ctx, true, { [k]: e });
            const where = `${k} (${mode}${ctx ? ', under a context' : ''}): a = ${a.code}, b = ${b.code}`;
            expect(fast, where).toEqual(table);
          }
    const { compilePlan } = await import('../../../engine/plan');
    expect(
      compilePlan(`const a = "x"; const b = ["y"]; return ${loop('includes')};`, { mode: 'strict', toolNames: [] })
        .code,
    ).toMatch(/__R\.anyT\(/);
  }, 300_000);

  it('on collect loops (one runtime call for the loop, split words unboxed), with the same steps and labels', async () => {
    // A string's words (split of a plain or labeled string, by a plain or labeled separator) or
    // a generated list (plain and labeled strings, a labeled list, a non-string among them),
    // pushed whole or through a method to a plain or labeled list, in a function or under a
    // context; a list read after the loop is filled as it was made.
    const collect = (list: string, test: string, push: string, out = '[]'): string =>
      `(() => { const out = ${out}; for (const w of ${list}) if (w.length ${test}) out.push(${push}); return [out, out.length]; })()`;
    const exprs = {
      lower: collect('b', '> 2', 'w.toLowerCase()'),
      self: collect('b', '<= 1', 'w'),
      split: collect('a.split(" ")', '>= 2', 'w.toUpperCase()'),
      'split self': collect('a.split(" ")', '< 3', 'w'),
      'split, labeled separator': collect('a.split(L(" "))', '> 1', 'w.trim()'),
      'split into a labeled list': collect('a.split(" ")', '> 1', 'w.toLowerCase()', 'L([])'),
      'block body':
        '(() => { const out = []; for (const w of a.split(" ")) { if (w.length > 2) { out.push(w); } } return out; })()',
      'split read after':
        '(() => { const ws = a.split(" "); const out = []; for (const w of ws) if (w.length > 1) out.push(w); return [out, ws[0], ws.length]; })()',
    };
    const word = fc.oneof(
      fc.stringMatching(/^[aB ]{0,5}$/).map((s) => JSON.stringify(s)),
      fc.stringMatching(/^[aB ]{0,5}$/).map((s) => `L(${JSON.stringify(s)})`),
      fc.constant('1'),
    );
    const list = fc.array(word, { maxLength: 4 }).map((xs) => `[${xs.join(', ')}]`);
    // (A labeled word the test leaves out still labels the list pushed to, under a context.)
    const known = fc.constantFrom('["abc", L("a"), "q"]', '[K("abcd"), L("x"), "yz"]', 'L(["abc", "a"])');
    const lists = fc.oneof(
      known,
      list,
      list.map((x) => `L(${x})`),
      list.map((x) => `K(${x})`),
    );
    const texts = ['L("Ab cDe  fgh IJKL")', '"Ab cDe fgh"', 'L("")', 'K("one two three")'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...texts), lists, (a, b) =>
        expectEachAsTable({ code: a, kind: 'str' }, { code: b, kind: 'arr' }, exprs, true),
      ),
      { numRuns: budget(3, 40), examples: [['L("Ab cDe  fgh IJKL")', '["abc", L("a"), "q"]']] },
    );
    const { compilePlan } = await import('../../../engine/plan');
    const plan = `const a = "x y"; return ${exprs.split};`;
    expect(compilePlan(plan, { mode: 'strict', toolNames: [] }).code).toMatch(/__R\.pushT\(.*"toUpperCase"/);
    expect(compilePlan(plan, { mode: 'strict', toolNames: [], noFastPaths: true }).code).not.toMatch(/pushT|words/);
  }, 300_000);

  it("on has tests (a collection's has, or its negation, only a test), with the same steps and labels", async () => {
    // Keys plain, labeled, or a container; collections plain, with labeled keys, with a labeled
    // structure, behind a labeled reference, or not collections at all; inside a try and not.
    const exprs = {
      'if (!m.has(a))': '(() => { const m = new Map([[1, "x"], [L("k"), 2]]); if (!m.has(a)) return 1; return 0; })()',
      'if (s.has(a))': '(() => { const s = new Set(["k", L(1)]); if (s.has(a)) return 1; return 0; })()',
      'labeled structure':
        '(() => { const m = new Map(); if (L(true)) m.set(a, 1); if (!m.has(a)) return 1; return 0; })()',
      'labeled reference': '(() => { const m = L(new Map([[a, 1]])); if (m.has(a)) return 1; return 0; })()',
      'in a try':
        '(() => { const m = new Map([["k", 1]]); try { if (!m.has(a)) return 1; } catch (x) { return 2; } return 0; })()',
      'not a collection': '(() => { try { if (b.has(a)) return 1; } catch (x) { return 2; } return 0; })()',
      'while (s.has(…))':
        '(() => { const s = new Set([1, 2, L(3)]); let n = 1; while (s.has(n)) n = n + 1; return n; })()',
    };
    // (Keys labeled by another email than the collections' parts, K rather than L.)
    const keys: Val[] = [
      { code: 'K("k")', kind: 'str' },
      { code: '"k"', kind: 'str' },
      { code: 'K(1)', kind: 'num' },
      { code: 'K([1])', kind: 'arr' },
    ];
    for (const a of keys) await expectEachAsTable(a, { code: 'K("k")', kind: 'str' }, exprs, true);
  }, 600_000);

  it('on split reads (one runtime call for the part), with the same steps, labels and lineage', async () => {
    // A part that exists or not, of a string plain, labeled or long (past R.SM), or of a value
    // that is not a string; inside a try (where the call goes the table's way) and not; the part
    // sent to a tool, whose call shows the part's lineage.
    const exprs = (sep: string, k: number): Record<string, string> => ({
      part: `a.split(${JSON.stringify(sep)})[${k}]`,
      'in a try': `(() => { try { return a.split(${JSON.stringify(sep)})[${k}]; } catch (x) { return 'caught'; } })()`,
      'sent to a tool': `await (async () => { const p = a.split(${JSON.stringify(sep)})[${k}]; const r = await searchEmails({ query: String(p) }); return r.length; })()`,
    });
    const texts: Val[] = [
      { code: 'L("Bob <bob@ex.test>")', kind: 'str' },
      { code: '"a@b@c"', kind: 'str' },
      { code: 'L("x@".repeat(40000))', kind: 'str' },
      { code: 'L(12)', kind: 'num' },
      { code: 'L(["a@b"])', kind: 'arr' },
    ];
    const plainB: Val = { code: '0', kind: 'num' };
    const settings = [
      ['strict', false],
      ['strict', true],
      ['normal', true],
    ] as const;
    // (npm test: a part that exists, of an empty separator, and past the end.)
    const parts = grid<readonly [string, number]>(
      [
        ['@', 1],
        ['', 2],
        ['@', 5],
      ],
      [
        ['@', 1],
        ['<', 0],
        ['', 2],
        ['@', 5],
      ],
    );
    for (const a of texts)
      for (const [sep, k] of parts)
        for (const [mode, ctx] of settings)
          for (const [name, e] of Object.entries(exprs(sep, k))) {
            const fast = await run(a, plainB, mode, ctx, false, { [name]: e }, true);
            const table = await run(a, plainB, mode, ctx, true, { [name]: e }, true);
            expect(fast, `${name} (${mode}${ctx ? ', under a context' : ''}): a = ${a.code}, ${sep} ${k}`).toEqual(
              table,
            );
          }
  }, 600_000);

  it('on labeled text keys into plain objects, and merges that re-read a field', async () => {
    // R.get and R.set with a labeled text key into a filled, writable plan object outside a try
    // (`counts[tag] = (counts[tag] ?? 0) + 1`), and the merge's reads of a field that holds a
    // primitive (R.sget, R.reach at a loop that may write through `r.tag`): the same answers,
    // labels, steps and labels made as the general paths.
    const exprs = {
      'count by a key': '(() => { const o = {}; for (const t of [a, b, a]) o[t] = (o[t] ?? 0) + 1; return o; })()',
      'count by a labeled key':
        '(() => { const o = {}; for (const t of [L(a), b]) o[t] = (o[t] ?? 0) + 1; return o; })()',
      'read and write by a key':
        '(() => { const o = { k0: a }; o[L("k1")] = b; return [o[L("k0")], o[L("k1")], o[L("k2")]]; })()',
      // Another email's label (K) on the key: the structure label must take it apart from the values'.
      'keys after a write by a key': '(() => { const o = { p: a }; o[K("q")] = b; return Object.keys(o); })()',
      'a missing field after a write by a key':
        '(() => { const o = { p: a }; o[K("q")] = b; return [o.zz, o[K("zz")]]; })()',
      'reads by a key': '(() => { const o = { p: a }; return [o[K("p")], o[K("zz")]]; })()',
      'a refused key': '(() => { const o = {}; o[L("constructor")] = a; return o; })()',
      'keys in a try':
        '(() => { try { const o = {}; o[L("p")] = a; return [o[L("p")], o[b]]; } catch (e) { return 0; } })()',
      'a field re-read at merges':
        '(() => { const rs = [{ tag: a, ws: [b] }, { tag: b, ws: [] }]; const out = []; for (const r of rs) { if (L(true)) out.push(r.tag); } return [out, rs]; })()',
      // R.sget of a container field, of a plan object plain or behind another email's labeled
      // reference (containerAt: the box R.get makes, without its graph node); the branch not
      // taken writes nothing, so only the merge's upgrade labels them.
      ...Object.fromEntries(
        ['true', 'false'].map((taken) => [
          `containers re-read at merges through labeled references (${taken})`,
          `(() => { const g = K({ s: [a], t: { u: b }, m: new Map() }); const h = { s: L([b]) }; if (L(${taken})) { g.s.push(b); g.t.u = a; g.m.set(b, a); h.s.push(a); } return [g.s, g.t, [...g.m.keys()], h]; })()`,
        ]),
      ),
    };
    await fc.assert(
      fc.asyncProperty(value, value, (a, b) => expectEachAsTable(a, b, exprs, true)),
      { numRuns: budget(3, 40), seed: 19 },
    );
  }, 300_000);

  it('on callbacks of array methods that read only fields of their parameters (field functions)', async () => {
    // A field function that declares no index parameter is not given the index (library.embed.js,
    // moving); one that declares it reads it (`i.length` throws on a missing one).
    const exprs: Record<string, string> = {
      filter: 'a.filter((x) => x.k0)',
      map: 'a.map((x) => x.k0)',
      some: 'a.some((x) => x.k1 > 1)',
      every: 'a.every((x) => x.k0 !== 2)',
      find: 'a.find((x) => x.k1)',
      findIndex: 'a.findIndex((x) => x.k0)',
      mapIndex: 'a.map((x, i) => x.k0 < i.length)',
      filterIndex: 'a.filter((x, i) => i.length === x.k1)',
      reduce: 'a.reduce((s, x) => x.k0, 0)',
      reduceIndex: 'a.reduce((s, x, i) => i.length, 0)',
      // Answered by the native copy over each item's field (library.embed.js, moving).
      filterText: 'a.filter((x) => x.k1.length > 1)',
      someText: 'a.some((x) => { return 0 < x.k0.length; })',
      everyText: 'a.every((x) => x.k2.length >= 0)',
      findTuple: 'a.find((x) => x[1])',
      findIndexText: 'a.findIndex((x) => x.k0.length <= 2)',
      emails: '[m, K(k), L(m)].filter((x) => x.body.length > 3).length',
      emailFields: '[m, k].some((x) => x.unread) || L([k, m]).find((x) => x.subject)',
      emailsEvery: 'K([m, k]).every((x) => x.subject.length < 90)',
      emailsMissing: '[m, K(k)].some((x) => x.k0)',
    };
    const list = fc
      .array(value, { maxLength: 3 })
      .map((xs): Val => ({ code: `[${xs.map((x) => x.code).join(', ')}]`, kind: 'arr' }));
    await fc.assert(
      // (K labels by another email than L: a field's label joined with the list's is a new one.)
      fc.asyncProperty(
        fc.oneof(
          list,
          list.map(labeled),
          list.map((v) => ({ ...v, code: `K(${v.code})` })),
        ),
        (a) => expectEachAsTable(a, a, exprs, true),
      ),
      { numRuns: budget(2, 20) },
    );
  }, 300_000);

  it('takes the fast paths it compares: a plan over plain values compiles to native operators', async () => {
    // (Guards the test above against comparing the tables with themselves.)
    const { compilePlan } = await import('../../../engine/plan');
    const src = 'const a = 1; const s = "x"; return [a * 2, s.slice(0), `${s}!`];';
    const fast = compilePlan(src, { mode: 'strict', toolNames: [] }).code;
    const slow = compilePlan(src, { mode: 'strict', toolNames: [], noFastPaths: true }).code;
    expect(fast).toMatch(/\.slice\(/);
    expect(slow).not.toMatch(/\? [a-z_0-9]+\.slice\(/);
    expect(slow).toMatch(/__R\.mc\(/);
    expect(slow).not.toBe(fast);
    const test = 'const s = "x"; if (s.includes("y")) return 1; return 0;';
    expect(compilePlan(test, { mode: 'strict', toolNames: [] }).code).toMatch(/__R\.smT\(/);
    expect(compilePlan(test, { mode: 'strict', toolNames: [], noFastPaths: true }).code).not.toMatch(/__R\.smT\(/);
    const field = 'const a = [{ k: "x" }]; return a.some((x) => x.k.length > 0);';
    expect(compilePlan(field, { mode: 'strict', toolNames: [] }).code).toMatch(
      /"answer":\{"field":"k","length":true\}/,
    );
    expect(compilePlan(field, { mode: 'strict', toolNames: [], noFastPaths: true }).code).not.toMatch(/"answer"/);
    const maps = 'const m = new Map(); m.set(1, 2); return m.get(1);';
    expect(compilePlan(maps, { mode: 'strict', toolNames: [] }).code).toMatch(/__R\.ent\(m, "get"/);
    expect(compilePlan(maps, { mode: 'strict', toolNames: [], noFastPaths: true }).code).not.toMatch(/__R\.ent\(/);
    const split = "const s = 'a@b'; return s.split('@')[1];";
    expect(compilePlan(split, { mode: 'strict', toolNames: [] }).code).toMatch(/__R\.splitAt\(s, "@", 1\)/);
    expect(compilePlan(split, { mode: 'strict', toolNames: [], noFastPaths: true }).code).not.toMatch(/splitAt/);
    const has = 'const m = new Map(); if (!m.has(1)) m.set(1, 2); return m.get(1);';
    expect(compilePlan(has, { mode: 'strict', toolNames: [] }).code).toMatch(/__R\.hasT\(m, \[1\]\) \^ 1/);
    expect(compilePlan(has, { mode: 'strict', toolNames: [], noFastPaths: true }).code).not.toMatch(/hasT/);
  });
});
