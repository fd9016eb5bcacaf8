/**
 * Crossing between labeled values and the outside: native JavaScript values (for the generic lift
 * of built-ins, builtins.ts) and the host's `LabeledValue`s (tool arguments and outputs, the result).
 */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import type { LabeledValue } from '../ifc/labeled-value';
import { deepLabelOf, isHeap, newArray, newObject, through, val } from './values';
import type { Heap, Prim, RArray, RDate, RFunction, RMap, RObject, RRegExp, V } from './values';

/** A heap object's native counterpart: an empty container to fill, or the native object it holds. */
// prettier-ignore
const NATIVE: Record<Exclude<Heap['kind'], 'function'>, (h: Heap) => unknown> = {
  array: () => [], object: () => ({}), map: () => new Map(), set: () => new Set(),
  regexp: (h) => (h as RRegExp).re, date: (h) => (h as RDate).d, promise: () => Object.freeze({}),
};

/** Native copies of heap objects that turn back into the same objects: aliasing survives a built-in. */
export class NativeBridge {
  private readonly toN = new Map<Heap, unknown>();
  private readonly back = new Map<unknown, Heap>();
  /** Stand-ins for values a built-in may only move (see `move`). */
  private readonly tokens = new Map<unknown, V>();
  /** `call`: calls a plan function from native code (a callback given to a built-in). */
  constructor(private readonly call: (f: RFunction, args: unknown[]) => unknown) {}

  /** A value a built-in only moves: an opaque stand-in for it; undefined stays (its label is `read`). */
  move(x: V, read: Label[]): unknown {
    if (x.v === undefined) return void read.push(x.l);
    const t = Object.freeze({});
    this.tokens.set(t, x);
    return t;
  }

  /** A container whose parts (and `keys`) a built-in only moves; what it reads of it goes into `read`. */
  pass(x: V, keys: boolean, read: Label[]): unknown {
    const h = x.v as RArray | RObject | RMap;
    read.push(x.l, h.s);
    if (this.toN.has(h)) return this.toN.get(h);
    const move = (e: V): unknown => this.move(e, read);
    const key = keys ? move : (e: V): unknown => (read.push(deepLabelOf(e)), this.toNative(e));
    return this.fill(h, NATIVE[h.kind](h), move, key);
  }

  /**
   * A plain copy of `x`. `refuses`: it refuses what the engine's copy refuses (its library
   * `toNative`): a function (but a method's callback) and a container met again inside itself
   * (native code walks a cycle as it likes: `join` skips it).
   */
  toNative(x: V, refuses = true): unknown {
    const p = x.v;
    if (!isHeap(p)) return p;
    if (refuses && p.kind === 'function')
      throw new TypeError('functions are passed to built-ins only as callbacks in plans');
    if (refuses && this.open.has(p)) throw new TypeError('cannot convert a circular structure');
    if (this.toN.has(p)) return this.toN.get(p);
    const n = p.kind === 'function' ? (...args: unknown[]) => this.call(p, args) : NATIVE[p.kind](p);
    this.open.add(p);
    try {
      return this.fill(p, n, (e) => this.toNative(e, refuses));
    } finally {
      this.open.delete(p);
    }
  }
  private readonly open = new Set<Heap>();

  /**
   * Fills `n`, the native counterpart of `h` (remembered first: a cycle holds its copy), defining
   * properties so a key `__proto__` (from `JSON.parse`) is one like any other.
   */
  private fill(h: Heap, n: unknown, part: (e: V) => unknown, key = part): unknown {
    this.toN.set(h, n);
    this.back.set(n, h);
    if (h.kind === 'array') for (const e of h.items) (n as unknown[]).push(part(e));
    if (h.kind === 'object')
      for (const [k, e] of h.props)
        Object.defineProperty(n, k, { value: part(e), writable: true, enumerable: true, configurable: true });
    if (h.kind === 'map' || h.kind === 'set')
      for (const e of h.entries.values())
        if (n instanceof Map) n.set(key(e.k), part(e.v));
        else (n as Set<unknown>).add(key(e.k));
    return n;
  }

