/**
 * Runs in turn share one QuickJS module (a slot), whose whole memory is put back after every run
 * to the image taken when its context was made, or when a plan that came back was evaluated in
 * it (engine/sandbox/quickjs.ts `Slot`): each run finds the module byte for byte as it was made,
 * whatever the run before read, built or left half done, and the host forgets the references that
 * run made. It is put back in the idle turn after a run, or by the next run that takes it first. Runs at the same time each get a
 * module of their own.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as QuickJS from 'quickjs-emscripten';
import type { QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { simulate } from '../../../engine/run/simulate';
import type { Limits } from '../../../engine/run/types';
import { warmSandbox } from '../../../engine/sandbox/quickjs';
import { benchWorld } from '../../bench/world';

/** Every module loaded, and every runtime made with the ids of the host references put in it. */
const loaded: QuickJSWASMModule[] = [];
const refsOf = new Map<QuickJSRuntime, number[]>();
vi.mock('quickjs-emscripten', async (importOriginal) => {
  const { watchedQuickJS } = await import('./watched-quickjs');
  return watchedQuickJS(
    await importOriginal<typeof QuickJS>(),
    (m) => loaded.push(m),
    (rt) => {
      const ids: number[] = [];
      const put = rt.hostRefs.put.bind(rt.hostRefs);
      rt.hostRefs.put = (value) => {
        const id = put(value);
        ids.push(id);
        return id;
      };
      refsOf.set(rt, ids);
    },
  );
});

/** The module's memory up to its last byte that is not zero. */
function memoryOf(m: QuickJSWASMModule): Buffer {
  const all = new Uint8Array(m.getWasmMemory().buffer);
  let end = all.length;
  while (end > 0 && all[end - 1] === 0) end--;
  return Buffer.from(all.subarray(0, end));
}

/** Host references still held, over every runtime made. */
const liveRefs = (): number =>
  [...refsOf].reduce(
    (n, [rt, ids]) =>
      n +
      new Set(ids).size -
      [...new Set(ids)].filter((id) => {
        try {
          rt.hostRefs.get(id as never);
          return false;
        } catch {
          return true;
        }
      }).length,
    0,
  );

const world = () => benchWorld(40);
// Each reads mail through a tool, builds values and ends differently; each has an input, so no
// label runtime is made ahead after it (that would be the next run's, made in the restored module).
const PLANS: { plan: string; status: string; limits?: Partial<Limits> }[] = [
  {
    plan: `const e = await getEmail(input.id); const a = []; for (let i = 0; i < 2000; i++) a.push(e.subject + i); return a.length;`,
    status: 'completed',
  },
  {
    plan: `const es = await listEmails({ limit: 30 }); return es.map((e) => e.from).join(',').length;`,
    status: 'completed',
  },
  { plan: `const e = await getEmail(input.id); return e.subject.nothing.more;`, status: 'failed' },
  { plan: `let n = 0; while (true) n = n + 1;`, status: 'limit' },
  // Its memory limit holds in the module its image was put back in too.
  {
    plan: `const a = []; for (let i = 0; i < 1000; i++) { const b = []; for (let j = 0; j < 1000; j++) b.push({ i, j }); a.push(b); } return a.length;`,
    status: 'limit',
    limits: { memoryBytes: 4 * 1024 * 1024 },
  },
];

describe('a restored slot', () => {
  it('gives every run in turn the module as it was made (with its plan evaluated once that plan came back), byte for byte', async () => {
    await warmSandbox();
    expect(loaded).toHaveLength(1);
    const image = memoryOf(loaded[0]!);
    const refs = liveRefs();
    const after: Buffer[] = [];
    for (const { plan, status, limits } of [...PLANS, ...PLANS, ...PLANS]) {
      const { report: r } = await simulate({
        plan,
        world: world(),
        input: { id: 'm3' },
        limits: limits ?? { steps: 20_000 },
      });
      expect(r.status, r.error?.fullMessage).toBe(status);
      if (limits) expect(r.error?.limit).toBe('memoryBytes');
      expect(loaded).toHaveLength(1);
      // The slot is put back after the caller has the outcome, in the process's next turn.
      await new Promise((done) => setImmediate(done));
      after.push(memoryOf(loaded[0]!));
      expect(liveRefs()).toBe(refs);
    }
    const n = PLANS.length;
    // The first time, the module as its context was made; when a plan comes back, its own image
    // (taken the second time, then kept or taken again alike).
    for (let i = 0; i < n; i++) {
      expect(after[i]!.equals(image)).toBe(true);
      expect(after[n + i]!.equals(image)).toBe(false);
      expect(after[2 * n + i]!.equals(after[n + i]!)).toBe(true);
    }
  });

  it('gives runs at the same time a module each, and later runs one of those', async () => {
    const plan = PLANS[0]!.plan;
    const rs = await Promise.all([1, 2, 3].map((i) => simulate({ plan, world: world(), input: { id: `m${i}` } })));
    expect(rs.map((r) => r.report.result)).toEqual([2000, 2000, 2000]);
    const modules = loaded.length;
    expect(modules).toBeGreaterThan(1);
    const again = await simulate({ plan, world: world(), input: { id: 'm4' } });
    expect(again.report.result).toBe(2000);
    expect(loaded).toHaveLength(modules);
  });
});
