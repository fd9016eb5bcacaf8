/** Builders for synthetic gate calls with labeled arguments. */
import type { GateCall } from '../../../engine/gate/types';
import { BOTTOM, type Label, type Readers } from '../../../engine/ifc/label';
import { labelDeep, type Json, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { BUILTIN_TOOL_KINDS } from '../../../engine/policy';
import type { ToolKind } from '../../../engine/tools/types';

export const USER = 'alex@acme.test';
export const CONTACT = 'bob@acme.test';
export const PRIYA = 'priya@acme.test';
export const ATTACKER = 'zed@attacker.test';

export interface LabelSpec {
  sources?: string[];
  /** Default: every `tool:` source. */
  untrusted?: string[];
  readers?: Readers;
  caps?: string[];
  verified?: string;
}

export function lab(spec: LabelSpec = {}): Label {
  const sources = [...new Set(spec.sources ?? [])].sort();
  const untrusted = [...new Set(spec.untrusted ?? sources.filter((s) => s.startsWith('tool:')))].sort();
  const readers: Readers =
    spec.readers === undefined || spec.readers === 'public'
      ? 'public'
      : [...spec.readers].map((r) => r.toLowerCase()).sort();
  const l: Label = {
    sources: [...new Set([...sources, ...untrusted])].sort(),
    untrusted,
    readers,
    caps: [...(spec.caps ?? [])].sort(),
  };
  return spec.verified ? { ...l, verified: spec.verified } : l;
}

/** A value with the same label on every part. */
export const val = (value: Json, spec: LabelSpec = {}): LabeledValue => labelDeep(value, lab(spec));
/** A plan literal. */
export const lit = (value: Json): LabeledValue => labelDeep(value, BOTTOM);
/** An array whose elements carry their own labels. */
export const arr = (items: LabeledValue[], spec: LabelSpec = {}): LabeledValue => ({
  kind: 'array',
  label: lab(spec),
  items,
});

/** Data from email `id` (untrusted, readable by its participants and the user). */
export const fromEmail = (
  id: string,
  value: Json,
  readers: string[],
  caps: string[] = [],
  tool = 'getEmail',
): LabeledValue => val(value, { sources: [`tool:${tool}:${id}`], readers: [...readers, USER], caps });

export interface CallOpts {
  kind?: ToolKind;
  context?: Label;
  counters?: Record<string, number>;
  userAddresses?: string[];
  contacts?: string[];
}

export function call(tool: string, args: Record<string, LabeledValue>, o: CallOpts = {}): GateCall {
  const kind = o.kind ?? BUILTIN_TOOL_KINDS[tool];
  if (!kind) throw new Error(`kind needed for ${tool}`);
  return {
    tool,
    kind,
    args,
    context: o.context ?? BOTTOM,
    counters: o.counters ?? {},
    userAddresses: o.userAddresses ?? [USER],
    contacts: o.contacts ?? [CONTACT, PRIYA],
  };
}

/** An untrusted control context from these sources. */
export const ctx = (...sources: string[]): Label => lab({ sources });
