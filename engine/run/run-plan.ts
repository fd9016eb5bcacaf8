/**
 * The engine API shared by the CLI, the app and the tests: compile a plan, run it in the
 * sandbox with a set of tools and a gate, and get back the result, every call with its
 * decision and lineage, the claims, and a redacted error.
 */
import type { Decision, Gate } from '../gate/types';
import { endsRun, safeGate } from '../gate/types';
import { joinLabels, joinPair, isTrusted, shownSources, sourceLabel, BOTTOM, type Label } from '../ifc/label';
import { deepLabel, labelDeep, leavesOf, plainOf, type Json, type LabeledValue } from '../ifc/labeled-value';
import { compilePlan, PlanRejected, type CompiledPlan } from '../plan';
import { runInSandbox, type SandboxOutcome } from '../sandbox/quickjs';
import { ToolError, type ToolRegistry, type ToolSpec } from '../tools/types';
import { actionHash } from '../tools/effect';
import { argumentsRead, logLine, namedArgs, plainNamed, type Named } from '../tools/call-args';
import type { CallRecord, Claim, FieldLineage, Limits, Mode, PlanError, Position, RunReport, RunStats } from './types';
import { DEFAULT_LIMITS } from './types';
import {
  decode,
  encode,
  GuestError,
  labelFromDesc,
  labelInterner,
  ResultMessage,
  type LabelDesc,
  type ToolRequest,
  type WireLabel,
} from './wire';
import { BYTES_PER_EXPANDED_NAME, SetsLimitError, SourceSets, type ReplyLabels } from './source-sets';
import { parseToolRequest } from './wire-check';
import { planError } from './errors';
import { resultParts } from './result-parts';

export interface RunOptions {
  /** Plan source, or a plan compiled for the same mode and tools. */
  readonly plan: string | CompiledPlan;
  readonly tools: ToolRegistry;
  readonly gate: Gate;
  readonly mode?: Mode;
  readonly limits?: Partial<Limits>;
  /** The request's parameters, visible to the plan as `input` (source `user`, trusted, public). */
  readonly input?: Json;
  readonly userAddresses: readonly string[];
  readonly contacts: readonly string[];
  /** The tool-output firewall: adds caps to what a tool returns before the plan sees it. */
  readonly scan?: (v: LabeledValue) => LabeledValue;
  /**
   * The hash a claim of this call is bound to: its effect's (engine/tools/effect.ts `claimHash`,
   * over the world the run acts on). Default: the hash of its tool and arguments.
   */
  readonly claimHash?: (tool: string, args: Readonly<Record<string, Json>>) => string;
  readonly freshModule?: boolean;
  /**
   * Tests only: every built-in and operator labeled by the generic lift, with no precision rule
   * and no fast path, the compiler's or the runtime's (docs/semantics.md §2a).
   */
  readonly genericLift?: boolean;
  /**
   * Tests only: no fast path, the compiler's or the runtime's: every operator, conversion and
   * method call through the tables, precision rules kept (a test compares the two).
   */
  readonly noFastPaths?: boolean;
}

const EFFECT_KINDS: ReadonlySet<string> = new Set(['local', 'organize', 'egress', 'destructive']);
/** The tools whose calls change the world the plan can observe later. */
export const effectTools = (tools: ToolRegistry): string[] =>
  [...tools.values()].filter((t) => EFFECT_KINDS.has(t.kind)).map((t) => t.name);

