/**
 * One run's state. Evaluation is generators that yield only to wait for a tool (`Step`), so a plan
 * function called back by a built-in (a `map` callback) runs to its end synchronously, as in the sandbox.
 */
import type * as acorn from 'acorn';
import type { Mode } from '../run/types';
import { Context } from './context';
import { childrenOf, GLOBAL_CALLS, isFn, methodName, scan, withCode, type RegionInfo } from './scan';
import type { ToolServer } from './tools';
import { RunFailure, type Binding, type Env, type V } from './values';
import { BOTTOM } from '../ifc/label';
import { CALLBACKS } from './builtins';

/** One evaluation step: yields promises (tool runs) and gets their results back. */
export type Step<T> = Generator<Promise<unknown>, T, unknown>;

export class Machine {
  env: Env = { vars: new Map(), parent: null };
  readonly ctx: Context;
  /** Everything any plan function may do (see regions.ts: calls of plan code). */
  private readonly code: RegionInfo;
  private readonly infos = new Map<string, RegionInfo>();
  private readonly functionNames = new Set<string>();
  steps = 0;
  /** Calls under `await` (or returned from an async function): the only places to call an async function. */
  readonly awaited = new Set<acorn.AnyNode>();
  /**
   * Expressions whose value decides what runs (semantics §3, NORMAL): a choice among them
   * carries what chose it in NORMAL too, so the code it runs records that in its context.
   */
  readonly deciding = new Set<acorn.AnyNode>();

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
    const bodies: acorn.AnyNode[] = [];
    // A callback written in a built-in's call runs only there, as part of the code around it.
    const inline = new Set<acorn.AnyNode>();
    const collect = (n: acorn.AnyNode): void => {
      if (n.type === 'CallExpression' && !this.isCode(n.callee, [])) n.arguments.forEach((a) => inline.add(a));
      if (isFn(n) && !inline.has(n)) bodies.push((n as acorn.Function).body, ...(n as acorn.Function).params);
      if (n.type === 'FunctionDeclaration' && n.id) this.functionNames.add(n.id.name);
      if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.init && /Function/.test(n.init.type))
        this.functionNames.add(n.id.name);
      for (const d of decidedBy(n)) this.decides(d);
      childrenOf(n).forEach(collect);
    };
    collect(program);
    // Every function body and parameter as one region: no fixpoint needed, it includes everything.
    this.code = scan(bodies, (callee, args) => this.isCode(callee, args));
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

  /** May this call run plan code? A call of a name that is not a tool or a built-in, or a callback. */
  private isCode(callee: acorn.AnyNode, args: readonly acorn.AnyNode[]): boolean {
    if (callee.type === 'Identifier' && !this.tools.has(callee.name) && !GLOBAL_CALLS.has(callee.name)) return true;
    if (callee.type !== 'Identifier' && callee.type !== 'MemberExpression') return true;
    // A callback given as any other expression (a parameter, a variable) may be any function.
    if (args[0] && CALLBACKS.has(methodName(callee)) && !isFn(args[0])) return true;
    return args.some((a) => isFn(a) || (a.type === 'Identifier' && this.functionNames.has(a.name)));
  }

  regionInfo(nodes: readonly (acorn.AnyNode | null | undefined)[]): RegionInfo {
    const key = nodes.map((n) => (n ? `${n.start}:${n.end}:${n.type}` : '-')).join(',');
    let info = this.infos.get(key);
    if (!info) this.infos.set(key, (info = withCode(scan(nodes, this.isCode.bind(this)), this.code)));
    return info;
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
