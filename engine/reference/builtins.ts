/**
 * Every built-in — global functions, `JSON`/`Math`/`Object`/`Array`/`Number`/`Date` members,
 * methods of strings, numbers, arrays, objects, Maps, Sets, regexes and dates, `new Map/Set/Date`
 * and every operator — is run natively on plain copies of its inputs and labeled by ONE rule,
 * the generic lift:
 *
 *   result label = the deep label of the receiver and of every argument (callbacks included)
 *                ⊔ the deep label of everything the callbacks returned ⊔ (STRICT) the context;
 *
 * every new part of the result carries it; a part that is an object the plan already had is that
 * same object again (identity), reached through a reference with that label. A receiver the
 * built-in changed (an array mutator, `Map.set`, a regex's `lastIndex`) has the label joined into
 * its structure. Inside a `try`, the lift's inputs join what the try could have thrown because of.
 * There are no per-built-in label rules besides the two precision rules of `lift`.
 */
import { joinLabels, type Label } from '../ifc/label';
import { DEFAULT_LIMITS } from '../run/types';
import { METHODS } from '../plan/builtins';
import { cell } from './context';
import { NativeBridge } from './convert';
import type { Machine, Step } from './machine';
import { primitiveKey } from './expressions';
import {
  deepLabelOf,
  isHeap,
  reachable,
  RunFailure,
  upgrade,
  val,
  withLabel,
  type Heap,
  type RArray,
  type RFunction,
  type RMap,
  type V,
} from './values';

/** The precision rule a built-in may use instead of the plain lift (see `lift`). */
type Precision = 'elements' | 'entry' | 'keys' | null;

/** What a native built-in does with native inputs (the receiver, if any, first). */
export type NativeOp = (receiver: unknown, args: unknown[]) => unknown;

/** Runs a generator that must not wait (a callback of a built-in) to its end. */
export function runSync<T>(step: Step<T>): T {
  const r = step.next();
  if (!r.done) throw new RunFailure('RuntimeError', 'a callback of a built-in cannot wait for a tool', joinLabels());
  return r.value;
}

/** Operators that answer for every value (a function, a circular container): they never throw. */
const TOTAL = new Set(['typeof', '!', '===', '!==']);

/**
 * The generic lift (see above). `receiver` is null for functions and operators. `precision`
 * names one of the two precision rules (each tested against the plain lift in
 * test/engine/reference):
 * - `elements`: a method that only hands an array's elements to its callback and moves them into
 *   its result reads the array's reference and structure, not the elements; each element reaches
 *   the callback and the result as itself, with its own label joined with what the method read
 *   (what `push`, `unshift` and `splice` add is moved the same way);
 * - `entry`: `Map.set`/`Set.add` change one entry: its key (and which keys exist) depends on the
 *   key and the collection's reference, its value on the value and that reference; the other
 *   entries stay as they were (`new Map`/`new Set` of an array: each entry in turn);
 * - `keys`: a Map's `keys` and `has`, and `Object.keys`, read the reference, the structure and (a
 *   Map's) the keys, not the values.
 */