/** One run's state, shared by the tool handler and the report. */
interface Run {
  readonly opts: RunOptions;
  readonly mode: Mode;
  readonly limits: Limits;
  readonly started: number;
  readonly calls: CallRecord[];
  readonly claims: Claim[];
  readonly transcript: string[];
  readonly gate: Gate;
  /** How often each tool was called before the current call (the gate's rate limits read them). */
  readonly counters: Record<string, number>;
  readonly userAddresses: readonly string[];
  readonly contacts: readonly string[];
  readonly internLabel: ReturnType<typeof labelInterner>;
  /** The source sets the guest's requests name by reference (`source-sets.ts`). */
  readonly sets: SourceSets;
  /** Calls are numbered when the plan makes them; a call still running when the next one is
   * made (an un-awaited `log`) keeps its number, and the report lists calls in that order. */
  requested: number;
  /**
   * STRICT: what the gate read to decide effect calls so far (`Decision.read`). Whether those
   * calls changed the world (a reply sent or only queued) depends on it, and so does everything
   * observed of the world afterwards (the next `sent-N` id): the host's share of the guest's R.wt.
   */
  worldRead: Label;
}

/** One tool call being served: the request, its number and the control context it was made in. */
interface ToolCall {
  readonly run: Run;
  readonly req: ToolRequest;
  readonly spec: ToolSpec;
  readonly seq: number;
  readonly context: Label;
  /**
   * The contexts of the calls before this one and of branches that may have made one (the
   * guest's R.cl): what the counters (a budget's decision) and the call numbers (a claim's id)
   * depend on.
   */
  readonly earlier: Label;
  /** How the reply names its labels' sources (by reference where the guest sent them). */
  readonly out: ReplyLabels;
}

export async function runPlan(opts: RunOptions): Promise<RunReport> {
  const run = startRun(opts);
  const compiled = compileForRun(run);
  if ('report' in compiled) return compiled.report;
  const outcome = await runInSandbox({
    plan: compiled.plan,
    limits: run.limits,
    input: plannedInput(opts.input),
    onTool: (raw) => serveTool(run, raw),
    freshModule: opts.freshModule,
    genericLift: opts.genericLift,
    noFastPaths: opts.noFastPaths,
  });
  return collectReport(run, compiled.plan, outcome);
}

function startRun(opts: RunOptions): Run {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  // The host's expanded sets live outside the sandbox: bounded by what the guest may hold.
  const sets = new SourceSets(Math.floor(limits.memoryBytes / BYTES_PER_EXPANDED_NAME));
  return {
    opts,
    mode: typeof opts.plan === 'string' ? (opts.mode ?? 'strict') : opts.plan.mode,
    limits,
    started: Date.now(),
    calls: [],
    claims: [],
    transcript: [],
    gate: safeGate(opts.gate),
    counters: {},
    userAddresses: opts.userAddresses.map((a) => a.toLowerCase()),
    contacts: opts.contacts.map((a) => a.toLowerCase()),
    internLabel: labelInterner(10_000, (d) => sets.labelOf(d)),
    sets,
    requested: 0,
    worldRead: BOTTOM,
  };
}

/** Compiles a plan given as source (for the run's mode and tools); a refusal is the run's report. */
function compileForRun(run: Run): { readonly plan: CompiledPlan } | { readonly report: RunReport } {
  const { opts } = run;
  if (typeof opts.plan !== 'string') return { plan: opts.plan };
  try {
    const toolNames = opts.tools.keys();
    const noFastPaths = opts.genericLift === true || opts.noFastPaths === true;
    return {
      plan: compilePlan(opts.plan, { mode: run.mode, toolNames, effectTools: effectTools(opts.tools), noFastPaths }),
    };
  } catch (e) {
    if (!(e instanceof PlanRejected)) throw e;
    const error: PlanError = { kind: 'PlanRejected', message: e.message, fullMessage: e.message, position: e.position };
    return { report: emptyReport(run, 'failed', error) };
  }
}

/** The request's parameters as the guest receives them: from the user, trusted. */
const plannedInput = (input: Json | undefined): ReturnType<typeof encode> | undefined =>
  input === undefined ? undefined : encode(labelDeep(input, sourceLabel('user', { trusted: true })));

/** A report without a result: the calls, claims and transcript so far, and the error. */
function emptyReport(run: Run, status: RunReport['status'], error: PlanError): RunReport {
  const { mode, calls, claims, transcript } = run;
  const stats = { steps: 0, graphNodes: 0, labels: 0, ms: Date.now() - run.started };
  return { status, mode, result: null, resultLabel: null, error, calls, claims, transcript, stats };
}

