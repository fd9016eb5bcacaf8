/**
 * Out of memory in the guest always ends a run as a limit. QuickJS's out-of-memory path is
 * fragile: where the heap limit is reached moves with the runtime's own size, and an allocation
 * that fails on a path without a check traps ("memory access out of bounds"). The sandbox gives
 * the runtime room for what the host reads back after the plan stopped, ends a run whose module
 * trapped that way at its memory limit, and replaces the module (engine/sandbox/quickjs.ts).
 * Property: plans allocating many small objects, big strings or big arrays, at sizes on both
 * sides of the limit, end completed, failed or at a limit (never an internal error), and the next
 * run works.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, toolRegistry, type RunReport } from '../../../engine';

const run = (plan: string, memoryBytes: number): Promise<RunReport> =>
  runPlan({
    plan,
    tools: toolRegistry([]),
    gate: minimalGate,
    mode: 'strict',
    limits: { memoryBytes, steps: 3_000_000, wallMs: 30_000 },
    userAddresses: [],
    contacts: [],
  });

/**
 * Plans that allocate about `n` units of one kind, and the `n` at which each reaches a 4 MiB
 * limit (measured; it moves with the runtime's own size, so the property spans both sides).
 */
const ALLOCATIONS: readonly { readonly plan: (n: number) => string; readonly atLimit: number }[] = [
  {
    // Many small objects (the escape suite's 098).
    plan: (n) =>
      `const a = []; for (let i = 0; i < ${n}; i++) { a.push({ i: i, s: 'v' + i, t: [i, i, i, i], u: { i: i }, w: [[i], [i]] }); } return a.length;`,
    atLimit: 27_000,
  },
  {
    // Big strings, each distinct.
    plan: (n) =>
      `const xs = []; const s = 'abcdefgh'.repeat(${n}); for (let i = 0; i < 40; i++) { xs.push(s + i); } return xs.length;`,
    atLimit: 8_000,
  },
  {
    // A string grown piece by piece.
    plan: (n) => `let s = ''; for (let i = 0; i < ${n}; i++) { s = s + 'abcdefghijklmnop'; } return s.length;`,
    atLimit: 4_100,
  },
  {
    // Big arrays of small arrays.
    plan: (n) =>
      `const rows = []; for (let r = 0; r < 6; r++) { const a = []; for (let i = 0; i < ${n}; i++) { a.push([i, 'k' + i]); } rows.push(a); } return rows.length;`,
    atLimit: 20_800,
  },
  {
    // A Map of objects.
    plan: (n) =>
      `const m = new Map(); for (let i = 0; i < ${n}; i++) { m.set('k' + i, { v: i, w: [i] }); } return m.size;`,
    atLimit: 47_000,
  },
];

describe('out of memory in the guest', () => {
  it('ends as completed, failed or a limit, never an internal error, and the next run works', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ALLOCATIONS),
        // From 0.4 to 2.3 times the size that reaches a 4 MiB limit.
        fc.integer({ min: -13, max: 12 }),
        fc.integer({ min: 3_500_000, max: 5_000_000 }),
        async (allocation, scale, memoryBytes) => {
          const r = await run(allocation.plan(Math.round(allocation.atLimit * 2 ** (scale / 10))), memoryBytes);
          expect(['completed', 'failed', 'limit'], `${r.status}: ${r.error?.fullMessage}`).toContain(r.status);
          if (r.status === 'failed') expect(r.error?.fullMessage).not.toMatch(/HostError|memory access|wasm/i);
          if (r.status === 'limit') expect(r.error?.kind).toBe('LimitExceeded');
          const after = await run('const xs = [1, 2, 3]; return xs.map((x) => x * 2);', memoryBytes);
          expect(after.status, after.error?.fullMessage).toBe('completed');
          expect(after.result).toEqual([2, 4, 6]);
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);

  it('ends the escape suite’s many small objects at the memory limit, whatever the limit’s size', async () => {
    for (const memoryBytes of [3_500_000, 4 * 1024 * 1024, 4_500_000]) {
      const r = await run(ALLOCATIONS[0]!.plan(99_999), memoryBytes);
      expect(r.status, r.error?.fullMessage).toBe('limit');
      expect(r.error?.limit).toBe('memoryBytes');
    }
  }, 120_000);
});
