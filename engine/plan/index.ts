/**
 * The plan language front end: parse (acorn), check the subset and resolve names (analyze),
 * and compile to instrumented code for the sandbox (compile).
 */
import * as acorn from 'acorn';
import type { Mode } from '../run/types';
import { analyze } from './analyze';
import { compile, type CompiledCode } from './compile';
import { PlanRejected } from './errors';

export { PlanRejected } from './errors';
export type { CompiledCode } from './compile';

export interface CompiledPlan extends CompiledCode {
  readonly mode: Mode;
  readonly source: string;
}

/** Parses, checks and compiles a plan. Throws `PlanRejected` with the position of the first problem. */
export interface CompileOptions {
  readonly mode: Mode;
  readonly toolNames: Iterable<string>;
  /** Tools that change the world (drafts, sends, moves): STRICT tracks where they may be called. */
  readonly effectTools?: Iterable<string>;
}

export function compilePlan(source: string, opts: CompileOptions): CompiledPlan {
  let program: acorn.Program;
  try {
    program = acorn.parse(source, {
      ecmaVersion: 2022,
      sourceType: 'script',
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
      locations: false,
    });
  } catch (e) {
    const err = e as SyntaxError & { loc?: { line: number; column: number } };
    const loc = err.loc ?? { line: 1, column: 0 };
    throw new PlanRejected(`syntax error: ${err.message.replace(/ \(\d+:\d+\)$/, '')}`, {
      line: loc.line,
      column: loc.column + 1,
    });
  }
  const analysis = analyze(program, new Set(opts.toolNames), source);
  const effects = new Set(opts.effectTools ?? []);
  return { ...compile(program, analysis, opts.mode, source, effects), mode: opts.mode, source };
}