/** The plan's value with its label, or its error (positioned in the plan's source). */
function collectReport(run: Run, plan: CompiledPlan, outcome: SandboxOutcome): RunReport {
  const stats = parseStats(outcome.stats, run.started);
  if (outcome.ok) {
    try {
      return completedReport(run, outcome.result, stats);
    } catch (e) {
      // A result nested deeper than the host's own walks (checking it, labeling it) can follow
      // ends the run at the stack limit: never a result with a label computed only partly.
      if (!isHostStackOverflow(e)) throw e;
      return { ...emptyReport(run, 'limit', tooDeep('result')), stats };
    }
  }
  const err = readGuest(outcome.error, GuestError);
  const read = err && resolvedLabels(run, err.label ? { e: err.label } : {}, err.sets);
  if (!err || !read) return { ...emptyReport(run, 'limit', unreadable('error')), stats };
  if ('limit' in read) return { ...emptyReport(run, 'limit', read.limit), stats };
  const { kind, name, message, limit, stack, pos } = err;
  const label = read.labels.e;
  const error = planError({ kind, name, message, limit, stack, pos, label }, pos ?? positionOf(stack, plan));
  return { ...emptyReport(run, error.kind === 'LimitExceeded' ? 'limit' : 'failed', error), stats };
}

/**
 * A message's label table with its sources resolved (run/source-sets.ts), the limit when the
 * sets it sends take more names than the host keeps, or null when they are not what the guest
 * sends (a reference to nothing sent: the message is unreadable).
 */
function resolvedLabels(
  run: Run,
  labels: Record<string, WireLabel>,
  sets: Parameters<SourceSets['add']>[0] | undefined,
): { readonly labels: Record<string, LabelDesc> } | { readonly limit: PlanError } | null {
  try {
    return { labels: run.sets.resolveLabels(labels, sets) };
  } catch (e) {
    if (!(e instanceof SetsLimitError)) return null;
    const message = e.message;
    return { limit: { kind: 'LimitExceeded', message, fullMessage: message, position: null, limit: 'memoryBytes' } };
  }
}

function completedReport(run: Run, text: string, stats: RunStats): RunReport {
  const msg = readGuest(text, ResultMessage);
  const read = msg && resolvedLabels(run, msg.labels, msg.sets);
  if (!msg || !read) return { ...emptyReport(run, 'limit', unreadable('result')), stats };
  if ('limit' in read) return { ...emptyReport(run, 'limit', read.limit), stats };
  // (A description resolved from a reference has its label made already.)
  const value = decode(msg.value, read.labels, (d) => (d && run.sets.labelOf(d)) ?? labelFromDesc(d));
  const { mode, calls, claims, transcript } = run;
  return {
    status: 'completed',
    mode,
    result: plainOf(value) ?? null,
    resultLabel: deepLabel(value),
    resultParts: resultParts(value),
    error: null,
    calls,
    claims,
    transcript,
    stats,
  };
}

/** Node's own stack ran out (a RangeError), in a walk over a value the guest sent. */
const isHostStackOverflow = (e: unknown): boolean => e instanceof RangeError && /call stack/i.test(e.message);

function tooDeep(what: 'result' | 'tool request'): PlanError {
  const message = `the run's ${what} is nested too deeply to read back from the sandbox (stackBytes): nest values less deeply`;
  return { kind: 'LimitExceeded', message, fullMessage: message, position: null, limit: 'stackBytes' };
}

/**
 * A message from the guest, or null when it is not one: the guest could not build it whole (its
 * memory ran out while writing it or copying it out, which QuickJS reports as an empty string) or
 * it is not what the wire says. Never an exception: the run still gets a report.
 */
function readGuest<T>(
  text: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): T | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The run ended but its result or error could not be read back out of the sandbox. */
