/**
 * Red-team round 10: label sources cross the sandbox boundary by reference (engine/run/source-sets.ts).
 *
 * A node is sent once per run and the host expands each set a label names into a flat list of
 * its names. Sets share nodes, so a plan that joins a listing's structure (every email of the
 * mailbox) with each item's own label sends only a few nodes per item, while each of those sets
 * spells out the whole mailbox: n labels of n names each, quadratic on the host, outside the
 * sandbox's memory limit. A hostile mailbox of a few thousand emails made the host hold millions
 * of names for one `log` call (2,000 emails: 4 million names, about 120 MB more heap, in the
 * app's 256 MiB worker; 10,000 emails, which the label limit was sized for, would crash it).
 * Fixed: the names the host holds expanded are bounded by the run's `memoryBytes`; beyond them
 * the run ends at that limit. Properties: the quadratic plan ends at a limit (never a crash) in
 * STRICT and NORMAL; the same mailbox read plainly is untouched by the bound; and the host's
 * table refuses forged references (a node sent twice, a child not sent before it, a leaf naming
 * a name never sent, an empty node), whatever the guest sends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, type Mode } from '../../../engine';
import { SourceSets } from '../../../engine/run/source-sets';
import { northwindWorld } from '../redteam-fixtures';

const N = 1200;
/** 16 MiB: the host keeps 1 million names, fewer than N × N. */
const LIMITS = { memoryBytes: 16 * 1024 * 1024, wallMs: 120_000 };

const world = (n: number) =>
  northwindWorld('sets-by-reference.json', {
    contacts: [],
    mails: Array.from({ length: n }, (_, i) => ({
      id: `e${i}`,
      from: `sender${i}@outsider${i}.test`,
      subject: `Subject ${i}`,
      body: 'Hello.',
      date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    })),
  });

const READ_ALL = `let ms = [];
let before;
for (;;) {
  const page = await listEmails(before ? { limit: 100, before } : { limit: 100 });
  ms = ms.concat(page);
  if (page.length < 100) break;
  before = page[page.length - 1].id;
}
const k = ms.length;`;

describe('sets by reference: what the host expands is bounded', () => {
  const w = world(N);
  for (const mode of ['strict', 'normal'] as Mode[]) {
    it(`${mode}: n labels each naming the whole mailbox end the run at memoryBytes`, async () => {
      const plan = `${READ_ALL}\nlog(ms.map((m) => m.subject + k));`;
      const r = (await simulate({ plan, world: w, mode, limits: LIMITS })).report;
      expect(r.status).toBe('limit');
      expect(r.error?.kind).toBe('LimitExceeded');
      expect(r.error?.message).toMatch(/names the host keeps for a run \(memoryBytes\)/);
    }, 300_000);
  }
  it('the same mailbox read plainly is not limited', async () => {
    const plan = `${READ_ALL}\nlog(k);\nlog(ms.map((m) => m.subject).join(', ').length);`;
    const r = (await simulate({ plan, world: w, mode: 'strict', limits: LIMITS })).report;
    expect(r.error).toBeNull();
    expect(r.transcript[0]).toBe(String(N));
  }, 300_000);
});

describe("sets by reference: the host's table takes no forged reference", () => {
  /** A fresh table holding names a, b, c and leaf 1 = {a}. */
  const table = () => {
    const t = new SourceSets();
    t.add({ names: ['a', 'b', 'c'], untrusted: [1], nodes: [[1, 0, 0b001]] });
    return t;
  };
  const ref = (n: number) => ({ n, r: null, c: [] });
  it('a node resent, a child not sent before it, a name never sent, an empty node: refused', () => {
    const forged: number[][][] = [
      [[1, 0, 0b111]], // node 1 again, now naming more (or fewer) sources
      [[2, 1, 3]], // inner node over node 3, not sent
      [
        [2, 1, 2],
        [3, 0, 1],
      ], // out of order: child after parent
      [[2, 0, 0, 0]], // empty leaf
      [[2, 1, 0]], // empty inner node
      [[2, 2, 1]], // depth 2 over a leaf
      [[2, 9, 1]], // too deep
      [[0, 0, 1]], // the empty set's id
      [[2, 0, 2 ** 30]], // a word wider than 30 bits
      [[2, 0, 0.5]],
    ];
    for (const nodes of forged)
      expect(() => table().add({ names: [], untrusted: [], nodes }), JSON.stringify(nodes)).toThrow();
    expect(() => table().add({ names: ['d'], untrusted: [0], nodes: [] })).toThrow(/untrusted name 0/);
    expect(() => table().desc(ref(7))).toThrow(/never sent/);
    // A leaf naming name 3, never sent: refused when a label names it.
    const t = table();
    t.add({ names: [], untrusted: [], nodes: [[2, 0, 0b1000]] });
    expect(() => t.desc(ref(2))).toThrow(/never sent/);
  });
  it('property: whatever nodes a request sends, a label names at least the sources the node holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: -1, max: 2 ** 31 }), { maxLength: 6 }), { maxLength: 8 }),
        (nodes) => {
          const t = table();
          try {
            t.add({ names: ['d'], untrusted: [], nodes });
          } catch {
            // refused: the run gets a malformed request
          }
          // Node 1 still means {a}, untrusted flags unchanged.
          const l = t.labelOf(t.desc(ref(1)))!;
          expect(l.sources).toEqual(['a']);
          expect(t.labelOf(t.desc({ n: 0, r: null, c: [] }))!.sources).toEqual([]);
        },
      ),
    );
  });
});
