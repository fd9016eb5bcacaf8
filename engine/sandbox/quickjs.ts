/**
 * Runs one compiled plan in a fresh QuickJS runtime and context (sync release build), with the
 * label runtime loaded next to it. "Fresh" is byte for byte: a run gets a module of its own whose
 * whole memory was put back, after the run before, to the image taken once its context was
 * prepared (`Slot`). The only door out of the sandbox is one host function: the
 * guest sends a JSON tool request and gets a JSON reply. Every limit of semantics §1 is enforced
 * here or in the guest runtime; whatever happens, the run ends with a value or a described error
 * and the host stays usable.
 */
import {
  newQuickJSWASMModule,
  type HostRefId,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import type { CompiledPlan } from '../plan';
import { BUILTINS, LABEL_RULES, MATH_FNS, METHODS, OPERATORS, OPERATOR_RULES } from '../plan/builtins';
import type { Limits } from '../run/types';
import LIBRARY from './guest/library.embed.generated';
import RUNTIME from './guest/runtime.embed.generated';
import HARDEN from './guest/harden.embed.generated';

export interface SandboxRequest {
  readonly plan: CompiledPlan;
  readonly limits: Limits;
  /** The encoded `input` value (labeled JSON), if the run has one. */
  readonly input?: unknown;
  /** Handles one tool request from the guest: JSON in, JSON out. Must not throw. */
  readonly onTool: (request: string) => Promise<string>;
  /** A fresh WASM module for this run alone (stronger isolation, ~10 ms more). */
  readonly freshModule?: boolean;
  /**
   * Every built-in and operator labeled by the generic lift alone: no precision rule and no fast
   * path of the runtime (tests compare the two; the plan is compiled with `noFastPaths` too).
   */
  readonly genericLift?: boolean;
  /** No fast path of the runtime, precision rules kept (tests compare the fast paths with it). */
  readonly noFastPaths?: boolean;
}

export type SandboxOutcome =
  | { readonly ok: true; readonly result: string; readonly stats: string }
  | { readonly ok: false; readonly error: string; readonly stats: string | null };

/** An error QuickJS reported in the guest (thrown by a guest call): the module is sound. */
class GuestError extends Error {}

/**
 * A wasm trap with this message is QuickJS reading through a pointer an allocation it did not
 * check left behind: out of memory on a path without a check. The run ends at its memory limit.
 */
const OOM_TRAP = /memory access out of bounds/;

/**
 * Room the runtime gets, once the plan has stopped, for what the host still asks of it (the
 * failure's description, the stats, the result's text): after an out-of-memory error these
 * allocations must not fail too (a failed allocation on an unchecked path traps).
 */
const READ_RESERVE = 2 * 1024 * 1024;

const limitError = (limit: keyof Limits, message: string): string =>
  JSON.stringify({ kind: 'LimitExceeded', limit, message });

/** What a label runtime is made for: the plan's mode and the run's limits (input aside). */
interface RunShape {
  /** No precision rule (and no fast path). */
  readonly generic?: boolean;
  /** No fast path. */
  readonly slow?: boolean;
  readonly mode: CompiledPlan['mode'];
  readonly limits: Limits;
}
const shapeKey = (s: RunShape): string => JSON.stringify([s.mode, s.limits, s.generic === true, s.slow === true]);

/**
 * A runtime and context with the hardening applied and the label runtime and library compiled,
 * so a run's setup as the caller sees it is only what depends on the run itself. In a slot its
 * module's memory is put back to the image taken right after it was made, after every run: each
 * run finds it as it was made, byte for byte. A fresh module's serves one run and is disposed.
 */
interface Prepared {
  readonly module: QuickJSWASMModule;
  readonly rt: QuickJSRuntime;
  readonly vm: QuickJSContext;
  /** The label runtime's factory and the library installer, evaluated but not yet called. */
  readonly factory: QuickJSHandle;
  readonly lib: QuickJSHandle;
  /** `{methods, math, builtins, rules, operators, opRules, noRules}` of the runtime's configuration: the same for every run. */
  readonly statics: QuickJSHandle;
  /** The guest's only door out; it hands each request to `host`, which the run sets. */
  readonly hostFn: QuickJSHandle;
  host: (request: string) => QuickJSHandle;
  /**
   * A label runtime already made, with the library installed, for a run of this shape without
   * input (the shape of the run before: runs of the app come from the same few plans and
   * limits), in the idle time after the slot was restored. A run of another shape makes its own;
   * this one is then never used.
   */
  ready: { readonly key: string; readonly R: QuickJSHandle } | null;
  /** Read by the interrupt handler; set when the run starts. */
  deadline: number;
  interrupted: boolean;
}

/** The shape of the last run without input: what a restored context makes its label runtime for. */
let lastShape: RunShape | null = null;

const notInUse = (): QuickJSHandle => {
  throw new Error('no run is using this context');
};

function prepare(module: QuickJSWASMModule): Prepared {
  const rt = module.newRuntime();
  // Generous bounds while our own code loads; the run sets its own before plan code runs.
  rt.setMaxStackSize(256 * 1024);
  const vm = rt.newContext();
  answerJobsWith(rt, vm);
  const p: Prepared = {
    module,
    rt,
    vm,
    factory: vm.undefined,
    lib: vm.undefined,
    statics: vm.undefined,
    hostFn: vm.undefined,
    host: notInUse,
    ready: null,
    deadline: Number.POSITIVE_INFINITY,
    interrupted: false,
  };
  rt.setInterruptHandler(() => {
    if (Date.now() > p.deadline) p.interrupted = true;
    return p.interrupted;
  });
  try {
    evalOrThrow(vm, HARDEN, 'harden.js').dispose();
    Object.assign(p, {
      factory: evalOrThrow(vm, RUNTIME, 'runtime.js'),
      lib: evalOrThrow(vm, LIBRARY, 'library.js'),
      statics: evalOrThrow(vm, STATICS, 'statics.js'),
      hostFn: vm.newFunction('host', (reqH) => p.host(vm.getString(reqH))),
    });
    // The library makes these host-side handles on first use (the global object: a value in
    // the module's heap); made now, they are in a slot's image and stay valid after a restore.
    void vm.undefined;
    void vm.global;
  } catch (e) {
    for (const h of [p.factory, p.lib, p.statics, p.hostFn]) if (h.alive) h.dispose();
    vm.dispose();
    rt.dispose();
    throw e;
  }
  return p;
}

/**
 * quickjs-emscripten 0.32's `executePendingJobs` reads the context the last job ran in through a
 * view of the wasm heap made before the jobs ran. A job that grows the heap (a large run: the
 * module's memory starts at 16 MiB and only grows) detaches that view, the pointer reads as
 * `undefined`, and the library wraps it with `newContext({ contextPointer: undefined })`, which
 * makes a brand-new JSContext that nothing frees: disposing the runtime then aborts
 * (`list_empty(&rt->gc_obj_list)`) and the shared module is replaced. The runtime has only `vm`,
 * so every job ran in it: a request to wrap a context pointer gets `vm`, never a new context.
 */
function answerJobsWith(rt: QuickJSRuntime, vm: QuickJSContext): void {
  const newContext = rt.newContext.bind(rt);
  rt.newContext = (options = {}) => ('contextPointer' in options ? vm : newContext(options));
}

/**
 * The configuration text shared by every run: evaluated once per context, in `prepare`. Read as
 * JSON text, not written as an object literal: QuickJS parses its 6 KB in 0.2 ms but takes 1 ms
 * to compile and run the same literal, and every run pays it (triage makes a context per email).
 */
const STATICS = `JSON.parse(${JSON.stringify(
  JSON.stringify({
    methods: METHODS,
    math: MATH_FNS,
    builtins: BUILTINS,
    rules: LABEL_RULES,
    operators: OPERATORS,
    opRules: OPERATOR_RULES,
    noRules: {},
  }),
)})`;

/** Makes the label runtime `R` for a run of this shape and installs the library on it. */
function labelRuntime(p: Prepared, shape: RunShape, input: unknown): QuickJSHandle {
  const { vm } = p;
  const generic = shape.generic === true;
  const slow = generic || shape.slow === true;
  const cfg = evalOrThrow(
    vm,
    `(${JSON.stringify({ mode: shape.mode, limits: shape.limits, input, generic, slow })})`,
    'config.js',
  );
  try {
    // A generic run gets no precision rule at all (and no fast path), for built-ins and operators alike.
    const keys: [string, string][] = [
      ['methods', 'methods'],
      ['math', 'math'],
      ['builtins', 'builtins'],
      ['operators', 'operators'],
      ['rules', shape.generic ? 'noRules' : 'rules'],
      ['opRules', shape.generic ? 'noRules' : 'opRules'],
    ];
    for (const [k, from] of keys) {
      const h = vm.getProp(p.statics, from);
      vm.setProp(cfg, k, h);
      h.dispose();
    }
    const R = callOrThrow(vm, p.factory, p.hostFn, cfg);
    try {
      callOrThrow(vm, p.lib, R).dispose();
    } catch (e) {
      R.dispose();
      throw e;
    }
    return R;
  } finally {
    cfg.dispose();
  }
}

/**
 * A module of its own with one prepared context, whose memory is put back after every run to the
 * image taken when the context was made: what one run leaves in the module (values, garbage,
 * even memory a QuickJS bug corrupted) never reaches the next, and no run pays for compiling the
 * hardening, the label runtime and the library again (~15 ms a run; triage makes a run per email
 * that needs a reply). Restoring costs about a millisecond: the image and zeros over the rest.
 */
interface Slot {
  readonly module: QuickJSWASMModule;
  readonly p: Prepared;
  /** The module's memory right after `p` was made. */
  readonly image: Image;
  /**
   * Images of that memory with a plan's code evaluated too (its function's handle valid in
   * them), for plans this slot ran before: the answer playbook's 56 KB of compiled code costs
   * ~9 ms to evaluate, a restore ~1 ms. At most PLAN_IMAGES, the least recently used dropped.
   */
  readonly plans: Map<string, Image & { readonly fn: QuickJSHandle }>;
  /** Plan code seen in this slot (the last few): a plan's image is taken when it comes back. */
  readonly seen: string[];
  /** The image the module's memory was last put back to, or taken from. */
  current: Image;
  /** Host references the library made after the image (the run's promise callbacks): forgotten at a restore. */
  readonly refs: Set<HostRefId>;
  busy: boolean;
  /** A run finished in it and its memory waits to be put back (in idle time, or by the next run that takes it). */
  dirty: boolean;
}

/** The module's memory up to its last byte that was not zero. */
interface Image {
  readonly bytes: Uint8Array;
}

/** Slots kept: one serves runs in turn; more are made only for runs at the same time. */
const MAX_SLOTS = 4;
/** A module whose memory grew past this (a run that needed it) is dropped rather than restored. */
const MAX_RESTORED_BYTES = 64 * 1024 * 1024;
/** Plan images a slot keeps (triage alternates two plans), and plan codes it remembers having seen. */
const PLAN_IMAGES = 2;
const SEEN = 8;

const slots: Slot[] = [];

/**
 * An idle slot — or one whose run finished and is not yet put back, put back now (runs back to
 * back reach it before the idle turn does) — made now if none is (and fewer than MAX_SLOTS
 * exist); null when all are busy.
 */
async function takeSlot(): Promise<Slot | null> {
  let s = slots.find((x) => !x.busy);
  if (!s) {
    const finished = slots.find((x) => x.dirty);
    if (finished) restore(finished);
    s = slots.find((x) => !x.busy);
  }
  if (!s && slots.length < MAX_SLOTS) {
    const made = makeSlot(await newQuickJSWASMModule());
    if (slots.length < MAX_SLOTS) slots.push(made);
    s = slots.find((x) => !x.busy);
  }
  if (s) s.busy = true;
  return s ?? null;
}

function imageOf(module: QuickJSWASMModule): Image {
  const words = new BigUint64Array(module.getWasmMemory().buffer);
  let end = words.length;
  while (end > 0 && words[end - 1] === 0n) end--;
  return { bytes: new Uint8Array(words.buffer, 0, end * 8).slice() };
}

function makeSlot(module: QuickJSWASMModule): Slot {
  const p = prepare(module);
  const image = imageOf(module);
  const refs = new Set<HostRefId>();
  const hostRefs = p.rt.hostRefs;
  const put = hostRefs.put.bind(hostRefs);
  hostRefs.put = (value) => {
    const id = put(value);
    refs.add(id);
    return id;
  };
  return { module, p, image, plans: new Map(), seen: [], current: image, refs, busy: false, dirty: false };
}

/** A slot whose module may not be used again (its memory is suspect): the next run makes another. */
function retire(s: Slot): void {
  const i = slots.indexOf(s);
  if (i >= 0) slots.splice(i, 1);
}

/**
 * Puts the slot's memory back to `image` and forgets what was done since on the host side (its
 * handles are never used again; host references made since are dropped). The run's own state on
 * the host (its host function, deadline) is `restore`'s to reset: a run puts back a plan's image
 * after it has set them.
 */
function putBack(s: Slot, image: Image): void {
  const heap = new Uint8Array(s.module.getWasmMemory().buffer);
  heap.set(image.bytes);
  heap.fill(0, image.bytes.length);
  const hostRefs = s.p.rt.hostRefs;
  for (const id of s.refs) {
    try {
      hostRefs.get(id);
    } catch {
      continue; // already released
    }
    hostRefs.delete(id);
  }
  s.refs.clear();
  s.p.ready = null;
  s.current = image;
}

/**
 * The plan's function in the slot's context: from the plan's image when the slot has one (put
 * back if the memory holds another), else evaluated now in the context as prepared, and imaged
 * when the slot has seen this plan before (a plan that comes back is likely to again) and holds
 * no label runtime made ahead (the image would hold it with no handle to it).
 */
function planIn(s: Slot, code: string): QuickJSHandle {
  const kept = s.plans.get(code);
  if (kept) {
    s.plans.delete(code);
    s.plans.set(code, kept);
    if (s.current !== kept) putBack(s, kept);
    return kept.fn;
  }
  if (s.current !== s.image) putBack(s, s.image);
  const fn = evalOrThrow(s.p.vm, code, 'plan.js');
  if (s.seen.includes(code) && !s.p.ready) {
    const image = { ...imageOf(s.module), fn };
    s.plans.set(code, image);
    for (const old of s.plans.keys()) if (s.plans.size > PLAN_IMAGES) s.plans.delete(old);
    s.current = image;
  }
  s.seen.push(code);
  if (s.seen.length > SEEN) s.seen.shift();
  return fn;
}

/**
 * Puts the slot's memory back to the image the run started from and frees the slot; a module
 * that grew past MAX_RESTORED_BYTES is dropped instead.
 */
function restore(s: Slot): void {
  if (!s.dirty) return;
  s.dirty = false;
  if (s.module.getWasmMemory().buffer.byteLength > MAX_RESTORED_BYTES) return retire(s);
  putBack(s, s.current);
  Object.assign(s.p, { host: notInUse, deadline: Number.POSITIVE_INFINITY, interrupted: false });
  s.busy = false;
  teardownLater(() => makeReady(s));
}

/** A restored slot's label runtime for a run shaped like the last one without input, made while idle. */
function makeReady(s: Slot): void {
  if (s.busy || s.p.ready || !lastShape || !slots.includes(s)) return;
  try {
    s.p.ready = { key: shapeKey(lastShape), R: labelRuntime(s.p, lastShape, null) };
  } catch {
    // Ahead-of-time work only: the run makes its own label runtime (and reports why it cannot).
  }
}

/** Loads a slot ahead, so even the first run starts fast. */
export async function warmSandbox(): Promise<void> {
  const s = await takeSlot();
  if (s) s.busy = false;
}

export async function runInSandbox(req: SandboxRequest): Promise<SandboxOutcome> {
  // A run that asks for a fresh module, or finds every slot busy, gets a module of its own, disposed after it.
  const slot = req.freshModule ? null : await takeSlot();
  const module = slot?.module ?? (await newQuickJSWASMModule());
  const { limits } = req;
  const started = Date.now();
  const deadline = started + limits.wallMs;
  const prepared = slot?.p ?? prepare(module);
  const shape: RunShape = {
    mode: req.plan.mode,
    limits,
    ...(req.genericLift ? { generic: true } : {}),
    ...(req.noFastPaths ? { slow: true } : {}),
  };
  // A label runtime made ahead serves only a run without input (the input is imported as the
  // runtime is made): after a run with input, whose next run most likely has input too (triage's
  // answers, one per email), a restored slot makes none rather than one nobody uses.
  if (!req.freshModule) lastShape = req.input === undefined ? shape : null;
  const { rt, vm } = prepared;
  prepared.deadline = deadline;
  const handles: QuickJSHandle[] = [];
  const keep = (h: QuickJSHandle): QuickJSHandle => {
    handles.push(h);
    return h;
  };
  const pending = new Set<{ dispose(): void; alive: boolean }>();
  let finished = false;
  // Set when something other than the guest's own error came out of the module (the host's stack
  // ran out inside it, a wasm trap): its memory is suspect, and no later run may use it.
  let broken = false;
  const fault = (e: unknown): void => {
    if (!(e instanceof GuestError)) broken = true;
  };
  // The guest resumes after a tool's reply outside the call that started it: an error there (the
  // host's own stack exhausted by QuickJS's native recursion, such as JSON.parse of text nested
  // ten thousand deep) must end this run, not go unhandled and take the process down.
  let crash: (e: unknown) => void = () => undefined;
  const crashed = new Promise<{ crashed: unknown }>((resolve) => (crash = (e) => resolve({ crashed: e })));

  const call = (fnH: QuickJSHandle, ...args: QuickJSHandle[]): string => {
    const r = vm.callFunction(fnH, vm.undefined, ...args);
    if (r.error) {
      const msg = dumpError(vm, r.error);
      r.error.dispose();
      throw new GuestError(msg);
    }
    const s = vm.getString(r.value);
    r.value.dispose();
    // Every answer asked for here is JSON text, never empty: an empty string is QuickJS failing
    // to copy the string out of its heap (quickjs-emscripten reads a NULL pointer as '').
    if (s === '') throw new GuestError('out of memory while copying the answer out of the sandbox');
    return s;
  };

  try {
    for (const h of [prepared.factory, prepared.lib, prepared.statics, prepared.hostFn]) keep(h);
    prepared.host = (request) => {
      const deferred = vm.newPromise();
      pending.add(deferred);
      void req.onTool(request).then((reply) => {
        if (finished || !deferred.alive) return;
        try {
          const s = vm.newString(reply);
          deferred.resolve(s);
          s.dispose();
          rt.executePendingJobs();
        } catch (e) {
          crash(e);
        }
      }, crash);
      return deferred.handle;
    };
    // The plan's function first: evaluating its code only makes a closure, and a slot may have
    // it in an image (which holds no label runtime).
    const planFn = keep(slot ? planIn(slot, req.plan.code) : evalOrThrow(vm, req.plan.code, 'plan.js'));
    // The run's bounds, from here on: a plan's code is evaluated (and imaged) under the bounds
    // the context was made with, so that every image of it is the same.
    rt.setMemoryLimit(limits.memoryBytes);
    rt.setMaxStackSize(limits.stackBytes);
    const ready = prepared.ready;
    prepared.ready = null;
    if (ready) keep(ready.R);
    const R =
      ready && ready.key === shapeKey(shape) && req.input === undefined
        ? ready.R
        : keep(labelRuntime(prepared, shape, req.input ?? null));
    const S = keep(vm.getProp(R, 'S'));
    const promise = keep(callOrThrow(vm, planFn, R, S));
    // resolvePromise subscribes inside the VM; the jobs it queues must run after it.
    const resolved = vm.resolvePromise(promise);
    rt.executePendingJobs();

    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
    });
    const settled = await Promise.race([resolved, timeout, crashed]);
    clearTimeout(timer);
    if (typeof settled === 'object' && 'crashed' in settled) throw settled.crashed;
    // No plan code runs from here on: what the host reads back must not fail for want of memory.
    rt.setMemoryLimit(limits.memoryBytes + READ_RESERVE);
    const statsFn = keep(vm.getProp(R, 'stats'));
    const stats = (): string | null => {
      try {
        return call(statsFn);
      } catch (e) {
        fault(e);
        return null;
      }
    };
    if (settled === 'timeout') {
      prepared.interrupted = true;
      return { ok: false, error: limitError('wallMs', `the run took longer than ${limits.wallMs} ms`), stats: stats() };
    }
    if (settled.error) {
      const errH = keep(settled.error);
      if (prepared.interrupted)
        return {
          ok: false,
          error: limitError('wallMs', `the run took longer than ${limits.wallMs} ms`),
          stats: stats(),
        };
      let described: string;
      try {
        const failure = call(keep(vm.getProp(R, 'failure')));
        described = failure !== 'null' && failure !== '' ? failure : call(keep(vm.getProp(R, 'describe')), errH);
      } catch (e) {
        // Describing failed: the heap is exhausted or the stack is gone.
        fault(e);
        described = limitError('memoryBytes', 'the run ran out of memory');
      }
      return { ok: false, error: described, stats: stats() };
    }
    const valueH = keep(settled.value);
    // A limit swallowed by plan code (a finally that returns) still ends the run as a limit.
    const failure = call(keep(vm.getProp(R, 'failure')));
    if (failure !== 'null' && failure !== '') return { ok: false, error: failure, stats: stats() };
    try {
      return { ok: true, result: call(keep(vm.getProp(R, 'result')), valueH), stats: stats() ?? '{}' };
    } catch (e) {
      if (!(e instanceof GuestError)) throw e;
      // A circular result is the plan's error; only exhaustion is a limit.
      const message = (e as Error).message;
      const error = /out of memory|stack/i.test(message)
        ? limitError(/stack/i.test(message) ? 'stackBytes' : 'memoryBytes', `the result could not be read: ${message}`)
        : JSON.stringify({ kind: 'RuntimeError', message: `the result cannot be reported: ${message}` });
      return { ok: false, error, stats: stats() };
    }
  } catch (e) {
    // Setup failed or the guest died while we talked to it.
    fault(e);
    const message = (e as Error).message;
    if (OOM_TRAP.test(message))
      return { ok: false, error: limitError('memoryBytes', `the run ran out of memory (${message})`), stats: null };
    const limit: keyof Limits = /out of memory/i.test(message)
      ? 'memoryBytes'
      : /stack/i.test(message)
        ? 'stackBytes'
        : 'wallMs';
    if (prepared.interrupted || /out of memory|stack overflow|interrupted/i.test(message))
      return { ok: false, error: limitError(limit, message), stats: null };
    return { ok: false, error: JSON.stringify({ kind: 'Native', name: 'HostError', message }), stats: null };
  } finally {
    finished = true;
    // A broken module is left whole to the garbage collector, and no run after this one gets it.
    if (broken) {
      if (slot) retire(slot);
    }
    // Nothing of the run is reachable any more (tool replies check `finished`): after the caller
    // has its outcome, a slot is put back (about a millisecond, more once a run grew its memory:
    // zeros over all of it) and a module of the run's own torn down; a run that comes first puts
    // the slot back itself.
    else if (slot) {
      slot.dirty = true;
      teardownLater(() => restore(slot));
    } else
      teardownLater(() =>
        dispose(() => {
          for (const d of pending) if (d.alive) d.dispose();
          for (const h of handles) if (h.alive) h.dispose();
          vm.dispose();
          rt.dispose();
        }),
      );
  }
}

