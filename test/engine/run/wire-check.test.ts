/**
 * The tool-request check without zod answers exactly as zod does: for messages of the wire's
 * shape, for the same messages with one part changed the way a hostile guest could change it
 * (an extra key, a wrong type, a missing key, `__proto__` as a record key, a non-finite
 * number), and for nesting deeper than either check's recursion. Labels and lineage nodes come
 * spelled out or by reference to a source set (run/source-sets.ts), with the sets' delta.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WireToolRequest as ToolRequest } from '../../../engine/run/wire';
import { parseToolRequest } from '../../../engine/run/wire-check';

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };
const outcome = (f: () => unknown): Outcome => {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
};

const str = fc.string({ maxLength: 6 });
const num = fc.oneof(fc.integer({ min: -3, max: 20 }), fc.double({ noNaN: true }));
const labelDesc = fc.record(
  {
    s: fc.array(str, { maxLength: 2 }),
    u: fc.array(str, { maxLength: 2 }),
    r: fc.option(fc.array(str, { maxLength: 2 })),
    c: fc.array(str, { maxLength: 2 }),
    v: str,
  },
  { requiredKeys: ['s', 'u', 'r', 'c'] },
);
const labelRef = fc.record(
  { n: num, r: fc.option(fc.array(str, { maxLength: 2 })), c: fc.array(str, { maxLength: 2 }), v: str },
  { requiredKeys: ['n', 'r', 'c'] },
);
const sets = fc.record({
  names: fc.array(str, { maxLength: 2 }),
  untrusted: fc.array(num, { maxLength: 2 }),
  nodes: fc.array(fc.array(num, { maxLength: 4 }), { maxLength: 2 }),
});
const { encoded } = fc.letrec<{ encoded: unknown }>((tie) => ({
  encoded: fc.oneof(
    { depthSize: 'small' },
    fc.record(
      { k: fc.constant('p'), v: fc.oneof(str, num, fc.boolean(), fc.constant(null)), l: num, d: num },
      { requiredKeys: ['k', 'v', 'l'] },
    ),
    fc.record({ k: fc.constant('u'), l: num, d: num }, { requiredKeys: ['k', 'l'] }),
    fc.record({ k: fc.constant('x'), w: str, l: num }),
    fc.record({ k: fc.constant('a'), l: num, i: fc.array(tie('encoded'), { maxLength: 3 }) }),
    fc.record({ k: fc.constant('o'), l: num, e: fc.dictionary(str, tie('encoded'), { maxKeys: 3 }) }),
  ),
}));
const { lineage } = fc.letrec<{ lineage: unknown }>((tie) => ({
  lineage: fc.record(
    { op: str, sources: fc.array(str, { maxLength: 2 }), n: num, from: fc.array(tie('lineage'), { maxLength: 2 }) },
    { requiredKeys: ['op'] },
  ),
}));
const request = fc.record(
  {
    tool: str,
    args: encoded,
    labels: fc.dictionary(fc.oneof(str, fc.constant('__proto__')), fc.oneof(labelDesc, labelRef), { maxKeys: 3 }),
    pc: num,
    cl: num,
    lineage: fc.dictionary(str, fc.option(lineage), { maxKeys: 3 }),
    sets,
  },
  { requiredKeys: ['tool', 'args', 'labels', 'pc', 'lineage'] },
);

/** One change somewhere in the message: a key added, removed or given a value of another type. */
const junk = fc.oneof(
  str,
  num,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant(Infinity),
);
function mutate(x: unknown, pick: number, key: string, value: unknown, how: number): unknown {
  const objects: Record<string, unknown>[] = [];
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return;
    if (!Array.isArray(v)) objects.push(v as Record<string, unknown>);
    for (const c of Object.values(v)) walk(c);
  };
  walk(x);
  const o = objects[pick % objects.length];
  const keys = Object.keys(o);
  if (how === 0 || keys.length === 0) o[key] = value;
  else if (how === 1) delete o[keys[pick % keys.length]];
  else o[keys[pick % keys.length]] = value;
  return x;
}

describe('parseToolRequest', () => {
  it('accepts what zod accepts, with the same value', () => {
    fc.assert(
      fc.property(request, (r) => {
        const json = JSON.parse(JSON.stringify(r)) as unknown;
        expect(outcome(() => parseToolRequest(json))).toEqual(
          outcome(() => ToolRequest.parse(JSON.parse(JSON.stringify(r)))),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('answers a changed message as zod does', () => {
    fc.assert(
      fc.property(request, fc.nat(), str, junk, fc.integer({ min: 0, max: 2 }), (r, pick, key, value, how) => {
        const text = JSON.stringify(r);
        const a = mutate(JSON.parse(text), pick, key, value, how);
        const b = mutate(JSON.parse(text), pick, key, value, how);
        expect(outcome(() => parseToolRequest(a))).toEqual(outcome(() => ToolRequest.parse(b)));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves nesting deeper than its recursion to zod', () => {
    let args: unknown = { k: 'p', v: 1, l: 0 };
    for (let i = 0; i < 20_000; i++) args = { k: 'a', l: 0, i: [args] };
    const json = { tool: 't', args, labels: {}, pc: 0, lineage: {} };
    const fast = outcome(() => parseToolRequest(json));
    const slow = outcome(() => ToolRequest.parse(json));
    expect(fast.ok).toBe(slow.ok);
  });
});
