/**
 * The guest's label table against a model of labels as plain sets (the label section of
 * engine/sandbox/guest/runtime.embed.js, evaluated alone: it is plain JavaScript whatever engine
 * runs it). A label is looked up among the labels with its source set, compared by readers, caps
 * and verified kind, and a leaf a union makes takes its first word that is not zero from its two
 * sides. Generated labels (sources in runs that fill words at different places, readers, caps,
 * verified twins) are joined in generated orders: every join must name exactly the model's union,
 * and equal labels must be one id, distinct ones two. Planted and caught: a lookup that compares
 * sources and caps but not readers, or not the verified kind, and a union's first word taken as
 * the later of its two sides' rather than the earlier.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budget } from '../../setup/budget';

const RUNTIME = fileURLToPath(new URL('../../../engine/sandbox/guest/runtime.embed.js', import.meta.url));

interface Table {
  J(a: number, b: number): number;
  intern(s: number, r: readonly number[] | null, c: readonly number[], v: string | null): number;
  bsOf(ids: readonly number[]): number;
  LS: number[];
  LR: (readonly number[] | null)[];
  LC: (readonly number[])[];
  LV: (string | null)[];
  NKIDS: (number[] | null)[];
  NDEPTH: number[];
}

/** A fresh label table: the runtime's label section with the little it needs from around it. */
function table(): Table {
  const text = readFileSync(RUNTIME, 'utf8');
  const from = text.indexOf('  // ---- labels ----');
  const to = text.indexOf('  // ---- dependency graph ----');
  expect(from).toBeGreaterThan(0);
  expect(to).toBeGreaterThan(from);
  const make = new Function(
    `'use strict'; const SLOW = false; const LIM = { labels: 100000 }; const isArray = Array.isArray;
     function limit(which, message) { throw new Error(message); }
     ${text.slice(from, to)}
     return { J, intern, bsOf, LS, LR, LC, LV, NKIDS, NDEPTH };`,
  ) as () => Table;
  return make();
}

/** The ids a set names (leaves of 30-bit words under inner nodes of children). */
function idsOf(t: Table, n: number, base = 0, out: number[] = []): number[] {
  if (n === 0) return out;
  const kids = t.NKIDS[n]!;
  if (t.NDEPTH[n] === 0) {
    kids.forEach((w, i) => {
      for (let b = 0; b < 30; b++) if (w & (1 << b)) out.push((base + i) * 30 + b);
    });
    return out;
  }
  let span = 64 * 30;
  for (let d = 1; d < t.NDEPTH[n]!; d++) span *= 16;
  kids.forEach((k, i) => idsOf(t, k, base + (i * span) / 30, out));
  return out;
}

interface Model {
  readonly ids: readonly number[];
  readonly readers: readonly number[] | null;
  readonly caps: readonly number[];
  readonly verified: string | null;
}
const sorted = (xs: Iterable<number>): number[] => [...new Set(xs)].sort((a, b) => a - b);
const keyOf = (m: Model): string => JSON.stringify(m);
const modelJoin = (a: Model, b: Model): Model => ({
  ids: sorted([...a.ids, ...b.ids]),
  readers:
    a.readers === null ? b.readers : b.readers === null ? a.readers : a.readers.filter((p) => b.readers!.includes(p)),
  caps: sorted([...a.caps, ...b.caps]),
  verified: null,
});
const read = (t: Table, l: number): Model => ({
  ids: sorted(idsOf(t, t.LS[l]!)),
  readers: t.LR[l] === null ? null : [...t.LR[l]!],
  caps: [...t.LC[l]!],
  verified: t.LV[l] ?? null,
});

// Sources in runs over 8 words (240 ids) and a few single ones: runs fill words here and there.
const source = fc
  .tuple(
    fc.array(
      fc
        .tuple(fc.nat(239), fc.nat(90))
        .map(([from, n]) => Array.from({ length: n }, (_, k) => Math.min(239, from + k))),
      { maxLength: 3 },
    ),
    fc.array(fc.nat(239), { maxLength: 3 }),
  )
  .map(([runs, one]) => sorted([...runs.flat(), ...one]))
  .filter((ids) => ids.length > 0);
const ids = (max: number) => fc.array(fc.nat(max), { maxLength: 3 }).map(sorted);
const label = fc.record({
  ids: source,
  readers: fc.option(ids(2), { nil: null, freq: 3 }),
  caps: ids(2),
  verified: fc.option(fc.constantFrom('email', 'url'), { nil: null, freq: 4 }),
});

describe('the guest label table', () => {
  it('joins name the union of their sides, and equal labels are one id', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 2, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 }),
        (labels, joins) => {
          const t = table();
          const models = new Map<number, Model>([[0, { ids: [], readers: null, caps: [], verified: null }]]);
          const ids = new Map<string, number>([[keyOf(models.get(0)!), 0]]);
          // Each model key has one id, and each id one model.
          const record = (id: number, m: Model) => {
            expect(read(t, id)).toEqual(m);
            expect(ids.get(keyOf(m)) ?? id).toBe(id);
            ids.set(keyOf(m), id);
            models.set(id, m);
          };
          const made: number[] = [];
          for (const m of labels) {
            const id = t.intern(t.bsOf(m.ids), m.readers === null ? null : [...m.readers], [...m.caps], m.verified);
            record(id, m);
            made.push(id);
          }
          for (const [i, j] of joins) {
            const a = made[i % made.length]!;
            const b = made[j % made.length]!;
            const r = t.J(a, b);
            record(r, modelJoin(models.get(a)!, models.get(b)!));
            made.push(r);
          }
        },
      ),
      {
        numRuns: budget(300, 5000),
        examples: [
          // Word 1 full on the first side only, the second holding everything else of it.
          [
            [
              {
                ids: sorted([0, ...Array.from({ length: 30 }, (_, k) => 30 + k)]),
                readers: null,
                caps: [],
                verified: null,
              },
              { ids: [0, 35, 70], readers: null, caps: [], verified: null },
            ],
            [[1, 0]],
          ],
        ],
      },
    );
  });
});
