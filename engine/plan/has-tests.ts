/**
 * Has tests: `if (!seen.has(k))`, `while (m.has(k))` — a collection's `has`, or its negation, as
 * an `if`'s or a loop's test — come from the runtime as one number, label * 2 + truth
 * (`__R.hasT`, as testCode in emit-expressions.ts codes comparisons), instead of a box and graph
 * node for the answer and another for `!`, read once by the test and then garbage. `!` of a
 * labeled boolean keeps its label, so the negation is the truth bit flipped. The runtime makes
 * the answer as `R.ent` would (the entry rule's joins, in its order) and falls back to
 * `R.ent` and `R.not` themselves, decoded, for anything the entry rule is not called for directly.
 */
import type * as acorn from 'acorn';
import type { EmitContext, Expr } from './emit-context';

export interface HasTest {
  /** The collection. */
  readonly receiver: Expr;
  /** The key. */
  readonly key: Expr;
  /** `!c.has(k)`. */
  readonly negated: boolean;
}

/** `test` as a has test, or null. */
export function hasTest(ctx: EmitContext, test: Expr): HasTest | null {
  const negated = test.type === 'UnaryExpression' && test.operator === '!';
  const call = negated ? (test as acorn.UnaryExpression).argument : test;
  if (call.type !== 'CallExpression' || call.optional || call.arguments.length !== 1) return null;
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.optional || callee.object.type === 'Super')
    return null;
  if ((callee.property as acorn.Identifier).name !== 'has') return null;
  if (callee.object.type === 'Identifier' && ctx.analysis.refs.get(callee.object)?.kind === 'builtin') return null;
  const key = call.arguments[0]!;
  if (key.type === 'SpreadElement') return null;
  return { receiver: callee.object as Expr, key: key as Expr, negated };
}
