/**
 * Spreads (`[...x]`, `f(...x)`, `{...x}`, `for (… of x)`): the parts of a value, each read like an
 * element (its label joined with the structure and reference labels), and the label of how many
 * there are — which joins into the new container's structure, also when there are none (an empty
 * labeled array, a labeled `null` spread into an object).
 */
import { joinLabels, type Label } from '../ifc/label';
import type { Machine } from './machine';
import { isHeap, newArray, through, val, type V } from './values';

export interface Spread {
  readonly items: V[];
  readonly entries: [string, V][];
  readonly structure: Label;
}

export function spreadItems(m: Machine, from: V, intoObject = false): Spread {
  const p = from.v;
  m.ctx.mayThrow(from.l);
  const s = isHeap(p) && 's' in p ? joinLabels(p.s, from.l) : from.l;
  const indexed = (items: V[]): Spread => ({ items, entries: items.map((v, i) => [String(i), v]), structure: s });
  if (typeof p === 'string') return indexed([...p].map((ch) => val(ch, from.l)));
  if (isHeap(p) && p.kind === 'array') return indexed(p.items.map((x) => through(x, s)));
  if (isHeap(p) && p.kind === 'object' && intoObject)
    return { items: [], entries: [...p.props].map(([k, v]) => [k, through(v, s)]), structure: s };
  if (isHeap(p) && (p.kind === 'map' || p.kind === 'set') && !intoObject) {
    const items = [...p.entries.values()].map((e) =>
      p.kind === 'set' ? through(e.k, s) : val(newArray([through(e.k, s), through(e.v, s)], s), s),
    );
    return { items, entries: [], structure: s };
  }
  // Into an object, anything else spreads nothing; anything else is not iterable.
  if (intoObject) return { items: [], entries: [], structure: s };
  const what = p == null ? String(p) : !isHeap(p) ? typeof p : p.kind === 'object' ? 'an object' : `a ${p.kind}`;
  return m.ctx.fail(`${what} is not iterable`, from.l);
}
