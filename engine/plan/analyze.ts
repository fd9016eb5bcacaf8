/**
 * Pass 1 of the plan front end: checks that a parsed plan stays inside the subset of
 * semantics.md §1 and resolves every identifier to its declaration. Anything not explicitly
 * allowed is refused with the construct's position: the compiler after it only has to handle
 * the node types listed here.
 *
 * Each rule lives in the checker of its construct: statements in check-statements.ts,
 * expressions, patterns and functions in check-expressions.ts; the state they share (scopes,
 * bindings, references, positions) in check-context.ts.
 */
import type * as acorn from 'acorn';
import { CheckContext } from './check-context';
import { checkStatement } from './check-statements';
import { newScope, type Analysis } from './scope';

export type { Analysis, Binding, FunctionRange, Reference } from './scope';
export type Node = acorn.AnyNode;

export function analyze(program: acorn.Program, toolNames: ReadonlySet<string>, source: string): Analysis {
  const ctx = new CheckContext(toolNames, source, checkStatement);
  const top = newScope(null, program, true);
  ctx.hoist(top, program.body);
  for (const s of program.body) checkStatement(ctx, top, s);
  return { refs: ctx.refs, bindings: ctx.bindings, functions: ctx.functions };
}
