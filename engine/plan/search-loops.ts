/**
 * Search loops: `for (const w of words) if (text.includes(w)) { found = true; break; }` — a
 * `for…of` whose whole body is an `if` (no `else`) testing a boolean string method of a variable
 * with the loop's element as its one argument, and whose branch only assigns literals to
 * variables and leaves the loop. The runtime (`__R.anyT`) runs such a loop in one call when the
 * list is an unlabeled array of plain strings and nothing is pending (no try, exit, taint or
 * step limit in reach), making the same joins, contexts and steps as the instrumented loop;
 * otherwise the instrumented loop runs (emit-statements.ts, forOf).
 */
import type * as acorn from 'acorn';
import type { EmitContext } from './emit-context';
import { matchMethodCall } from './method-calls';
import { initialisedAt } from './scope';

/** The boolean string methods the runtime answers directly (library.embed.js, DIRECT_STRING). */
const SEARCHES = new Set(['includes', 'startsWith', 'endsWith']);

export interface SearchLoop {
  /** The searched variable's name. */
  readonly text: string;
  readonly method: string;
  /** The branch's assignments, without its `break`. */
  readonly then: readonly acorn.Statement[];
}

/** The parts of `s` if it is a search loop, or null. */
export function searchLoop(ctx: EmitContext, s: acorn.ForOfStatement): SearchLoop | null {
  const left = s.left;
  if (left.type !== 'VariableDeclaration' || left.declarations.length !== 1) return null;
  const w = left.declarations[0]!.id;
  if (w.type !== 'Identifier') return null;
  const body = s.body.type === 'BlockStatement' && s.body.body.length === 1 ? s.body.body[0]! : s.body;
  if (body.type !== 'IfStatement' || body.alternate) return null;
  const t = matchMethodCall(ctx, body.test);
  if (!t || t.args.length !== 1) return null;
  const text = t.receiver;
  if (!SEARCHES.has(t.name) || text.type !== 'Identifier' || text.name === w.name) return null;
  // The runtime call reads the searched text before the first iteration, which the loop may never reach.
  const ref = ctx.analysis.refs.get(text);
  if (ref?.kind !== 'local' || !initialisedAt(ctx.analysis, ref.binding, s.start)) return null;
  const a = t.args[0]!;
  if (a.type !== 'Identifier' || a.name !== w.name) return null;
  const branch = body.consequent.type === 'BlockStatement' ? body.consequent.body : [body.consequent];
  const last = branch[branch.length - 1];
  if (last?.type !== 'BreakStatement' || last.label) return null;
  const then = branch.slice(0, -1);
  for (const st of then) {
    if (st.type !== 'ExpressionStatement') return null;
    const e = st.expression;
    if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'Identifier') return null;
    if (e.right.type !== 'Literal' || e.left.name === w.name || e.left.name === text.name) return null;
  }
  return { text: text.name, method: t.name, then: then as acorn.Statement[] };
}
