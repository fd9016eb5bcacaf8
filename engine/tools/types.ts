/**
 * The tool bridge's contract: every tool declares its argument schema, its kind and how its
 * output is labeled. Tools run on the host; the sandbox only ever sees labeled values.
 */
import type { z } from 'zod';
import type { Label } from '../ifc/label';
import type { LabeledValue } from '../ifc/labeled-value';

/**
 * - `source`: reads data (output untrusted unless the tool labels it trusted per item)
 * - `extract`: quarantined extraction over its input; output carries the input's label
 * - `sanitizer`: the only kind that may mint `verified(kind)`
 * - `local`: local and reversible (drafts)
 * - `organize`: reversible changes to mail (archive, label, mark read, move)
 * - `egress`: data leaves the user's hands (send, reply, invite, respond)
 * - `destructive`: deletes
 * - `display`: the run transcript
 */
export const TOOL_KINDS = [
  'source',
  'extract',
  'sanitizer',
  'local',
  'organize',
  'egress',
  'destructive',
  'display',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** What a tool may ask of the run it is called from. */
export interface ToolContext {
  /** The user's own addresses, lower-cased. */
  readonly userAddresses: readonly string[];
  /** The id of this call within the run (1-based sequence number). */
  readonly seq: number;
  /**
   * The control context the call was made under (absent: none). A tool that changes the world
   * records it with what it wrote: the change exists because of that context too.
   */
  readonly context?: Label;
}

export interface ToolSpec<A = Record<string, unknown>> {
  readonly name: string;
  readonly kind: ToolKind;
  /**
   * How positional plan arguments map to named ones. `['id', 'label']` turns
   * `labelEmail(x, 'y')` into `{id: x, label: 'y'}`. `[]` with `objectArg: true` means the plan
   * passes one object whose keys are the named arguments.
   */
  readonly params: readonly string[];
  readonly objectArg?: boolean;
  /** Validates the named arguments (plain values) before the gate sees them. */
  readonly schema: z.ZodType<A>;
  /** One-line documentation shown to the planner. */
  readonly doc: string;
  /**
   * The world state that decides the call's outcome beyond its arguments: whether the tool
   * throws and how the gate decides (who a reply or an update goes to), so what "it did not
   * throw" tells the plan (engine/README.md). A label: the state of the item the call names
   * (whether it exists, what it holds), labeled by the effect calls that wrote it; the run adds
   * what may have written or created it unseen (the guest's world-state label). `null`: nothing
   * but the arguments (an extractor, a sanitizer, a new event). Absent: any of the world.
   */
  dependsOn?(args: A): Label | null;
  /**
   * What the answer reveals of the arguments, joined into its top label. Absent: the join of every
   * argument's deep label. A tool may say less only by a rule stated in docs/semantics.md (§3,
   * _A search by sender_: searchEmails' `from`); its own answer's labels must say the same.
   */
  argumentsRead?(args: A, labeled: Readonly<Record<string, LabeledValue>>): Label;
  /**
   * Why the call can never be carried out as asked, or null: the item it names cannot take it
   * (an event whose server copy no write may keep). Checked before the gate, so such a call is
   * the plan's error — never an allowed effect that fails at commit, nor a claim a person would
   * approve in vain. The error's label is what its message was read from; the run joins the
   * arguments, the context and `dependsOn`.
   */
  refusal?(args: A): ToolError | null;
  /**
   * Runs the tool. `labeled` gives each named argument with its label (sanitizers and extractors
   * derive their output label from it). Returns the output with a label on every part.
   */
  run(args: A, labeled: Readonly<Record<string, LabeledValue>>, ctx: ToolContext): Promise<LabeledValue> | LabeledValue;
}

export type ToolRegistry = ReadonlyMap<string, ToolSpec>;

export function toolRegistry(specs: readonly ToolSpec[]): ToolRegistry {
  const m = new Map<string, ToolSpec>();
  for (const s of specs) {
    if (m.has(s.name)) throw new Error(`tool ${s.name} is declared twice`);
    m.set(s.name, s);
  }
  return m;
}

/**
 * Errors a tool raises on purpose (they reach the plan as catchable errors of this kind), but for
 * `LimitExceeded`: a service the tool needs stopped for a reason earlier calls may have caused (a
 * language model's spending limit, its circuit breaker, a provider's rate limit), which no label
 * of this call could name, so the run ends there as at any limit and no catch reads it.
 */
export class ToolError extends Error {
  constructor(
    readonly kind: 'NotEnoughInformation' | 'ToolFailed' | 'InvalidArguments' | 'NotFound' | 'LimitExceeded',
    message: string,
    /** The label of whatever the error message was derived from. */
    readonly label?: Label,
  ) {
    super(message);
  }
}
