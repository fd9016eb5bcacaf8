/**
 * Tool calls through the engine's tools, gate and firewall (engine/run/run-plan.ts): a confirmed call
 * returns a pending handle; a denied one throws `PolicyDenied`.
 */
import { endsRun, safeGate, type Decision, type Gate } from '../gate/types';
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { deepLabel, labelDeep, type LabeledValue } from '../ifc/labeled-value';
import type { CallRecord } from '../run/types';
import { argumentsRead, logLine, namedArgs, plainNamed, type Named } from '../tools/call-args';
import { actionHash } from '../tools/effect';
import { ToolError, type ToolRegistry, type ToolSpec } from '../tools/types';
import { fromLabeled, toLabeled } from './convert';
import { deepLabelOf, joinKeeping, RunFailure, type V } from './values';

/** A call as the engine records it (engine/run/types.ts `CallRecord`), and its arguments' labels. */
export interface ReferenceCall extends Pick<CallRecord, 'seq' | 'tool' | 'args' | 'decision' | 'rule' | 'context'> {
  /** The named arguments with their labels (the gate's view). */
  readonly named: Readonly<Named>;
}

export interface ToolServerOptions {
  readonly tools: ToolRegistry;
  readonly gate: Gate;
  readonly userAddresses: readonly string[];
  readonly contacts: readonly string[];
  readonly scan?: (v: LabeledValue) => LabeledValue;
}

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

  /** Serves one call, yielding the tool's promise to the driver (index.ts); a failure is a `RunFailure`. */
  *call(name: string, args: readonly V[], context: Label): Generator<Promise<unknown>, V, unknown> {
    const spec = this.opts.tools.get(name)!;
    const seq = this.calls.length + 1;
    const named = argumentsOf(spec, args, context);
    const argsLabel = joinLabels(...Object.values(named).map(deepLabel));
    const all = joinLabels(context, argsLabel);
    const plain = plainNamed(named);
    const record = (d: Pick<Decision, 'decision' | 'rule'>): number =>
      this.calls.push({ seq, tool: name, args: plain, decision: d.decision, rule: d.rule, context, named });
    /** A call refused before the gate: recorded as denied by `rule`, the plan's error. */
    const refuse = (rule: string, message: string, label: Label): never => {
      record({ decision: 'deny', rule });
      throw new RunFailure('RuntimeError', `${name}: ${message}`, label);
    };
    // Whether the call fails (invalid, denied, the tool's own error) depends on all of it.
    this.mayThrow(all);
    const parsed = spec.schema.safeParse(plain);
    if (!parsed.success) refuse('tool/invalid-arguments', `invalid arguments: ${parsed.error.message}`, all);
    // A call the named item can never take is the plan's error, before the gate (`ToolSpec.refusal`).
    const refused = spec.refusal?.(parsed.data as never);
    if (refused) refuse('tool/refused', refused.message, joinLabels(all, refused.label ?? BOTTOM));
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
      const claimId = `claim-${seq}-${actionHash(name, plain).slice(7, 15)}`;
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
    // The answer carries what it reveals of the arguments (`ToolSpec.argumentsRead`).
    const top =
      spec.kind === 'sanitizer' ? BOTTOM : joinLabels(argumentsRead(spec, parsed.data, named), d.read ?? BOTTOM);
    const label = joinKeeping(scanned.label, top);
    return fromLabeled({ ...scanned, label } as LabeledValue, all);
  }
}

/** The named arguments; a circular one fails on everything given, a wrong one on itself. */
function argumentsOf(spec: ToolSpec, args: readonly V[], context: Label): Named {
  try {
    const labeled = args.map((a) => toLabeled(a));
    return namedArgs(spec, labeled);
  } catch (e) {
    if (e instanceof ToolError) throw new RunFailure('RuntimeError', e.message, e.label ?? BOTTOM);
    const message = `${spec.name}: ${(e as Error).message}`;
    throw new RunFailure('RuntimeError', message, joinLabels(context, deepLabelOf(...args)));
  }
}
