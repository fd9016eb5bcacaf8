/**
 * Conditional regions (semantics.md §3, and "writes in branches not taken"): code that runs, or
 * does not, because of a label. The rule, stated once:
 *
 *   At the end of a region with label `c` (STRICT), every variable the region may assign, and
 *   every container reachable — when the region starts or when it ends — from any place the
 *   region names (a variable, or a path `x.a.b` of static keys), has `c` joined into its label.
 *   Calls of plan code inside count as naming everything any plan function names.
 *
 * A region reaches the heap only through names it mentions (tool outputs are fresh, `input` is
 * read-only), so anything it could have written, or made reachable through another name, is
 * covered whichever way the condition went. In both modes, a region that may `return`/`throw`
 * taints the rest of its function, one that may `break`/`continue` the rest of its loop, and one
 * that may throw inside a `try` joins `c` into what the try could have thrown because of.
 */
import type * as acorn from 'acorn';
import { joinLabels, type Label } from '../ifc/label';
import type { Cell } from './context';
import type { Machine, Step } from './machine';
import { isHeap, reachable, upgrade, withLabel, type Env, type Heap, type V } from './values';

type N = acorn.AnyNode;
/** A place named in the code: a variable and static keys (or key variables) below it. */
interface Path {
  readonly root: string;
  readonly keys: readonly (string | { readonly name: string })[];
}
export interface RegionInfo {
  readonly assigned: Set<string>;
  readonly paths: Path[];
  returns: boolean;
  breaks: boolean;
  mayThrow: boolean;
  callsCode: boolean;
}

const empty = (): RegionInfo => ({
  assigned: new Set(),
  paths: [],
  returns: false,
  breaks: false,
  mayThrow: false,
  callsCode: false,
});

const isFn = (n: N): boolean =>
  n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';
const isLoop = (n: N): boolean =>
  ['ForStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement'].includes(n.type);
/** Nodes that can never throw: everything else may (a property of null, a refused conversion…). */
const SAFE = new Set([
  'Literal',
  'Identifier',
  'BlockStatement',
  'ExpressionStatement',
  'EmptyStatement',
  'BreakStatement',
  'ContinueStatement',
  'VariableDeclaration',
  'VariableDeclarator',
  'FunctionDeclaration',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'IfStatement',
  'ReturnStatement',
]);

/** A path for a member chain of static keys, or null when it does not start at a name. */
function pathOf(e: N): Path | null {
  const keys: Path['keys'][number][] = [];
  let cur: N = e;
  while (cur.type === 'MemberExpression') {
    const k = cur.property;
    if (!cur.computed) keys.unshift((k as acorn.Identifier).name);
    else if (k.type === 'Literal') keys.unshift(String(k.value));
    else if (k.type === 'Identifier') keys.unshift({ name: k.name });
    else keys.length = 0; // a key no one can name: stop at the container holding it
    cur = cur.object;
  }
  if (cur.type === 'ChainExpression') return pathOf(cur.expression);
  return cur.type === 'Identifier' ? { root: cur.name, keys } : null;
}

/** What a piece of code may do, found by walking it (functions it defines are not entered). */
export function scan(
  nodes: readonly (N | null | undefined)[],
  isCode: (callee: N, args: readonly N[]) => boolean,
): RegionInfo {
  const info = empty();
  const target = (p: acorn.AnyNode | acorn.Pattern): void => {
    const q = p as N;
    if (q.type === 'AssignmentPattern') {
      target(q.left);
      walk(q.right, 0, 0);
      return;
    }
    if (q.type === 'RestElement') return target(q.argument);
    if (p.type === 'Identifier') info.assigned.add(p.name);
    else if (p.type === 'MemberExpression') {
      const path = pathOf(p.object);
      if (path) info.paths.push(path);
      walk(p, 0, 0);
    } else if (p.type === 'ObjectPattern')
      for (const q of p.properties) target(q.type === 'RestElement' ? q.argument : q.value);
    else if (p.type === 'ArrayPattern') for (const e of p.elements) if (e) target(e);
  };
  const walk = (n: N, loops: number, switches: number): void => {
    if (!SAFE.has(n.type)) info.mayThrow = true;
    if (isFn(n)) return;
    switch (n.type) {
      case 'ReturnStatement':
      case 'ThrowStatement':
        info.returns = true;
        break;
      case 'BreakStatement':
        if (loops + switches === 0) info.breaks = true;
        break;
      case 'ContinueStatement':
        if (loops === 0) info.breaks = true;
        break;
      case 'AssignmentExpression':
        target(n.left);
        walk(n.right, loops, switches);
        return;
      case 'UpdateExpression':
        target(n.argument);
        return;
      case 'ForOfStatement':
        if (n.left.type !== 'VariableDeclaration') target(n.left);
        break;
      case 'MemberExpression': {
        const path = pathOf(n);
        if (path) {
          info.paths.push(path);
          if (n.computed) walk(n.property, loops, switches);
          return;
        }
        break;
      }
      case 'Identifier':
        info.paths.push({ root: n.name, keys: [] });
        return;
      case 'CallExpression':
        if (isCode(n.callee, n.arguments)) info.callsCode = true;
        if (n.callee.type === 'MemberExpression') {
          const path = pathOf(n.callee.object);
          if (path) info.paths.push(path);
        }
        break;
    }
    const inner = isLoop(n)
      ? [loops + 1, switches]
      : n.type === 'SwitchStatement'
        ? [loops, switches + 1]
        : [loops, switches];
    for (const [k, child] of Object.entries(n)) {
      if (k === 'type' || k === 'start' || k === 'end') continue;
      for (const c of Array.isArray(child) ? child : [child])
        if (c && typeof c === 'object' && typeof (c as N).type === 'string') walk(c as N, inner[0]!, inner[1]!);
    }
  };
  for (const n of nodes) if (n) walk(n, 0, 0);
  return info;
}

