/**
 * The engine API shared by the CLI, the app and the tests: compile a plan, run it in the
 * sandbox with a set of tools and a gate, and get back the result, every call with its
 * decision and lineage, the claims, and a redacted error.
 */
import { createHash } from 'node:crypto';
import type { Decision, Gate } from '../gate/types';
import { safeGate } from '../gate/types';
import { joinLabels, joinPair, isTrusted, shownSources, sourceLabel, BOTTOM, type Label } from '../ifc/label';
import { deepLabel, labelDeep, leavesOf, plainOf, type Json, type LabeledValue } from '../ifc/labeled-value';
import { compilePlan, PlanRejected, type CompiledPlan } from '../plan';
import { runInSandbox } from '../sandbox/quickjs';
import { ToolError, type ToolRegistry, type ToolSpec } from '../tools/types';
import type { CallRecord, Claim, FieldLineage, Limits, Mode, PlanError, Position, RunReport } from './types';
import { DEFAULT_LIMITS } from './types';
import { canonicalJson, decode, encode, GuestError, labelInterner, ResultMessage, ToolRequest } from './wire';
import { planError } from './errors';

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
  readonly freshModule?: boolean;
}

type Named = Record<string, LabeledValue>;

const EFFECT_KINDS: ReadonlySet<string> = new Set(['local', 'organize', 'egress', 'destructive']);
/** The tools whose calls change the world the plan can observe later. */
export const effectTools = (tools: ToolRegistry): string[] =>
  [...tools.values()].filter((t) => EFFECT_KINDS.has(t.kind)).map((t) => t.name);

/** Maps the plan's positional arguments to the tool's named ones (see engine/tools/types.ts). */
function namedArgs(spec: ToolSpec, args: readonly LabeledValue[]): Named {
  const named: Named = {};
  let i = 0;
  for (const p of spec.params) {
    if (p.startsWith('...')) {
      named[p.slice(3)] = { kind: 'array', label: BOTTOM, items: args.slice(i) };
      i = args.length;
      break;
    }
    const a = args[i++];
    if (a !== undefined) named[p] = a;
  }
  if (spec.objectArg) {
    const o = args[i];
    if (o?.kind === 'object') {
      for (const [k, v] of Object.entries(o.entries))
        named[k] = { ...v, label: joinPair(v.label, o.label) } as LabeledValue;
    } else if (o !== undefined && !(o.kind === 'prim' && o.value === undefined)) {
      throw new ToolError('InvalidArguments', `${spec.name}: argument ${i + 1} must be an object`, o.label);
    }
  }
  return named;
}

const plainNamed = (named: Named): Record<string, Json> => {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(named)) {
    const p = plainOf(v);
    if (p !== undefined) out[k] = p;
  }
  return out;
};

