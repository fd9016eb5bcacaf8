/**
 * The control context (semantics.md §3): a stack of cells, each one reason code runs, whose join is
 * `pc`. A cell leaves the stack only when the construct that pushed it ends.
 */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import type { Mode } from '../run/types';
import type { Step } from './machine';
import { RunFailure, withLabel, type V } from './values';

export type CellKind = 'region' | 'function' | 'loop' | 'rest' | 'try';
export type Cell = { readonly kind: CellKind; l: Label };
export const cell = (kind: CellKind, l: Label = BOTTOM): Cell => ({ kind, l });

export class Context {
  private readonly cells: Cell[] = [];
  constructor(readonly mode: Mode) {}

  get pc(): Label {
    return joinLabels(...this.cells.map((c) => c.l));
  }

  /** The construct that pushes a cell pops it in a `finally`. */
  push(c: Cell): void {
    this.cells.push(c);
  }
  pop(c: Cell): void {
    const i = this.cells.lastIndexOf(c);
    if (i >= 0) this.cells.splice(i, 1);
  }
  /** Runs `body` under the cells, popping them however it ends. */
  *under<T>(cells: readonly Cell[], body: () => Step<T>): Step<T> {
    cells.forEach((c) => this.push(c));
    try {
      return yield* body();
    } finally {
      cells.forEach((c) => this.pop(c));
    }
  }

  /** Taints the rest of the innermost scope of the kinds given. */
  taint(l: Label, ...kinds: CellKind[]): void {
    const c = this.cells.findLast((x) => kinds.includes(x.kind));
    if (c) c.l = joinLabels(c.l, l);
  }

  /** Is a `try` block open (here or in a caller)? */
  inTry(): boolean {
    return this.cells.some((c) => c.kind === 'try');
  }

  /** An operation that may throw ran with these inputs: inside a `try`, they decide what runs next (§3a). */
  mayThrow(...inputs: Label[]): void {
    const l = joinLabels(...inputs);
    for (const c of this.cells) if (c.kind === 'try') c.l = joinLabels(c.l, l);
  }

  /** STRICT: a value created or assigned here carries the context; NORMAL: only its data. */
  made(x: V): V {
    return this.chosen(x, this.pc);
  }
  /** A value chosen because of a label (an arm of `?:`, a default): STRICT joins it, NORMAL does not. */
  chosen(x: V, l: Label): V {
    return this.mode === 'strict' ? withLabel(x, l) : x;
  }
  madeLabel(l: Label): Label {
    return this.mode === 'strict' ? joinLabels(l, this.pc) : l;
  }
  /** A run error decided by `ls`: inside a `try` it may be caught, so they decide what runs next. */
  fail(message: string, ...ls: Label[]): never {
    this.mayThrow(...ls);
    throw new RunFailure('RuntimeError', message, this.madeLabel(joinLabels(...ls)));
  }
}
