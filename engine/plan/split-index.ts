/**
 * Split reads: `s.split(sep)[k]` — one part of a string read at once, the list never kept
 * (`addr.split('@')[1]`, `from.split('<')[0]`) — compiles to one runtime call,
 * `__R.splitAt(s, sep, k)`. On a plain or labeled string of at most `R.SM` characters, outside a
 * try, the runtime answers what `split` and the read would: the same part with the same label
 * and the same graph node (the one `split` gives each part; the read of a part labeled like its
 * list returns that part itself), without making the list and a box and node for every other
 * part. Anything else (another receiver, an index past the end, a try) runs `split` and the
 * read as always (library.embed.js, R.splitAt).
 */
import type * as acorn from 'acorn';
import type { EmitContext, Expr } from './emit-context';
import { matchMethodCall } from './method-calls';

export interface SplitRead {
  /** The string split. */
  readonly text: Expr;
  /** The separator, a string literal. */
  readonly separator: string;
  /** The part read, a whole number literal. */
  readonly index: number;
}

/** `e` as a split read, or null. */
export function splitRead(ctx: EmitContext, e: acorn.MemberExpression): SplitRead | null {
  if (ctx.noFastPaths || !e.computed || e.optional) return null;
  const prop = e.property;
  if (prop.type !== 'Literal' || typeof prop.value !== 'number' || !Number.isInteger(prop.value) || prop.value < 0)
    return null;
  const call = matchMethodCall(ctx, e.object, 'split');
  if (!call || call.args.length !== 1) return null;
  const sep = call.args[0]!;
  if (sep.type !== 'Literal' || typeof sep.value !== 'string') return null;
  return { text: call.receiver, separator: sep.value, index: prop.value };
}
