/**
 * How a `for…of` over a tool's listing runs (docs/semantics.md §3, listings): each iteration under
 * its own item, unless the loop sees the order of what it iterates and lets what it saw out while
 * it runs. The engine reads both from the loop's text, at least as widely as the reference
 * monitor (engine/reference/statements.ts, `listingLoop`) does, so it never runs an iteration under
 * less than the reference would.
 */
import type * as acorn from 'acorn';
import type { Binding } from './analyze';
import { BUILTIN_CALLS, METHODS } from './builtins';
import type { EmitContext, N } from './emit-context';
import { observesWorld, type Effects } from './effects';
import { children } from './plain-loops';

/**
 * `ordered`: every iteration runs under the whole listing (`__R.iter(x, 1)`). `sees`: the loop
 * sees the order; when it is not ordered, what it saw can reach only what it writes, which its
 * end upgrades with the listing (NORMAL too), and an error that ends the run from inside it.
 * `flag`: the argument of `__R.iter` (', 2': the body may throw, which leaves the loop early
 * when a `try` around it is open, so the runtime runs it ordered then).
 */
export interface ListingOrder {
  readonly sees: boolean;
  readonly ordered: boolean;
  readonly flag: string;
}

/**
 * Does the loop's body see the order of what it iterates? It does when an iteration can depend on
 * the ones before it, since then what the first one saw (nothing before it) depends on which item
 * came first: when it can leave early, reads a variable it carries from one iteration to the next
 * (a flag, a counter it tests — in the body or in a function it calls), writes into a container
 * that outlives the iteration (a list of what it saw), reads the world after changing it (a
 * listing that no longer holds what an earlier iteration moved), or uses what an effect call
 * answered (a claim numbered after the earlier iterations' calls). Such a loop runs every
 * iteration under the whole listing's label unless it lets nothing out while it runs.
 */
export function listingOrder(
  ctx: EmitContext,
  s: acorn.ForOfStatement,
  loop: Effects,
  collects: boolean,
): ListingOrder {
  // An iteration runs its head's default values before its body (`for (const { id, f = flag } of
  // xs)` reads what an earlier iteration set): they are read as part of the body (red team round
  // 19, finding 1). A head that assigns rather than declares (`for (last of xs)`, `for (o.x of xs)`)
  // writes each item into state that outlives the iteration, which the last item leaves holding it.
  const text = [...headCode(s.left as N), s.body];
  const body = ctx.effects.region(text, s.body.start, s.body.end);
  const sees =
    s.left.type !== 'VariableDeclaration' ||
    body.escapesLoop ||
    body.escapesFunction ||
    body.opaque ||
    body.bases.length > 0 ||
    (body.world && body.observes) ||
    dependsOnEarlier(ctx, text, body.vars, body.world);
  // NORMAL upgrades what the loop wrote at its end by name (STRICT keeps the rest of the function
  // under the loop's label when it wrote what it cannot name).
  // A loop that only writes what it carries (`out.push(m.subject)`), or only pushes into one list
  // (collect-loops.ts), stays ordered: one structure label for the whole list costs less than a
  // union per item (a whole mailbox read page by page: test/engine/world/whole-mailbox.test.ts).
  const ordered =
    sees &&
    (collects ||
      !readsWhatItWrites(ctx, s.left as N, s.body, text, body) ||
      !letsNothingOut(ctx, text, body) ||
      (!ctx.strict && (body.opaque || loop.opaque)));
  return { sees, ordered, flag: ordered ? ', 1' : body.mayThrow ? ', 2' : '' };
}

/**
 * Can nothing the body sees leave the loop while it runs? Not when it may call a tool or plan code
 * (its own functions, a callback that is not written in the call, a function passed as a value),
 * await or jump out of the body. Read from the whole text, the functions written in it included, and at
 * least as widely as the reference monitor's `callsCode`: a name of any function of the plan given
 * as an argument, any argument of a callback method besides its written callbacks.
 */
function letsNothingOut(ctx: EmitContext, text: readonly N[], eff: Effects): boolean {
  if (eff.escapesLoop || eff.escapesFunction || eff.calls || eff.world) return false;
  const fnNames = functionNames(ctx);
  let out = false;
  const walk = (n: N): void => {
    if (out) return;
    if (n.type === 'AwaitExpression') out = true;
    if (n.type === 'CallExpression') {
      const c = n.callee;
      if (c.type === 'Identifier') out ||= !GLOBAL_CALLS.has(c.name);
      else if (c.type !== 'MemberExpression') out = true;
      else if (CALLBACK_METHODS.has(c.computed ? '' : (c.property as acorn.Identifier).name))
        out ||= n.arguments.some((a) => !isFn(a as N));
      else if (c.computed) out = true;
      out ||= n.arguments.some((a) => a.type === 'Identifier' && fnNames.has(a.name));
    }
    for (const k of children(n)) walk(k);
  };
  text.forEach(walk);
  return !out;
}

/**
 * Does the body read state it carries: a variable it assigns, or a container it writes other than
 * as the receiver of a mutating call or the holder of a member it assigns?
 */
