/**
 * What the emitters (emit-statements.ts, emit-expressions.ts, emit-functions.ts,
 * emit-regions.ts) share while they compile a plan: the output lines and the bodies of the
 * functions spliced into them, the temporaries and bookkeeping of the function being compiled
 * (`Fn`), plan positions, and the small code fragments every rule uses.
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import { EffectAnalyzer } from './effects';
import { isBool, isNum, loopNumbers } from './plain-loops';
import type { Records } from './plain-functions';
import type { FieldUse } from './field-functions';
import type { Mode, Position } from '../run/types';

export type N = acorn.AnyNode;
export type Expr = acorn.Expression;

/** One output line and the plan position it maps back to. */
export type Line = { code: string; at: Position | null };

export interface Fn {
  readonly temps: string[];
  /** An async plan function (returns through __R.aret); the top level is not one. */
  readonly isAsync: boolean;
  /** May use await: an async function or the top level. */
  readonly awaits: boolean;
  /** How many conditional regions enclose the current point (within this function). */
  regions: number;
  /** Per enclosing loop (innermost last): the variable accumulating its abrupt-completion labels. */
  readonly loops: string[];
  /**
   * Per enclosing loop or switch (innermost last): what a break or continue leaves, and how many
   * conditional regions enclosed its body (a jump under more of them is a conditional one).
   */
  readonly jumpTargets: { readonly loopAcc: string | null; readonly regions: number }[];
  /** How many try blocks (or their catch) enclose the current point (within this function). */
  tries: number;
  /** Where the function starts (0 for the plan's top level). */
  readonly start: number;
  /**
   * Inside the fast copy of a plain loop (plain-loops.ts): the variables holding plain numbers.
   * The context is empty there, so assignments, tests and number operators need no bookkeeping.
   */
  plain: ReadonlySet<Binding> | null;
}

/** A fresh `Fn` for a function starting at `start` (the top level: not async, may await). */
export const newFn = (start: number, isAsync: boolean, awaits: boolean): Fn => ({
  temps: [],
  isAsync,
  awaits,
  regions: 0,
  loops: [],
  jumpTargets: [],
  tries: 0,
  start,
  plain: null,
});

/**
 * The emitters for function bodies and function values (emit-statements.ts, emit-functions.ts),
 * passed in by compile() so that emit-expressions.ts and emit-functions.ts need no import cycle.
 */
export interface Emitters {
  /** Emits a list of statements, function declarations hoisted first. */
  readonly statements: (ctx: EmitContext, body: readonly N[]) => void;
  /** Compiles a function; returns the placeholder its lines are spliced in at. */
  readonly func: (ctx: EmitContext, f: acorn.Function, name: string | null, copy?: string | null) => string;
}

export const str = (s: string): string => JSON.stringify(s);

// Hot paths are inlined: a value that is not an object carries no label, so most joins and
// truthiness tests need no call into the runtime.
export const isObj = (t: string): string => `(typeof ${t} === 'object' && ${t} !== null)`;
/** Whether t is truthy, in a test: a labeled primitive by its value; a container always. */
export const truthy = (t: string): string => `(${isObj(t)} ? (${t} instanceof __R.Box ? ${t}.v : true) : ${t})`;
/** The context saved in p raised by t's label (the context is never a verified label, so an
 * unlabeled t leaves it as it was without a join). */
export const raisedBy = (p: string, t: string): string => `(${isObj(t)} ? __R.J(${p}, ${labelOf(t)}) : ${p})`;
/** The label of an object t (R.lab): a labeled primitive's own written out, a container's from the runtime. */
export const labelOf = (t: string): string =>
  `(${t} instanceof __R.Box && (typeof ${t}.v !== 'object' || ${t}.v === null) ? ${t}.l : __R.lab(${t}))`;

/** One step of the plan's budget: every loop iteration and every function entry counts. */
export const tick = 'if (++__S.n > __S.m) __R.lim();';
/** Leaving enclosing try blocks early: the context joins what they could have thrown because of. */
export const TRY_EXIT = '__R.pc = __R.J(__R.pc, __R.tcur());';
/** The function's exit taint at a return: its own, and its callees' not yet picked up. */
export const exitAbr = '(__R.exit === 0 ? __abr : __R.J(__abr, __R.exitOf()))';

