/**
 * The plan language front end: parse (acorn), check the subset and resolve names (analyze),
 * and compile to instrumented code for the sandbox (compile).
 */
import type { Mode } from '../run/types';
import { checkPlan } from './check';
import { compile, type CompiledCode } from './compile';

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
  /** Tests only: no inline fast path, everything through the runtime's tables (EmitContext.noFastPaths). */
  readonly noFastPaths?: boolean;
}

/**
 * Compiled plans by source and options, newest last: a compile is pure, and triage and the
 * playbooks run the same few plans once per email, where compiling cost more than running.
 */
const compiled = new Map<string, CompiledPlan>();
const COMPILED_KEPT = 64;

export function compilePlan(source: string, opts: CompileOptions): CompiledPlan {
  // The names may come as an iterator (a registry's keys): read them once.
  const toolNames = [...opts.toolNames].sort();
  const effectTools = [...(opts.effectTools ?? [])].sort();
  const noFastPaths = opts.noFastPaths === true;
  const key = JSON.stringify([opts.mode, toolNames, effectTools, noFastPaths, source]);
  const known = compiled.get(key);
  if (known) return known;
  const plan = compileFresh(source, { mode: opts.mode, toolNames, effectTools, noFastPaths });
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, plan);
  return plan;
}

function compileFresh(source: string, opts: CompileOptions): CompiledPlan {
  const { program, analysis } = checkPlan(source, opts.toolNames);
  const effects = new Set(opts.effectTools ?? []);
  const code = compile(program, analysis, opts.mode, source, effects, opts.noFastPaths === true);
  return Object.freeze({ ...code, lines: Object.freeze([...code.lines]), mode: opts.mode, source });
}
