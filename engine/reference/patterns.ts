/** Assignment targets and destructuring (a default value is a region on whether the value was undefined). */
import type * as acorn from 'acorn';
import { BOTTOM, joinLabels } from '../ifc/label';
import { DEFAULT_LIMITS } from '../run/types';
import { evalExpr, keyOf, noFunction, primitiveKey, readMember } from './expressions';
import type { Machine, Step } from './machine';
import { region } from './regions';
import { spreadItems } from './spread';
import { isHeap, newArray, newObject, RunFailure, val, type V } from './values';

export type BindMode = 'assign' | 'let' | 'const';

/** `asIs`: a declaration binds without the context, under which all that reads it runs (semantics.md §3). */
export function* bindPattern(m: Machine, p: acorn.AnyNode, value: V, mode: BindMode, asIs = false): Step<void> {
  switch (p.type) {
    case 'Identifier': {
      if (mode !== 'assign') return m.declare(p.name, asIs ? value : m.ctx.made(value), mode === 'const');
      // The checker lets a plan assign only its own `let` variables.
      m.use(p.name)!.value = m.ctx.made(value);
      return;
    }
    case 'MemberExpression': {
      const obj = yield* evalExpr(m, p.object);
      const key = yield* keyOf(m, p);
      return writeMember(m, obj, key, value);
    }
    case 'AssignmentPattern': {
      // The default is evaluated, or not, because of the value's label: a region on it.
      const run = value.v === undefined ? () => evalExpr(m, p.right) : undefined;
      const d = yield* region(m, value.l, [p.right], run);
      return yield* bindPattern(m, p.left, d ? m.ctx.chosen(d, value.l) : value, mode, asIs);
    }
    case 'ObjectPattern': {
      m.ctx.mayThrow(value.l);
      if (value.v == null) m.ctx.fail(`cannot destructure ${String(value.v)}`, value.l);
      const used = new Set<string>();
      for (const prop of p.properties) {
        if (prop.type === 'RestElement') {
          const spread = spreadItems(m, value, true);
          const props = new Map(spread.entries.filter(([k]) => !used.has(k)));
          yield* bindPattern(m, prop.argument, val(newObject(props, spread.structure)), mode, asIs);
          continue;
        }
        // The checker allows only static keys, none of them forbidden.
        const k = keyName(prop.key);
        used.add(k);
        yield* bindPattern(m, prop.value, readMember(m, value, k, BOTTOM), mode, asIs);
      }
      return;
    }
    case 'ArrayPattern': {
      const spread = spreadItems(m, value);
      for (const [i, q] of p.elements.entries()) {
        if (!q) continue;
        if (q.type === 'RestElement') {
          const rest = spread.items.slice(i).map((x) => noFunction(m, x));
          yield* bindPattern(m, q.argument, val(newArray(rest, spread.structure)), mode, asIs);
        } else yield* bindPattern(m, q, spread.items[i] ?? val(undefined, spread.structure), mode, asIs);
      }
      return;
    }
    default:
      throw new RunFailure('RuntimeError', `cannot assign to ${p.type}`, m.ctx.pc);
  }
}

export const keyName = (k: acorn.AnyNode): string =>
  k.type === 'Identifier' ? k.name : String((k as acorn.Literal).value);

/** `obj[key] = value`: the element takes the value, the structure the reference's and key's labels (STRICT: and pc). */
export function writeMember(m: Machine, obj: V, key: V, value: V): void {
  m.ctx.mayThrow(obj.l, key.l, value.l);
  const k = primitiveKey(m, key);
  const p = obj.v;
  const around = joinLabels(obj.l, key.l);
  noFunction(m, value);
  if (!isHeap(p) || (p.kind !== 'array' && p.kind !== 'object'))
    m.ctx.fail(`cannot set '${k}' of ${isHeap(p) ? p.kind : String(p)}`, around);
  if (p.frozen) m.ctx.fail('input is read-only in plans', around);
  p.s = joinLabels(p.s, m.ctx.madeLabel(around));
  if (p.kind === 'array') p.listing = undefined;
  const v = m.ctx.made(value);
  if (p.kind === 'object') return void p.props.set(k, v);
  // An array's length is no key (the sandbox refuses it): it grows by writing an element.
  if (!/^\d+$/.test(k)) m.ctx.fail(`arrays take integer indexes, not '${k}'`, around);
  const i = Number(k);
  const most = DEFAULT_LIMITS.arrayLength;
  if (i >= most) throw new RunFailure('LimitExceeded', `an array may hold at most ${most} elements`, around);
  while (p.items.length < i) p.items.push(val(undefined, p.s));
  p.items[i] = v;
}
