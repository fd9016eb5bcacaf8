/**
 * The shape every single-call fast path starts from (has tests, split reads, collect and search
 * loops, string tests, `push`): `o.name(a, b)`, a method called by its static name on a value.
 * Not an optional call or member, no spread argument, and `o` neither `super` nor a built-in
 * namespace (`Math.max(…)` is a function of the table, not a method of a value).
 */
import type * as acorn from 'acorn';
import type { EmitContext, Expr } from './emit-context';

export interface MethodCallMatch {
  /** The value the method is called on. */
  readonly receiver: Expr;
  /** The method's static name. */
  readonly name: string;
  /** The arguments, none of them a spread. */
  readonly args: readonly Expr[];
}

/** `e` as a method call on a value (of `name`, when given), or null. */
export function matchMethodCall(ctx: EmitContext, e: acorn.Node, name?: string): MethodCallMatch | null {
  if (e.type !== 'CallExpression') return null;
  const call = e as acorn.CallExpression;
  const callee = call.callee;
  if (call.optional || callee.type !== 'MemberExpression' || callee.computed || callee.optional) return null;
  const o = callee.object;
  if (o.type === 'Super' || callee.property.type !== 'Identifier') return null;
  if (name !== undefined && callee.property.name !== name) return null;
  if (o.type === 'Identifier' && ctx.analysis.refs.get(o)?.kind === 'builtin') return null;
  if (call.arguments.some((a) => a.type === 'SpreadElement')) return null;
  return { receiver: o, name: callee.property.name, args: call.arguments as Expr[] };
}
