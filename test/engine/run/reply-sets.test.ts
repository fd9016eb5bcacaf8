/**
 * Replies name label sources by reference too (run/source-sets.ts `ReplyLabels`, the guest's
 * `replySets`): a label whose names the guest has sent is a set of the guest's own ids, its nodes
 * named by the guest's ids where the guest sent them and spelled out (ids -1, -2, …) where not.
 * The guest sandbox is driven here by a scripted host, the real runtime on the other side: a set
 * sent back by reference reads as the same label in the guest as spelled out, and a reply that
 * names a node or a source the guest never sent, or a set deeper than it needs, ends the run
 * instead of being read as some other label.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePlan } from '../../../engine/plan';
import { runInSandbox, type SandboxOutcome } from '../../../engine/sandbox/quickjs';
import { SourceSets } from '../../../engine/run/source-sets';
import { DEFAULT_LIMITS } from '../../../engine/run/types';
import { ResultMessage, type LabelDesc } from '../../../engine/run/wire';
import { parseToolRequest } from '../../../engine/run/wire-check';
import type { Label } from '../../../engine/ifc/label';

/** Names 0..n-1 of a listing (all untrusted), and one trusted name. */
const listed = (n: number) => Array.from({ length: n }, (_, i) => `tool:t:e${i}#listed`);
const spelled = (s: string[], u: string[]): LabelDesc => ({ s, u, r: null, c: [] });
const label = (sources: string[], untrusted: string[]): Label => ({
  sources: [...sources].sort(),
  untrusted: [...untrusted].sort(),
  readers: 'public',
  caps: [],
});

/**
 * Runs `return await t(await t(1));` with a host that answers the first call with `first` and
 * the second with what `second` makes of the host's table after the second request: the guest's
 * answer is the run's result, its label as the host reads it back.
 */
async function twoCalls(
  first: LabelDesc,
  second: (sets: SourceSets) => Record<string, unknown>,
): Promise<{ outcome: SandboxOutcome; sets: SourceSets }> {
  const sets = new SourceSets();
  const plan = compilePlan('return await t(await t(1));', { mode: 'strict', toolNames: ['t'] });
  let calls = 0;
  const outcome = await runInSandbox({
    plan,
    limits: DEFAULT_LIMITS,
    onTool: (raw) => {
      sets.resolve(parseToolRequest(JSON.parse(raw)));
      const reply = ++calls === 1 ? { ok: true, value: 'a', shape: 1, labels: { '1': first } } : second(sets);
      return Promise.resolve(JSON.stringify(reply));
    },
  });
  return { outcome, sets };
}

/** The sources of the run's result, as the host reads them. */
function resultSources(outcome: SandboxOutcome, sets: SourceSets): string[] {
  if (!outcome.ok) throw new Error(`the run failed: ${outcome.error}`);
  const msg = ResultMessage.parse(JSON.parse(outcome.result));
  const table = sets.resolveLabels(msg.labels, msg.sets);
  return [...(table['1']?.s ?? [])].sort();
}

const failedWith = (outcome: SandboxOutcome): string => (outcome.ok ? 'completed' : outcome.error);

