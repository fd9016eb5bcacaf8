/** The reference monitor (README): test/engine/reference holds the engine to it. */
import type * as acorn from 'acorn';
import { BOTTOM, sourceLabel, type Label } from '../ifc/label';
import { deepLabel, labelDeep, plainOf, type Json } from '../ifc/labeled-value';
import { checkPlan } from '../plan/check';
import { PlanRejected } from '../plan/errors';
import type { ErrorKind, Mode, RunReport } from '../run/types';
import { cell } from './context';
import { fromLabeled, toLabeled } from './convert';
import { Machine, type Step } from './machine';
import { settle } from './expressions';
import { execBody } from './statements';
import { ToolServer, type ReferenceCall, type ToolServerOptions } from './tools';
import { deepLabelOf, reachable, RunFailure, Thrown, val, type V } from './values';

export type { ReferenceCall } from './tools';

export interface ReferenceOptions extends ToolServerOptions {
  readonly plan: string;
  readonly mode?: Mode;
  readonly input?: Json;
  /** Evaluation steps before the run ends with `LimitExceeded` (default 2,000,000). */
  readonly maxSteps?: number;
  /** false: label every built-in by the plain generic lift, without precision rules (builtins.ts). */
  readonly precise?: boolean;
  /** Wall time before the run ends with `LimitExceeded` (default 20 s: the reference is slow). */
  readonly wallMs?: number;
}

/** The engine's report (engine/run/types.ts `RunReport`) of what the differential test compares. */
export interface ReferenceReport extends Pick<RunReport, 'status' | 'result' | 'resultLabel' | 'transcript'> {
  readonly error: { readonly kind: ErrorKind; readonly message: string; readonly label: Label } | null;
  readonly calls: readonly ReferenceCall[];
}

export async function referenceRun(opts: ReferenceOptions): Promise<ReferenceReport> {
  const mode = opts.mode ?? 'strict';
  const server = new ToolServer(opts);
  const report = (r: Omit<ReferenceReport, 'calls' | 'transcript'>): ReferenceReport => ({
    ...r,
    calls: server.calls,
    transcript: server.transcript,
  });
  const done = (status: ReferenceReport['status'], kind: ErrorKind, message: string, label: Label): ReferenceReport =>
    report({ status, result: null, resultLabel: null, error: { kind, message, label } });
  let program: acorn.Program;
  try {
    program = checkPlan(opts.plan, opts.tools.keys()).program;
  } catch (e) {
    if (e instanceof PlanRejected) return done('failed', 'PlanRejected', e.message, BOTTOM);
    throw e;
  }
  const deadline = Date.now() + (opts.wallMs ?? 20_000);
  const m = new Machine(program, server, opts.maxSteps ?? 2_000_000, deadline, opts.precise ?? true, mode);
  if (opts.input !== undefined) {
    const input = fromLabeled(labelDeep(opts.input, sourceLabel('user', { trusted: true })));
    // `input` is read-only in plans: its containers refuse writes.
    for (const h of reachable([input])) if (h.kind === 'array' || h.kind === 'object') h.frozen = true;
    m.declare('input', input, true);
  }
  let out: V | undefined;
  try {
    const labeled = toLabeled((out = await drive(topLevel(m, program))));
    return report({
      status: 'completed',
      result: plainOf(labeled) ?? null,
      resultLabel: deepLabel(labeled),
      error: null,
    });
  } catch (x) {
    if (x instanceof RunFailure)
      return done(x.kind === 'LimitExceeded' ? 'limit' : 'failed', x.kind, x.message, x.label);
    if (x instanceof Thrown) {
      const shown = JSON.stringify(plainOf(toLabeled(x.value)) ?? null);
      return done('failed', 'RuntimeError', `uncaught ${shown}`, x.value.l);
    }
    if (x instanceof RangeError) return done('limit', 'LimitExceeded', x.message, BOTTOM);
    // A circular result (`toLabeled` refuses it, as the engine does) is the plan's error, decided by all it holds.
    if (x instanceof TypeError && out) return done('failed', 'RuntimeError', x.message, deepLabelOf(out));
    throw x;
  }
}

/** The plan body runs like a function body. */
function* topLevel(m: Machine, program: acorn.Program): Step<V> {
  return yield* m.ctx.under([cell('function'), cell('rest')], function* () {
    const out = yield* execBody(m, program.body);
    return out ? settle(m, out) : val(undefined);
  });
}

/** Runs the evaluation, waiting for each tool it yields and handing back the outcome. */
async function drive<T>(step: Step<T>): Promise<T> {
  for (let next = step.next(); ;) {
    if (next.done) return next.value;
    next = await next.value.then(
      (v) => step.next(v),
      (e: unknown) => step.throw(e),
    );
  }
}
