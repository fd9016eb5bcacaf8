/**
 * Plain loops: loops the compiler may also emit without label bookkeeping, behind a run-time
 * guard: instrumentation is skipped where the compiler can prove every value label-free.
 *
 * A loop is plain when, entered with an empty control context and with its number variables
 * holding plain numbers, nothing in it can raise the context or label those variables:
 * - it calls no plan function (a callee's conditional return raises the caller's context), awaits
 *   nothing, passes no callback, makes no function, and has no try, switch, for…of, label,
 *   return, optional chain or default value;
 * - every test (if, loop, `?:`, `&&`, `||`, `!`) is a comparison of numbers, so its value is a
 *   plain boolean and every branch runs under the context the loop was entered with; or it is
 *   the test of an `if` whose merge puts the context back (no early exit, nothing it cannot
 *   name): the copy checks that `if`'s value at run time and, when it is labeled, runs the
 *   instrumented `if` (which raises the context and restores it at its merge);
 * - its number variables (found by a fixpoint) are only ever assigned numbers computed from
 *   number literals and number variables.
 * Everything else in the loop (property reads and writes, non-callback methods, built-ins) runs
 * through the label runtime as usual: with an empty context that code behaves the same either way.
 * At run time the guard checks the context, pending exit taint, that no try is open, and the
 * number variables declared outside the loop; when it fails, the fully instrumented loop runs
 * instead. (Inside a try, a read in the loop that may throw raises the context at once, `acc`:
 * the copy would go on writing its numbers without that label. The try's merge and the context
 * every later call records would mask it, but the copy does not count on them.)
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import { initialisedAt } from './scope';

type N = acorn.AnyNode;
type Loop = acorn.ForStatement | acorn.WhileStatement;

export interface PlainLoop {
  /** Variables that hold plain numbers throughout the loop. */
  readonly nums: ReadonlySet<Binding>;
  /** The ones declared before the loop: the guard checks they hold numbers on entry. */
  readonly guard: readonly Binding[];
}

const ARITH: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>']);
const COMPARE: ReadonlySet<string> = new Set(['<', '>', '<=', '>=', '===', '!==']);
/** Node kinds that make a loop not plain wherever they occur in it. */
const REFUSED = new Set([
  'FunctionExpression',
  'ArrowFunctionExpression',
  'FunctionDeclaration',
  'AwaitExpression',
  'TryStatement',
  'SwitchStatement',
  'ForOfStatement',
  'ForInStatement',
  'DoWhileStatement',
  'LabeledStatement',
  'ReturnStatement',
  'ChainExpression',
  'AssignmentPattern',
  'ObjectPattern',
  'ArrayPattern',
  'NewExpression',
  'TaggedTemplateExpression',
  'YieldExpression',
]);

/** The child nodes of a node. */
export const children = (n: N): N[] => {
  const out: N[] = [];
  for (const [k, v] of Object.entries(n)) {
    if (k === 'type' || k === 'start' || k === 'end') continue;
    if (Array.isArray(v)) for (const x of v) if (x && typeof x === 'object' && 'type' in x) out.push(x as N);
    if (v && typeof v === 'object' && 'type' in v) out.push(v as N);
  }
  return out;
};

/** The variables a node uses as operands (of operators, assignments, declarations and calls). */
function operands(n: N): acorn.Identifier[] {
  const parts: (N | null | undefined)[] =
    n.type === 'BinaryExpression' || n.type === 'LogicalExpression'
      ? [n.left, n.right]
      : n.type === 'UnaryExpression' || n.type === 'UpdateExpression'
        ? [n.argument]
        : n.type === 'AssignmentExpression'
          ? [n.left, n.right]
          : n.type === 'VariableDeclarator'
            ? [n.id, n.init]
            : n.type === 'CallExpression'
              ? n.arguments
              : [];
  return parts.filter((p): p is acorn.Identifier => p?.type === 'Identifier');
}

