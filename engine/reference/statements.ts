/** Statements: JavaScript's own control flow (signals, `Thrown`, `RunFailure`); conditional ones as regions. */
import type * as acorn from 'acorn';
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { operator } from './builtins';
import { evalExpr } from './expressions';
import { cell, type Cell } from './context';
import type { Machine, Step } from './machine';
import { bindPattern } from './patterns';
import { region } from './regions';
import { childrenOf, declaredIn, declares, eachTarget, headOf, isFn, methodName, withoutHead } from './scan';
import { METHODS } from '../plan/builtins';
import { spreadItems } from './spread';
import { isHeap, newObject, RunFailure, Thrown, val, withLabel, type V } from './values';

const HOLE = { value: val(undefined), constant: true, hole: true };

export class BreakSignal {}
export class ContinueSignal {}
export class ReturnSignal {
  constructor(readonly value: V) {}
}

/** A block: functions hoisted, `let`/`const` names holes until declared (semantics.md §3, declarations). */
export function* execBlock(m: Machine, body: readonly acorn.AnyNode[]): Step<void> {
  hoist(m, body);
  for (const s of body) yield* execStmt(m, s);
}

function hoist(m: Machine, body: readonly acorn.AnyNode[]): void {
  for (const s of body) {
    if (s.type === 'FunctionDeclaration' && s.id)
      m.declare(s.id.name, m.ctx.made(val({ kind: 'function', node: s, env: m.env })), false);
    if (s.type === 'VariableDeclaration')
      for (const d of s.declarations) eachTarget(d.id, (t) => t.type === 'Identifier' && m.env.vars.set(t.name, HOLE));
  }
}

/** A function's (or the plan's) body: the value it returns, or null when it ends without `return`. */
export function* execBody(m: Machine, body: readonly acorn.AnyNode[]): Step<V | null> {
  try {
    yield* execBlock(m, body);
    return null;
  } catch (x) {
    if (x instanceof ReturnSignal) return x.value;
    throw x;
  }
}

export function* execStmt(m: Machine, s: acorn.AnyNode): Step<void> {
  m.tick();
  switch (s.type) {
    case 'ExpressionStatement':
      yield* evalExpr(m, s.expression);
      return;
    case 'VariableDeclaration':
      for (const d of s.declarations) {
        const v = d.init ? yield* evalExpr(m, d.init) : val(undefined);
        yield* bindPattern(m, d.id, v, declares(s), true);
      }
      return;
    case 'FunctionDeclaration':
    case 'EmptyStatement':
      return;
    case 'BlockStatement':
      return yield* m.scope(() => execBlock(m, s.body));
    case 'IfStatement': {
      const t = yield* evalExpr(m, s.test);
      const arm = t.v ? s.consequent : s.alternate;
      yield* region(m, t.l, [s.consequent, s.alternate], arm ? () => m.scope(() => execStmt(m, arm)) : undefined);
      return;
    }
    case 'ForStatement':
    case 'WhileStatement':
    case 'DoWhileStatement':
      return yield* m.scope(() => loop(m, s));
    case 'ForOfStatement':
      return yield* m.scope(() => forOf(m, s));
    case 'SwitchStatement':
      return yield* switchStmt(m, s);
    case 'BreakStatement':
      throw new BreakSignal();
    case 'ContinueStatement':
      throw new ContinueSignal();
    case 'ReturnStatement':
      if (s.argument) m.awaited.add(s.argument);
      throw new ReturnSignal(m.ctx.made(s.argument ? yield* evalExpr(m, s.argument) : val(undefined)));
    case 'ThrowStatement':
      throw new Thrown(m.ctx.made(yield* evalExpr(m, s.argument)));
    case 'TryStatement':
      return yield* tryStmt(m, s);
    default:
      throw new RunFailure('RuntimeError', `${s.type} is not part of the plan language`, m.ctx.pc);
  }
}

/** One iteration: a fresh `rest` cell (from `own`: a listed item's label) holds what taints only it. */
function* iteration(m: Machine, own: Label, body: () => Step<void>): Step<boolean> {
  try {
    yield* m.ctx.under([cell('rest', own)], body);
  } catch (x) {
    if (x instanceof BreakSignal) return false;
    if (!(x instanceof ContinueSignal)) throw x;
  }
  return true;
}

/** `for(;;)`, `while`, `do…while`: the loop is one region whose label grows with every test. */
function* loop(m: Machine, s: acorn.ForStatement | acorn.WhileStatement | acorn.DoWhileStatement): Step<void> {
  if (s.type === 'ForStatement' && s.init)
    yield* s.init.type === 'VariableDeclaration' ? execStmt(m, s.init) : evalExpr(m, s.init);
  // The head's variables are copied for each iteration (as in JavaScript): a closure keeps its own.
  const copy = (): void => {
    if (s.type === 'ForStatement' && s.init?.type === 'VariableDeclaration')
      m.env = { vars: new Map([...m.env.vars].map(([n, b]) => [n, { ...b }])), parent: m.env.parent };
  };
  copy();
  yield* region(m, cell('loop'), [s], function* (c: Cell) {
    for (let first = true; ; first = false) {
      if (s.test && !(s.type === 'DoWhileStatement' && first)) {
        const t = yield* evalExpr(m, s.test);
        c.l = joinLabels(c.l, t.l);
        if (!t.v) return;
      }
      if (!(yield* iteration(m, BOTTOM, () => m.scope(() => execStmt(m, s.body))))) return;
      copy();
      if (s.type === 'ForStatement' && s.update) yield* evalExpr(m, s.update);
    }
  });
}