  /** A native value as a labeled one: every new part gets `l`; a known object is itself again. */
  fromNative(n: unknown, l: Label): V {
    const token = this.tokens.get(n);
    if (token) return through(token, l);
    const known = this.back.get(n);
    if (known) return val(known, l);
    if (typeof n === 'function') throw new TypeError('a built-in returned a function');
    if (typeof n !== 'object' || n === null) return val(n as Prim, l);
    const part = (e: unknown): V => this.fromNative(e, l);
    if (Array.isArray(n)) return val(newArray(n.map(part), l), l);
    if (n instanceof RegExp) return val({ kind: 'regexp', re: n, s: l }, l);
    if (n instanceof Date) return val({ kind: 'date', d: n }, l);
    const kind = n instanceof Map ? 'map' : 'set';
    if (n instanceof Map || n instanceof Set) return val({ kind, entries: this.entriesOf(n, kind, l), s: l }, l);
    const props = new Map(Object.entries(n).map(([k, e]) => [k, part(e)] as const));
    return val(newObject(props, l), l);
  }

  /** The entries of a native Map or Set as a Map's or Set's, every new part labeled `l`. */
  entriesOf(n: Map<unknown, unknown> | Set<unknown>, kind: 'map' | 'set', l: Label): RMap['entries'] {
    const entries: RMap['entries'] = new Map();
    for (const [k, v] of n.entries()) {
      const kv = this.fromNative(k, l);
      entries.set(kv.v, { k: kv, v: kind === 'set' ? kv : this.fromNative(v, l) });
    }
    return entries;
  }
}

/** A tool's output as labeled values: a container's label is its structure's; `chosen` lists its arrays. */
export function fromLabeled(x: LabeledValue, chosen?: Label): V {
  if (x.kind === 'prim') return val(x.value, x.label);
  if (x.kind === 'opaque') return val(`<${x.what}>`, x.label);
  if (x.kind === 'object')
    return val(newObject(new Map(Object.entries(x.entries).map(([k, e]) => [k, fromLabeled(e, chosen)])), x.label));
  const items = x.items.map((i) => fromLabeled(i, chosen));
  return val({ ...newArray(items, x.label), ...(chosen ? { listing: chosen } : {}) });
}

/**
 * A labeled value as the host sees it: a container's label joins reference and structure; a Map or
 * Set is its entries, a date its ISO text, a function or regex opaque (as the sandbox exports them).
 */
export function toLabeled(x: V, seen = new Set<Heap>()): LabeledValue {
  const p = x.v;
  if (!isHeap(p)) return { kind: 'prim', value: typeof p === 'number' && !Number.isFinite(p) ? null : p, label: x.l };
  if (seen.has(p)) throw new TypeError('cannot pass a circular structure to a tool');
  seen.add(p);
  const label = 's' in p ? joinLabels(x.l, p.s) : x.l;
  const to = (e: V): LabeledValue => toLabeled(e, seen);
  const pair = (e: { k: V; v: V }): LabeledValue =>
    p.kind === 'set' ? to(e.k) : { kind: 'array', label: BOTTOM, items: [to(e.k), to(e.v)] };
  try {
    if (p.kind === 'array') return { kind: 'array', label, items: p.items.map(to) };
    if (p.kind === 'object') {
      const entries: Record<string, LabeledValue> = {};
      for (const [k, e] of p.props) entries[k] = to(e);
      return { kind: 'object', label, entries };
    }
    if (p.kind === 'map' || p.kind === 'set') return { kind: 'array', label, items: [...p.entries.values()].map(pair) };
    if (p.kind === 'date')
      return { kind: 'prim', value: Number.isNaN(p.d.getTime()) ? null : p.d.toISOString(), label };
    return { kind: 'opaque', what: p.kind === 'function' ? 'function' : 'value', label };
  } finally {
    seen.delete(p);
  }
}