function unreadable(what: 'result' | 'error'): PlanError {
  const message =
    `the run's ${what} is too large to read back from the sandbox (memoryBytes): ` +
    'return fewer or smaller values, for example only the fields you need, or page through a listing with limit and before';
  return { kind: 'LimitExceeded', message, fullMessage: message, position: null, limit: 'memoryBytes' };
}

// ---- serving a tool call ---------------------------------------------------------------------

type Reply = Record<string, unknown>;
/** A reply as the guest reads it: with the set nodes its labels name that the guest did not send. */
const reply = (o: Reply, out: ReplyLabels): string => JSON.stringify(out.nodes.length ? { ...o, sets: out.nodes } : o);
const failure = (kind: string, message: string, label: Label, out: ReplyLabels, fatal = false): Reply => ({
  ok: false,
  kind,
  message,
  label: out.label(label),
  ...(fatal ? { fatal: true } : {}),
});
const failReply = (kind: string, message: string, label: Label, out: ReplyLabels): string =>
  reply(failure(kind, message, label, out), out);

/**
 * Serves one tool request from the guest: checks its arguments, asks the gate, then refuses the
 * call, queues a claim for approval or runs the tool. The reply goes back to the guest as JSON.
 */
async function serveTool(run: Run, raw: string): Promise<string> {
  let req: ToolRequest;
  const out = run.sets.replyLabels();
  try {
    req = run.sets.resolve(parseToolRequest(JSON.parse(raw)));
  } catch (e) {
    if (e instanceof SetsLimitError) return reply(failure('LimitExceeded', e.message, BOTTOM, out, true), out);
    // Too deep to check is a limit that ends the run, not an error a catch could read as an
    // answer: whether it happens depends on the arguments, and this reply carries no label.
    if (isHostStackOverflow(e)) {
      const { message } = tooDeep('tool request');
      return reply(failure('LimitExceeded', message, BOTTOM, out, true), out);
    }
    return failReply('RuntimeError', `malformed tool request: ${(e as Error).message}`, BOTTOM, out);
  }
  const seq = ++run.requested;
  const context = run.internLabel(req.labels[String(req.pc)]);
  const spec = run.opts.tools.get(req.tool);
  if (!spec) return failReply('RuntimeError', `unknown tool ${req.tool}`, context, out);
  const earlier = req.cl ? run.internLabel(req.labels[String(req.cl)]) : BOTTOM;
  const call: ToolCall = { run, req, spec, seq, context, earlier, out };
  const args = checkArguments(call, argumentList(run, req));
  if ('reply' in args) return args.reply;
  // Read before the gate and the tool run: the outcome depends on the state as it was.
  const depends = spec.dependsOn ? spec.dependsOn(args.data) : BOTTOM;
  const refused = spec.refusal?.(args.data);
  if (refused) return refuse(call, args.named, refused, depends);
  const decision = decide(call, args.named);
  const state = stateOf(depends, decision, out);
  noteWorldRead(run, spec, decision);
  if (decision.decision === 'deny') return reply({ ...deny(call, args.named, decision), ...state }, out);
  if (decision.decision === 'confirm') return reply({ ...queueClaim(call, args, decision), ...state }, out);
  return reply({ ...(await execute(call, args, decision)), ...state }, out);
}

/**
 * The world state the call's outcome depends on beyond its arguments, sent with every reply once
 * the arguments are valid: what the tool consults (`ToolSpec.dependsOn`; a tool that does not
 * say may depend on any of it) and what the gate read to decide (`Decision.read`: a deny would
 * have thrown). The guest joins it, with its own world-state label, into the error, the result
 * and what the enclosing try could have thrown because of (engine/README.md, what "it did not
 * throw" reveals).
 */
function stateOf(depends: Label | null, d: Decision, out: ReplyLabels): { state?: WireLabel } {
  const l = depends === null ? (d.read ?? null) : joinPair(depends, d.read ?? BOTTOM);
  return l === null ? {} : { state: out.label(l) };
}

