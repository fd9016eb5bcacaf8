/** Built-ins and operators run natively on plain copies, labeled by the generic lift (§2a) but for `RULES`. */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { BUILTINS, LABEL_RULES, METHODS, OPERATOR_RULES, type LabelRule } from '../plan/builtins';
import { DEFAULT_LIMITS } from '../run/types';
import { cell } from './context';
import { NativeBridge } from './convert';
import { callFunction } from './functions';
import { primitiveKey } from './expressions';
import type { Machine } from './machine';
import { deepLabelOf, isHeap, reachable, RunFailure, upgrade, val, withLabel, type Heap, type V } from './values';

/** What a native built-in does with native inputs (the receiver, if any, first). */
export type NativeOp = (receiver: unknown, args: unknown[]) => unknown;

/**
 * What a built-in only moves: `parts` of its first input (`all`: of every container input), a Map's
 * or Set's `keys` too, `args` [from, to), its callback's `answers`; `put`: it writes one entry
 * (`putEntry`); `writes`: it may change its receiver.
 */
type Reading = Partial<Record<'keys' | 'answers' | 'put' | 'writes', boolean>> & {
  parts?: true | 'all';
  args?: readonly [number, number];
};
/** The operators' `shape` rule (engine/plan/builtins.ts `OPERATOR_RULES`): which value each operand is. */
const SHAPE: Reading = { parts: 'all', keys: true };

// prettier-ignore
const MOVED_ARGS: Readonly<Record<string, readonly [number, number]>> = {
  'array.push': [0, Infinity], 'array.unshift': [0, Infinity], 'array.splice': [2, Infinity],
  'array.fill': [0, 1], 'array.reduce': [1, 2], 'array.reduceRight': [1, 2],
};

/**
 * The reference's reading of each precision rule of engine/plan/builtins.ts `LABEL_RULES` (the tests
 * check both name the same rules; semantics.md §2a says what each covers): a rule leaves out only
 * what the answer cannot depend on.
 */
export const RULES: Readonly<Record<LabelRule, (key: string, args: readonly V[]) => Reading>> = {
  elements: () => ({ parts: true }),
  answers: (key) => ({ parts: true, answers: true, args: MOVED_ARGS[key] }),
  mutator: (key) => ({ parts: true, args: MOVED_ARGS[key] }),
  // sort: a comparator's answers decide the order (joined); without one the elements are read.
  order: (_key, args) => (isFunction(args[0]) ? { parts: true } : {}),
  // get, has, delete, clear (a Map's, a Set's) look entries up by key; `set` and `add` write one.
  entry: (key) => (key === 'map.set' || key === 'set.add' ? { put: true } : { parts: true }),
  parts: () => ({ parts: true, keys: true }),
  pairs: () => ({ put: true }),
};

/** The reading a built-in gets: its rule's, unless the run asks for the plain lift alone. */
const readingOf = (m: Machine, key: string, args: readonly V[]): Reading => {
  const rule = m.precise ? LABEL_RULES[key] : undefined;
  return rule ? RULES[rule](key, args) : {};
};

export const isFunction = (x: V | undefined): boolean => !!x && isHeap(x.v) && x.v.kind === 'function';
const isContainer = (x: V | undefined): boolean => !!x && isHeap(x.v) && 's' in x.v && x.v.kind !== 'regexp';

/** Runs `f`; a native refusal (a copy's, a native failure) fails the run by the deep labels of `inputs`. */
function guarded<T>(m: Machine, what: string, inputs: readonly V[], f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RunFailure) throw e;
    return m.ctx.fail(`${what}: ${(e as Error).message}`, ...inputs.map((x) => deepLabelOf(x)));
  }
}

/**
 * Fails the run on what the engine's library refuses of a built-in's arguments before it runs,
 * whatever their labels (engine/README.md, "What the language refuses"; semantics.md §1), by the
 * deep labels of all its `inputs`.
 */
function refuse(m: Machine, key: string, args: readonly V[], inputs = args): void {
  const fail = (why: string): never => m.ctx.fail(why, ...inputs.map((x) => deepLabelOf(x)));
  const [a] = args;
  if (key === 'new Date' && args.length === 0) fail('new Date() needs a value: the current time comes from now()');
  const pattern = ['string.match', 'string.matchAll', 'string.search'].includes(key) && typeof a?.v === 'string';
  const syntax = pattern ? /[\\^$.|?*+()[\]{}]/.exec(a.v as string) : null;
  if (syntax)
    fail(
      `'${key.slice(7)}' takes a regular expression literal in plans: a string is used only as plain text, and this one has regular-expression syntax ('${syntax[0]}')`,
    );
  const plain = a && isHeap(a.v) && (a.v.kind === 'object' || a.v.kind === 'array');
  if (['Object.keys', 'Object.values', 'Object.entries'].includes(key) && !plain)
    fail(`${key} needs a plain object or an array`);
}