export class EmitContext {
  readonly strict: boolean;
  readonly analysis: Analysis;
  readonly effects: EffectAnalyzer;
  readonly emitters: Emitters;
  /** The function being compiled (the plan's top level to begin with). */
  fn: Fn = newFn(0, false, true);
  /** The lines of the function being compiled. */
  out: Line[] = [];
  /** The bodies of the functions compiled so far, spliced in where their placeholders stand. */
  readonly fnBodies: Line[][] = [];
  /** The call expression being compiled as the operand of `await` (async plan functions must be). */
  awaitedCall: N | null = null;
  /** The plan's plain functions (plain-functions.ts): each also gets a native copy. */
  plainFns: ReadonlyMap<acorn.Function, Records> = new Map();
  /** Field functions (field-functions.ts): comparators a labeled sort may run natively. */
  fieldFns: ReadonlyMap<acorn.Function, FieldUse> = new Map();
  /**
   * No inline fast path at all (tests only): every operator, conversion and method call goes to
   * the runtime's table, no plain loop or function gets a native copy. A test runs plans both
   * ways and compares each fast path's answer and label with the table's.
   */
  noFastPaths = false;
  private readonly lineStarts: number[] = [0];
  private uid = 0;

  constructor(analysis: Analysis, mode: Mode, source: string, effectTools: ReadonlySet<string>, emitters: Emitters) {
    this.strict = mode === 'strict';
    this.analysis = analysis;
    this.effects = new EffectAnalyzer(analysis, effectTools, this.strict);
    this.emitters = emitters;
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** The plan position (line and column from 1) of a source offset. */
  pos(offset: number): Position {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /** A fresh temporary, declared at the head of the current function. */
  temp(): string {
    const t = `__t${++this.uid}`;
    this.fn.temps.push(t);
    return t;
  }

  /** Appends an output line; `at` is the plan position it starts (null: no statement starts). */
  emit(code: string, at: Position | null = null): void {
    this.out.push({ code, at });
  }

  /** An assigned value (STRICT): joins the context, unless it is empty or in a plain loop. */
  asg(code: string): string {
    if (!this.strict || this.fn.plain) return code;
    const t = this.temp();
    return `(${t} = ${code}, __R.pc === 0 ? ${t} : __R.asg(${t}))`;
  }

  /**
   * Expressions whose value only decides control (decides): an `if`'s or a loop's test, a
   * `switch`'s discriminant and cases, a ternary's test, the left of a `&&`/`||`/`??` whose own
   * value is dropped (a statement), a function value called, and the operands of a choice among
   * them that can become its value, also through an `await`, a `=` or a `,` that hands it on. (Not where the value goes on as data — the left of a choice
   * that is a value, a `for…of`'s list, a callback: that is the implicit flow NORMAL lets pass.)
   */
  private readonly deciding = new Set<N>();

  /**
   * Marks `e` as deciding control: in NORMAL too, a choice whose value only does (`if (a && b)`)
   * carries what chose it, so the code it runs, and the calls there, record that in their
   * context (semantics §3, NORMAL). A choice that is data stays an implicit flow NORMAL lets
   * pass: `x = a ? 1 : 0`.
   */
  decides(e: N): void {
    this.deciding.add(e);
    if (e.type === 'LogicalExpression') {
      this.decides(e.left);
      this.decides(e.right);
    } else if (e.type === 'ConditionalExpression') {
      this.decides(e.consequent);
      this.decides(e.alternate);
    } else if (e.type === 'UnaryExpression' && e.operator === '!') this.decides(e.argument);
    else if (e.type === 'SequenceExpression') this.decides(e.expressions[e.expressions.length - 1]!);
    // `await` and `=` hand their operand's value on as theirs (red team round 19, finding 2).
    else if (e.type === 'AwaitExpression') this.decides(e.argument);
    else if (e.type === 'AssignmentExpression' && e.operator === '=') this.decides(e.right);
  }

  /**
   * The result `r` of a choice `e` made by `t`: carries t's label when t is labeled, in STRICT
   * and, where `e` decides control (decides), in NORMAL.
   */
  chosen(r: string, t: string, e: N): string {
    return this.strict || this.deciding.has(e) ? `(${isObj(t)} ? __R.ctl(${r}, ${t}) : ${r})` : r;
  }

  /** In a plain loop: is e a plain number, or a plain boolean? Then its operators are native. */
  num(e: N): boolean {
    return this.fn.plain !== null && isNum(e, loopNumbers(this.fn.plain, this.analysis));
  }
  bool(e: N): boolean {
    return this.fn.plain !== null && isBool(e, loopNumbers(this.fn.plain, this.analysis));
  }

  /** The value a return hands back: as is when nothing changed since entry (no early exits, no
   * raised context), else through the runtime. */
  returned(v: string, abr: string): string {
    if (this.fn.isAsync) return `__R.aret(${v}, __e, ${abr})`;
    const t = this.temp();
    return `(${t} = ${v}, __R.exit === 0 && __abr === 0 && __R.pc === __e ? ${t} : __R.ret(${t}, __e, ${abr}))`;
  }
}
