/**
 * Values: a pair (payload, label). A payload is a primitive or a heap object; containers carry a
 * label per element and one for their structure (which elements exist, their count, order, keys).
 */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import type * as acorn from 'acorn';

export type Prim = string | number | boolean | null | undefined;

/** `listing`: on an array exactly as a tool returned it, what chose it; any change clears it (semantics.md §3). */
export type RArray = { readonly kind: 'array'; items: V[]; s: Label; frozen?: boolean; listing?: Label };
export type RObject = { readonly kind: 'object'; props: Map<string, V>; s: Label; frozen?: boolean };
/** Map and Set: entries keyed by the native key (a primitive, or the heap object itself). */
export type RMap = { readonly kind: 'map' | 'set'; entries: Map<unknown, { k: V; v: V }>; s: Label };
export type RFunction = { readonly kind: 'function'; readonly node: acorn.Function; readonly env: Env };
/** A regex literal: the native object carries the state (`lastIndex`); `s` labels that state. */
export type RRegExp = { readonly kind: 'regexp'; readonly re: RegExp; s: Label };
export type RDate = { readonly kind: 'date'; readonly d: Date };
/** A tool call's promise, settled when made; `decides`: what decided if it failed, joined at `await` (§3a). */
export interface RPromise {
  readonly kind: 'promise';
  readonly outcome: { readonly ok: V } | { readonly failed: RunFailure };
  readonly decides: Label;
}
export type Heap = RArray | RObject | RMap | RFunction | RRegExp | RDate | RPromise;
export type Payload = Prim | Heap;

/** A labeled value: what every expression evaluates to. */
export type V = { readonly v: Payload; readonly l: Label };

/** `hole`: a `let`/`const` of the block whose declaration has not run yet. */
export type Binding = { value: V; readonly constant: boolean; readonly hole?: boolean };
export type Env = { readonly vars: Map<string, Binding>; readonly parent: Env | null };

export const isHeap = (p: Payload): p is Heap => typeof p === 'object' && p !== null;
export const val = (v: Payload, l: Label = BOTTOM): V => ({ v, l });
export const withLabel = (x: V, ...ls: Label[]): V => ({ v: x.v, l: joinLabels(x.l, ...ls) });
/** `l` joined with `ls`, keeping `l`'s verified mark (which a join drops). */
export const joinKeeping = (l: Label, ...ls: Label[]): Label =>
  l.verified ? { ...joinLabels(l, ...ls), verified: l.verified } : joinLabels(l, ...ls);
/** `x` reached through `ls` (an element read through its container): a verified mark stays. */
export const through = (x: V, ...ls: Label[]): V => val(x.v, joinKeeping(x.l, ...ls));

/** The values a heap object holds directly: elements, property values, a Map's keys and values. */
export function partsOf(h: Heap): V[] {
  if (h.kind === 'array') return h.items;
  if (h.kind === 'object') return [...h.props.values()];
  if (h.kind === 'map' || h.kind === 'set') return [...h.entries.values()].flatMap((e) => [e.k, e.v]);
  if (h.kind === 'promise' && 'ok' in h.outcome) return [h.outcome.ok];
  return [];
}

/** Every heap object reachable from the given values (each once). */
export function reachable(roots: readonly V[]): Set<Heap> {
  const seen = new Set<Heap>();
  const visit = (x: V): void => {
    if (!isHeap(x.v) || seen.has(x.v)) return;
    seen.add(x.v);
    partsOf(x.v).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/** The join of every label inside a value: its reference, and every structure and element below. */
export function deepLabelOf(...roots: V[]): Label {
  const below = [...reachable(roots)].flatMap((h) => [...('s' in h ? [h.s] : []), ...partsOf(h).map((x) => x.l)]);
  return joinLabels(...roots.map((r) => r.l), ...below);
}

/** Joins a label into a heap object's structure; a listing whose structure changes is one no more. */
export function upgrade(h: Heap, l: Label): void {
  if (!('s' in h)) return;
  const s = joinLabels(h.s, l);
  if (h.kind === 'array' && h.listing && shown(s) !== shown(h.s)) h.listing = undefined;
  h.s = s;
}

/** A label as text (sources, readers, caps; `untrusted` is a subset of the sources): equal labels, equal text. */
const shown = (l: Label): string => JSON.stringify([l.sources, l.readers, l.caps]);

export const newArray = (items: V[], s: Label = BOTTOM): RArray => ({ kind: 'array', items, s });
export const newObject = (props: Map<string, V>, s: Label = BOTTOM): RObject => ({ kind: 'object', props, s });

/** Plan-level errors: a thrown plan value with its label, or a run failure of a given kind. */
export class Thrown {
  constructor(readonly value: V) {}
}
export class RunFailure extends Error {
  constructor(
    readonly kind: 'RuntimeError' | 'PolicyDenied' | 'NotEnoughInformation' | 'LimitExceeded',
    message: string,
    readonly label: Label,
    /** Ends the run: no `catch` sees it (a limit, a read before a declaration). */
    readonly fatal = kind === 'LimitExceeded',
  ) {
    super(message);
  }
  /** The same failure, also decided by `l`. */
  under(l: Label): RunFailure {
    return new RunFailure(this.kind, this.message, joinLabels(this.label, l), this.fatal);
  }
}