/**
 * `for…of`: an array is walked live. Over a listing, an iteration runs under its item's label and
 * what chose the listing unless the loop lets what it saw of the order out while it runs; a loop
 * that sees the order upgrades what it wrote with the whole listing at its end, NORMAL too, and so
 * does an error that leaves one whose iterations ran under their own items (semantics.md §3, listings).
 */
function* forOf(m: Machine, s: acorn.ForOfStatement): Step<void> {
  const from = yield* evalExpr(m, s.right);
  const spread = spreadItems(m, from);
  const live = isHeap(from.v) && from.v.kind === 'array' ? from.v : null;
  const order = live?.listing ? listingLoop(m, s) : 'own';
  const listing = order !== 'whole' ? live?.listing : undefined;
  const c = cell('loop', listing ? joinLabels(from.l, listing) : spread.structure);
  const { pattern, mode } = headOf(s);
  const each = function* (): Step<void> {
    try {
      for (let i = 0; i < (live ?? spread).items.length; i++) {
        if (live && !listing) c.l = joinLabels(c.l, live.s);
        const item = live ? withLabel(live.items[i]!, listing ? BOTTOM : live.s, from.l) : spread.items[i]!;
        const body = (): Step<void> =>
          m.scope(function* () {
            yield* bindPattern(m, pattern, item, mode, true);
            yield* execStmt(m, s.body);
          });
        if (!(yield* iteration(m, listing ? item.l : BOTTOM, body))) return;
      }
    } finally {
      if (live) c.l = joinLabels(c.l, live.s);
    }
  };
  try {
    yield* region(m, c, [withoutHead(s)], each, { normalToo: order !== 'own' });
  } catch (x) {
    // Only a run error can leave a loop that gathers (listingLoop: nothing else leaves it early).
    throw order === 'gathers' && x instanceof RunFailure ? x.under(c.l) : x;
  }
}

/**
 * How a loop over a listing runs. It sees the order when an iteration can depend on the ones before
 * it: it can leave early (a jump, or an error when a `try` is open), reads a variable it carries
 * (in its own text) or writes into a container that outlives the iteration (named outside its
 * body). Then every iteration runs under the whole listing (`whole`), unless nothing leaves while
 * it runs — no call of plan code or a tool, no `await` anywhere in its text — and it cannot leave
 * early (`gathers`). Otherwise each iteration runs under its own item (`own`).
 */
function listingLoop(m: Machine, s: acorn.ForOfStatement): 'own' | 'gathers' | 'whole' {
  // The head's default values run in every iteration, before the body (red team round 19).
  const { pattern, mode } = headOf(s);
  const iteration = [...headCode(pattern), s.body];
  const info = m.regionInfo(iteration);
  const leaves = info.returns || info.breaks || (info.mayThrow && m.ctx.inTry());
  if (leaves) return 'whole';
  const own = declaredIn(s.body);
  const carried = [...info.assigned].filter((n) => !own.has(n));
  // In the iteration, and in the functions it may call (a name they declare is theirs).
  const reads =
    iteration.some((t) => readsCarried(t, new Set(carried))) ||
    m.calledBy(info).some((f) => readsCarried(f, new Set(carried.filter((n) => !declaredIn(f).has(n)))));
  // A head that assigns rather than declares leaves each item in state that outlives the iteration.
  const writes = mode === 'assign' || iteration.some((t) => writesOutside(m, t, own, declaredIn(s.left)));
  if (!reads && !writes) return 'own';
  // An `await` or a tool call anywhere in the text, the functions it makes included.
  const waits = (n: acorn.AnyNode): boolean =>
    n.type === 'AwaitExpression' ||
    (n.type === 'CallExpression' && n.callee.type === 'Identifier' && m.tools.has(n.callee.name)) ||
    childrenOf(n).some(waits);
  return info.callsCode || iteration.some(waits) ? 'whole' : 'gathers';
}

/** The code a `for…of` head runs in each iteration: its pattern's default values, a member target's object and key. */
function headCode(pattern: acorn.AnyNode): acorn.AnyNode[] {
  const code: acorn.AnyNode[] = [];
  const member = (t: acorn.AnyNode): unknown =>
    t.type === 'MemberExpression' && code.push(t.object, ...(t.computed ? [t.property] : []));
  eachTarget(pattern, member, (d) => code.push(d));
  return code;
}

