/**
 * Regions (semantics.md §3b): code that runs, or not, because of a label. The one rule:
 *
 *   At the end of a region with label `c` (STRICT), every variable it may assign, and every
 *   container reachable — when it starts or when it ends — from any place it names (scan.ts), has
 *   `c` joined into its label. Calling plan code counts as naming everything the functions it may
 *   call name, to the end of the call graph (Machine.withCalls).
 *
 * A region reaches the heap only through names it mentions (tool outputs are fresh, `input` is
 * read-only), so a branch not taken is a region that ran nothing.
 */
import { joinLabels, type Label } from '../ifc/label';
import { cell, type Cell } from './context';
import type { Machine, Step } from './machine';
import { EACH, type Key, type Nodes, type RegionInfo } from './scan';
import { isHeap, partsOf, reachable, upgrade, withLabel, type Env, type Heap, type V } from './values';

/** The heap objects the places of a region (its names in `env`) reach now (`input` is read-only). */
function exposedNow(m: Machine, info: RegionInfo, env: Env): Set<Heap> {
  const bound = info.paths.map((p) => ({ p, b: p.root === 'input' ? undefined : m.lookup(p.root, env) }));
  return reachable(bound.flatMap(({ p, b }) => (b ? placesAt(b.value, p.keys) : [])));
}

/** What a place holds: a key it does not hold reads no container; a key variable, any of them. */
function placesAt(cur: V, keys: readonly Key[]): V[] {
  const [k, ...rest] = keys;
  const h = cur.v;
  if (k === undefined) return [cur];
  if (!isHeap(h)) return [];
  if (k === EACH) return partsOf(h).flatMap((x) => placesAt(x, rest));
  const next =
    h.kind === 'object' ? h.props.get(k) : h.kind === 'array' && /^\d+$/.test(k) ? h.items[Number(k)] : undefined;
  return next ? placesAt(next, rest) : [];
}

/** `normalToo`: the rule applies in NORMAL too (a loop that sees its listing's order). `callbacks`:
 * the nodes are callback bodies (a return ends only those, and an exit taint goes into what they
 * return: functions.ts). */
export type RegionKind = { readonly normalToo?: boolean; readonly callbacks?: boolean };

/**
 * Runs `run` as the region `nodes` under `c` (its label may grow: a loop's tests); without a body (a
 * branch not taken) only the rule applies, however the region ends.
 */
export function* region<T>(
  m: Machine,
  c: Cell | Label,
  nodes: Nodes,
  run?: (c: Cell) => Step<T>,
  how: RegionKind = {},
): Step<T | undefined> {
  const at = 'kind' in c ? c : cell('region', c);
  const found = m.regionInfo(nodes);
  const info = how.callbacks ? { ...found, returns: false, breaks: false, raises: false } : found;
  const env = m.env;
  const upgrades = m.ctx.mode === 'strict' || how.normalToo;
  const before = upgrades ? exposedNow(m, info, env) : new Set<Heap>();
  m.ctx.push(at);
  try {
    // What taints only the rest of the region (what follows a `try` in it) ends with it.
    return run ? yield* m.ctx.under([cell('rest')], () => run(at)) : undefined;
  } finally {
    m.ctx.pop(at);
    const l = at.l;
    // Whether a return or break happened depends on the region's label and on why it ran at all.
    // So does what a call in it handed back as its exit taint, only where it ran (red team round 21).
    if (info.returns || info.raises) m.ctx.taint(joinLabels(l, m.ctx.pc), 'function');
    if (info.breaks) m.ctx.taint(joinLabels(l, m.ctx.pc), 'loop');
    if (info.mayThrow) m.ctx.mayThrow(l);
    if (upgrades) {
      for (const name of info.assigned) {
        const b = m.lookup(name, env);
        if (b && !b.constant) b.value = withLabel(b.value, l);
      }
      for (const h of new Set([...before, ...exposedNow(m, info, env)]))
        if (!('frozen' in h && h.frozen === true)) upgrade(h, l);
    }
  }
}