function readsWhatItWrites(ctx: EmitContext, head: N, body: N, text: readonly N[], eff: Effects): boolean {
  // The loop's own element (declared in its head) is the item, not carried state.
  const roots = new Set<Binding>(
    [...eff.vars, ...eff.bases.map((b) => b.root)].filter((b) => b.id.start >= body.end || b.id.start < head.start),
  );
  let found = false;
  const walk = (n: N, written: boolean): void => {
    if (found) return;
    if (n.type === 'Identifier') {
      const r = ctx.analysis.refs.get(n);
      if (!written && r?.kind === 'local' && roots.has(r.binding)) found = true;
      return;
    }
    if (n.type === 'AssignmentExpression' && n.operator === '=') {
      const t = n.left as N;
      if (t.type === 'MemberExpression') {
        walk(t.object as N, true);
        if (t.computed) walk(t.property as N, false);
      } else walk(t, true);
      return walk(n.right as N, false);
    }
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && !n.callee.computed) {
      const name = (n.callee.property as acorn.Identifier).name;
      walk(n.callee.object as N, MUTATORS.has(name));
      for (const a of n.arguments) walk(a as N, false);
      return;
    }
    for (const k of children(n)) walk(k, false);
  };
  for (const n of text) walk(n, false);
  return found;
}
const MUTATORS: ReadonlySet<string> = new Set([...METHODS.mutating, 'set', 'add', 'delete', 'clear']);

const GLOBAL_CALLS: ReadonlySet<string> = new Set([...BUILTIN_CALLS].filter((n) => !n.includes('.')));
const CALLBACK_METHODS: ReadonlySet<string> = new Set(METHODS.callback);
const isFn = (n: N): boolean =>
  n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';

/** Names that may hold a plan function: declared ones, ones given a function, and any `let` assigned again. */
function functionNames(ctx: EmitContext): Set<string> {
  const out = new Set<string>();
  for (const b of ctx.analysis.bindings)
    if (b.kind === 'function' || b.fn !== null || (b.kind === 'let' && b.assigned)) out.add(b.name);
  return out;
}

/**
 * Can `body` depend on an earlier iteration through what it reads? It can when it, or a function
 * it names (and so may call), reads one of `vars` other than to update it (`n++`, `n += 1` alone
 * do not; whose value is used, they do), or, when it changes the world, uses what a tool that observes the world answered: an
 * effect's answer (a claim's number) counts the calls made before it.
 */
function dependsOnEarlier(ctx: EmitContext, text: readonly N[], vars: ReadonlySet<Binding>, world: boolean): boolean {
  let found = false;
  const seen = new Set<acorn.Function>();
  const walk = (n: N, use: 'read' | 'update' | 'discard'): void => {
    if (found) return;
    switch (n.type) {
      case 'Identifier': {
        const r = ctx.analysis.refs.get(n);
        if (r?.kind !== 'local') return;
        if (use !== 'update' && vars.has(r.binding)) found = true;
        const fn = r.binding.fn;
        if (fn && !seen.has(fn)) {
          seen.add(fn);
          walk(fn as N, 'read');
        }
        return;
      }
      // An update whose value is used reads what it updates (`if (n++ === 0)`, red team round 19,
      // finding 3); only a dropped `n++` or `n += 1`, or a plain `n = …`, does not.
      case 'UpdateExpression':
        return walk(n.argument, use === 'discard' ? 'update' : 'read');
      case 'AssignmentExpression':
        walk(
          n.left as N,
          n.left.type === 'Identifier' && (n.operator === '=' || use === 'discard') ? 'update' : 'read',
        );
        return walk(n.right, 'read');
      case 'ExpressionStatement':
        return walk(n.expression, 'discard');
      case 'AwaitExpression':
        return walk(n.argument, use === 'discard' ? 'discard' : 'read');
      case 'CallExpression': {
        const r = n.callee.type === 'Identifier' ? ctx.analysis.refs.get(n.callee) : undefined;
        if (world && use !== 'discard' && r?.kind === 'tool' && observesWorld(r.name)) found = true;
        break;
      }
    }
    for (const c of children(n)) walk(c, 'read');
  };
  for (const n of text) walk(n, 'read');
  return found;
}

/**
 * The code a `for…of` head runs in each iteration: the default values of its pattern (`{ id, f =
 * flag }`) and the object and key of a member it writes into.
 */
function headCode(n: N): N[] {
  switch (n.type) {
    case 'VariableDeclaration':
      return n.declarations.flatMap((d) => headCode(d.id as N));
    case 'AssignmentPattern':
      return [n.right as N, ...headCode(n.left as N)];
    case 'ObjectPattern':
      return n.properties.flatMap((p) => headCode((p.type === 'Property' ? p.value : p) as N));
    case 'ArrayPattern':
      return n.elements.flatMap((e) => (e ? headCode(e as N) : []));
    case 'RestElement':
      return headCode(n.argument as N);
    // A member as a target (`for (o[k] of xs)`, `{ a: o[k] }`): its object and key are evaluated in
    // each iteration, before the item is written there (red team round 19, after the round).
    case 'MemberExpression':
      return [n.object as N, ...(n.computed ? [n.property as N] : [])];
    default:
      return [];
  }
}