/** Does `body` read one of `carried` (other than to update it: a `n++` whose value is used reads it)? */
function readsCarried(body: acorn.AnyNode, carried: ReadonlySet<string>): boolean {
  const reads = (n: acorn.AnyNode, updating = false): boolean => {
    if (n.type === 'Identifier') return !updating && carried.has(n.name);
    // A dropped `n++` or `n += 1` only updates `n`; one whose value is used reads it (red team round 19).
    const e = n.type === 'ExpressionStatement' ? n.expression : null;
    if (e?.type === 'UpdateExpression') return reads(e.argument, true);
    if (e?.type === 'AssignmentExpression')
      return reads(e.left as acorn.AnyNode, e.left.type === 'Identifier') || reads(e.right);
    if (n.type === 'AssignmentExpression')
      return reads(n.left as acorn.AnyNode, n.operator === '=' && n.left.type === 'Identifier') || reads(n.right);
    if (n.type === 'MemberExpression' && !n.computed) return reads(n.object);
    if (n.type === 'Property' && !n.computed) return reads(n.value as acorn.AnyNode);
    return childrenOf(n).some((c) => reads(c));
  };
  return reads(body);
}

const MUTATORS = new Set([...METHODS.mutating, 'set', 'add', 'delete', 'clear']);

/** Does `body` (outside the functions it makes) write into a container named outside it? */
function writesOutside(m: Machine, body: acorn.AnyNode, own: ReadonlySet<string>, head: ReadonlySet<string>): boolean {
  const outside = (t: acorn.AnyNode): boolean => {
    let cur = t;
    while (cur.type === 'MemberExpression') cur = cur.object as acorn.AnyNode;
    return cur.type === 'Identifier' && !own.has(cur.name) && (head.has(cur.name) || m.lookup(cur.name) !== undefined);
  };
  const writes = (n: acorn.AnyNode): boolean => {
    if (isFn(n)) return false;
    // A member assigned or updated, or the receiver of a mutating method (`methodName`: a member).
    const mutates = n.type === 'CallExpression' && MUTATORS.has(methodName(n.callee));
    const t = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : null;
    const written = mutates ? n.callee : t;
    return (written?.type === 'MemberExpression' && outside(written)) || childrenOf(n).some(writes);
  };
  return writes(body);
}

function* switchStmt(m: Machine, s: acorn.SwitchStatement): Step<void> {
  const d = yield* evalExpr(m, s.discriminant);
  yield* region(m, cell('loop', d.l), [withoutHead(s)], function* (c: Cell) {
    let at = -1;
    for (let i = 0; at < 0 && i < s.cases.length; i++) {
      const test = s.cases[i]!.test;
      if (!test) continue;
      const eq = operator(m, '===', [d, yield* evalExpr(m, test)]);
      c.l = joinLabels(c.l, eq.l);
      if (eq.v) at = i;
    }
    if (at < 0) at = s.cases.findIndex((k) => !k.test);
    if (at < 0) return;
    // The cases share one scope: a name declared in a case before the one entered is there too,
    // uninitialised (a hole), not a name of an outer scope.
    const all = s.cases.flatMap((k) => k.consequent);
    const body = s.cases.slice(at).flatMap((k) => k.consequent);
    try {
      yield* m.scope(function* () {
        hoist(m, all);
        for (const st of body) yield* execStmt(m, st);
      });
    } catch (x) {
      if (!(x instanceof BreakSignal)) throw x;
    }
  });
}

/** The value a `catch` receives: what was thrown, or an error object with its label. */
function caughtValue(x: Thrown | RunFailure): V {
  if (x instanceof Thrown) return x.value;
  const props = new Map(Object.entries({ name: val(x.kind, x.label), message: val(x.message, x.label) }));
  return val(newObject(props, x.label), x.label);
}

function* tryStmt(m: Machine, s: acorn.TryStatement): Step<void> {
  const acc = cell('try');
  let pending: unknown = null;
  try {
    yield* region(m, acc, [s.block], () => m.scope(() => execBlock(m, s.block.body)));
    if (s.handler) yield* region(m, acc.l, [s.handler]);
  } catch (x) {
    // Plan code may catch its own throws, and runtime, policy and information errors.
    const handler = s.handler;
    if (handler && (x instanceof Thrown || (x instanceof RunFailure && !x.fatal))) {
      const exc = caughtValue(x);
      const l = joinLabels(acc.l, exc.l);
      try {
        yield* region(m, l, [handler], () =>
          m.scope(function* () {
            if (handler.param) yield* bindPattern(m, handler.param, exc, 'let');
            yield* execBlock(m, handler.body.body);
          }),
        );
      } catch (y) {
        pending = y;
      }
    } else pending = x;
  }
  const fin = s.finalizer;
  if (fin) yield* m.ctx.under([cell('region', acc.l)], () => m.scope(() => execBlock(m, fin.body)));
  // What follows the statement ran because the block did not throw, or the catch ended normally.
  m.ctx.taint(acc.l, 'rest', 'function');
  if (pending === null) return;
  if (pending instanceof Thrown) throw new Thrown(withLabel(pending.value, acc.l));
  if (pending instanceof RunFailure) throw pending.under(acc.l);
  if (pending instanceof ReturnSignal) throw new ReturnSignal(m.ctx.chosen(pending.value, acc.l));
  if (pending instanceof BreakSignal || pending instanceof ContinueSignal) m.ctx.taint(acc.l, 'loop');
  throw pending;
}
