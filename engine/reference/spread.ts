/**
 * Spreads (`[...x]`, `f(...x)`, `{...x}`, `for (… of x)`): the parts of a value, each read like an
 * element (its label joined with the structure and reference labels), and the label of how many
 * there are — which joins into the new container's structure, also when there are none (an empty
 * labeled array, a labeled `null` spread into an object).
 */
import { joinLabels, type Label } from '../ifc/label';
import type { Machine } from './machine';
import { isHeap, newArray, val, type V } from './values';

export interface Spread {
  readonly items: V[];
  readonly entries: [string, V][];
  readonly structure: Label;
}

const read = (x: V, around: Label): V => {
  const l = joinLabels(x.l, around);
  return val(x.v, x.l.verified ? { ...l, verified: x.l.verified } : l);
};

export function spreadItems(m: Machine, from: V, intoObject = false): Spread {
  const p = from.v;
  m.ctx.mayThrow(from.l);
  if (p === null || p === undefined) {
    if (intoObject) return { items: [], entries: [], structure: from.l };
    m.ctx.fail(`${String(p)} is not iterable`, from.l);
  }
  if (!isHeap(p)) {
    if (typeof p !== 'string') {
      if (intoObject) return { items: [], entries: [], structure: from.l };
      m.ctx.fail(`${typeof p} is not iterable`, from.l);
    }
    const items = [...p].map((ch) => val(ch, from.l));
    return { items, entries: items.map((v, i) => [String(i), v]), structure: from.l };
  }
  const s = 's' in p ? joinLabels(p.s, from.l) : from.l;
  switch (p.kind) {
    case 'array': {
      const items = p.items.map((x) => read(x, s));
      return { items, entries: items.map((v, i) => [String(i), v]), structure: s };
    }
    case 'object': {
      if (!intoObject) m.ctx.fail('an object is not iterable', from.l);
      return { items: [], entries: [...p.props].map(([k, v]) => [k, read(v, s)]), structure: s };
    }
    case 'map':
    case 'set': {
      if (intoObject) return { items: [], entries: [], structure: s };
      const items = [...p.entries.values()].map((e) =>
        p.kind === 'set' ? read(e.k, s) : val(newArray([read(e.k, s), read(e.v, s)], s), s),
      );
      return { items, entries: [], structure: s };
    }
    default:
      if (intoObject) return { items: [], entries: [], structure: s };
      m.ctx.fail(`a ${p.kind} is not iterable`, from.l);
  }
}
