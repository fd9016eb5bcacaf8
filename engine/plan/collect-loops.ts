/**
 * Collect loops: `for (const w of text.split(' ')) if (w.length > 6) words.push(w.toLowerCase());`
 * — a `for…of` whose whole body is an `if` (no `else`) comparing the element's length with a
 * number literal, and whose branch is one statement pushing the element, or the answer of one of
 * its plain string methods without arguments, to a variable other than the element. The runtime
 * (`__R.pushT`) runs such a loop in one call when every item is a string, the list pushed to an
 * unboxed array other than the one iterated, and nothing is pending (no try, exit, taint or step
 * limit in reach), making the same joins, contexts, values and steps as the instrumented loop;
 * otherwise the instrumented loop runs (emit-statements.ts, forOf). Over `x.split(sep)`
 * (`__R.words`), a labeled string's words stay unboxed: their list is made unfilled, and a word's
 * box and graph node are made only when it is pushed or its method's answer links to it.
 */
import type * as acorn from 'acorn';
import { METHODS } from './builtins';
import { initialisedAt } from './scope';
import type { EmitContext, Expr } from './emit-context';
import { matchMethodCall } from './method-calls';

const LENGTH_TESTS: ReadonlySet<string> = new Set(['<', '>', '<=', '>=']);
const STRING_METHODS: ReadonlySet<string> = new Set(METHODS.plainString);

export interface CollectLoop {
  readonly op: string;
  readonly bound: number;
  /** The variable pushed to. */
  readonly out: string;
  /** The element's method whose answer is pushed, or null for the element itself. */
  readonly method: string | null;
  /** `x` and `sep` when the list is `x.split(sep)`, or null. */
  readonly split: { readonly text: Expr; readonly sep: Expr } | null;
}

/** The parts of `s` if it is a collect loop, or null. */
export function collectLoop(ctx: EmitContext, s: acorn.ForOfStatement): CollectLoop | null {
  const left = s.left;
  if (left.type !== 'VariableDeclaration' || left.declarations.length !== 1) return null;
  const w = left.declarations[0]!.id;
  if (w.type !== 'Identifier') return null;
  const isW = (e: acorn.Node): boolean => e.type === 'Identifier' && (e as acorn.Identifier).name === w.name;
  const body = only(s.body);
  if (body?.type !== 'IfStatement' || body.alternate) return null;
  const t = body.test;
  if (t.type !== 'BinaryExpression' || !LENGTH_TESTS.has(t.operator)) return null;
  if (!isLength(t.left, isW) || t.right.type !== 'Literal' || typeof t.right.value !== 'number') return null;
  const st = only(body.consequent);
  if (st?.type !== 'ExpressionStatement') return null;
  const call = matchMethodCall(ctx, st.expression, 'push');
  if (!call || call.args.length !== 1) return null;
  const out = call.receiver;
  if (out.type !== 'Identifier' || isW(out)) return null;
  // The runtime call reads the list before the first iteration, which the loop may never reach.
  const ref = ctx.analysis.refs.get(out);
  if (ref?.kind !== 'local' || !initialisedAt(ctx.analysis, ref.binding, s.start)) return null;
  const v = call.args[0]!;
  let method: string | null = null;
  if (!isW(v)) {
    const m = matchMethodCall(ctx, v);
    if (!m || m.args.length !== 0 || !isW(m.receiver) || !STRING_METHODS.has(m.name)) return null;
    method = m.name;
  }
  return { op: t.operator, bound: t.right.value, out: out.name, method, split: splitCall(ctx, s.right) };
}

/** The one statement of a block of one, or the statement itself. */
const only = (s: acorn.Statement): acorn.Statement | undefined =>
  s.type === 'BlockStatement' ? (s.body.length === 1 ? s.body[0] : undefined) : s;

const isLength = (e: acorn.Expression | acorn.PrivateIdentifier, isW: (e: acorn.Node) => boolean): boolean =>
  e.type === 'MemberExpression' &&
  !e.computed &&
  !e.optional &&
  isW(e.object) &&
  (e.property as acorn.Identifier).name === 'length';

/** `x.split(sep)` on a value (not a built-in namespace), or null. */
function splitCall(ctx: EmitContext, e: Expr): CollectLoop['split'] {
  const call = matchMethodCall(ctx, e, 'split');
  if (!call || call.args.length !== 1) return null;
  return { text: call.receiver, sep: call.args[0]! };
}