export function lift(
  m: Machine,
  op: NativeOp,
  receiver: V | null,
  args: readonly V[],
  what: string,
  precision: Precision = null,
): V {
  m.tick();
  const inputs = receiver ? [receiver, ...args] : [...args];
  const arr =
    precision === 'elements' && receiver && isHeap(receiver.v) && receiver.v.kind === 'array' ? receiver.v : null;
  const returned: Label[] = [];
  // Callbacks run under what the built-in knows when it calls them: its inputs and the answers so far.
  const cbCell = cell('region');
  const bridge: NativeBridge = new NativeBridge((f: RFunction, nargs: unknown[]): unknown => {
    m.ctx.push(cbCell);
    try {
      const argsV = nargs.map((a) => bridge.fromNative(a, inLabel));
      const out = runSync(m.ev.call(m, val(f, inLabel), argsV, true));
      const l = deepLabelOf(out);
      returned.push(l);
      cbCell.l = joinLabels(cbCell.l, l);
      return bridge.toNative(out);
    } finally {
      m.ctx.pop(cbCell);
    }
  });
  const passed = arr ? bridge.passElements(arr) : null;
  // What `push`, `unshift` and `splice` add is moved too, not read.
  const from = arr ? ({ push: 0, unshift: 0, splice: 2 } as Record<string, number>)[what] : undefined;
  const moved = from === undefined ? null : bridge.passValues(args.slice(from));
  const keyed = precision === 'keys' ? keysRead(receiver ?? args[0]) : null;
  const inLabel =
    passed && arr
      ? joinLabels(receiver!.l, arr.s, ...passed.read, deepLabelOf(...args.slice(0, from)), ...(moved?.read ?? []))
      : keyed
        ? joinLabels(keyed, deepLabelOf(...(receiver ? args : args.slice(1))))
        : deepLabelOf(...inputs);
  cbCell.l = inLabel;
  const nRecv = passed ? passed.native : receiver ? bridge.toNative(receiver) : undefined;
  const nArgs = [...args.slice(0, from).map((a) => bridge.toNative(a)), ...(moved?.native ?? [])];
  const before = receiver && isHeap(receiver.v) ? snapshot(nRecv) : null;
  const regexes = inputs.flatMap((x) =>
    isHeap(x.v) && x.v.kind === 'regexp' ? [{ h: x.v, at: x.v.re.lastIndex }] : [],
  );
  if (!TOTAL.has(what)) m.ctx.mayThrow(inLabel);
  let out: unknown;
  try {
    out = op(nRecv, nArgs);
  } catch (e) {
    if (e instanceof RunFailure) throw e;
    const l = m.ctx.madeLabel(joinLabels(inLabel, ...returned));
    throw new RunFailure('RuntimeError', `${what}: ${(e as Error).message}`, l);
  } finally {
    m.ctx.mayThrow(...returned);
  }
  const l = m.ctx.madeLabel(joinLabels(inLabel, ...returned));
  if (receiver && isHeap(receiver.v) && before)
    if (precision === 'entry') putEntry(m, receiver, receiver.v, args);
    else writeBack(bridge, receiver.v, nRecv, before, l);
  for (const r of regexes) if (r.h.re.lastIndex !== r.at) upgrade(r.h, l);
  const native = iteratorsToArrays(out);
  if (
    (typeof native === 'string' && native.length > DEFAULT_LIMITS.stringLength) ||
    (Array.isArray(native) && native.length > DEFAULT_LIMITS.arrayLength)
  )
    throw new RunFailure('LimitExceeded', `${what}: the result is too large`, l);
  const result = bridge.fromNative(native, l);
  // Functions are never data: a built-in that stored one (push, map) is refused.
  for (const h of reachable(receiver && isHeap(receiver.v) ? [result, receiver] : [result]))
    if (h.kind === 'function' && !(isHeap(result.v) && result.v === h)) {
      m.ctx.mayThrow(l);
      throw new RunFailure('RuntimeError', `${what}: a function cannot be stored in data`, l);
    }
  return result;
}

/** What reading the keys of a value reads: its reference, its structure, a Map's keys. */
function keysRead(x: V | undefined): Label | null {
  const h = x?.v;
  if (!isHeap(h) || !['map', 'object', 'array'].includes(h.kind)) return null;
  const keys = h.kind === 'map' ? [...h.entries.values()].map((e) => e.k) : [];
  return joinLabels(x!.l, (h as RMap).s, deepLabelOf(...keys));
}

/** Iterators (`m.keys()`, `xs.entries()`) become arrays: plans spread or loop over them. */
function iteratorsToArrays(x: unknown): unknown {
  if (x && typeof x === 'object' && typeof (x as Iterator<unknown>).next === 'function' && Symbol.iterator in x)
    return Array.from(x as Iterable<unknown>);
  return x;
}

type Snap = unknown[] | null;
const snapshot = (n: unknown): Snap =>
  Array.isArray(n) ? [...n] : n instanceof Map ? [...n.entries()].flat() : n instanceof Set ? [...n] : null;