const teardowns: (() => void)[] = [];
/** At most this many finished runs wait for teardown: a tight loop of runs that never yields to
 * the event loop must not pile up modules of their own. */
const MAX_WAITING_TEARDOWNS = 2;

function flushTeardowns(): void {
  for (let t = teardowns.shift(); t; t = teardowns.shift()) t();
}

/**
 * The teardown of a run's own module and a slot's label runtime made ahead wait for the
 * process's next turn, and only if it has one: they do not keep it alive. A command that ran its
 * one plan exits without making a label runtime nobody will use, and a process that exits frees
 * the modules' memory anyway.
 */
function teardownLater(t: () => void): void {
  teardowns.push(t);
  if (teardowns.length > MAX_WAITING_TEARDOWNS) flushTeardowns();
  else if (teardowns.length === 1) setImmediate(flushTeardowns).unref();
}

/**
 * QuickJS aborts when a runtime is disposed with objects still alive (a pending promise, a
 * cycle the GC keeps). The module was the run's own: it goes to the garbage collector either way.
 */
function dispose(steps: () => void): void {
  try {
    steps();
  } catch {
    // nothing else uses the module
  }
}

function evalOrThrow(vm: QuickJSContext, code: string, file: string): QuickJSHandle {
  const r = vm.evalCode(code, file, { type: 'global', strict: true });
  if (r.error) {
    const msg = dumpError(vm, r.error);
    r.error.dispose();
    throw new GuestError(`${file}: ${msg}`);
  }
  return r.value;
}

function callOrThrow(vm: QuickJSContext, fn: QuickJSHandle, ...args: QuickJSHandle[]): QuickJSHandle {
  const r = vm.callFunction(fn, vm.undefined, ...args);
  if (r.error) {
    const msg = dumpError(vm, r.error);
    r.error.dispose();
    throw new GuestError(msg);
  }
  return r.value;
}

function dumpError(vm: QuickJSContext, h: QuickJSHandle): string {
  try {
    const d: unknown = vm.dump(h);
    if (d && typeof d === 'object' && 'message' in d) {
      const o = d as { name?: string; message?: string };
      return `${o.name ?? 'Error'}: ${o.message ?? ''}`;
    }
    return String(d);
  } catch {
    return 'unknown error';
  }
}