describe('replies name label sources by reference', () => {
  it('a label over sets the guest sent: one node id, read back as the same sources', async () => {
    const names = listed(3000);
    let sent: unknown;
    const { outcome, sets } = await twoCalls(spelled(names, names), (t) => {
      const out = t.replyLabels();
      sent = out.label(label(names, names));
      return {
        ok: true,
        value: 'b',
        shape: 1,
        labels: { '1': sent },
        ...(out.nodes.length ? { sets: out.nodes } : {}),
      };
    });
    // The argument of the second call carried the listing's label: the guest sent its root.
    expect(sent).toMatchObject({ n: expect.any(Number), r: null, c: [] });
    expect((sent as { n: number }).n).toBeGreaterThan(0);
    expect(resultSources(outcome, sets)).toEqual([...names].sort());
  });

  it('a set the guest never built from names it sent: its nodes spelled out in the reply', async () => {
    const names = listed(4000);
    // A subset of what was sent (every other name): no node of it was sent; names all known.
    const half = names.filter((_, i) => i % 2 === 0);
    let nodes: number[][] = [];
    const { outcome, sets } = await twoCalls(spelled(names, names), (t) => {
      const out = t.replyLabels();
      const l = out.label(label(half, half));
      nodes = out.nodes;
      return { ok: true, value: 'b', shape: 1, labels: { '1': l }, sets: out.nodes };
    });
    expect(nodes.length).toBeGreaterThan(1);
    expect(nodes.map((n) => n[0])).toEqual(nodes.map((_, i) => -i - 1));
    expect(resultSources(outcome, sets)).toEqual([...half].sort());
  });

  it('a label naming a source the guest never sent is spelled out', () => {
    const sets = new SourceSets();
    sets.add({ names: ['a', 'b'], untrusted: [], nodes: [[1, 0, 0b11]] });
    const out = sets.replyLabels();
    expect(out.label(label(['a', 'b'], []))).toEqual({ n: 1, r: null, c: [] });
    // `b` was sent trusted: untrusted, it is another source the guest has no id for.
    expect(out.label(label(['a', 'b'], ['b']))).toEqual({ s: ['a', 'b'], u: ['b'], r: null, c: [] });
    expect(out.label(label(['a', 'z'], []))).toEqual({ s: ['a', 'z'], u: [], r: null, c: [] });
    expect(out.nodes).toEqual([]);
  });

  it("the host's table refuses a name sent twice and a node repeating another's content", () => {
    const fresh = () => {
      const sets = new SourceSets();
      sets.add({ names: ['a', 'b'], untrusted: [1], nodes: [[1, 0, 0b11]] });
      return sets;
    };
    expect(() => fresh().add({ names: ['a'], untrusted: [], nodes: [] })).toThrow(/sent twice/);
    expect(() => fresh().add({ names: ['b'], untrusted: [2], nodes: [] })).toThrow(/sent twice/);
    // (The same name trusted and untrusted is two sources, as in the guest.)
    expect(() => fresh().add({ names: ['b'], untrusted: [], nodes: [] })).not.toThrow();
    expect(() => fresh().add({ names: [], untrusted: [], nodes: [[2, 0, 0b11]] })).toThrow(/repeats node 1/);
  });
});

describe('the guest refuses a reply naming what it never sent', () => {
  const names = listed(40);
  const forged: [string, Record<string, unknown>][] = [
    ['a node never sent', { labels: { '1': { n: 99_999, r: null, c: [] } } }],
    ["a reply's node it does not hold", { labels: { '1': { n: -1, r: null, c: [] } } }],
    ['a source never sent', { labels: { '1': { n: -1, r: null, c: [] } }, sets: [[-1, 0, 0, 0, 1]] }],
    [
      'a root deeper than it needs',
      {
        labels: { '1': { n: -2, r: null, c: [] } },
        sets: [
          [-1, 0, 1],
          [-2, 1, -1],
        ],
      },
    ],
    [
      'a child of the wrong depth',
      {
        labels: { '1': { n: -2, r: null, c: [] } },
        sets: [
          [-1, 0, 1],
          [-2, 2, -1],
        ],
      },
    ],
    ['an empty node', { labels: { '1': { n: -1, r: null, c: [] } }, sets: [[-1, 0, 0]] }],
    ['ids out of order', { labels: { '1': { n: -2, r: null, c: [] } }, sets: [[-2, 0, 1]] }],
    ['a word wider than 30 bits', { labels: { '1': { n: -1, r: null, c: [] } }, sets: [[-1, 0, 2 ** 30]] }],
  ];
  for (const [what, reply] of forged)
    it(what, async () => {
      const { outcome } = await twoCalls(spelled(names, names), () => ({ ok: true, value: 'b', shape: 1, ...reply }));
      expect(failedWith(outcome)).toMatch(/malformed reply from the host/);
    });

  it('property: whatever nodes a reply sends, the guest refuses it or reads only sources it sent', async () => {
    const word = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 2 ** 30 - 1 }),
      fc.integer({ min: -3, max: 2 ** 31 }),
    );
    const node = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.array(word, { minLength: 1, maxLength: 4 }));
    await fc.assert(
      fc.asyncProperty(fc.array(node, { maxLength: 3 }), fc.integer({ min: -3, max: 3 }), async (specs, n) => {
        const sets = specs.map(([depth, kids], i) => [-i - 1, depth, ...kids]);
        const { outcome, sets: table } = await twoCalls(spelled(names, names), () => ({
          ok: true,
          value: 'b',
          shape: 1,
          labels: { '1': { n, r: null, c: [] } },
          sets,
        }));
        if (!outcome.ok) return void expect(outcome.error).toMatch(/malformed reply from the host/);
        for (const s of resultSources(outcome, table)) expect(names).toContain(s);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