export async function runPlan(opts: RunOptions): Promise<RunReport> {
  const mode: Mode = typeof opts.plan === 'string' ? (opts.mode ?? 'strict') : opts.plan.mode;
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const started = Date.now();
  const calls: CallRecord[] = [];
  /** Calls are numbered when the plan makes them; a call still running when the next one is
   * made (an un-awaited `log`) keeps its number, and the report lists calls in that order. */
  let requested = 0;
  const claims: Claim[] = [];
  const transcript: string[] = [];
  const gate = safeGate(opts.gate);
  const counters: Record<string, number> = {};
  const userAddresses = opts.userAddresses.map((a) => a.toLowerCase());
  const contacts = opts.contacts.map((a) => a.toLowerCase());

  const empty = (status: RunReport['status'], error: PlanError): RunReport => ({
    status,
    mode,
    result: null,
    resultLabel: null,
    error,
    calls,
    claims,
    transcript,
    stats: { steps: 0, graphNodes: 0, labels: 0, ms: Date.now() - started },
  });

  let plan: CompiledPlan;
  try {
    plan =
      typeof opts.plan === 'string'
        ? compilePlan(opts.plan, { mode, toolNames: opts.tools.keys(), effectTools: effectTools(opts.tools) })
        : opts.plan;
  } catch (e) {
    if (e instanceof PlanRejected)
      return empty('failed', {
        kind: 'PlanRejected',
        message: e.message,
        fullMessage: e.message,
        position: e.position,
      });
    throw e;
  }

  const reply = (o: unknown): string => JSON.stringify(o);
  const failReply = (kind: string, message: string, label: Label): string =>
    reply({ ok: false, kind, message, label: encodeLabel(label) });

  const internLabel = labelInterner();
  const onTool = async (raw: string): Promise<string> => {
    let req: ToolRequest;
    try {
      req = ToolRequest.parse(JSON.parse(raw));
    } catch (e) {
      return failReply('RuntimeError', `malformed tool request: ${(e as Error).message}`, BOTTOM);
    }
    const seq = ++requested;
    const context = internLabel(req.labels[String(req.pc)]);
    const spec = opts.tools.get(req.tool);
    if (!spec) return failReply('RuntimeError', `unknown tool ${req.tool}`, context);
    const positional = decode(req.args, req.labels, internLabel);
    // The argument list's own label (a spread's length) joins every argument.
    const argList =
      positional.kind === 'array'
        ? positional.items.map((a) =>
            positional.label.sources.length
              ? ({ ...a, label: joinLabels(a.label, positional.label) } as LabeledValue)
              : a,
          )
        : [];
    const record = (named: Named, d: Decision, executed: boolean, extra: Partial<CallRecord> = {}): CallRecord => {
      const all = joinLabels(context, ...Object.values(named).map(deepLabel));
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
      let at = calls.length;
      while (at > 0 && calls[at - 1]!.seq > seq) at--;
      calls.splice(at, 0, rec);
      return rec;
    };

    let named: Named;
    try {
      named = namedArgs(spec, argList);
    } catch (e) {
      const err = e as ToolError;
      record({}, { decision: 'deny', rule: 'tool/invalid-arguments', reasons: [err.message] }, false);
      return failReply('RuntimeError', err.message, joinLabels(context, err.label ?? BOTTOM));
    }
    // Functions and other engine values have no meaning outside the sandbox.
    const opaque = Object.entries(named).flatMap(([k, v]) => leavesOf(v, k).filter((l) => l.value.kind === 'opaque'));
    if (opaque.length) {
      const why = `${opaque.map((o) => o.path).join(', ')}: a function or engine value cannot be passed to a tool`;
      record(named, { decision: 'deny', rule: 'tool/invalid-arguments', reasons: [why] }, false);
      return failReply(
        'RuntimeError',
        `${spec.name}: ${why}`,
        joinLabels(context, ...Object.values(named).map(deepLabel)),
      );
    }
    const plainArgs = plainNamed(named);
    const parsed = spec.schema.safeParse(plainArgs);
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
      record(named, { decision: 'deny', rule: 'tool/invalid-arguments', reasons: [why] }, false);
      return failReply(
        'RuntimeError',
        `${spec.name}: invalid arguments: ${why}`,
        joinLabels(context, ...Object.values(named).map(deepLabel)),
      );
    }
    const decision = gate({
      tool: spec.name,
      kind: spec.kind,
      args: named,
      context,
      counters: { ...counters },
      userAddresses,
      contacts,
    });
    counters[spec.name] = (counters[spec.name] ?? 0) + 1;
    const argsLabel = joinLabels(context, ...Object.values(named).map(deepLabel));
    // The decision read the arguments' labels (caps found in their content, their sources), so
    // what the plan gets back (a result, a pending handle) depends on them: a data dependency.
    const dataLabel = joinLabels(...Object.values(named).map(deepLabel));

    if (decision.decision === 'deny') {
      record(named, decision, false);
      return failReply(
        'PolicyDenied',
        `${spec.name} denied by ${decision.rule}: ${decision.reasons.join('; ')}`,
        argsLabel,
      );
    }
    if (decision.decision === 'confirm') {
      const hash =
        'sha256:' +
        createHash('sha256')
          .update(canonicalJson({ tool: spec.name, args: plainArgs }))
          .digest('hex');
      const id = `claim-${seq}-${hash.slice(7, 15)}`;
      const rec = record(named, decision, false, { claimId: id });
      claims.push({
        id,
        tool: spec.name,
        args: plainArgs,
        rule: decision.rule,
        reasons: decision.reasons,
        risk: decision.risk,
        contentHash: hash,
        fields: rec.fields,
        context,
        seq,
      });
      const handle = labelDeep(
        { pending: true, claimId: id, tool: spec.name, status: 'awaiting-approval' },
        joinLabels(context, dataLabel),
      );
      return reply({ ok: true, ...encode(handle) });
    }
    try {
      const out = await spec.run(parsed.data as Record<string, unknown>, named, { userAddresses, seq });
      const scanned = withTopLabel(opts.scan ? opts.scan(out) : out, spec.kind === 'sanitizer' ? BOTTOM : dataLabel);
      record(named, decision, true);
      if (spec.kind === 'display') transcript.push(logLine(named));
      const item = typeof plainArgs.id === 'string' ? plainArgs.id : undefined;
      return reply({
        ok: true,
        ...encode(scanned),
        item,
        effect: EFFECT_KINDS.has(spec.kind),
        observes: spec.kind === 'source' || EFFECT_KINDS.has(spec.kind),
      });
    } catch (e) {
      const err = e instanceof ToolError ? e : new ToolError('ToolFailed', (e as Error).message);
      record(named, decision, true, { error: err.message });
      const kind = err.kind === 'NotEnoughInformation' ? 'NotEnoughInformation' : 'RuntimeError';
      return failReply(kind, `${spec.name}: ${err.message}`, joinLabels(argsLabel, err.label ?? BOTTOM));
    }
  };

  const input =
    opts.input === undefined ? undefined : encode(labelDeep(opts.input, sourceLabel('user', { trusted: true })));
  const outcome = await runInSandbox({ plan, limits, input, onTool, freshModule: opts.freshModule });
  const stats = parseStats(outcome.stats, started);
  if (outcome.ok) {
    const msg = ResultMessage.parse(JSON.parse(outcome.result));
    const value = decode(msg.value, msg.labels);
    return {
      status: 'completed',
      mode,
      result: plainOf(value) ?? null,
      resultLabel: deepLabel(value),
      error: null,
      calls,
      claims,
      transcript,
      stats,
    };
  }
  const err = GuestError.parse(JSON.parse(outcome.error));
  const position = err.pos ?? positionOf(err.stack, plan);
  const error = planError(err, position);
  return { ...empty(error.kind === 'LimitExceeded' ? 'limit' : 'failed', error), stats };
}

/** Joins a label into a value's top level (a container's structure, a primitive's own label). */
function withTopLabel(v: LabeledValue, l: Label): LabeledValue {
  if (l.sources.length === 0 && l.caps.length === 0 && l.readers === 'public') return v;
  const joined = joinLabels(v.label, l);
  return { ...v, label: v.label.verified ? { ...joined, verified: v.label.verified } : joined } as LabeledValue;
}

function encodeLabel(l: Label) {
  return {
    s: l.sources,
    u: l.untrusted,
    r: l.readers === 'public' ? null : l.readers,
    c: l.caps,
    ...(l.verified ? { v: l.verified } : {}),
  };
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

function logLine(named: Named): string {
  const v = named.values;
  const parts = v?.kind === 'array' ? v.items.map((i) => plainOf(i)) : [];
  return parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
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
    const o = JSON.parse(s ?? '{}') as { steps?: number; graphNodes?: number; labels?: number };
    return { steps: o.steps ?? 0, graphNodes: o.graphNodes ?? 0, labels: o.labels ?? 0, ms };
  } catch {
    return { steps: 0, graphNodes: 0, labels: 0, ms };
  }
}
