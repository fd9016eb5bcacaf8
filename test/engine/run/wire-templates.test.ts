/**
 * `encode` spells a list's alike items as templates of their list (`['t', k, ids]`) and a label
 * with the names of the label before it as its twin (`{p, c}`): a shorter message for the guest
 * to parse, nothing else. A reader that expands both, written here from run/wire.ts's types
 * alone, must find every part of every generated value with exactly its own label: lists of
 * items alike but for their labels (a tool's listing), nested lists of such items, undefined
 * leaves, and twins of labels that differ only in caps or in the verified kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Label } from '../../../engine/ifc/label';
import type { Json, LabeledValue } from '../../../engine/ifc/labeled-value';
import { encode, labelFromDesc, type LabelDesc, type LabelShape } from '../../../engine/run/wire';

type Twin = { p: number; c: string[]; v?: string };

/** The labels of a message with every twin spelled out. */
function expandLabels(labels: Record<string, unknown>): Record<string, LabelDesc> {
  const out: Record<string, LabelDesc> = {};
  for (const [id, d] of Object.entries(labels)) {
    if ('p' in (d as object)) {
      const t = d as Twin;
      const base = out[String(t.p)];
      if (!base || t.p >= Number(id)) throw new Error(`twin ${id} of ${t.p}, not a label before it`);
      out[id] = { s: base.s, u: base.u, r: base.r, c: t.c, ...(t.v === undefined ? {} : { v: t.v }) };
    } else out[id] = d as LabelDesc;
  }
  return out;
}

/** The value back with a label per part, as the guest's import makes it. */
function read(value: Json, shape: LabelShape, labelOf: (id: number) => Label, templates?: LabelShape[]): LabeledValue {
  if (typeof shape !== 'number' && shape[0] === 't') {
    const ids = shape[2];
    const t = templates?.[shape[1]];
    if (t === undefined) throw new Error(`template ${shape[1]} missing`);
    return read(value, t, (slot) => labelOf(ids[slot]!));
  }
  if (typeof shape !== 'number' && shape[0] === 'u')
    return { kind: 'prim', value: undefined, label: labelOf(shape[1]) };
  const l = labelOf(typeof shape === 'number' ? shape : shape[1]);
  if (Array.isArray(value)) {
    const items = value.map((x, i) =>
      typeof shape === 'number' ? read(x, shape, labelOf) : read(x, (shape[2] as LabelShape[])[i]!, labelOf, shape[3]),
    );
    return { kind: 'array', label: l, items };
  }
  if (value !== null && typeof value === 'object') {
    const entries: Record<string, LabeledValue> = {};
    for (const [k, x] of Object.entries(value))
      entries[k] = read(x, typeof shape === 'number' ? shape : (shape[2] as Record<string, LabelShape>)[k]!, labelOf);
    return { kind: 'object', label: l, entries };
  }
  return { kind: 'prim', value, label: l };
}

/** Every part's path and label, and its value where it is a leaf. */
function parts(v: LabeledValue, path = '$'): [string, Label, unknown][] {
  const here: [string, Label, unknown] = [path, v.label, v.kind === 'prim' ? (v.value ?? '<undefined>') : v.kind];
  if (v.kind === 'array') return [here, ...v.items.flatMap((x, i) => parts(x, `${path}[${i}]`))];
  if (v.kind === 'object') return [here, ...Object.entries(v.entries).flatMap(([k, x]) => parts(x, `${path}.${k}`))];
  return [here];
}

const sorted = (xs: string[]): string[] => [...new Set(xs)].sort();
const canonical = (l: Label): Label => ({
  sources: sorted([...l.sources]),
  untrusted: sorted([...l.untrusted]),
  readers: l.readers === 'public' ? 'public' : sorted([...l.readers]),
  caps: sorted([...l.caps]),
  ...(l.verified ? { verified: l.verified } : {}),
});

// A few labels, several alike but for caps or the verified kind (what makes twins).
const name = fc.constantFrom('a', 'b', 'c');
const label: fc.Arbitrary<Label> = fc
  .record({
    sources: fc.uniqueArray(name, { maxLength: 2 }),
    untrustedToo: fc.boolean(),
    readers: fc.oneof(fc.constant('public' as const), fc.uniqueArray(fc.constantFrom('x@t', 'y@t'), { minLength: 1 })),
    caps: fc.uniqueArray(fc.constantFrom('C1', 'C2'), { maxLength: 2 }),
    verified: fc.option(fc.constantFrom('email', 'url'), { nil: undefined }),
  })
  .map(({ sources, untrustedToo, readers, caps, verified }) => ({
    sources,
    untrusted: untrustedToo ? sources : [],
    readers,
    caps,
    ...(verified ? { verified } : {}),
  }));
const prim: fc.Arbitrary<LabeledValue> = fc.record({
  kind: fc.constant('prim' as const),
  value: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
  label,
});
// Items of one shape (the same keys in the same order), each with labels of its own.
const item = (depth: number): fc.Arbitrary<LabeledValue> =>
  fc.record({
    kind: fc.constant('object' as const),
    label,
    entries: fc.record({
      id: prim,
      to: fc.record({ kind: fc.constant('array' as const), label, items: fc.array(prim, { maxLength: 2 }) }),
      sub: depth > 0 ? fc.oneof(prim, list(depth - 1)) : prim,
    }),
  });
const list = (depth: number): fc.Arbitrary<LabeledValue> =>
  fc.record({ kind: fc.constant('array' as const), label, items: fc.array(item(depth), { maxLength: 5 }) });

describe('encode: templates and twins', () => {
  it('every part reads back with its own label', () => {
    fc.assert(
      fc.property(fc.oneof(list(2), item(1), prim), (v) => {
        const g = encode(v);
        const labels = expandLabels(g.labels);
        const labelOf = (id: number): Label => labelFromDesc(id === 0 ? undefined : labels[String(id)]);
        const back = read(g.value, g.shape, labelOf);
        const want = parts(v).map(([p, l, x]) => [p, canonical(l), x]);
        expect(parts(back).map(([p, l, x]) => [p, canonical(l), x])).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('spells a listing of alike items once, and an item twin by reference', () => {
    const email = (i: number): LabeledValue => {
      const meta: Label = { sources: [`m${i}`], untrusted: [`m${i}`], readers: ['x@t'], caps: [] };
      const text: Label = { ...meta, caps: ['UNTRUSTED_TEXT'] };
      return {
        kind: 'object',
        label: meta,
        entries: {
          id: { kind: 'prim', value: `m${i}`, label: meta },
          subject: { kind: 'prim', value: 's', label: text },
        },
      };
    };
    const listing: Label = { sources: ['listing'], untrusted: [], readers: 'public', caps: [] };
    const g = encode({ kind: 'array', label: listing, items: [0, 1, 2].map(email) });
    expect(g.shape).toEqual([
      'a',
      1,
      [
        ['t', 0, [2, 3]],
        ['t', 0, [4, 5]],
        ['t', 0, [6, 7]],
      ],
      [['o', 0, { id: 0, subject: 1 }]],
    ]);
    expect(g.labels['3']).toEqual({ p: 2, c: ['UNTRUSTED_TEXT'] });
  });
});
