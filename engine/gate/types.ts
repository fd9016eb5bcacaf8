/**
 * The policy gate's contract (semantics.md §4). The gate sees the tool, each named argument with
 * its label, the control context and the run's counters, and answers exactly one decision.
 * Any exception inside a gate is a deny (fail closed): see `safeGate`.
 */
import type { Label } from '../ifc/label';
import type { LabeledValue } from '../ifc/labeled-value';
import type { ToolKind } from '../tools/types';

export interface GateCall {
  readonly tool: string;
  readonly kind: ToolKind;
  /** Named arguments with labels on every part. */
  readonly args: Readonly<Record<string, LabeledValue>>;
  /** The control-context label: what decided that this call happens, with these arguments. */
  readonly context: Label;
  /**
   * Calls made so far in this run, per tool name (this call not counted). A gate that decides
   * from them names the rule `budget/<tool>` (reserved for such decisions): see `endsRun`.
   */
  readonly counters: Readonly<Record<string, number>>;
  /** The user's own addresses, lower-cased. */
  readonly userAddresses: readonly string[];
  /** Trusted recipients: the user's contacts, lower-cased. */
  readonly contacts: readonly string[];
}

export type Risk = 'low' | 'medium' | 'high';

export type Decision = (
  | { readonly decision: 'allow'; readonly rule: string; readonly reasons: readonly string[] }
  | { readonly decision: 'deny'; readonly rule: string; readonly reasons: readonly string[] }
  | { readonly decision: 'confirm'; readonly rule: string; readonly reasons: readonly string[]; readonly risk: Risk }
) & {
  /**
   * The label of what the decision read besides the call itself: the world item a host resolved
   * the recipients from (a reply's email, an RSVP's event). Which decision came, and so what the
   * plan gets back (a result, a pending handle, a denial), depends on it.
   */
  readonly read?: Label;
};

export type Gate = (call: GateCall) => Decision;

/** Wraps a gate so that any error inside it denies, naming the failure. */
export function safeGate(gate: Gate): Gate {
  return (call) => {
    try {
      const d = gate(call);
      if (d && (d.decision === 'allow' || d.decision === 'deny' || d.decision === 'confirm')) return d;
      return { decision: 'deny', rule: 'gate/invalid-decision', reasons: ['the gate returned no valid decision'] };
    } catch (e) {
      return { decision: 'deny', rule: 'gate/error', reasons: [`the gate failed: ${(e as Error).message}`] };
    }
  };
}

/**
 * A budget's denial (`budget/<tool>`) ends the run, like a limit: plan code cannot catch it.
 * How many calls came before depends on the contexts of every one of them and of branches that
 * may have made one, so a catch that went on, or code after a try that did not throw, would run
 * on what untrusted data decided; ending the run leaves only termination, which is not treated
 * as a channel (engine/README.md, "Known limits").
 */
export const endsRun = (d: Decision): boolean => d.decision === 'deny' && d.rule.startsWith('budget/');
