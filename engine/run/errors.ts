/**
 * Errors that flow back to a planner (semantics.md §6): when an error's text may carry
 * untrusted data, the planner gets a placeholder naming the error type, the position and the
 * label summary; the user keeps the full text.
 */
import { isTrusted, type Label } from '../ifc/label';
import type { ErrorKind, Limits, PlanError, Position } from './types';
import { labelFromDesc, type GuestError, type LabelDesc } from './wire';

const NATIVE_LIMITS: readonly [RegExp, keyof Limits][] = [
  [/interrupted/i, 'wallMs'],
  [/out of memory/i, 'memoryBytes'],
  [/stack overflow|call stack/i, 'stackBytes'],
];

/** An error from the guest with its label's sources resolved (run/source-sets.ts). */
export type ReadError = Omit<GuestError, 'label' | 'sets'> & { readonly label?: LabelDesc };

export function planError(err: ReadError, position: Position | null): PlanError {
  if (err.kind === 'LimitExceeded')
    return {
      kind: 'LimitExceeded',
      message: err.message,
      fullMessage: err.message,
      position,
      limit: limitName(err.limit),
    };
  if (err.kind === 'Native') {
    // QuickJS's own errors: interrupts, memory and stack exhaustion are limits.
    for (const [re, limit] of NATIVE_LIMITS)
      if (re.test(err.message))
        return {
          kind: 'LimitExceeded',
          message: `${limit}: ${err.message}`,
          fullMessage: err.message,
          position,
          limit,
        };
    const label = labelFromDesc(err.label);
    return withRedaction('RuntimeError', `${err.name ?? 'Error'}: ${err.message}`, position, label);
  }
  const kind: ErrorKind = ['PolicyDenied', 'NotEnoughInformation', 'RuntimeError'].includes(err.kind)
    ? (err.kind as ErrorKind)
    : 'RuntimeError';
  return withRedaction(kind, err.message, position, labelFromDesc(err.label));
}

function withRedaction(kind: ErrorKind, full: string, position: Position | null, label: Label): PlanError {
  if (isTrusted(label)) return { kind, message: full, fullMessage: full, position, label };
  const where = position ? ` at ${position.line}:${position.column}` : '';
  const message = `<${kind}${where}: message withheld, it depends on untrusted data from ${label.untrusted.join(', ')}>`;
  return { kind, message, fullMessage: full, position, label };
}

const LIMIT_NAMES: readonly (keyof Limits)[] = [
  'wallMs',
  'steps',
  'memoryBytes',
  'stackBytes',
  'toolCalls',
  'stringLength',
  'arrayLength',
  'graphNodes',
  'labels',
];
function limitName(s: string | undefined): keyof Limits | undefined {
  return LIMIT_NAMES.find((n) => n === s);
}
