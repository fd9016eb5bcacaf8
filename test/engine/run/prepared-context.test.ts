/**
 * The sandbox prepares the next run's context, and a label runtime for a run shaped like the last
 * one, in the idle time after a run (engine/sandbox/quickjs.ts). A run of another shape — another
 * mode, other limits, an input — must get a runtime made for it, never the prepared one.
 */
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, toolRegistry, type Mode } from '../../../engine';
import type { Json } from '../../../engine/ifc/labeled-value';

const idle = () => new Promise((r) => setTimeout(r, 30));
const run = (plan: string, opts: { mode?: Mode; steps?: number; input?: Json } = {}) =>
  runPlan({
    plan,
    tools: toolRegistry([]),
    gate: minimalGate,
    mode: opts.mode ?? 'strict',
    input: opts.input,
    limits: opts.steps === undefined ? {} : { steps: opts.steps },
    userAddresses: [],
    contacts: [],
  });

const LOOP = 'let n = 0; for (let i = 0; i < 1000; i++) n = n + i; return n;';

describe('a prepared context', () => {
  it('serves a run with the limits of that run, not of the run before', async () => {
    for (let i = 0; i < 3; i++) expect((await run(LOOP)).status).toBe('completed');
    await idle();
    const limited = await run(LOOP, { steps: 50 });
    expect(limited.status).toBe('limit');
    expect(limited.error?.limit).toBe('steps');
    await idle();
    expect((await run(LOOP)).status).toBe('completed');
  });

  it('serves a run with its own input and mode', async () => {
    await run('return 1;');
    await idle();
    const withInput = await run('return input.x + 1;', { input: { x: 41 } });
    expect(withInput.result).toBe(42);
    await idle();
    const normal = await run('return input.x;', { mode: 'normal', input: { x: 7 } });
    expect(normal.mode).toBe('normal');
    expect(normal.result).toBe(7);
    await idle();
    expect((await run('return typeof input;')).result).toBe('undefined');
  });
});
