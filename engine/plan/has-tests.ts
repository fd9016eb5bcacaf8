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
import { matchMethodCall } from './method-calls';

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
  const call = matchMethodCall(ctx, negated ? (test as acorn.UnaryExpression).argument : test, 'has');
  if (!call || call.args.length !== 1) return null;
  return { receiver: call.receiver, key: call.args[0]!, negated };
}
