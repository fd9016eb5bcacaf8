/**
 * One run's state. Evaluation is generators that yield only to wait for a tool (`Step`), so a plan
 * function called back by a built-in (a `map` callback) runs to its end synchronously, as in the sandbox.
 */
import type * as acorn from 'acorn';
import type { Mode } from '../run/types';
import { Context, type Cell } from './context';
import {
  childrenOf,
  eachTarget,
  GLOBAL_CALLS,
  isFn,
  methodName,
  scan,
  type Callees,
  type Nodes,
  type RegionInfo,
} from './scan';
import type { ToolServer } from './tools';
import { RunFailure, type Binding, type Env, type V } from './values';
import { BOTTOM } from '../ifc/label';
import { CALLBACKS } from './builtins';

/** One evaluation step: yields promises (tool runs) and gets their results back. */
export type Step<T> = Generator<Promise<unknown>, T, unknown>;

export class Machine {
  env: Env = { vars: new Map(), parent: null };
  readonly ctx: Context;
  /** Everything any plan function may do: what a call of a function value the text does not name may do. */
  private readonly code: RegionInfo;
  /** Every plan function but the callbacks written in a built-in's call: what such a call may run. */
  private readonly made: acorn.Function[] = [];
  /** The functions each name is bound to, for names bound only to functions (`function f`, `f = () => …`). */
  private readonly functions = new Map<string, acorn.Function[]>();
  /** Names ever bound to a function (a name also bound to anything else is not in `functions`). */
  private readonly functionNames = new Set<string>();
  /** What each function's own text may do (scan.ts), without what it calls. */
  private readonly own = new Map<acorn.Function, RegionInfo>();
  private readonly infos = new Map<string, RegionInfo>();
  steps = 0;
  /** Calls under `await` (or returned from an async function): the only places to call an async function. */
  readonly awaited = new Set<acorn.AnyNode>();
  /**
   * Expressions whose value decides what runs (semantics §3, NORMAL): a choice among them
   * carries what chose it in NORMAL too, so the code it runs records that in its context.
   */
  readonly deciding = new Set<acorn.AnyNode>();
  /** The region cells of the optional chains being evaluated, innermost last (expressions.ts). */
  readonly chains: Cell[] = [];

  constructor(
    program: acorn.Program,
    readonly tools: ToolServer,
    private readonly maxSteps: number,
    private readonly deadline: number,
    /** Whether built-ins may use the lift's precision rules (builtins.ts). */
    readonly precise: boolean,
    mode: Mode,
  ) {
    this.ctx = new Context(mode);
    tools.mayThrow = (l) => this.ctx.mayThrow(l);
    const other = new Set<string>();
    const bind = (name: string, f: acorn.Function): void => {
      this.functionNames.add(name);
      this.functions.set(name, [...(this.functions.get(name) ?? []), f]);
    };
    walkAll(program, (n) => bindings(n, (name, f) => (f ? bind(name, f) : other.add(name))));
    for (const name of other) this.functions.delete(name);
    // A callback written in a built-in's call runs only there, as part of the code around it.
    const inline = new Set<acorn.AnyNode>();
    walkAll(program, (n) => {
      if (n.type === 'CallExpression' && this.callees(n.callee, []) === null) n.arguments.forEach((a) => inline.add(a));
      if (isFn(n) && !inline.has(n)) this.made.push(n as acorn.Function);
      for (const d of decidedBy(n)) this.decides(d);
    });
    // Every function body and parameter as one region: no fixpoint needed, it includes everything.
    this.code = this.scan(this.made.flatMap((f) => [f.body, ...f.params]));
  }

  /** Marks a deciding expression and the operands of a choice that can become its value. */
  private decides(e: acorn.AnyNode): void {
    this.deciding.add(e);
    if (e.type === 'LogicalExpression') [e.left, e.right].forEach((x) => this.decides(x));
    else if (e.type === 'ConditionalExpression') [e.consequent, e.alternate].forEach((x) => this.decides(x));
    else if (e.type === 'UnaryExpression' && e.operator === '!') this.decides(e.argument);
    else if (e.type === 'SequenceExpression') this.decides(e.expressions.at(-1)!);
    else if (e.type === 'AwaitExpression') this.decides(e.argument);
    else if (e.type === 'AssignmentExpression' && e.operator === '=') this.decides(e.right);
  }

