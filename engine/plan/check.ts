/**
 * The plan front end without the compiler: parse (acorn) and check the subset (analyze). The
 * compiler (index.ts `compilePlan`) starts from its result; the reference monitor
 * (engine/reference) accepts exactly the plans it accepts without loading the compiler it checks.
 */
import * as acorn from 'acorn';
import { analyze, type Analysis } from './analyze';
import { PlanRejected } from './errors';

export interface CheckedPlan {
  readonly program: acorn.Program;
  readonly analysis: Analysis;
}

/** Parses and checks a plan. Throws `PlanRejected` with the position of the first problem. */
export function checkPlan(source: string, toolNames: Iterable<string>): CheckedPlan {
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
  return { program, analysis: analyze(program, new Set(toolNames), source) };
}
