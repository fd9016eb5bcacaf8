/**
 * Tool calls in the reference monitor: the same tools, gate and firewall as a run of the engine
 * (engine/run/run-plan.ts), with only the labels the semantics asks for. For each call the gate
 * sees the named arguments with their labels and the control context; an allowed call runs the
 * real tool, and its output (after the firewall) carries the arguments' labels (a sanitizer's
 * does not); a confirmed call returns a pending handle; a denied one throws `PolicyDenied`.
 */
import { createHash } from 'node:crypto';
import { endsRun, safeGate, type Decision, type Gate } from '../gate/types';
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { deepLabel, labelDeep, plainOf, type Json, type LabeledValue } from '../ifc/labeled-value';
import { canonicalJson } from '../run/wire';
import type { ToolRegistry, ToolSpec } from '../tools/types';
import { ToolError } from '../tools/types';
import { fromLabeled, toLabeled } from './convert';
import { deepLabelOf, joinKeeping, RunFailure, type V } from './values';

/** What the reference records of each call: enough to compare it with the engine's CallRecord. */
export interface ReferenceCall {
  readonly seq: number;
  readonly tool: string;
  readonly args: Record<string, Json>;
  readonly decision: Decision['decision'];
  readonly rule: string;
  /** The control context the call was made under. */
  readonly context: Label;
  /** The named arguments with their labels (the gate's view). */
  readonly named: Readonly<Record<string, LabeledValue>>;
}

export interface ToolServerOptions {
  readonly tools: ToolRegistry;
  readonly gate: Gate;
  readonly userAddresses: readonly string[];
  readonly contacts: readonly string[];
  readonly scan?: (v: LabeledValue) => LabeledValue;
}

type Named = Record<string, LabeledValue>;

export class ToolServer {
  readonly calls: ReferenceCall[] = [];
  readonly transcript: string[] = [];
  private readonly counters: Record<string, number> = {};
  private readonly gate: Gate;
  constructor(
    private readonly opts: ToolServerOptions,
    /** Joins a label into what the enclosing tries could have thrown because of (set by the machine). */
    public mayThrow: (l: Label) => void = () => {},
  ) {
    this.gate = safeGate(opts.gate);
  }

  has(name: string): boolean {
    return this.opts.tools.has(name);
  }

  /**
   * Serves one call: returns the labeled result, or throws a `RunFailure` labeled with what the
   * failure depends on. `wait` runs the tool (the evaluator yields its promise to the driver).
   */
  *call(name: string, args: readonly V[], context: Label): Generator<Promise<unknown>, V, unknown> {
    const spec = this.opts.tools.get(name)!;
    const seq = this.calls.length + 1;
    let named: Named;
    try {
      named = namedArgs(
        spec,
        args.map((a) => toLabeled(a)),
      );
    } catch (e) {
      // A circular argument cannot be passed: a failure that depends on everything given.
      if (e instanceof RunFailure) throw e;
      throw new RunFailure(
        'RuntimeError',
        `${name}: ${(e as Error).message}`,
        joinLabels(context, deepLabelOf(...args)),
      );
    }
    const argsLabel = joinLabels(...Object.values(named).map(deepLabel));
    const all = joinLabels(context, argsLabel);
    const plain: Record<string, Json> = {};
    for (const [k, v] of Object.entries(named)) {
      const p = plainOf(v);
      if (p !== undefined) plain[k] = p;
    }
    const record = (d: Decision): void => {
      this.calls.push({ seq, tool: name, args: plain, decision: d.decision, rule: d.rule, context, named });
    };
    // Whether the call fails (invalid, denied, the tool's own error) depends on all of it.
    this.mayThrow(all);
    const parsed = spec.schema.safeParse(plain);
    if (!parsed.success) {
      record({ decision: 'deny', rule: 'tool/invalid-arguments', reasons: [] });
      throw new RunFailure('RuntimeError', `${name}: invalid arguments: ${parsed.error.message}`, all);
    }
    const { userAddresses, contacts } = this.opts;
    const counters = { ...this.counters };
    const d = this.gate({ tool: name, kind: spec.kind, args: named, context, counters, userAddresses, contacts });
    this.counters[name] = (this.counters[name] ?? 0) + 1;
    record(d);
    const data = joinLabels(argsLabel, d.read ?? BOTTOM);
    if (d.decision === 'deny') {
      const kind = endsRun(d) ? 'LimitExceeded' : 'PolicyDenied';
      throw new RunFailure(kind, `${name} denied by ${d.rule}: ${d.reasons.join('; ')}`, all);
    }
    if (d.decision === 'confirm') {
      const hash = createHash('sha256')
        .update(canonicalJson({ tool: name, args: plain }))
        .digest('hex');
      const claimId = `claim-${seq}-${hash.slice(0, 8)}`;
      const pending = { pending: true, claimId, tool: name, status: 'awaiting-approval' };
      return fromLabeled(labelDeep(pending, joinLabels(context, data)));
    }
    let out: LabeledValue;
    try {
      out = (yield Promise.resolve(
        spec.run(parsed.data as never, named, { userAddresses, seq, context }),
      )) as LabeledValue;
    } catch (e) {
      const err = e instanceof ToolError ? e : new ToolError('ToolFailed', (e as Error).message);
      const kind = err.kind === 'NotEnoughInformation' ? 'NotEnoughInformation' : 'RuntimeError';
      throw new RunFailure(kind, `${name}: ${err.message}`, joinLabels(all, err.label ?? BOTTOM));
    }
    if (spec.kind === 'display') this.transcript.push(logLine(named));
    const scanned = this.opts.scan ? this.opts.scan(out) : out;
    const top = spec.kind === 'sanitizer' ? BOTTOM : data;
    const label = joinKeeping(scanned.label, top);
    return fromLabeled({ ...scanned, label } as LabeledValue, all);
  }
}

/** Positional plan arguments as the tool's named ones (engine/tools/types.ts `params`). */
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
  const o = args[i];
  if (spec.objectArg && o?.kind === 'object')
    for (const [k, v] of Object.entries(o.entries))
      named[k] = { ...v, label: joinLabels(v.label, o.label) } as LabeledValue;
  else if (spec.objectArg && o !== undefined && !(o.kind === 'prim' && o.value === undefined))
    throw new RunFailure('RuntimeError', `${spec.name}: argument ${i + 1} must be an object`, o.label);
  return named;
}

function logLine(named: Named): string {
  const v = named.values;
  const parts = v?.kind === 'array' ? v.items.map((i) => plainOf(i)) : [];
  return parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
}