/** The generic lift (see above); `recv` is null for functions and operators. */
function lift(m: Machine, op: NativeOp, recv: V | null, args: readonly V[], what: string, reading: Reading = {}): V {
  m.tick();
  const inputs = recv ? [recv, ...args] : [...args];
  const returned: Label[] = [];
  // Callbacks run under what the built-in knows when it calls them: its inputs and the answers so far.
  const cbCell = cell('region');
  const bridge: NativeBridge = new NativeBridge((f, nargs) => {
    m.ctx.push(cbCell);
    try {
      const given = nargs.map((a) => bridge.fromNative(a, inLabel));
      const run = callFunction(m, val(f, inLabel), given, true).next();
      if (!run.done) throw new RunFailure('RuntimeError', 'a callback of a built-in cannot wait for a tool', BOTTOM);
      const out = run.value;
      if (reading.answers) return bridge.move(out, returned);
      returned.push(deepLabelOf(out));
      cbCell.l = joinLabels(cbCell.l, deepLabelOf(out));
      return bridge.toNative(out);
    } finally {
      m.ctx.pop(cbCell);
    }
  });
  const read: Label[] = [];
  const passing = reading.parts !== undefined && isContainer(inputs[0]);
  const [from, to] = reading.args ?? [Infinity, Infinity];
  const copy = (x: V, i: number): unknown => {
    const at = recv ? i - 1 : i;
    if (reading.parts && (i === 0 || reading.parts === 'all') && isContainer(x))
      return bridge.pass(x, reading.keys === true, read);
    if (passing && at >= from && at < to) return bridge.move(x, read);
    read.push(deepLabelOf(x));
    // A method's callback is a function by right (callMethod refused one anywhere else); an
    // operator that answers for every value (`===`, `typeof`) refuses nothing.
    const callback = recv !== null && at === 0 && isFunction(x);
    return bridge.toNative(x, !callback && !TOTAL.has(what));
  };
  const natives = guarded(m, what, inputs, () => inputs.map(copy));
  const inLabel = joinLabels(...read);
  cbCell.l = inLabel;
  const nRecv = recv ? natives.shift() : undefined;
  const before = reading.writes ? snapshot(nRecv) : null;
  // `input` is read-only: a mutator on one of its arrays fails by the array alone, before it runs (as a write does).
  const held = recv && isHeap(recv.v) && recv.v.kind === 'array' ? recv.v : null;
  if (before && held?.frozen) m.ctx.fail('input is read-only in plans', recv!.l, held.s);
  const regexes = inputs.flatMap((x) =>
    isHeap(x.v) && x.v.kind === 'regexp' ? [{ h: x.v, at: x.v.re.lastIndex }] : [],
  );
  if (!TOTAL.has(what)) m.ctx.mayThrow(inLabel);
  let out: unknown;
  try {
    out = op(nRecv, natives);
  } catch (e) {
    if (e instanceof RunFailure) throw e;
    const message = `${what}: ${(e as Error).message}`;
    throw new RunFailure('RuntimeError', message, m.ctx.madeLabel(joinLabels(inLabel, ...returned)));
  } finally {
    m.ctx.mayThrow(...returned);
  }
  const l = m.ctx.madeLabel(joinLabels(inLabel, ...returned));
  if (recv && isHeap(recv.v))
    if (reading.put) putEntry(m, recv, recv.v, args);
    else if (before) writeBack(bridge, recv.v, nRecv, before, l);
  for (const r of regexes) if (r.h.re.lastIndex !== r.at) upgrade(r.h, l);
  // Iterators (`m.keys()`) become arrays: plans spread or loop over them.
  const iterator = typeof (out as Iterator<unknown> | null)?.next === 'function' && Symbol.iterator in (out as object);
  const native = iterator ? Array.from(out as Iterable<unknown>) : out;
  const most = typeof native === 'string' ? DEFAULT_LIMITS.stringLength : DEFAULT_LIMITS.arrayLength;
  if ((typeof native === 'string' || Array.isArray(native)) && native.length > most)
    throw new RunFailure('LimitExceeded', `${what}: the result is too large`, l);
  const result = bridge.fromNative(native, l);
  // Functions are never data: a built-in that stored one (push, map) is refused.
  for (const h of reachable(recv && isHeap(recv.v) ? [result, recv] : [result]))
    if (h.kind === 'function' && !(isHeap(result.v) && result.v === h))
      m.ctx.fail(`${what}: a function cannot be stored in data`, l);
  return result;
}

