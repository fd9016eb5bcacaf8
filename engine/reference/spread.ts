/**
 * Spreads (`[...x]`, `f(...x)`, `{...x}`, `for (… of x)`): the parts of a value, each read like an
 * element, and the label of how many there are (the new container's structure, even if none).
 */
import { joinLabels, type Label } from '../ifc/label';
import type { Machine } from './machine';
import { isHeap, newArray, through, val, type V } from './values';

export type Spread = { readonly items: V[]; readonly entries: [string, V][]; readonly structure: Label };

export function spreadItems(m: Machine, from: V, intoObject = false): Spread {
  const p = from.v;
  m.ctx.mayThrow(from.l);
  const s = isHeap(p) && 's' in p ? joinLabels(p.s, from.l) : from.l;
  const spread = (entries: [string, V][]): Spread => ({ items: entries.map((e) => e[1]), entries, structure: s });
  const indexed = (items: V[]): Spread => spread(items.map((v, i) => [String(i), v]));
  if (typeof p === 'string') return indexed([...p].map((ch) => val(ch, from.l)));
  if (isHeap(p) && p.kind === 'array') return indexed(p.items.map((x) => through(x, s)));
  // Into an object, anything else but an object spreads nothing.
  if (intoObject)
    return spread(isHeap(p) && p.kind === 'object' ? [...p.props].map(([k, v]) => [k, through(v, s)]) : []);
  if (isHeap(p) && p.kind === 'set') return indexed([...p.entries.values()].map((e) => through(e.k, s)));
  if (isHeap(p) && p.kind === 'map')
    return indexed([...p.entries.values()].map((e) => val(newArray([through(e.k, s), through(e.v, s)], s), s)));
  const what = p == null ? String(p) : !isHeap(p) ? typeof p : p.kind === 'object' ? 'an object' : `a ${p.kind}`;
  return m.ctx.fail(`${what} is not iterable`, from.l);
}
