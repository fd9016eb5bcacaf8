/**
 * Tool answers are imported lazily (engine/README.md "Speed"): a container's parts get their
 * boxes and source nodes when the container is first read, walked, spread, converted or passed
 * on, not at import. So whatever a plan reads, in whatever order, every label must be what it
 * would be had every part been made at import. Each generated plan runs twice on the same world:
 * as written, and with every answer filled at once right after it arrives (`JSON.stringify` of
 * all of them walks every part, which fills each in the order the eager import made them). Both
 * runs must agree on everything a person or the gate sees: the status, the result and its labels
 * (the whole and each part), every call with its arguments, the label of each argument's field
 * and its lineage, and the call's context.
 *
 * The reads: element and field reads (in range and past the end), for…of, spread into arrays
 * and objects, Object.keys/values/entries, JSON.stringify, `in`, lengths, destructuring with a
 * rest, map/filter/some/find callbacks, sorts (a field comparator and a general one), String and
 * join, a branch on a field, a conditional write over a container that holds an answer, writes
 * into an item, branches not taken that would have written into parts not read yet (a path's
 * containers are upgraded at the merge), the deep label of the whole (passed to a tool), and the frozen input.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import type { RunReport } from '../../../engine/run/types';
import type { Mode } from '../../../engine/run/types';

const WORLD = loadWorld(readFileSync(join(process.cwd(), 'test/fixtures/laundering-world.yaml'), 'utf8'), 'lazy.yaml');
const INPUT = { a: [1, { b: 'x' }], c: 'y' };

/** Reads of the answers `xs` (three emails), `ev` (events), `one` (one email) and `input`; `I` an index. */
const READS: readonly string[] = [
  'xs[I]?.subject',
  'xs[I]',
  'xs[I]?.to',
  'xs[I]?.to[0]',
  '(() => { const o = []; for (const e of xs) o.push(e.from); return o; })()',
  '[...xs]',
  '({ ...xs[I] })',
  'Object.keys(xs[I] ?? {})',
  'Object.values(xs[I] ?? {})',
  'Object.entries(xs[I] ?? {})',
  'JSON.stringify(xs[I])',
  'JSON.stringify(xs)',
  "'subject' in (xs[I] ?? {})",
  'xs.length',
  'xs[I]?.cc.length',
  "(xs[I]?.unread ? 'unread' : 'read')",
  '(() => { const { subject, ...rest } = xs[I] ?? {}; return [subject, rest]; })()',
  'xs.map((e) => e.id)',
  'xs.filter((e) => e.unread)',
  'xs.some((e) => e.unread)',
  "xs.find((e) => e.from.includes('priya'))?.subject",
  '[...xs].sort((a, b) => (a.date < b.date ? -1 : 1)).map((e) => e.id)',
  '[...xs].sort((a, b) => String(a.from).localeCompare(String(b.from)))',
  'String(xs[I]?.to)',
  "xs[I]?.to.join(';')",
  '(() => { let n = 0; for (const e of xs) if (e.unread) n = n + 1; return n; })()',
  '(() => { const o = { v: xs }; if (xs[I]?.unread) o.v = []; return o; })()',
  '(() => { const o = { v: one }; if (one.unread) o.v = xs[I]; return o.v; })()',
  '(() => { if (xs[I]) xs[I].seen = true; return xs[I]; })()',
  '(() => { const ys = xs; ys[I] = one; return xs.length; })()',
  "(() => { if (!one.unread) xs[I].to.push('z'); return xs[I]?.to.length; })()",
  "(() => { for (const e of ev) if (!one.unread) e.attendees.push('z'); return ev.map((e) => e.attendees.length); })()",
  "(() => { const o = { v: ev }; if (!one.unread) o.v[0].attendees.push('z'); return ev[0].attendees.length; })()",
  'ev.map((e) => e.attendees)',
  'ev[0].attendees[0]',
  'one.subject',
  'one',
  'input.a[1].b',
  'Object.keys(input)',
  'JSON.stringify(input)',
  '[xs, ev, one]',
];

function plan(reads: readonly { read: string; i: number }[], fillFirst: boolean): string {
  const lines = [
    'const xs = await listEmails({});',
    "const ev = await listEvents({ from: '2026-04-01T00:00:00Z', to: '2026-05-01T00:00:00Z' });",
    "const one = await getEmail('m2');",
    ...(fillFirst ? ['JSON.stringify([xs, ev, one, input]);'] : []),
    'const out = {};',
  ];
  reads.forEach(({ read, i }, n) => {
    lines.push(`out.r${n} = ${read.replaceAll('I', String(i))};`);
    lines.push(`await log(out.r${n});`);
  });
  lines.push('return out;');
  return lines.join('\n');
}

/** Everything of a report that a person or the gate sees (not its step and node counts). */
function seen(r: RunReport): unknown {
  return {
    status: r.status,
    result: r.result,
    resultLabel: r.resultLabel,
    resultParts: r.resultParts,
    error: r.error,
    calls: r.calls,
    transcript: r.transcript,
  };
}

const run = async (text: string, mode: Mode): Promise<RunReport> =>
  (await simulate({ plan: text, world: WORLD, mode, input: INPUT })).report;

describe('a lazily imported tool answer', () => {
  it('has every label it would have had if every part were made at import', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ read: fc.constantFrom(...READS), i: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom<Mode>('strict', 'normal'),
        async (reads, mode) => {
          const lazy = await run(plan(reads, false), mode);
          const eager = await run(plan(reads, true), mode);
          expect(lazy.status, JSON.stringify(lazy.error)).toBe('completed');
          expect(seen(lazy)).toEqual(seen(eager));
        },
      ),
      { numRuns: 60 },
    );
  }, 300_000);

  it('reads every way once, in one plan', async () => {
    const all = READS.map((read, n) => ({ read, i: n % 4 }));
    for (const mode of ['strict', 'normal'] as const) {
      const lazy = await run(plan(all, false), mode);
      expect(lazy.status, JSON.stringify(lazy.error)).toBe('completed');
      expect(seen(lazy)).toEqual(seen(await run(plan(all, true), mode)));
    }
  }, 120_000);
});
