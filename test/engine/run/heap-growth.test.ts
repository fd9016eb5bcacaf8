/**
 * A run whose jobs grow the wasm heap (a large run: the module's memory starts at 16 MiB) must be
 * torn down cleanly. quickjs-emscripten 0.32 then reads the job's context through a detached heap
 * view and makes a stray JSContext, and disposing the runtime aborted inside QuickJS
 * (`Aborted(Assertion failed: list_empty(&rt->gc_obj_list) …)`, printed by the module) and
 * replaced the shared module (engine/sandbox/quickjs.ts, `answerJobsWith`).
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { minimalGate, runPlan, toolRegistry } from '../../../engine';

const run = (plan: string) =>
  runPlan({ plan, tools: toolRegistry([]), gate: minimalGate, mode: 'strict', userAddresses: [], contacts: [] });
/** Teardown runs after the caller has its outcome: let it happen. */
const idle = () => new Promise((r) => setTimeout(r, 30));

// Everything after the await runs as a job, and these objects need about 35 MiB.
const GROWS_IN_A_JOB = `
  async function one() { return 1; }
  await one();
  const a = [];
  for (let i = 0; i < 100000; i++) a.push({ i, s: 'item ' + i, b: [i, i] });
  return a.length;`;

describe('a run whose jobs grow the wasm heap', () => {
  // The module prints its abort through the console.error it saw when it was loaded: watch it
  // before the first run loads the module, in a fresh process (vitest.config.ts), where no suite
  // before this one loaded it.
  let printed: MockInstance<typeof console.error>;
  beforeAll(() => {
    printed = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(() => printed.mockRestore());

  it('is disposed without a QuickJS abort, and the next run still works', async () => {
    const r = await run(GROWS_IN_A_JOB);
    expect(r.status).toBe('completed');
    expect(r.result).toBe(100000);
    await idle();
    expect((await run('return 1 + 1;')).result).toBe(2);
    await idle();
    const aborts = printed.mock.calls.filter((args) => args.some((a) => String(a).includes('Aborted(')));
    expect(aborts).toEqual([]);
  });
});
