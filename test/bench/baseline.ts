/**
 * The baseline: the same plan source, uninstrumented, in plain QuickJS. Each run gets a fresh
 * runtime and context (as the engine does), the same memory and stack limits, and the tools as
 * global async functions backed by ONE host function that returns a QuickJS promise
 * (`vm.newPromise`), resolved later from the host exactly like the engine's tool bridge. The host
 * side runs the same world tool (`spec.run`) with the same plain arguments and sends back its
 * output as plain JSON; the guest `JSON.parse`s it. So the loop bodies do identical work, and the
 * difference to the engine is the label runtime, the label-carrying bridge and the gate.
 * No interrupt handler (the engine polls one for its wall-clock limit; that costs little).
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { BOTTOM } from '../../engine/ifc/label';
import { labelDeep, plainOf, type Json, type LabeledValue } from '../../engine/ifc/labeled-value';
import type { ToolRegistry } from '../../engine';
import { toNamedArgs } from '../../engine/world';
import { DEFAULT_LIMITS } from '../../engine';

/** A plain host implementation of a tool call: JSON of the positional arguments in, JSON out. */
export type PlainTool = (name: string, argsJson: string) => Promise<string>;

/** Calls the real world tool with plain (bottom-labeled) arguments and returns its plain output. */
export function plainTools(tools: ToolRegistry): PlainTool {
  return async (name, argsJson) => {
    const spec = tools.get(name);
    if (!spec) throw new Error(`baseline: unknown tool ${name}`);
    const positional = (JSON.parse(argsJson) as Json[]).map((a) => labelDeep(a, BOTTOM));
    const mapped = toNamedArgs<LabeledValue>(
      spec,
      positional,
      (o) => (o.kind === 'object' ? { ...o.entries } : null),
      (items) => ({ kind: 'array', label: BOTTOM, items }),
    );
    if (!mapped.ok) throw new Error(`baseline: ${mapped.message}`);
    const plain: Record<string, Json> = {};
    for (const [k, v] of Object.entries(mapped.args)) {
      const p = plainOf(v);
      if (p !== undefined) plain[k] = p;
    }
    const parsed = spec.schema.parse(plain);
    const out = await spec.run(parsed as Record<string, unknown>, mapped.args, { userAddresses: [], seq: 1 });
    return JSON.stringify(plainOf(out) ?? null);
  };
}

/** The guest program: tool stubs, then the plan as the body of an async function. */
export function baselineProgram(source: string, toolNames: Iterable<string>): string {
  const stubs = [...toolNames]
    .map(
      (n) => `async function ${n}(...a) { return JSON.parse(await __tool(${JSON.stringify(n)}, JSON.stringify(a))); }`,
    )
    .join('\n');
  return `${stubs}\n(async () => {\n${source}\n})().then((v) => JSON.stringify(v === undefined ? null : v));`;
}

/** Runs a baseline program in a fresh runtime and context; returns the plan's result as JSON. */
export async function runBaseline(module: QuickJSWASMModule, program: string, tool: PlainTool): Promise<string> {
  const rt = module.newRuntime();
  rt.setMemoryLimit(DEFAULT_LIMITS.memoryBytes);
  rt.setMaxStackSize(DEFAULT_LIMITS.stackBytes);
  const vm = rt.newContext();
  let finished = false;
  try {
    const toolFn = vm.newFunction('__tool', (nameH, argsH) => {
      const deferred = vm.newPromise();
      void tool(vm.getString(nameH), vm.getString(argsH)).then(
        (reply) => {
          if (finished || !deferred.alive) return;
          const s = vm.newString(reply);
          deferred.resolve(s);
          s.dispose();
          rt.executePendingJobs();
        },
        (e: unknown) => {
          if (finished || !deferred.alive) return;
          const err = vm.newError((e as Error).message);
          deferred.reject(err);
          err.dispose();
          rt.executePendingJobs();
        },
      );
      return deferred.handle;
    });
    vm.setProp(vm.global, '__tool', toolFn);
    toolFn.dispose();
    const promise = vm.unwrapResult(vm.evalCode(program, 'baseline.js', { type: 'global', strict: true }));
    const resolved = vm.resolvePromise(promise);
    promise.dispose();
    rt.executePendingJobs();
    const settled = await resolved;
    const value = vm.unwrapResult(settled);
    const json = vm.getString(value);
    value.dispose();
    return json;
  } finally {
    finished = true;
    vm.dispose();
    rt.dispose();
  }
}

/** The plain per-run setup: a fresh runtime and context, `undefined` evaluated, both disposed. */
export function emptyBaseline(module: QuickJSWASMModule): void {
  const rt = module.newRuntime();
  const vm = rt.newContext();
  vm.unwrapResult(vm.evalCode('undefined', 'empty.js')).dispose();
  vm.dispose();
  rt.dispose();
}
