/**
 * A JSON value with a label on every part: what tools return into the sandbox and what the
 * sandbox hands to the gate as call arguments. Containers carry a structure label (which
 * elements exist, their count, order and keys) and a label per element.
 */
import { BOTTOM, joinLabels, type Label } from './label';

export type JsonPrimitive = string | number | boolean | null;
export type Json = JsonPrimitive | Json[] | { [key: string]: Json };

export type LabeledValue =
  | { readonly kind: 'prim'; readonly value: JsonPrimitive | undefined; readonly label: Label; readonly node?: number }
  | { readonly kind: 'array'; readonly label: Label; readonly items: readonly LabeledValue[]; readonly node?: number }
  | {
      readonly kind: 'object';
      readonly label: Label;
      readonly entries: Readonly<Record<string, LabeledValue>>;
      readonly node?: number;
    }
  /** A pending handle returned for a confirmed call, or another opaque engine value. */
  | { readonly kind: 'opaque'; readonly what: string; readonly label: Label; readonly node?: number };

/** Labels every part of a plain JSON value with the same label. */
export function labelDeep(value: Json | undefined, label: Label): LabeledValue {
  if (Array.isArray(value)) return { kind: 'array', label, items: value.map((v) => labelDeep(v, label)) };
  if (value !== null && typeof value === 'object') {
    const entries: Record<string, LabeledValue> = {};
    for (const [k, v] of Object.entries(value)) entries[k] = labelDeep(v, label);
    return { kind: 'object', label, entries };
  }
  return { kind: 'prim', value, label };
}

export const labeledArray = (items: readonly LabeledValue[], label: Label = BOTTOM): LabeledValue => ({
  kind: 'array',
  label,
  items,
});

export const labeledObject = (entries: Record<string, LabeledValue>, label: Label = BOTTOM): LabeledValue => ({
  kind: 'object',
  label,
  entries,
});

/** The plain JSON value (labels dropped). */
export function plainOf(v: LabeledValue): Json | undefined {
  switch (v.kind) {
    case 'prim':
      return v.value;
    case 'array':
      return v.items.map((i) => plainOf(i) ?? null);
    case 'object': {
      const o: Record<string, Json> = {};
      for (const [k, e] of Object.entries(v.entries)) {
        const p = plainOf(e);
        if (p !== undefined) o[k] = p;
      }
      return o;
    }
    case 'opaque':
      return `<${v.what}>`;
  }
}

/** The join of every label in the value: what a reader of the whole value learns from. */
export function deepLabel(v: LabeledValue): Label {
  const all: Label[] = [];
  const walk = (x: LabeledValue): void => {
    all.push(x.label);
    if (x.kind === 'array') x.items.forEach(walk);
    else if (x.kind === 'object') Object.values(x.entries).forEach(walk);
  };
  walk(v);
  return joinLabels(...all);
}

/**
 * Every leaf with its path from the root and its effective label: joined with the structure
 * labels above it, keeping the leaf's own `verified` (reading back from a container is identity).
 */
export function leavesOf(v: LabeledValue, path = ''): { path: string; value: LabeledValue; label: Label }[] {
  const out: { path: string; value: LabeledValue; label: Label }[] = [];
  const walk = (x: LabeledValue, p: string, above: Label): void => {
    const joined = joinLabels(above, x.label);
    const here = x.label.verified ? { ...joined, verified: x.label.verified } : joined;
    if (x.kind === 'array') x.items.forEach((i, n) => walk(i, `${p}[${n}]`, here));
    else if (x.kind === 'object') for (const [k, e] of Object.entries(x.entries)) walk(e, p ? `${p}.${k}` : k, here);
    else out.push({ path: p, value: x, label: here });
  };
  walk(v, path, BOTTOM);
  return out;
}