const snapshot = (n: unknown): unknown[] | null =>
  Array.isArray(n) ? [...n] : n instanceof Map ? [...n.entries()].flat() : n instanceof Set ? [...n] : null;

/** A receiver written takes back its native contents; its structure takes `l` even if nothing changed. */
function writeBack(bridge: NativeBridge, h: Heap, n: unknown, before: unknown[], l: Label): void {
  const now = snapshot(n);
  if (now && (now.length !== before.length || now.some((x, i) => x !== before[i])))
    if (h.kind === 'array' && Array.isArray(n)) {
      h.listing = undefined;
      const old = h.items;
      h.items = n.map((x, i) => (x === before[i] && old[i] ? old[i] : bridge.fromNative(x, l)));
    } else if (h.kind === 'map' || h.kind === 'set') h.entries = bridge.entriesOf(n as Set<unknown>, h.kind, l);
  upgrade(h, l);
}

/**
 * One entry written (`set`, `add`, `fromPairs`): its key (which keys exist) depends on the key and
 * the container's reference, its value on the value and that reference; the others stay.
 */
function putEntry(m: Machine, receiver: V, h: Heap, [k, v]: readonly V[]): void {
  if (!k || (h.kind !== 'map' && h.kind !== 'set' && h.kind !== 'object')) return;
  const change = m.ctx.madeLabel(receiver.l);
  const key = withLabel(k, change);
  const value = withLabel(v ?? val(undefined), change);
  if (h.kind === 'object') h.props.set(primitiveKey(m, key), value);
  else h.entries.set(k.v, { k: key, v: h.kind === 'set' ? key : value });
  upgrade(h, key.l);
}

/** Methods that call a plan function given as their first argument. */
export const CALLBACKS: ReadonlySet<string> = new Set(METHODS.callback);
const BUILTIN = new Set(BUILTINS);
const WRITES = new Set([
  ...METHODS.mutating.map((x) => `array.${x}`),
  ...['map.set', 'map.delete', 'map.clear', 'set.add', 'set.delete', 'set.clear'],
]);

/** A method call on a value: the method must be a built-in of the receiver's type. */
export function callMethod(m: Machine, receiver: V, name: string, args: readonly V[]): V {
  const p = receiver.v;
  const type = isHeap(p) ? p.kind : typeof p;
  const key = `${type}.${name}`;
  const fnAt = args.findIndex(isFunction);
  if (!BUILTIN.has(key) || (fnAt >= 0 && (fnAt > 0 || !CALLBACKS.has(name))))
    m.ctx.fail(`${type} has no method ${name} taking these arguments`, receiver.l);
  refuse(m, key, args, [receiver, ...args]);
  const method = (r: unknown, a: unknown[]): unknown =>
    (r as Record<string, (...x: unknown[]) => unknown>)[name]!(...a);
  return lift(m, method, receiver, args, name, { ...readingOf(m, key, args), writes: WRITES.has(key) });
}

/** Functions reached by name: globals and namespace members (`JSON.parse`, `Math.max`). */
const host = globalThis as unknown as Record<string, Record<string, unknown>>;
/** What `new` may make: the checker allows no other. */
const MADE: Record<string, unknown> = { 'new Map': Map, 'new Set': Set, 'new Date': Date };

/** A call of a function reached by name (`Math.max`), or a `new` (`new Map`). */
export function callGlobal(m: Machine, name: string, args: readonly V[]): V {
  // The checker lets a plan call only the names of BUILTIN_CALLS.
  const [ns, member] = name.includes('.') ? name.split('.') : [null, name];
  const f = (ns ? host[ns]![member!] : host[name]) as (...x: unknown[]) => unknown;
  const C = MADE[name] as (new (...x: unknown[]) => unknown) | undefined;
  if (name === 'Object.fromEntries') refuseContainerKeys(m, args[0]);
  refuse(m, name, args);
  const reading = readingOf(m, name, args);
  const call: NativeOp = C ? (_r, a) => new C(...a) : (_r, a) => f.apply(ns ? host[ns] : undefined, a);
  const made = (): unknown => (C ? new C() : {});
  return (reading.put && fromPairs(m, made, args, name === 'new Set')) || lift(m, call, null, args, name, reading);
}