/** The test a node branches on, if it is one that does (`if`, loops, `?:`, `&&`, `||`, `!`). */
function testOf(n: N): N | null | undefined {
  if (n.type === 'IfStatement' || n.type === 'ConditionalExpression' || n.type === 'WhileStatement') return n.test;
  if (n.type === 'ForStatement') return n.test;
  if (n.type === 'LogicalExpression' || (n.type === 'UnaryExpression' && n.operator === '!')) return n;
  return null;
}

/**
 * What the number typing below knows: which variables hold plain numbers, and (for plain
 * functions) which other expressions are plain numbers there (their calls, their `?:`).
 */
export interface Numbers {
  readonly holds: (id: acorn.Identifier) => boolean;
  readonly also?: (e: N) => boolean;
}

/** The numbers of a plain loop: its number variables. */
export const loopNumbers = (nums: ReadonlySet<Binding>, analysis: Analysis): Numbers => ({
  holds: (id) => {
    const r = analysis.refs.get(id);
    return r?.kind === 'local' && nums.has(r.binding);
  },
});

/** Is `e` a plain number? */
export function isNum(e: N, n: Numbers): boolean {
  switch (e.type) {
    case 'Literal':
      return typeof e.value === 'number';
    case 'Identifier':
      return n.holds(e);
    case 'UnaryExpression':
      return (e.operator === '-' || e.operator === '+' || e.operator === '~') && isNum(e.argument, n);
    case 'BinaryExpression':
      return ARITH.has(e.operator) && isNum(e.left, n) && isNum(e.right, n);
    case 'UpdateExpression':
    case 'AssignmentExpression':
      return isNumWrite(e, n);
    default:
      return n.also?.(e) ?? false;
  }
}

/** Is `e` a plain boolean (a test whose value carries no label)? */
export function isBool(e: N, n: Numbers): boolean {
  switch (e.type) {
    case 'Literal':
      return typeof e.value === 'boolean';
    case 'UnaryExpression':
      return e.operator === '!' && isBool(e.argument, n);
    case 'BinaryExpression':
      return COMPARE.has(e.operator) && isNum(e.left, n) && isNum(e.right, n);
    case 'LogicalExpression':
      return e.operator !== '??' && isBool(e.left, n) && isBool(e.right, n);
    default:
      return false;
  }
}

/** An assignment or update of a number variable with a number (so its value is one too). */
export function isNumWrite(e: acorn.AssignmentExpression | acorn.UpdateExpression, n: Numbers): boolean {
  const target = e.type === 'UpdateExpression' ? e.argument : e.left;
  if (target.type !== 'Identifier' || !n.holds(target)) return false;
  if (e.type === 'UpdateExpression') return true;
  const op = e.operator.slice(0, -1);
  return (e.operator === '=' || ARITH.has(op)) && isNum(e.right, n);
}

/**
 * The plain-loop facts for `loop` in the function whose body starts at `fnStart`, or null when
 * the loop is not plain. `dynamicIf` tells, for an `if` whose test may be labeled, the variables
 * of the enclosing code it writes, or null when its merge would not restore the context.
 */