/** An effect call decided from what the gate read: the world from now on depends on it (STRICT). */
function noteWorldRead(run: Run, spec: ToolSpec, decision: Decision): void {
  if (run.mode === 'strict' && decision.read && EFFECT_KINDS.has(spec.kind))
    run.worldRead = joinPair(run.worldRead, decision.read);
}

/** The plan's arguments, each joined with the argument list's own label (a spread's length). */
function argumentList(run: Run, req: ToolRequest): LabeledValue[] {
  const positional = decode(req.args, req.labels, run.internLabel);
  if (positional.kind !== 'array') return [];
  return positional.items.map((a) =>
    positional.label.sources.length ? ({ ...a, label: joinLabels(a.label, positional.label) } as LabeledValue) : a,
  );
}

interface CheckedArgs {
  readonly named: Named;
  readonly plainArgs: Record<string, Json>;
  /** The arguments as the tool's schema parsed them. */
  readonly data: Record<string, unknown>;
}

/** Maps the arguments to the tool's names and validates them; a refusal is recorded and replied. */
function checkArguments(call: ToolCall, argList: readonly LabeledValue[]): CheckedArgs | { readonly reply: string } {
  const { spec, context } = call;
  let named: Named;
  try {
    named = namedArgs(spec, argList);
  } catch (e) {
    const err = e as ToolError;
    recordCall(call, {}, invalidArguments(err.message), false);
    return { reply: failReply('RuntimeError', err.message, joinLabels(context, err.label ?? BOTTOM), call.out) };
  }
  const refuseWith = (why: string, message: string): { reply: string } => {
    recordCall(call, named, invalidArguments(why), false);
    const label = joinLabels(context, ...Object.values(named).map(deepLabel));
    return { reply: failReply('RuntimeError', message, label, call.out) };
  };
  // Functions and other engine values have no meaning outside the sandbox.
  const opaque = Object.entries(named).flatMap(([k, v]) => leavesOf(v, k).filter((l) => l.value.kind === 'opaque'));
  if (opaque.length) {
    const why = `${opaque.map((o) => o.path).join(', ')}: a function or engine value cannot be passed to a tool`;
    return refuseWith(why, `${spec.name}: ${why}`);
  }
  const plainArgs = plainNamed(named);
  const parsed = spec.schema.safeParse(plainArgs);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
    return refuseWith(why, `${spec.name}: invalid arguments: ${why}`);
  }
  return { named, plainArgs, data: parsed.data as Record<string, unknown> };
}

const invalidArguments = (why: string): Decision => ({
  decision: 'deny',
  rule: 'tool/invalid-arguments',
  reasons: [why],
});

/** Asks the gate, then counts the call (the gate saw the counts from before it). */
function decide(call: ToolCall, named: Named): Decision {
  const { run, spec, context } = call;
  const { userAddresses, contacts } = run;
  const counters = { ...run.counters };
  const decision = run.gate({
    tool: spec.name,
    kind: spec.kind,
    args: named,
    context,
    counters,
    userAddresses,
    contacts,
  });
  run.counters[spec.name] = (run.counters[spec.name] ?? 0) + 1;
  return decision;
}

/** The label of everything the call depends on: its control context and every argument. */
const argsLabelOf = (call: ToolCall, named: Named): Label =>
  joinLabels(call.context, ...Object.values(named).map(deepLabel));
/**
 * The decision read the arguments' labels (caps found in their content, their sources), and
 * whatever else it read (`Decision.read`: the world item a reply's recipients came from), so
 * what the plan gets back (a result, a pending handle) depends on them: a data dependency.
 */
const dataLabelOf = (named: Named, d: Decision): Label =>
  joinLabels(...Object.values(named).map(deepLabel), d.read ?? BOTTOM);

/**
 * The tool refused before the gate (`ToolSpec.refusal`): recorded as denied, no claim, nothing
 * counted; the plan's error depends on everything the call named and the item's state.
 */
