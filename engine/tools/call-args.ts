/**
 * A call's arguments as a tool takes them, shared by the engine's runs (engine/run/run-plan.ts)
 * and the reference monitor (engine/reference/tools.ts): the plan's positional arguments as the
 * tool's named ones (`ToolSpec.params`), their plain values, what an answer carries from them,
 * and a display call's transcript line.
 */
import { BOTTOM, joinLabels, joinPair, type Label } from '../ifc/label';
import { deepLabel, plainOf, type Json, type LabeledValue } from '../ifc/labeled-value';
import { ToolError, type ToolSpec } from './types';

export type Named = Record<string, LabeledValue>;

/** Maps the plan's positional arguments to the tool's named ones (see `ToolSpec.params`). */
export function namedArgs(spec: ToolSpec, args: readonly LabeledValue[]): Named {
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

/** The named arguments' plain values (an undefined one is left out), as the schema checks them. */
export const plainNamed = (named: Named): Record<string, Json> => {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(named)) {
    const p = plainOf(v);
    if (p !== undefined) out[k] = p;
  }
  return out;
};

/**
 * What a tool's answer carries from its arguments (`ToolSpec.argumentsRead`; by default every
 * argument's deep label). `data` is the arguments as the tool's schema parsed them.
 */
export const argumentsRead = (spec: ToolSpec, data: unknown, named: Named): Label =>
  spec.argumentsRead ? spec.argumentsRead(data as never, named) : joinLabels(...Object.values(named).map(deepLabel));

/** The transcript line of a display call (`log(...values)`). */
export function logLine(named: Named): string {
  const v = named.values;
  const parts = v?.kind === 'array' ? v.items.map((i) => plainOf(i)) : [];
  return parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
}