/**
 * The `pairs` rule: a Map, Set or object made from an array is its entries put in one by one, each
 * under the array's and the element's reference and structure; null for anything else.
 */
function fromPairs(m: Machine, make: () => unknown, args: readonly V[], set = false): V | null {
  const src = args[0]?.v;
  if (args.length !== 1 || !isHeap(src) || src.kind !== 'array') return null;
  const entries: { from: Label; kv: V[] }[] = [];
  for (const e of src.items) {
    const from = joinLabels(args[0]!.l, src.s, e.l);
    if (set) entries.push({ from, kv: [e] });
    else if (isHeap(e.v) && e.v.kind === 'array') {
      const [k = val(undefined), v = val(undefined)] = e.v.items;
      entries.push({ from: joinLabels(from, e.v.s), kv: [k, v] });
    } else return null;
  }
  // A function is never data: the plain lift refuses it.
  if (entries.some((x) => x.kv.some(isFunction))) return null;
  const made = lift(m, make, null, [], 'new');
  for (const { from, kv } of entries) {
    m.ctx.mayThrow(from);
    const entry = kv.map((x) => withLabel(x, from));
    putEntry(m, val(made.v, joinLabels(made.l, from)), made.v as Heap, entry);
  }
  upgrade(made.v as Heap, joinLabels(args[0]!.l, src.s)); // which entries arrive
  return made;
}

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

/** Operators that answer for every value (a function, a circular container): they never throw. */
const TOTAL = new Set(['typeof', '!x', '===', '!==']);
/** Every operator by its name in the engine's table (`OPERATORS`: unary ones as `-x`…), run natively. */
// prettier-ignore
const OPS: Record<string, (...a: never[]) => unknown> = {
  '+': (a, b) => a + b, '-': (a, b) => a - b, '*': (a, b) => a * b, '/': (a, b) => a / b, '%': (a, b) => a % b,
  '**': (a, b) => (a as number) ** b, '&': (a, b) => a & b, '|': (a, b) => a | b, '^': (a, b) => a ^ b,
  '<<': (a, b) => a << b, '>>': (a, b) => a >> b, '>>>': (a, b) => a >>> b,
  '<': (a, b) => a < b, '>': (a, b) => a > b, '<=': (a, b) => a <= b, '>=': (a, b) => a >= b,
  '===': (a, b) => a === b, '!==': (a, b) => a !== b, in: (k, o) => Object.hasOwn(o as object, k as string),
  '-x': (a) => -a, '+x': (a) => +a, '!x': (a) => !a, '~x': (a) => ~a, typeof: (a) => typeof a,
  '++': (a) => Number(a) + 1, '--': (a) => Number(a) - 1,
};

const NOT_OPERAND = 'a function cannot be an operand of arithmetic, comparisons or text in plans: call it';
/** What an operator refuses because of what its operands are (their references), as the engine does; or null. */
function refusal(name: string, xs: readonly V[]): string | null {
  if (name !== 'in') return !TOTAL.has(name) && xs.some(isFunction) ? NOT_OPERAND : null;
  const [k, o] = xs.map((x) => x.v);
  if (isHeap(k)) return 'a key must be a primitive';
  return isHeap(o) && (o.kind === 'array' || o.kind === 'object') ? null : "'in' needs an array or a plain object";
}

/**
 * An operator (`f`, if not in `OPS`): `refusal`; all but the total ones also refuse cycles (the
 * lift's copies, as QuickJS). Under their precision rule (`shape`, engine/plan/builtins.ts
 * `OPERATOR_RULES`), `===`, `!==`, `!x` and `typeof` read which value each operand is — its
 * reference and a container's structure — and `in` which keys the object has — the key, the
 * object's reference and structure (a listing's too, §3) — not what they hold: the lift only moves
 * the parts of every container operand.
 */
export function operator(m: Machine, name: string, xs: readonly V[], f = OPS[name]!): V {
  const refused = refusal(name, xs);
  if (refused) m.ctx.fail(refused, ...xs.map((x) => x.l));
  // `in` looks a key up as a member read does (a forbidden name fails by the key).
  const op = name === 'in' ? (_k: unknown, o: object) => Object.hasOwn(o, primitiveKey(m, xs[0]!)) : f;
  const shape = m.precise && OPERATOR_RULES[name] === 'shape';
  const what = TOTAL.has(name) ? name : 'operator';
  return lift(m, (_r, a) => (op as (...x: unknown[]) => unknown)(...a), null, xs, what, shape ? SHAPE : {});
}
