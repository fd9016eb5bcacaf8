/**
 * Reference implementation of the positional → named argument mapping that the tools here
 * declare (ToolSpec.params / objectArg), so that every caller maps plan calls the same way:
 *
 * - `params` are the positional arguments, in order (absent trailing ones are left out);
 * - a param spelled `...name` takes every remaining argument as an array;
 * - with `objectArg`, the argument after the positional ones, when present, is an object whose
 *   keys become named arguments (it may not redefine a positional one).
 *
 * Generic over the argument type so that it maps labeled values as well as plain ones.
 */
import type { ToolSpec } from '../tools/types';

export type ArgMappingError = { readonly ok: false; readonly message: string };

export function toNamedArgs<T>(
  spec: Pick<ToolSpec, 'name' | 'params' | 'objectArg'>,
  positional: readonly T[],
  entriesOf: (objectArg: T) => Record<string, T> | null,
  arrayOf: (items: T[]) => T,
): { readonly ok: true; readonly args: Record<string, T> } | ArgMappingError {
  const args: Record<string, T> = {};
  let i = 0;
  for (const p of spec.params) {
    if (p.startsWith('...')) {
      args[p.slice(3)] = arrayOf(positional.slice(i));
      i = positional.length;
      break;
    }
    const v = positional[i];
    if (v !== undefined) args[p] = v;
    i++;
  }
  if (spec.objectArg && i < positional.length) {
    const o = positional[i] as T;
    const entries = entriesOf(o);
    if (entries === null) return { ok: false, message: `${spec.name}: argument ${i + 1} must be an object` };
    for (const [k, v] of Object.entries(entries)) {
      if (k in args) return { ok: false, message: `${spec.name}: "${k}" is given twice` };
      args[k] = v;
    }
    i++;
  }
  if (i < positional.length) {
    return {
      ok: false,
      message: `${spec.name}: expected at most ${i} argument${i === 1 ? '' : 's'}, got ${positional.length}`,
    };
  }
  return { ok: true, args };
}