/** A receiver the built-in changed takes back its native contents, labeled by the lift. */
function writeBack(bridge: NativeBridge, h: Heap, n: unknown, before: Snap, l: Label): void {
  const now = snapshot(n);
  if (!before || !now || (now.length === before.length && now.every((x, i) => x === before[i]))) return;
  if (h.kind === 'array' && Array.isArray(n)) {
    h.listing = undefined;
    const old = h.items;
    h.items = n.map((x, i) => (x === before[i] && old[i] ? old[i] : bridge.fromNative(x, l)));
  } else if (h.kind === 'map' || h.kind === 'set') {
    const entries = new Map<unknown, { k: V; v: V }>();
    const pairs: [unknown, unknown][] = n instanceof Map ? [...n] : n instanceof Set ? [...n].map((k) => [k, k]) : [];
    for (const [k, v] of pairs) {
      const kv = bridge.fromNative(k, l);
      entries.set(kv.v, { k: kv, v: h.kind === 'set' ? kv : bridge.fromNative(v, l) });
    }
    h.entries = entries;
  }
  upgrade(h, l);
}

/** The `entry` rule: the one entry `set`/`add` wrote, under what decided it (see `lift`). */
function putEntry(m: Machine, receiver: V, h: Heap, [k, v]: readonly V[]): void {
  if ((h.kind !== 'map' && h.kind !== 'set') || !k) return;
  const change = m.ctx.madeLabel(receiver.l);
  const key = withLabel(k, change);
  h.entries.set(k.v, { k: key, v: h.kind === 'set' ? key : withLabel(v ?? val(undefined, change), change) });
  upgrade(h, key.l);
}

const CALLBACKS = new Set<string>([...METHODS.callback, 'forEach']);
/**
 * Array methods that only move elements: given a callback first (`sort` and `toSorted` too, as
 * the comparator decides), or taking no function at all.
 */
const PASSING = new Set<string>(METHODS.callback);
const MOVING = new Set<string>(
  'slice concat reverse toReversed at pop shift push unshift splice keys entries values'.split(' '),
);
const ARRAY_METHODS = new Set<string>([...METHODS.array, ...METHODS.mutating, ...METHODS.callback]);
const METHODS_OF: Record<string, ReadonlySet<string>> = {
  string: new Set(METHODS.string),
  number: new Set(METHODS.number),
  array: ARRAY_METHODS,
  map: new Set(METHODS.collection),
  set: new Set(METHODS.collection),
  regexp: new Set(METHODS.regex),
  date: new Set(METHODS.date),
  object: new Set(METHODS.object),
  boolean: new Set(['toString', 'valueOf']),
};

/** A method call on a value: the method must be a built-in of the receiver's type. */
export function callMethod(m: Machine, receiver: V, name: string, args: readonly V[]): V {
  const p = receiver.v;
  const type = isHeap(p) ? p.kind : typeof p;
  const fnAt = args.findIndex((a) => isHeap(a.v) && a.v.kind === 'function');
  if (!METHODS_OF[type]?.has(name) || (fnAt >= 0 && (fnAt > 0 || !CALLBACKS.has(name)))) {
    const l = m.ctx.madeLabel(receiver.l);
    m.ctx.mayThrow(receiver.l);
    throw new RunFailure('RuntimeError', `${type} has no method ${name} taking these arguments`, l);
  }
  const method = (r: unknown, a: unknown[]): unknown =>
    (r as Record<string, (...x: unknown[]) => unknown>)[name]!(...a);
  const moves = fnAt === 0 ? PASSING.has(name) : fnAt < 0 && MOVING.has(name);
  const precision: Precision = !m.precise
    ? null
    : type === 'array' && moves
      ? 'elements'
      : (type === 'map' && name === 'set') || (type === 'set' && name === 'add')
        ? 'entry'
        : type === 'map' && (name === 'keys' || name === 'has')
          ? 'keys'
          : null;
  return lift(m, method, receiver, args, name, precision);
}

/** Functions reached by name: globals and namespace members (`JSON.parse`, `Math.max`). */
const NAMESPACES = { JSON, Math, Object, Array, Number, Date } as unknown as Record<string, Record<string, unknown>>;
const GLOBALS: Record<string, unknown> = { Number, String, Boolean, parseInt, parseFloat, isNaN, isFinite };