function refuse(call: ToolCall, named: Named, err: ToolError, depends: Label | null): string {
  recordCall(call, named, { decision: 'deny', rule: 'tool/refused', reasons: [err.message] }, false);
  const label = joinLabels(argsLabelOf(call, named), err.label ?? BOTTOM);
  return reply(
    {
      ...failure('RuntimeError', `${call.spec.name}: ${err.message}`, label, call.out),
      ...(depends === null ? {} : { state: call.out.label(depends) }),
    },
    call.out,
  );
}

/** The gate refused: the plan gets a PolicyDenied error. */
function deny(call: ToolCall, named: Named, decision: Decision): Reply {
  const argsLabel = argsLabelOf(call, named);
  recordCall(call, named, decision, false);
  const message = `${call.spec.name} denied by ${decision.rule}: ${decision.reasons.join('; ')}`;
  // A budget can refuse because of calls made before, under their own contexts (and ends the
  // run: `endsRun`); a rule because of what the gate read in the world.
  const label = joinLabels(argsLabel, call.earlier, decision.read ?? BOTTOM);
  return failure('PolicyDenied', message, label, call.out, endsRun(decision));
}

/**
 * The gate asks for approval: the call becomes a claim, committed to by the hash of exactly what
 * it does (`RunOptions.claimHash`), and the plan gets a pending handle instead of a result. The
 * handle's id names the call (its tool and arguments), so it tells the plan nothing the effect
 * read from the world.
 */
function queueClaim(call: ToolCall, args: CheckedArgs, decision: Extract<Decision, { decision: 'confirm' }>): Reply {
  const { run, spec, seq, context } = call;
  const { named, plainArgs } = args;
  const dataLabel = dataLabelOf(named, decision);
  const callHash = actionHash(spec.name, plainArgs);
  const hash = run.opts.claimHash ? run.opts.claimHash(spec.name, plainArgs) : callHash;
  const id = `claim-${seq}-${callHash.slice(7, 15)}`;
  const { fields } = recordCall(call, named, decision, false, { claimId: id });
  const { rule, reasons, risk } = decision;
  run.claims.push({
    id,
    tool: spec.name,
    args: plainArgs,
    rule,
    reasons,
    risk,
    contentHash: hash,
    fields,
    context,
    seq,
  });
  const pending = { pending: true, claimId: id, tool: spec.name, status: 'awaiting-approval' };
  // The id numbers every call so far, and a budget may have decided the claim: both depend on
  // the earlier calls' contexts.
  return {
    ok: true,
    ...encode(labelDeep(pending, joinLabels(context, dataLabel, call.earlier, run.worldRead)), (l) =>
      call.out.label(l),
    ),
    // The gate read the world to decide (which event, whose email): the handle shows its state.
    observes: true,
  };
}

/**
 * The gate allows: runs the tool. Its output passes the firewall and carries what it reveals of
 * the arguments (`ToolSpec.argumentsRead`: by default their labels; a sanitizer's carries none:
 * that is what it is for); a failure is the plan's error, labeled with every argument.
 */