  /**
   * The plan functions a call may run: none (a tool, a built-in without a plan callback), the
   * functions of the names it calls or passes, or any (a name bound to anything but functions, a
   * call's answer, a callback given as another expression).
   */
  private readonly callees = (callee: acorn.AnyNode, args: readonly acorn.AnyNode[]): Callees => {
    const named = (a: acorn.AnyNode): string[] =>
      a.type === 'Identifier' && this.functionNames.has(a.name) ? [a.name] : [];
    const passed = args.flatMap(named);
    let names: string[] | null = null;
    if (callee.type === 'Identifier' && !this.tools.has(callee.name) && !GLOBAL_CALLS.has(callee.name))
      names = [callee.name, ...passed];
    else if (callee.type !== 'Identifier' && callee.type !== 'MemberExpression') return 'any';
    else if (args[0] && CALLBACKS.has(methodName(callee)) && !isFn(args[0]))
      names = args[0].type === 'Identifier' ? [args[0].name, ...passed] : null;
    else if (passed.length) names = passed;
    else return null;
    return names?.every((f) => this.functions.has(f)) ? names : 'any';
  };
  private readonly scan = (nodes: Nodes): RegionInfo => scan(nodes, this.callees);

  /** What a region may do, with what the plan functions it may call may do (semantics.md §3b). */
  regionInfo(nodes: Nodes): RegionInfo {
    const key = nodes.map((n) => (n ? `${n.start}:${n.end}:${n.type}` : '-')).join(',');
    return cached(this.infos, key, () => this.withCalls(this.scan(nodes)));
  }

  /** Adds what the functions a region may call may do (`reach`; all plan code if any of them may). */
  private withCalls(info: RegionInfo): RegionInfo {
    if (!info.callsCode) return info;
    const runs = [...(this.reach(info, 'callees')?.values() ?? [this.code])];
    return {
      ...info,
      raises: this.raises(info),
      assigned: new Set([info.assigned, ...runs.map((r) => r.assigned)].flatMap((names) => [...names])),
      paths: [...info.paths, ...runs.flatMap((r) => r.paths)],
      mayThrow: true,
    };
  }

  /**
   * The plan functions a region may call (`direct`: itself, not as a built-in's callback), and those
   * they call in turn, to the end of the call graph, each with what its own text may do; null when
   * any of them calls a function value it does not name (then it may call any plan function).
   */
  reach(info: RegionInfo, edges: 'callees' | 'direct'): Map<acorn.Function, RegionInfo> | null {
    const reached = new Map<acorn.Function, RegionInfo>();
    const todo = [info];
    for (let at = todo.pop(); at; at = todo.pop()) {
      if (edges === 'callees' ? at.callsAny : at.directAny) return null;
      for (const f of [...at[edges]].flatMap((name) => this.functions.get(name)!))
        if (!reached.has(f)) {
          reached.set(
            f,
            cached(this.own, f, () => this.scan([f.body, ...f.params])),
          );
          todo.push(reached.get(f)!);
        }
    }
    return reached;
  }

  /** The plan functions a region may call, to the end of the call graph (all of them: see `reach`). */
  calledBy(info: RegionInfo): acorn.AnyNode[] {
    return [...(this.reach(info, 'callees')?.keys() ?? this.made)] as acorn.AnyNode[];
  }

