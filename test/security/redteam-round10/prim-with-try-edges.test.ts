/**
 * Red-team round 10: the runtime's new fast path for a labeled number or string with a plain one
 * of its type (`primWith` in R.add, the numeric and comparison operators), taken only outside a
 * try (TD === 0). The attack looks for a place where "outside a try" is not what it seems: an
 * async function called inside a try that resumes after the try closed, one called outside that
 * resumes inside one, a `finally` and a `catch` (TD back to its outer value there), a callback
 * (`map`, `reduce`, `toSorted`) run from inside a try, an iterator-like closure advanced across a
 * try, and operands at the type edges (-0, NaN, Infinity, numeric strings against numbers, an
 * empty string, a string made too long for the limit). Property (held): every plan answers
 * exactly as with `noFastPaths` (every operator through the runtime's tables): the same result,
 * the same error, the same label on every part, in STRICT and NORMAL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';

const WORLD = loadWorld(readFileSync(join(process.cwd(), 'test/fixtures/laundering-world.yaml'), 'utf8'), 'r10.yaml');

/** Each edge as a body over `a` (labeled by the email) and `p` (plain), returning `out`. */
const EDGES: Record<string, string> = {
  'async called in a try, resumed after it': `let out = [];
    async function f() { await null; out.push(a + p, a - p, a < p, p + a, p >= a); if (a === p) throw 'x'; }
    let q; try { q = f(); } catch (e) { out.push('c'); }
    await null; await null;
    try { await q; out.push('ok'); } catch (e) { out.push('threw'); }`,
  'async called outside, resumed inside a try': `let out = [];
    async function f() { await null; out.push(a * p, a + p); if (a > p) throw 'x'; return 1; }
    const q = f();
    try { await null; out.push(a + p); } catch (e) { out.push('c'); }
    try { out.push(await q); } catch (e) { out.push('threw'); }`,
  'finally and catch': `let out = [];
    try { if (a < p) throw 'x'; out.push(a + p); } catch (e) { out.push(a - p, p + a); } finally { out.push(a + p, a === p); }`,
  'callbacks from inside a try': `let out = [];
    try { out = [p, p, a].map((x) => x + p).concat([a, p].toSorted((x, y) => (x < y ? -1 : 1))); out.push([1, 2].reduce((s, x) => s + a, p)); } catch (e) { out.push('c'); }`,
  'a counter advanced across a try': `const next = (() => { let n = p; return () => (n = n + a); })();
    let out = [next()];
    try { out.push(next()); if (out[1] === p) throw 0; } catch (e) { out.push(next()); }
    out.push(next());`,
  'nested tries, the inner closed': `let out = [];
    try { try { out.push(a + p); } finally { out.push(a - p); } out.push(a < p); } catch (e) {}
    out.push(a + p, p - a);`,
  'a string grown to the limit': `let out = [];
    let s = typeof a === 'string' ? a : String(a);
    try { for (let i = 0; i < 70; i++) s = s + p; out.push(s); } catch (e) { out.push('c'); }
    out.push(s + p);`,
};

const operand = fc.oneof(
  fc.constantFrom('0', '(-0)', 'NaN', 'Infinity', '(-1.5)', '3', '"3"', '""', '"a"', '"-0"', '"NaN"'),
  fc.integer({ min: -4, max: 4 }).map((n) => `(${n})`),
);

interface Outcome {
  readonly result: string;
  readonly error: string | null;
  readonly parts: string;
}

async function run(edge: string, a: string, p: string, mode: Mode, noFastPaths: boolean): Promise<Outcome> {
  const plan = [
    "const m = await getEmail('m1');",
    'const L = (x) => [x][m.body.length * 0];',
    `const a = L(${a});`,
    `const p = ${p};`,
    EDGES[edge]!,
    'return out;',
  ].join('\n');
  const r = await simulate({ plan, world: WORLD, mode, noFastPaths, limits: { stringLength: 64 } });
  const parts = [...(r.report.resultParts ?? [])].sort((x, y) => (x.path < y.path ? -1 : 1));
  return {
    result: JSON.stringify(r.report.result),
    error: r.report.error ? `${r.report.error.kind}: ${r.report.error.message}` : null,
    parts: JSON.stringify(parts.map((x) => [x.path, x.label])),
  };
}

describe('primWith outside a try answers as the tables, at every try and async edge', () => {
  for (const edge of Object.keys(EDGES))
    it(
      edge,
      async () => {
        await fc.assert(
          fc.asyncProperty(operand, operand, fc.constantFrom<Mode>('strict', 'normal'), async (a, p, mode) => {
            const fast = await run(edge, a, p, mode, false);
            const slow = await run(edge, a, p, mode, true);
            expect(fast.error ?? '').not.toMatch(/PlanRejected/);
            expect(fast).toEqual(slow);
          }),
          { numRuns: 12 },
        );
      },
      120_000,
    );
});
