/**
 * Tool requests name a label's sources by reference to the run's source sets (run/source-sets.ts):
 * the host expands a set to exactly the names the guest spelled out before (in the guest's
 * order for lineage, sorted for labels), and refuses what a hostile guest could send instead:
 * a node that refers to nothing sent, a node sent twice or empty, a leaf naming a source never sent.
 * Through a real run: a plan that pages through a mailbox, its calls named by reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/run/simulate';
import { SourceSets } from '../../../engine/run/source-sets';
import type { WireToolRequest } from '../../../engine/run/wire';
import { WorldState } from '../../../engine/world';
import { mailboxWorld, PAGE_PLAN } from '../../bench/listing';
import { benchWorld } from '../../bench/world';

const request = (over: Partial<WireToolRequest>): WireToolRequest => ({
  tool: 'log',
  args: { k: 'a', l: 0, i: [] },
  labels: {},
  pc: 0,
  lineage: {},
  ...over,
});

describe('source sets by reference', () => {
  it('expands a tree of bitset nodes to the names it holds', () => {
    const sets = new SourceSets();
    // Sources 0..2 in one leaf; source 1925 in the second leaf (1,920 ids a leaf) of a depth-1 root.
    const names = Array.from({ length: 1926 }, (_, i) => `tool:t:${i}`);
    const req = sets.resolve(
      request({
        sets: {
          names,
          untrusted: [1, 1925],
          nodes: [
            [1, 0, 0b111],
            [2, 0, 1 << 5],
            [3, 1, 1, 2],
          ],
        },
        labels: { '7': { n: 3, r: ['b@x.test', 'a@x.test'], c: ['SECRET'] }, '8': { n: 1, r: null, c: [] } },
        pc: 7,
        lineage: { '[0]': { op: '+', n: 3, from: [{ op: 'source t()', n: 1 }] } },
      }),
    );
    expect(req.labels['7']!.s).toEqual(['tool:t:0', 'tool:t:1', 'tool:t:2', 'tool:t:1925']);
    expect(req.labels['7']!.u).toEqual(['tool:t:1', 'tool:t:1925']);
    expect(req.labels['7']!.r).toEqual(['b@x.test', 'a@x.test']);
    expect(req.lineage['[0]']).toEqual({
      op: '+',
      sources: ['tool:t:0', 'tool:t:1', 'tool:t:2', 'tool:t:1925'],
      from: [{ op: 'source t()', sources: ['tool:t:0', 'tool:t:1', 'tool:t:2'] }],
    });
    const label = sets.labelOf(req.labels['7']!)!;
    expect(label.sources).toEqual(['tool:t:0', 'tool:t:1', 'tool:t:1925', 'tool:t:2']);
    expect(label.readers).toEqual(['a@x.test', 'b@x.test']);
    // A later request names the same sets without sending them again; the same label, once.
    const again = sets.resolve(request({ labels: { '1': { n: 3, r: ['b@x.test', 'a@x.test'], c: ['SECRET'] } } }));
    expect(sets.labelOf(again.labels['1']!)).toBe(label);
  });

  it('refuses a set it was never sent, a node sent twice and a name never sent', () => {
    const fresh = () => {
      const sets = new SourceSets();
      sets.add({ names: ['a', 'b'], untrusted: [], nodes: [[1, 0, 0b11]] });
      return sets;
    };
    const cases: [string, Partial<WireToolRequest>, RegExp][] = [
      ['unknown root', { labels: { '1': { n: 9, r: null, c: [] } } }, /never sent/],
      ['unknown child', { sets: { names: [], untrusted: [], nodes: [[2, 1, 9]] } }, /children/],
      ['node again', { sets: { names: [], untrusted: [], nodes: [[1, 0, 1]] } }, /not a new node/],
      [
        'name never sent',
        { sets: { names: [], untrusted: [], nodes: [[2, 0, 0b100]] }, labels: { '1': { n: 2, r: null, c: [] } } },
        /never sent/,
      ],
      ['untrusted elsewhere', { sets: { names: ['c'], untrusted: [0], nodes: [] } }, /untrusted name/],
      ['word too wide', { sets: { names: [], untrusted: [], nodes: [[2, 0, 2 ** 31]] } }, /30 bits/],
      ['empty leaf', { sets: { names: [], untrusted: [], nodes: [[2, 0, 0]] } }, /empty/],
      ['empty inner node', { sets: { names: [], untrusted: [], nodes: [[2, 1, 0, 0]] } }, /empty/],
      ['lineage unknown', { lineage: { '[0]': { op: 'x', n: 5 } } }, /never sent/],
    ];
    for (const [what, over, error] of cases) expect(() => fresh().resolve(request(over)), what).toThrow(error);
  });

  it('pages through a mailbox, each call naming every email listed before it', async () => {
    const world = new WorldState(mailboxWorld(1_200, 100));
    // (The wall-clock limit is the machine's load here: lifted.)
    const { report } = await simulate({ plan: PAGE_PLAN, world, limits: { wallMs: 600_000 } });
    expect(report.status).toBe('completed');
    expect(report.result).toHaveLength(1_200);
    // Each call after the first depends on every email listed so far: its context names them.
    const calls = report.calls.filter((c) => c.tool === 'listEmails');
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.at(-1)!.context.sources.filter((s) => s.endsWith('#listed'))).toHaveLength(1_200);
  });

  // The guest's union of two sets reads a leaf only from the later of their first words: an email
  // fetched late has its sources in the last words of a leaf, one fetched early in the first; a
  // listing's sources, numbered first, fill the first words of every label read under it.
  const subjects = async (n: number) => {
    const fetch = `const s = []; for (let i = 1; i <= ${n}; i++) s.push((await getEmail('m' + i)).subject);`;
    const { report } = await simulate({ plan: `${fetch} return s;`, world: benchWorld(n), mode: 'normal' });
    const sourcesOf = report.resultParts!.map((p) => p.label.sources);
    expect(sourcesOf).toHaveLength(n);
    // A plan joining the given expressions over `s` left to right, and the sources it must name.
    return async (parts: string[], indices: number[]) => {
      const plan = `${fetch} return ${parts.join(' + ')};`;
      const { report: r } = await simulate({ plan, world: benchWorld(n), mode: 'normal' });
      const want = [...new Set(indices.flatMap((i) => sourcesOf[i]!))].sort();
      expect([...r.resultLabel!.sources].sort()).toEqual(want);
    };
  };

  it('a join of labels whose sources start at different words names every source of both', async () => {
    const N = 70;
    const check = await subjects(N);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(N - 1), { minLength: 2, maxLength: 6 }), (picks) =>
        check(
          picks.map((i) => `s[${i}]`),
          picks,
        ),
      ),
      { numRuns: 12 },
    );
  });

  it('a join of runs of sources, some filling their first words, names every source of each run', async () => {
    // 70 sources, one an email: three words, two of them full when every source is named.
    const N = 70;
    const check = await subjects(N);
    const run = fc.oneof(
      fc.nat(N).map((to) => [0, to] as const),
      fc.tuple(fc.nat(N), fc.nat(N)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
    );
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
    await fc.assert(
      fc.asyncProperty(fc.array(run, { minLength: 2, maxLength: 4 }), (runs) =>
        check(
          runs.map(([from, to]) => `s.slice(${from}, ${to}).join('')`),
          runs.flatMap(([from, to]) => range(from, to)),
        ),
      ),
      {
        numRuns: 8,
        // A run that starts in the first word but leaves it partial, joined with one whose first
        // word is full: the first holds the second from its second word on, not before; and
        // one lacking two of the second's sources there: neither holds the other.
        examples: [
          [
            [
              [0, 10],
              [30, 70],
              [0, 45],
            ],
          ],
          [
            [
              [0, 10],
              [32, 70],
              [0, 45],
            ],
          ],
        ],
      },
    );
    // (70 tool calls a run, on a machine that may be shared.)
  }, 120_000);
});
