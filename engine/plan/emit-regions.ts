/**
 * The ends of conditional regions (branches, loops, the right side of && || ??, callbacks):
 * what a region may write is captured before it starts and upgraded after it (STRICT, with the
 * effects of effects.ts), and the context saved at its start is restored — or kept raised for
 * the rest of the function when the region may have left early.
 */
import type { Binding } from './analyze';
import { initialisedAt } from './scope';
import { EACH, type Base, type Effects } from './effects';
import { str, type EmitContext } from './emit-context';

/** Is the binding the one a reference to its name at `at` would find? */
function visibleAt(ctx: EmitContext, b: Binding, at: number): boolean {
  if (b.id.start >= at || b.scopeStart > at || b.scopeEnd < at) return false;
  for (const o of ctx.analysis.bindings)
    if (o !== b && o.name === b.name && o.scopeStart <= at && at <= o.scopeEnd && o.scopeStart > b.scopeStart)
      return false;
  return true;
}

/**
 * The code reading a base container at `at`, or null when one of its names is not visible there.
 * A path through EACH reads every element: the runtime walks it (__R.reach) and answers the list
 * of containers reached.
 */
function baseCode(ctx: EmitContext, base: Base, at: number): string | null {
  if (!visibleAt(ctx, base.root, at)) return null;
  const steps: string[] = [];
  const names = [base.root];
  for (const k of base.path) {
    if (k === EACH) steps.push('__R.EACH');
    else if (typeof k === 'string') steps.push(str(k));
    else if (visibleAt(ctx, k, at)) {
      steps.push(k.name);
      names.push(k);
    } else return null;
  }
  if (base.path.includes(EACH))
    return ifLive(ctx, names, at, `__R.reach(${base.root.name}, [${steps.join(', ')}])`, '[]');
  let code = base.root.name;
  for (const k of steps) code = `__R.sget(${code}, ${k})`;
  return ifLive(ctx, names, at, code, 'undefined');
}

/**
 * `code`, reading `names`, as it may run at `at`: itself when each name is certainly initialised
 * there, else through `__R.tdz`, which answers `none` when one is still in its temporal dead
 * zone. The plan did not read it there, and nothing can have been written through a name that
 * cannot be read: there is nothing to capture or upgrade (a hoisted function that pushes into a
 * `const` declared after the call that ran it, in a branch not taken).
 */
function ifLive(ctx: EmitContext, names: readonly Binding[], at: number, code: string, none: string): string {
  if (names.every((b) => initialisedAt(ctx.analysis, b, at))) return code;
  return `__R.tdz(() => (${code}), ${none})`;
}

/**
 * The upgrade of what `code` read for `base` (STRICT, under the context at the merge): the
 * container itself, or (exposed) everything reachable from it; a list of them through EACH.
 */
function upgradeCode(base: Base, code: string): string {
  if (base.path.includes(EACH)) return `__R.upa(${code}, ${base.deep ? 1 : 0})`;
  return base.deep ? `__R.upd(${code})` : `__R.upc(${code})`;
}

/**
 * The bases, each once: a region that writes or exposes the same path twice (`e.from` in both
 * arms of a ternary) names the same containers twice, and upgrading a container again under
 * the same context joins nothing new.
 */
function distinct(bases: readonly Base[]): Base[] {
  const same = (a: Base, b: Base): boolean =>
    a.root === b.root &&
    !a.deep === !b.deep &&
    a.path.length === b.path.length &&
    a.path.every((k, i) => k === b.path[i]);
  const out: Base[] = [];
  for (const b of bases) if (!out.some((o) => same(o, b))) out.push(b);
  return out;
}

/**
 * The containers a region may write, read before it starts (STRICT): the merge upgrades these
 * as well as what the names denote afterwards, so rebinding a root (`o = other`) or a key
 * variable inside the region cannot steer the upgrade away from what was written. Returns the
 * assignments to run at the region's start ('' when there is nothing to capture).
 */
export function capture(ctx: EmitContext, eff: Effects, at: number, normalToo = false): string {
  if ((!ctx.strict && !normalToo) || !eff.bases.length) return '';
  const code: string[] = [];
  const temps: { t: string; base: Base }[] = [];
  for (const b of distinct(eff.bases)) {
    const c = baseCode(ctx, b, at);
    if (!c) continue;
    const t = ctx.temp();
    temps.push({ t, base: b });
    code.push(`${t} = ${c}`);
  }
  eff.captured = temps;
  return code.join(', ');
}

export const withCapture = (cap: string, rest: string): string => (cap ? `${cap}, ${rest}` : rest);