  /**
   * Whether code that calls what `info` calls itself may be handed an exit taint (functions.ts): a
   * function it calls, to the end of the call graph, may return or throw below its top level, or
   * one calls a function value it does not name.
   */
  private raises(info: RegionInfo): boolean {
    const reached = this.reach(info, 'direct');
    return !reached || [...reached.keys()].some((f) => this.exitsEarly(f));
  }
  /** Whether `f`'s own text may return or throw below its top level. */
  private exitsEarly(f: acorn.Function): boolean {
    if (f.body.type !== 'BlockStatement') return false;
    const below = f.body.body.map((s) =>
      s.type === 'ReturnStatement' || s.type === 'ThrowStatement' ? s.argument : s,
    );
    return this.scan([...below, ...f.params]).returns;
  }

  lookup(name: string, from: Env = this.env): Binding | undefined {
    for (let e: Env | null = from; e; e = e.parent) if (e.vars.has(name)) return e.vars.get(name);
    return undefined;
  }

  /** The binding plan code reads or writes: one whose declaration has not run ends the run. */
  use(name: string): Binding | undefined {
    const b = this.lookup(name);
    if (b?.hole) throw new RunFailure('RuntimeError', `${name} is not initialized`, this.ctx.pc, true);
    return b;
  }

  declare(name: string, value: V, constant: boolean): void {
    this.env.vars.set(name, { value, constant });
  }

  /** Runs `body` in a new block scope. */
  *scope<T>(body: () => Step<T>, parent: Env = this.env): Step<T> {
    const saved = this.env;
    this.env = { vars: new Map(), parent };
    try {
      return yield* body();
    } finally {
      this.env = saved;
    }
  }

  tick(): void {
    if (++this.steps > this.maxSteps) throw new RunFailure('LimitExceeded', 'step limit exceeded', BOTTOM);
    if (this.steps % 256 === 0 && Date.now() > this.deadline)
      throw new RunFailure('LimitExceeded', 'wall time exceeded', BOTTOM);
  }
}

/** The expressions of `n` whose value only decides what runs next (EmitContext.decides, in the engine). */
function decidedBy(n: acorn.AnyNode): acorn.AnyNode[] {
  switch (n.type) {
    case 'IfStatement':
    case 'WhileStatement':
    case 'DoWhileStatement':
    case 'ConditionalExpression':
      return [n.test];
    case 'ForStatement':
      return n.test ? [n.test] : [];
    case 'SwitchStatement':
      return [n.discriminant, ...n.cases.flatMap((c) => (c.test ? [c.test] : []))];
    case 'ExpressionStatement':
      return n.expression.type === 'LogicalExpression' ? [n.expression.left] : [];
    case 'CallExpression':
      return n.callee.type === 'Identifier' || n.callee.type === 'MemberExpression' ? [] : [n.callee];
    default:
      return [];
  }
}

function cached<K, T>(map: Map<K, T>, key: K, make: () => T): T {
  if (!map.has(key)) map.set(key, make());
  return map.get(key)!;
}

function walkAll(n: acorn.AnyNode, visit: (n: acorn.AnyNode) => void): void {
  visit(n);
  childrenOf(n).forEach((c) => walkAll(c, visit));
}

/** The names `n` binds, each with the function it binds it to (null: any other value). */
function bindings(n: acorn.AnyNode, bound: (name: string, f: acorn.Function | null) => void): void {
  const other = (p: acorn.AnyNode | null | undefined): void =>
    eachTarget(p ?? null, (t) => t.type === 'Identifier' && bound(t.name, null));
  const fnValue = (id: acorn.AnyNode, value: acorn.AnyNode | null | undefined): void =>
    id.type === 'Identifier' && value && isFn(value) ? bound(id.name, value as acorn.Function) : other(id);
  if (isFn(n)) {
    const f = n as acorn.Function;
    if (f.id) bound(f.id.name, f);
    f.params.forEach(other);
  } else if (n.type === 'VariableDeclarator') fnValue(n.id, n.init);
  else if (n.type === 'AssignmentExpression') fnValue(n.left, n.operator === '=' ? n.right : null);
  else if (n.type === 'UpdateExpression') other(n.argument);
  else if (n.type === 'CatchClause') other(n.param);
  else if ((n.type === 'ForOfStatement' || n.type === 'ForInStatement') && n.left.type !== 'VariableDeclaration')
    other(n.left);
}
