/**
 * Pass 2 of the plan front end: turns an analysed plan into instrumented JavaScript for the
 * sandbox. Every operator, property access and call goes through the label runtime `__R`;
 * every branch and loop maintains the control context `__R.pc`; in STRICT mode every
 * assignment joins the context and every merge point upgrades what the region may have written
 * (effects.ts). Each original statement starts a new output line, so the line table maps
 * runtime errors back to plan positions.
 *
 * Each rule lives in the emitter of its construct: statements in emit-statements.ts,
 * expressions, calls and patterns in emit-expressions.ts, functions in emit-functions.ts, the
 * ends of branches and loops (capture, merge) in emit-regions.ts; the state they share (output
 * lines, temporaries, the current function, positions) in emit-context.ts.
 */
import type * as acorn from 'acorn';
import type { Analysis } from './analyze';
import { EmitContext } from './emit-context';
import { emitFunction, flatten } from './emit-functions';
import { emitStatements } from './emit-statements';
import { fieldFunctions } from './field-functions';
import { plainFunctions } from './plain-functions';
import type { Mode, Position } from '../run/types';

export interface CompiledCode {
  /** A function expression `(async function (__R, __S) {…})`. */
  readonly code: string;
  /** lines[i] is the plan position of output line i + 1. */
  readonly lines: readonly (Position | null)[];
}

export function compile(
  program: acorn.Program,
  analysis: Analysis,
  mode: Mode,
  source: string,
  effectTools: ReadonlySet<string> = new Set(),
  noFastPaths = false,
): CompiledCode {
  const ctx = new EmitContext(analysis, mode, source, effectTools, {
    statements: emitStatements,
    func: emitFunction,
  });
  ctx.noFastPaths = noFastPaths;
  if (!noFastPaths) {
    ctx.plainFns = plainFunctions(program, analysis);
    ctx.fieldFns = fieldFunctions(program, analysis);
  }
  emitStatements(ctx, program.body);
  ctx.emit('return __R.ret(undefined, __e, __abr);');
  const temps = ctx.fn.temps;
  const header = `(async function (__R, __S) { 'use strict'; const __e = 0; let __abr = 0; const __SL = __R.SL, __LS = __R.LS, __AL = __R.AL, __SM = __R.SM, __GP = __R.GP;${temps.length ? ` let ${temps.join(', ')};` : ''}`;
  const lines = flatten(ctx, [{ code: header, at: null }, ...ctx.out, { code: '})', at: null }]);
  return { code: lines.map((l) => l.code).join('\n'), lines: lines.map((l) => l.at) };
}