async function execute(call: ToolCall, args: CheckedArgs, decision: Decision): Promise<Reply> {
  const { run, spec, seq } = call;
  const { named, plainArgs } = args;
  try {
    const out = await spec.run(args.data, named, { userAddresses: run.userAddresses, seq, context: call.context });
    const effect = EFFECT_KINDS.has(spec.kind);
    const observes = spec.kind === 'source' || effect;
    const answered = joinPair(argumentsRead(spec, args.data, named), decision.read ?? BOTTOM);
    const scanned = withTopLabel(
      run.opts.scan ? run.opts.scan(out) : out,
      joinPair(spec.kind === 'sanitizer' ? BOTTOM : answered, observes ? run.worldRead : BOTTOM),
    );
    recordCall(call, named, decision, true);
    if (spec.kind === 'display') run.transcript.push(logLine(named));
    const item = typeof plainArgs.id === 'string' ? plainArgs.id : undefined;
    return {
      ok: true,
      ...encode(scanned, (l) => call.out.label(l)),
      item,
      effect,
      observes,
    };
  } catch (e) {
    const err = e instanceof ToolError ? e : new ToolError('ToolFailed', (e as Error).message);
    recordCall(call, named, decision, true, { error: err.message });
    if (err.kind === 'LimitExceeded')
      return failure('LimitExceeded', `${spec.name}: ${err.message}`, BOTTOM, call.out, true);
    const kind = err.kind === 'NotEnoughInformation' ? 'NotEnoughInformation' : 'RuntimeError';
    // Whether a tool fails can depend on the world's state as much as what it returns does.
    const label = joinLabels(call.context, dataLabelOf(named, decision), run.worldRead, err.label ?? BOTTOM);
    return failure(kind, `${spec.name}: ${err.message}`, label, call.out);
  }
}

/** Adds the call to the report, in the order the plan made its calls (see `Run.requested`). */
function recordCall(
  call: ToolCall,
  named: Named,
  d: Decision,
  executed: boolean,
  extra: Partial<CallRecord> = {},
): CallRecord {
  const { run, req, spec, seq, context } = call;
  const all = argsLabelOf(call, named);
  const fields: FieldLineage[] = Object.entries(named).flatMap(([k, v]) =>
    leavesOf(v, k).map(({ path, label }) => fieldOf(path, label, req.lineage)),
  );
  const rec: CallRecord = {
    seq,
    tool: spec.name,
    args: plainNamed(named),
    decision: d.decision,
    rule: d.rule,
    reasons: d.reasons,
    sources: shownSources(all),
    trusted: isTrusted(all),
    executed,
    context,
    fields,
    ...extra,
  };
  let at = run.calls.length;
  while (at > 0 && run.calls[at - 1]!.seq > seq) at--;
  run.calls.splice(at, 0, rec);
  return rec;
}

/** Joins a label into a value's top level (a container's structure, a primitive's own label). */
function withTopLabel(v: LabeledValue, l: Label): LabeledValue {
  if (l.sources.length === 0 && l.caps.length === 0 && l.readers === 'public') return v;
  const joined = joinLabels(v.label, l);
  return { ...v, label: v.label.verified ? { ...joined, verified: v.label.verified } : joined } as LabeledValue;
}

function fieldOf(path: string, label: Label, lineage: ToolRequest['lineage']): FieldLineage {
  // The guest keys lineage by its own paths: positional `[0].to[0]` or `[0]`; match by suffix.
  const key = Object.keys(lineage).find((k) => k.endsWith(path.replace(/^[^.[]+/, (m) => `.${m}`)) || k === `[0]`);
  const f: FieldLineage = {
    path,
    sources: shownSources(label),
    untrusted: label.untrusted,
    readers: label.readers,
    caps: label.caps,
    lineage: (key && lineage[key]) || null,
  };
  return label.verified ? { ...f, verified: label.verified } : f;
}

function positionOf(stack: string | undefined, plan: CompiledPlan): Position | null {
  if (!stack) return null;
  const m = /plan\.js:(\d+)/.exec(stack);
  if (!m) return null;
  return plan.lines[Number(m[1]) - 1] ?? null;
}

function parseStats(s: string | null, started: number): RunReport['stats'] {
  const ms = Date.now() - started;
  try {
    const o = JSON.parse(s ?? '{}') as { steps?: number; graphNodes?: number; labels?: number; sourceWords?: number };
    const words = o.sourceWords === undefined ? {} : { sourceWords: o.sourceWords };
    return { steps: o.steps ?? 0, graphNodes: o.graphNodes ?? 0, labels: o.labels ?? 0, ...words, ms };
  } catch {
    return { steps: 0, graphNodes: 0, labels: 0, ms };
  }
}