export function callGlobal(m: Machine, name: string, args: readonly V[]): V {
  const [ns, member] = name.includes('.') ? name.split('.') : [null, name];
  const f = ns ? NAMESPACES[ns]?.[member!] : GLOBALS[member!];
  if (typeof f !== 'function') throw new RunFailure('RuntimeError', `${name} is not a function`, m.ctx.pc);
  if (name === 'Object.fromEntries') refuseContainerKeys(m, args[0]);
  return lift(
    m,
    (_r, a) => (f as (...x: unknown[]) => unknown).apply(ns ? NAMESPACES[ns] : undefined, a),
    null,
    args,
    name,
    m.precise && name === 'Object.keys' ? 'keys' : null,
  );
}

/** `new Map(…)`, `new Set(…)`, `new Date(…)`. */
export function construct(m: Machine, name: string, args: readonly V[]): V {
  const C = { Map, Set, Date }[name as 'Map' | 'Set' | 'Date'];
  if (!C) throw new RunFailure('RuntimeError', `new ${name} is not allowed`, m.ctx.pc);
  const entries = m.precise && name !== 'Date' ? entriesOf(name, args) : null;
  if (entries) {
    // The `entry` rule, once per entry: a new Map or Set is its entries `set` or `add`ed in turn.
    const made = lift(m, () => (name === 'Map' ? new Map() : new Set()), null, [], `new ${name}`);
    for (const { from, kv } of entries) {
      m.ctx.mayThrow(from);
      putEntry(
        m,
        val(made.v, joinLabels(made.l, from)),
        made.v as Heap,
        kv.map((x) => withLabel(x, from)),
      );
    }
    upgrade(made.v as Heap, joinLabels(args[0]!.l, (args[0]!.v as RArray).s)); // which entries arrive
    return made;
  }
  return lift(m, (_r, a) => new (C as new (...x: unknown[]) => unknown)(...a), null, args, `new ${name}`);
}

/**
 * The entries of `new Map(pairs)`/`new Set(xs)` from an array (of arrays, for a Map), each with
 * what decided that it is there and what it holds: the array's reference and structure, the
 * element's reference and (a pair's) structure. Null for anything else (the plain lift).
 */
function entriesOf(name: string, args: readonly V[]): { from: Label; kv: V[] }[] | null {
  const src = args[0]?.v;
  if (args.length !== 1 || !isHeap(src) || src.kind !== 'array') return null;
  const out: { from: Label; kv: V[] }[] = [];
  for (const e of src.items) {
    const from = joinLabels(args[0]!.l, src.s, e.l);
    if (name === 'Set') out.push({ from, kv: [e] });
    else if (isHeap(e.v) && e.v.kind === 'array')
      out.push({ from: joinLabels(from, e.v.s), kv: [0, 1].map((i) => (e.v as RArray).items[i] ?? val(undefined)) });
    else return null;
  }
  // A function is never data: the plain lift refuses it.
  return out.some((x) => x.kv.some((v) => isHeap(v.v) && v.v.kind === 'function')) ? null : out;
}

/** A namespace constant (`Math.PI`): plan data, public. */
export const namespaceConstant = (ns: string, k: string): unknown => NAMESPACES[ns]?.[k];

/** No container is ever turned into a key (engine/README.md): refused with its labels. */
function refuseContainerKeys(m: Machine, entries: V | undefined): void {
  const h = entries?.v;
  if (!isHeap(h) || h.kind !== 'array') return;
  for (const e of h.items) {
    const k = isHeap(e.v) && e.v.kind === 'array' ? e.v.items[0] : undefined;
    if (!k) continue;
    if (isHeap(k.v)) {
      m.ctx.mayThrow(deepLabelOf(entries!));
      throw new RunFailure('RuntimeError', 'an Object.fromEntries key must be a primitive', deepLabelOf(entries!));
    }
    primitiveKey(m, val(k.v, deepLabelOf(entries!)));
  }
}