/**
 * Code for the end of a region whose context was saved in `p`: STRICT upgrades, then either
 * restore the context, or (when the region may have left early or written what we cannot
 * name) keep it raised for the rest of the function.
 */
/**
 * Does the merge at the end of this region put the context back as it was? Not when the region
 * may leave early, may call code that hands back an exit taint, or (STRICT) may write what the
 * merge cannot name.
 */
export function restoresContext(ctx: EmitContext, eff: Effects, at: number): boolean {
  if (eff.escapesFunction || eff.escapesLoop || eff.raisesExit) return false;
  return !ctx.strict || !(eff.opaque || upgrades(ctx, eff, at).opaque);
}

export function mergeCode(
  ctx: EmitContext,
  eff: Effects,
  p: string,
  at: number,
  keepForLoop = false,
  noRestore = false,
): string[] {
  const code: string[] = [];
  // Inside a try, a region that may throw ran or not because of the context: §3a.
  if (eff.mayThrow && !noRestore) code.push('(__R.td !== 0 && __R.tskip())');
  let opaque = eff.opaque;
  if (ctx.strict) {
    const ups = upgrades(ctx, eff, at);
    opaque ||= ups.opaque;
    // Nothing to upgrade with when the context is empty.
    if (ups.code.length) code.push(`(__R.pc !== 0 && (${ups.code.join(', ')}))`);
  }
  const loopAcc = ctx.fn.loops[ctx.fn.loops.length - 1];
  // A call in it may have raised the rest of the function (R.exit) where it ran, so the region's
  // context raises it where it did not too, both modes: calls record the context in NORMAL as well
  // (§3b; red team round 21, finding 1).
  if (eff.escapesFunction || eff.raisesExit || (ctx.strict && opaque))
    code.push('__abr = __abr === 0 && __R.pc === 0 ? 0 : __R.J(__abr, __R.pc)');
  else if (noRestore) return code;
  else if (!(eff.escapesLoop && keepForLoop)) code.push(restore(p));
  // A conditional break/continue: the rest of the loop, later iterations included, runs under it.
  else if (loopAcc) code.push(`${loopAcc} = __R.J(${loopAcc}, __R.pc)`);
  return code;
}

/**
 * The upgrades of a region's end under `label` (code reading a label) in place of the context:
 * what a loop that sees its listing's order wrote, in NORMAL (listing-order.ts).
 */
export function orderUpgrade(ctx: EmitContext, eff: Effects, at: number, label: string): string {
  const ups = upgrades(ctx, eff, at).code;
  if (!ups.length) return '';
  const q = ctx.temp();
  return `${q} = __R.pc, __R.pc = ${label}, ${ups.join(', ')}, __R.pc = ${q}`;
}

/**
 * The STRICT upgrades at a region's end: every variable and container it may write, as named
 * at `at`; `opaque` when one of them cannot be named there.
 */
function upgrades(ctx: EmitContext, eff: Effects, at: number): { code: string[]; opaque: boolean } {
  const code: string[] = [];
  let opaque = false;
  for (const v of eff.vars) {
    if (v.kind === 'const' || v.kind === 'function') continue;
    if (visibleAt(ctx, v, at)) code.push(ifLive(ctx, [v], at, `${v.name} = __R.up(${v.name})`, 'undefined'));
    else opaque = true;
  }
  for (const b of distinct(eff.bases)) {
    const c = baseCode(ctx, b, at);
    if (c) code.push(upgradeCode(b, c));
    else opaque = true;
  }
  // A const named at the merge is the container captured at the start: upgraded once above.
  for (const { t, base } of eff.captured ?? [])
    if (!(base.root.kind === 'const' && base.path.length === 0 && baseCode(ctx, base, at) !== null))
      code.push(upgradeCode(base, t));
  // A world-changing call the other branch may have made: later observations depend on it.
  if (eff.world) code.push('__R.worldUp()');
  // A tool call the other branch may have made: later calls' numbers and budgets depend on it.
  if (eff.calls) code.push('__R.callsUp()');
  return { code, opaque };
}

/**
 * Back to the context saved in p, keeping what must last for the rest of the function: its
 * conditional returns and escapes, those of the functions it called (R.exit, §3), and what the
 * open tries could have thrown because of so far (R.tc: the rest of the try runs only because
 * nothing threw).
 */
const restore = (p: string): string =>
  `(__R.exit !== 0 && (__abr = __R.J(__abr, __R.exitOf()))), __R.pc = (__abr | __R.tc) === 0 ? ${p} : __R.J(__R.J(${p}, __abr), __R.tc)`;