/** Adds what every plan function may do (a region that may call plan code may do all of it). */
export function withCode(info: RegionInfo, code: RegionInfo): RegionInfo {
  if (!info.callsCode) return info;
  return {
    ...info,
    assigned: new Set([...info.assigned, ...code.assigned]),
    paths: [...info.paths, ...code.paths],
    mayThrow: true,
  };
}

/** The heap objects the places of a region reach now. */
function exposedNow(m: Machine, info: RegionInfo): Set<Heap> {
  const roots: V[] = [];
  for (const p of info.paths) {
    if (p.root === 'input') continue;
    const b = m.lookup(p.root);
    if (!b) continue;
    let cur: V = b.value;
    let holder: V | null = null;
    for (const k of p.keys) {
      if (!isHeap(cur.v)) break;
      holder = cur;
      const key = typeof k === 'string' ? k : m.lookup(k.name)?.value.v;
      const next = typeof key === 'string' || typeof key === 'number' ? childOf(cur, String(key)) : undefined;
      if (!next) {
        cur = holder;
        holder = null;
        break;
      }
      cur = next;
    }
    roots.push(cur);
    if (holder) roots.push(holder);
  }
  return reachable(roots);
}

function childOf(x: V, key: string): V | undefined {
  const h = x.v;
  if (!isHeap(h)) return undefined;
  if (h.kind === 'array') return /^\d+$/.test(key) ? h.items[Number(key)] : undefined;
  if (h.kind === 'object') return h.props.get(key);
  return undefined;
}

/**
 * Opens a region under `c` (the cell's label may grow while it runs: a loop's tests) and returns
 * the function that closes it, applying the rule above; the caller closes it however it ends.
 * `callbacks`: the nodes are bodies of callbacks, whose returns end the callback only.
 */
export function openRegion(
  m: Machine,
  c: Cell,
  nodes: readonly (N | null | undefined)[],
  callbacks = false,
): () => void {
  const found = m.regionInfo(nodes);
  const info = callbacks ? { ...found, returns: false, breaks: false } : found;
  const before = m.ctx.mode === 'strict' ? exposedNow(m, info) : new Set<Heap>();
  const envAtStart: Env = m.env;
  m.ctx.push(c);
  return () => {
    m.ctx.pop(c);
    settle(m, info, c.l, before, envAtStart);
  };
}

/** Runs `body` as a region (see `openRegion`). */
export function* region<T>(
  m: Machine,
  c: Cell,
  nodes: readonly (N | null | undefined)[],
  body: (c: Cell) => Step<T>,
): Step<T> {
  const close = openRegion(m, c, nodes);
  try {
    return yield* body(c);
  } finally {
    close();
  }
}

/** A region that did not run at all (the branch not taken): only the rule applies. */
export function skipped(m: Machine, l: Label, nodes: readonly (N | null | undefined)[]): void {
  settle(m, m.regionInfo(nodes), l, exposedNow(m, m.regionInfo(nodes)), m.env);
}

function settle(m: Machine, info: RegionInfo, l: Label, before: Set<Heap>, env: Env): void {
  // Whether a return or break happened depends on the region's label and on why it ran at all.
  if (info.returns) m.ctx.taint(joinLabels(l, m.ctx.pc), 'function');
  if (info.breaks) m.ctx.taint(joinLabels(l, m.ctx.pc), 'loop');
  if (info.mayThrow) m.ctx.mayThrow(l);
  if (m.ctx.mode !== 'strict') return;
  const saved = m.env;
  m.env = env;
  try {
    for (const name of info.assigned) {
      const b = m.lookup(name);
      if (b && !b.constant) b.value = withLabel(b.value, l);
    }
    for (const h of new Set([...before, ...exposedNow(m, info)])) if (!isFrozen(h)) upgrade(h, l);
  } finally {
    m.env = saved;
  }
}

const isFrozen = (h: Heap): boolean => (h.kind === 'array' || h.kind === 'object') && h.frozen === true;