export function plainLoop(
  loop: Loop,
  analysis: Analysis,
  fnStart: number,
  dynamicIf: (s: acorn.IfStatement) => ReadonlySet<Binding> | null,
): PlainLoop | null {
  const nodes: N[] = [];
  const calls: acorn.CallExpression[] = [];
  const walk = (n: N): boolean => {
    if (REFUSED.has(n.type)) return false;
    if ((n.type === 'BreakStatement' || n.type === 'ContinueStatement') && n.label) return false;
    if (n.type === 'CallExpression') calls.push(n);
    nodes.push(n);
    return children(n).every(walk);
  };
  if (!walk(loop)) return null;

  // Candidates: the local variables the loop uses as operands (a container it only reads from or
  // calls methods on is left alone), declared inside it or before it in this function (not a
  // closure's: that could be read before its declaration ran).
  const nums = new Set<Binding>();
  const numbers = loopNumbers(nums, analysis);
  for (const id of nodes.flatMap(operands)) {
    const r = analysis.refs.get(id);
    if (r?.kind !== 'local') continue;
    const b = r.binding;
    if (b.kind === 'function' || b.kind === 'catch') continue;
    const inside = b.id.start > loop.start && b.id.end <= loop.end;
    const before =
      b.id.start >= fnStart && b.id.start < loop.start && b.scopeStart <= loop.start && b.scopeEnd >= loop.end;
    if (inside || before) nums.add(b);
  }
  // Writes: each one must store a number, given the others (greatest fixpoint). A variable
  // declared inside the loop is written by its declaration, so one without a number initialiser
  // leaves the set here too.
  const writes: { b: Binding; ok: () => boolean }[] = [];
  for (const n of nodes) {
    if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier') {
      const r = analysis.refs.get(n.id);
      const init = n.init;
      if (r?.kind === 'local') writes.push({ b: r.binding, ok: () => !!init && isNum(init, numbers) });
    } else if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') {
      const target = n.type === 'UpdateExpression' ? n.argument : n.left;
      if (target.type !== 'Identifier') continue;
      const r = analysis.refs.get(target);
      if (r?.kind === 'local') writes.push({ b: r.binding, ok: () => isNumWrite(n, numbers) });
    }
  }
  const settle = (): void => {
    for (let changed = true; changed;) {
      changed = false;
      for (const w of writes)
        if (nums.has(w.b) && !w.ok()) {
          nums.delete(w.b);
          changed = true;
        }
    }
  };
  settle();

  // Every test must be a plain boolean, but for an `if`'s that `dynamicIf` accepts: its copy
  // tests the value at run time and runs the instrumented `if` when it is labeled. What that
  // `if` writes may then be labeled, so it leaves the numbers (and what was computed from it).
  const dynamic = new Map<acorn.IfStatement, ReadonlySet<Binding> | null>();
  for (let removed = true; removed;) {
    removed = false;
    for (const n of nodes) {
      const test = testOf(n);
      if (!test || isBool(test, numbers)) continue;
      if (n.type !== 'IfStatement') return null;
      if (!dynamic.has(n)) dynamic.set(n, dynamicIf(n));
      const writes = dynamic.get(n);
      if (!writes) return null;
      for (const b of writes) if (nums.delete(b)) removed = true;
    }
    if (removed) settle();
  }
  if (!calls.every((c) => plainCall(c, analysis, numbers))) return null;
  const guard = [...nums].filter((b) => b.id.start < loop.start);
  // The guard reads them before the loop, whose code may never read one (a bound of 0).
  if (!guard.every((b) => initialisedAt(analysis, b, loop.start))) return null;
  return { nums, guard };
}

/**
 * A call that runs no plan code: a built-in or a method by its name, given no function. No
 * function can be written in a plain loop, but a variable may hold one, and an argument may
 * pick one (`xs.forEach(i < 9 ? f : g)`, `(0, f)`): a callback would run plan code that can
 * change the loop's numbers (to a labeled value, a container, a function) behind the copy's back.
 */
function plainCall(c: acorn.CallExpression, analysis: Analysis, numbers: Numbers): boolean {
  const callee = c.callee;
  const calleeOk =
    callee.type === 'Identifier'
      ? analysis.refs.get(callee)?.kind === 'builtin'
      : callee.type === 'MemberExpression' && !callee.computed && !callee.optional;
  return calleeOk && c.arguments.every((a) => a.type !== 'SpreadElement' && !mayBeFunction(a, numbers));
}

/**
 * Can the value of e be a function? Only a variable can hold one (containers never do), and only
 * the forms that pass a value through can yield a variable's.
 */
function mayBeFunction(e: N, numbers: Numbers): boolean {
  const may = (x: N): boolean => mayBeFunction(x, numbers);
  switch (e.type) {
    case 'Identifier':
      return !numbers.holds(e);
    case 'ConditionalExpression':
      return may(e.consequent) || may(e.alternate);
    case 'LogicalExpression':
      return may(e.left) || may(e.right);
    case 'SequenceExpression':
      return may(e.expressions[e.expressions.length - 1]!);
    case 'AssignmentExpression':
      return may(e.left) || may(e.right);
    default:
      return false;
  }
}
