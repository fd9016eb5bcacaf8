/** Plan function calls: a scope over the closure's, under the function's label; early exits taint the caller. */
import type { Label } from '../ifc/label';
import { cell } from './context';
import { evalExpr, noFunction, settle } from './expressions';
import type { Machine, Step } from './machine';
import { bindPattern } from './patterns';
import { execBody } from './statements';
import { isHeap, newArray, RunFailure, val, withLabel, type V } from './values';

const MAX_DEPTH = 300;

/** What `a` says beyond `b` (sources, caps, narrower readers): joined with `b` it gives `a` (`a` ⊒ `b`). */
function beyond(a: Label, b: Label): Label {
  const lacks = (xs: readonly string[], ys: readonly string[]): string[] => xs.filter((x) => !ys.includes(x));
  const untrusted = lacks(a.untrusted, b.untrusted);
  const sources = [...new Set([...lacks(a.sources, b.sources), ...untrusted])].sort();
  const narrower = a.readers !== 'public' && (b.readers === 'public' || lacks(b.readers, a.readers).length > 0);
  return { sources, untrusted, readers: narrower ? a.readers : 'public', caps: lacks(a.caps, b.caps) };
}
let depth = 0;

/** Calls a function value. `fromBuiltin`: a callback, whose exit taint goes into what it returns. */
export function* callFunction(m: Machine, f: V, args: V[], fromBuiltin = false): Step<V> {
  const fn = f.v;
  if (!isHeap(fn) || fn.kind !== 'function') return m.ctx.fail('only functions can be called', f.l);
  m.tick();
  if (depth >= MAX_DEPTH) throw new RunFailure('LimitExceeded', 'stack depth exceeded', m.ctx.pc);
  const entry = m.ctx.pc;
  const exit = cell('function');
  depth++;
  let result: V;
  try {
    const body = (): Step<V> =>
      m.scope(function* () {
        for (const [i, p] of fn.node.params.entries()) {
          if (p.type === 'RestElement') {
            const rest = args.slice(i).map((a) => noFunction(m, a));
            yield* bindPattern(m, p.argument, m.ctx.made(val(newArray(rest))), 'let');
          } else yield* bindPattern(m, p, args[i] ?? val(undefined), 'let');
        }
        if (fn.node.async) m.awaited.add(fn.node.body);
        if (fn.node.body.type !== 'BlockStatement') return m.ctx.made(yield* evalExpr(m, fn.node.body));
        return (yield* execBody(m, fn.node.body.body)) ?? m.ctx.made(val(undefined));
      }, fn.env);
    result = yield* m.ctx.under([cell('region', f.l), exit, cell('rest')], body);
  } finally {
    depth--;
    // An early return tells the caller only what decided it beyond the call (semantics.md §3, early exits).
    if (!fromBuiltin) m.ctx.taint(beyond(exit.l, entry), 'function');
  }
  // An async function's promise adopts a promise it returns (tries inside it do not catch that).
  if (fn.node.async) result = settle(m, result);
  return m.ctx.mode === 'strict' ? withLabel(result, exit.l) : result;
}
