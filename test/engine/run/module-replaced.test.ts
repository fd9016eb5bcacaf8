/**
 * A run that breaks the QuickJS module it ran in (the host's stack exhausted inside it by a
 * JSON.parse nested deeper than that stack, after a tool call) ends at a limit, and the module is
 * replaced at once: the next run, even one started before the process's next turn (when contexts
 * are prepared and runs torn down), runs in a context of the new module, never in one prepared
 * from the old (engine/sandbox/quickjs.ts `retire`). The same for a wasm trap, which QuickJS
 * raises when an allocation fails on a path that does not check: that run ends at its memory limit.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as QuickJS from 'quickjs-emscripten';
import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { inLaundering, LAUNDERING } from '../../security/two-worlds';

/** Every module loaded, in order, and the module of every runtime made, in order. */
const loaded: QuickJSWASMModule[] = [];
const runtimesOf: QuickJSWASMModule[] = [];
/** Set to make the next call into the guest trap as QuickJS does after an unchecked failed allocation. */
const trap = { next: false };
vi.mock('quickjs-emscripten', async (importOriginal) => {
  const { watchedQuickJS } = await import('./watched-quickjs');
  return watchedQuickJS(
    await importOriginal<typeof QuickJS>(),
    (m) => loaded.push(m),
    (rt, m) => {
      runtimesOf.push(m);
      const newContext = rt.newContext.bind(rt);
      rt.newContext = (o) => {
        const vm = newContext(o);
        const callFunction = vm.callFunction.bind(vm) as (...args: unknown[]) => unknown;
        vm.callFunction = ((...args: unknown[]) => {
          if (trap.next) {
            trap.next = false;
            throw new WebAssembly.RuntimeError('memory access out of bounds');
          }
          return callFunction(...args);
        }) as typeof vm.callFunction;
        return vm;
      };
    },
  );
});

const DEEP = LAUNDERING.replace(/body: 'zed@attacker\.test needs[^\n]*/, `body: '${'['.repeat(12000)}'`);
const idle = () => new Promise((r) => setTimeout(r, 30));

describe('after a run breaks the module', () => {
  it('the next run, started at once, runs on a new module', async () => {
    expect((await inLaundering('const v = 1;', LAUNDERING, 'strict')).status).toBe('completed');
    await idle(); // a context is prepared from the first module
    expect(loaded).toHaveLength(1);
    const deep = await inLaundering('let v = 0; try { JSON.parse(m.body); } catch (e) { v = 1; }', DEEP, 'strict');
    expect(deep.status, deep.error?.fullMessage).toBe('limit');
    expect(deep.calls.filter((c) => c.tool === 'sendEmail')).toEqual([]);
    const before = runtimesOf.length;
    const next = await inLaundering('const v = 1;', LAUNDERING, 'strict');
    expect(next.status, next.error?.fullMessage).toBe('completed');
    expect(loaded).toHaveLength(2);
    expect(runtimesOf.length).toBeGreaterThan(before);
    expect(runtimesOf.slice(before).every((m) => m === loaded[1])).toBe(true);
    await idle();
    const later = await inLaundering('const v = 2;', LAUNDERING, 'strict');
    expect(later.status).toBe('completed');
    expect(runtimesOf.at(-1)).toBe(loaded[1]);
    expect(loaded).toHaveLength(2);
  });

  it('a wasm trap out of memory ends the run at its memory limit, on a module no later run uses', async () => {
    await idle();
    const modules = loaded.length;
    trap.next = true;
    const r = await inLaundering('const v = 1;', LAUNDERING, 'strict');
    expect(r.status, r.error?.fullMessage).toBe('limit');
    expect(r.error?.limit).toBe('memoryBytes');
    const next = await inLaundering('const v = 1;', LAUNDERING, 'strict');
    expect(next.status, next.error?.fullMessage).toBe('completed');
    expect(loaded).toHaveLength(modules + 1);
    expect(runtimesOf.at(-1)).toBe(loaded.at(-1));
  });
});
