/**
 * Conditional regions (semantics.md §3, and "writes in branches not taken"): code that runs, or
 * does not, because of a label. The rule, stated once:
 *
 *   At the end of a region with label `c` (STRICT), every variable the region may assign, and
 *   every container reachable — when the region starts or when it ends — from any place the
 *   region names (a variable, or a path `x.a.b` of static keys: what it holds, not the
 *   container holding it), has `c` joined into its label. Calls of plan code inside count as
 *   naming everything any plan function names; a name an operator or a global function only
 *   converts to a fresh value (`+xs`, `a < b`, a template, `JSON.stringify(xs)`) is read, not
 *   named. A loop's iterable and a `switch`'s discriminant
 *   run before their region opens, so they are not part of it.
 *
 * A region reaches the heap only through names it mentions (tool outputs are fresh, `input` is
 * read-only), so anything it could have written, or made reachable through another name, is
 * covered whichever way the condition went. In both modes, a region that may `return`/`throw`
 * taints the rest of its function, one that may `break`/`continue` the rest of its loop, and one
 * that may throw inside a `try` joins `c` into what the try could have thrown because of.
 */
import type * as acorn from 'acorn';
import { joinLabels, type Label } from '../ifc/label';
import { cell, type Cell } from './context';
import type { Machine, Step } from './machine';
import { isHeap, partsOf, reachable, upgrade, withLabel, type Env, type Heap, type V } from './values';

type N = acorn.AnyNode;
type Nodes = readonly (N | null | undefined)[];
/** Every element of a container (a callback's parameter stands for each element it is given). */
const EACH = Symbol('each');
/** A place named in the code: a variable and static keys (or key variables, or EACH) below it. */
interface Path {
  readonly root: string;
  readonly keys: readonly (string | typeof EACH | { readonly name: string })[];
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

export const isFn = (n: N): boolean =>
  n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';
const isLoop = (n: N): boolean =>
  ['ForStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement'].includes(n.type);
/** Nodes that can never throw: everything else may (a property of null, a refused conversion…). */
const SAFE = new Set(
  `Literal Identifier BlockStatement ExpressionStatement EmptyStatement BreakStatement ContinueStatement
  VariableDeclaration VariableDeclarator FunctionDeclaration ArrowFunctionExpression FunctionExpression IfStatement
  ReturnStatement`.split(/\s+/),
);

/** A path for a member chain of static keys, or null when it does not start at a name. */
function pathOf(e: N): Path | null {
  const { base, keys } = chainOf(e);
  return base.type === 'Identifier' ? { root: base.name, keys } : null;
}

/** A member chain: what it starts at, and its keys. */
function chainOf(e: N): { base: N; keys: Path['keys'][number][] } {
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
  if (cur.type === 'ChainExpression') return chainOf(cur.expression);
  return { base: cur, keys };
}

/**
 * Methods that change nothing and answer a primitive: their receiver is read, not named (what
 * their callbacks do is plan code, counted as such).
 */
const ANSWERS_ONLY = new Set(
  'includes indexOf lastIndexOf join some every findIndex findLastIndex forEach has'.split(' '),
);
const answersOnly = (callee: acorn.MemberExpression): boolean =>
  !callee.computed && ANSWERS_ONLY.has((callee.property as acorn.Identifier).name);

/**
 * Global functions whose answer is a primitive, or a fresh value holding none of their
 * arguments' containers (`JSON.parse` reads text; `Object.keys` answers new strings).
 */
const FRESH = new Set(['String', 'Number', 'Boolean', 'parseInt', 'parseFloat', 'isNaN', 'isFinite']);
const FRESH_MEMBERS = new Set(['JSON.stringify', 'JSON.parse', 'Object.keys', 'Array.isArray']);
const answersFresh = (callee: N): boolean => {
  if (callee.type === 'Identifier') return FRESH.has(callee.name);
  const p = callee.type === 'MemberExpression' ? pathOf(callee) : null;
  const name = p && p.keys.length === 1 ? `${p.root}.${String(p.keys[0])}` : '';
  return FRESH_MEMBERS.has(name) || ((p?.root === 'Math' || p?.root === 'Number') && p.keys.length === 1);
};

/**
 * A spread, `new Set(xs)` and `new Map(pairs)` hold the elements (whole pairs, which a Map given
 * as the source also stands for), not the container they come from.
 */
function heldElements(n: acorn.SpreadElement | acorn.NewExpression): { from: N; path: Path } | null {
  const from = n.type === 'SpreadElement' ? n.argument : n.arguments.length === 1 ? n.arguments[0] : null;
  const holds =
    n.type === 'SpreadElement' || (n.callee.type === 'Identifier' && ['Set', 'Map'].includes(n.callee.name));
  const p = from && holds ? pathOf(from as N) : null;
  return p && { from: from as N, path: { root: p.root, keys: [...p.keys, EACH] } };
}

/** The `length` of an array literal, the `size` of a new Map or Set. */
const countOfFresh = (n: acorn.MemberExpression): boolean =>
  !n.computed &&
  n.property.type === 'Identifier' &&
  ((n.property.name === 'length' && n.object.type === 'ArrayExpression') ||
    (n.property.name === 'size' &&
      n.object.type === 'NewExpression' &&
      n.object.callee.type === 'Identifier' &&
      ['Map', 'Set'].includes(n.object.callee.name)));

/** What a piece of code may do, found by walking it (functions it defines are not entered). */
export function scan(
  nodes: readonly (N | null | undefined)[],
  isCode: (callee: N, args: readonly N[]) => boolean,
): RegionInfo {
  const info = empty();
  const holders = new WeakSet<N>();
  const nesting = { loops: 0, switches: 0 };
  const target = (p: acorn.AnyNode | acorn.Pattern): void => {
    const q = p as N;
    if (q.type === 'AssignmentPattern') {
      target(q.left);
      walk(q.right);
      return;
    }
    if (q.type === 'RestElement') return target(q.argument);
    if (p.type === 'Identifier') info.assigned.add(p.name);
    else if (p.type === 'MemberExpression') {
      holders.add(p);
      const path = pathOf(p.object);
      if (path) info.paths.push(path);
      walk(p);
    } else if (p.type === 'ObjectPattern')
      for (const q of p.properties) target(q.type === 'RestElement' ? q.argument : q.value);
    else if (p.type === 'ArrayPattern') for (const e of p.elements) if (e) target(e);
  };
  /** The computed keys of a member chain are expressions of their own. */
  const walkKeys = (e: N): void => {
    for (
      let cur = e.type === 'ChainExpression' ? (e.expression as N) : e;
      cur.type === 'MemberExpression';
      cur = cur.object as N
    )
      if (cur.computed) walk(cur.property as N);
  };
  /** Operands whose containers the code only reads: a name is read, not named. */
  const readOnly = (operands: readonly (acorn.AnyNode | null)[]): void => {
    for (const o of operands as (N | null)[])
      if (!o) continue;
      else if (pathOf(o)) walkKeys(o);
      else if (o.type === 'SpreadElement') readOnly([o.argument]);
      else if (o.type === 'ArrayExpression') readOnly(o.elements);
      else walk(o);
  };
  /**
   * A member chain on a choice (`(xs || []).length`, `(c ? a : b).k`) names the chain on each
   * option; an option that is not a name is named whole. Not for a chain written into or called
   * (`holders`): there the holder itself is the place.
   */
  const choiceMember = (n: N): boolean => {
    const { base, keys } = chainOf(n);
    const options =
      base.type === 'LogicalExpression'
        ? [base.left, base.right]
        : base.type === 'ConditionalExpression'
          ? [base.consequent, base.alternate]
          : base.type === 'SequenceExpression'
            ? base.expressions.slice(-1)
            : null;
    if (!options) return false;
    if (base.type === 'ConditionalExpression') walk(base.test as N);
    if (base.type === 'SequenceExpression') base.expressions.slice(0, -1).forEach((x) => walk(x as N));
    for (const o of options) {
      const p = pathOf(o as N);
      if (!p) walk(o as N);
      else {
        info.paths.push({ root: p.root, keys: [...p.keys, ...keys] });
        walkKeys(o as N);
      }
    }
    walkKeys(n);
    return true;
  };
  const walk = (n: N): void => {
    if (!SAFE.has(n.type)) info.mayThrow = true;
    if (isFn(n)) return;
    switch (n.type) {
      case 'ReturnStatement':
      case 'ThrowStatement':
        info.returns = true;
        break;
      case 'BreakStatement':
        if (nesting.loops + nesting.switches === 0) info.breaks = true;
        break;
      case 'ContinueStatement':
        if (nesting.loops === 0) info.breaks = true;
        break;
      case 'AssignmentExpression':
        target(n.left);
        walk(n.right);
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
          if (n.computed) walk(n.property);
          return;
        }
        if (!holders.has(n) && choiceMember(n)) return;
        if (countOfFresh(n)) {
          // `[xs].length`, `new Map([[1, xs]]).size`: a number; what built the container is read.
          readOnly(
            n.object.type === 'ArrayExpression' ? n.object.elements : (n.object as acorn.NewExpression).arguments,
          );
          return;
        }
        break;
      }
      case 'Identifier':
        info.paths.push({ root: n.name, keys: [] });
        return;
      case 'UnaryExpression':
      case 'BinaryExpression':
      case 'TemplateLiteral':
        // Their answer is a primitive and they change nothing: a name they convert is read, not
        // named (what else they contain — a call, an assignment — is walked as usual).
        if (n.type === 'UnaryExpression' && n.operator === 'delete') {
          holders.add(n.argument);
          break;
        }
        readOnly(
          n.type === 'TemplateLiteral'
            ? n.expressions
            : n.type === 'UnaryExpression'
              ? [n.argument]
              : [n.left, n.right],
        );
        return;
      case 'SpreadElement':
      case 'NewExpression': {
        const held = heldElements(n);
        if (!held) break;
        info.paths.push(held.path);
        walkKeys(held.from);
        return;
      }
      case 'CallExpression': {
        holders.add(n.callee);
        if (answersFresh(n.callee) && !isCode(n.callee, n.arguments)) {
          readOnly(n.arguments); // like an operator: `JSON.stringify(xs)`
          return;
        }
        // A function written as the callback of a built-in runs only during this call: its code
        // is part of the region (Machine leaves it out of "any plan function").
        const inline = isCode(n.callee, []) ? [] : n.arguments.filter(isFn);
        if (
          isCode(
            n.callee,
            n.arguments.filter((a) => !inline.includes(a)),
          )
        )
          info.callsCode = true;
        const receiver = n.callee.type === 'MemberExpression' ? pathOf(n.callee.object) : null;
        for (const f of inline) callback(f as acorn.Function, receiver);
        if (n.callee.type === 'MemberExpression' && !answersOnly(n.callee) && receiver) info.paths.push(receiver);
        break;
      }
    }
    // A `break` inside a nested loop or `switch`, a `continue` inside a nested loop, stays there.
    const depth = isLoop(n) ? 'loops' : n.type === 'SwitchStatement' ? 'switches' : null;
    if (depth) nesting[depth]++;
    for (const c of childrenOf(n)) walk(c);
    if (depth) nesting[depth]--;
  };
  /**
   * A callback's code, run by its built-in: what it names through its parameters is named through
   * what they are given — each element of the receiver (the first two; an accumulator is also the
   * initial value, an argument the region names), the receiver itself (the others) — and what it
   * declares is its own. Without a receiver that is a path, every name in the receiver's
   * expression is named whole already.
   */
  const callback = (f: acorn.Function, receiver: Path | null): void => {
    const inner = scan([f.body, ...f.params.flatMap(defaultsOf)], isCode);
    const own = declaredIn(f as N, false);
    const given = new Map<string, Path | null>();
    f.params.forEach((p, i) => {
      for (const name of declaredIn(p as N))
        given.set(name, receiver && { root: receiver.root, keys: i < 2 ? [...receiver.keys, EACH] : receiver.keys });
    });
    for (const name of inner.assigned) if (!own.has(name)) info.assigned.add(name);
    for (const p of inner.paths) {
      if (!own.has(p.root)) info.paths.push(p);
      else if (given.get(p.root))
        info.paths.push({ root: given.get(p.root)!.root, keys: [...given.get(p.root)!.keys, ...p.keys] });
    }
    info.mayThrow ||= inner.mayThrow;
    info.callsCode ||= inner.callsCode;
  };
  for (const n of nodes) if (n) walk(n);
  return info;
}

/** The default values in a parameter pattern (evaluated when the function is called). */
function defaultsOf(p: acorn.Pattern): N[] {
  if (p.type === 'AssignmentPattern') return [p.right as N, ...defaultsOf(p.left)];
  if (p.type === 'ObjectPattern')
    return p.properties.flatMap((q) => defaultsOf(q.type === 'RestElement' ? q.argument : q.value));
  if (p.type === 'ArrayPattern') return p.elements.flatMap((q) => (q ? defaultsOf(q) : []));
  if (p.type === 'RestElement') return defaultsOf(p.argument);
  return [];
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
    // What the place holds, not the container holding it: a region that writes into the holder
    // (`x.k = v`, `x.push(v)`) names the holder itself, as a place of its own. A key that is a
    // variable may name any element while the region runs: the whole container, then.
    roots.push(...placesAt(b.value, p.keys));
  }
  return reachable(roots);
}

function placesAt(cur: V, keys: Path['keys']): V[] {
  if (!keys.length) return [cur];
  const [k, ...rest] = keys;
  const h = cur.v;
  if (!isHeap(h)) return [];
  if (k === EACH) return partsOf(h).flatMap((x) => placesAt(x, rest));
  if (typeof k !== 'string') return [cur];
  const next = childOf(cur, k); // a key it does not hold reads no container
  return next ? placesAt(next, rest) : [];
}

function childOf(x: V, key: string): V | undefined {
  const h = x.v;
  if (!isHeap(h)) return undefined;
  if (h.kind === 'array') return /^\d+$/.test(key) ? h.items[Number(key)] : undefined;
  if (h.kind === 'object') return h.props.get(key);
  return undefined;
}

const heads = new WeakMap<N, N>();
/**
 * A loop or `switch` as its region sees it: the head (a `for…of`'s iterable, a discriminant) runs
 * once, before the region opens, so what it names is not the region's. Keyed apart from the
 * statement itself (`Machine.regionInfo` keys by position) by starting where the head ends.
 */
export function withoutHead(s: acorn.ForOfStatement | acorn.SwitchStatement): N {
  let out = heads.get(s);
  if (!out) {
    const head = s.type === 'ForOfStatement' ? s.right : s.discriminant;
    const none = { type: 'Literal', value: null, raw: 'null', start: head.start, end: head.end } as N;
    out = (s.type === 'ForOfStatement' ? { ...s, right: none } : { ...s, discriminant: none }) as N;
    out.start = head.end;
    heads.set(s, out);
  }
  return out;
}

/**
 * Opens a region under `c` (the cell's label may grow while it runs: a loop's tests) and returns
 * the function that closes it, applying the rule above; the caller closes it however it ends.
 * `callbacks`: the nodes are bodies of callbacks, whose returns end the callback only.
 */
export function openRegion(m: Machine, c: Cell, nodes: Nodes, callbacks = false): () => void {
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

/**
 * Code that runs, or not, because of a label (`c`, or a region cell with that label): `nodes`
 * are the region, and `body` what runs of it — none for a branch not taken, to which the rule
 * applies all the same.
 */
export function* region<T>(
  m: Machine,
  c: Cell | Label,
  nodes: Nodes,
  body?: (c: Cell) => Step<T>,
): Step<T | undefined> {
  const at = 'kind' in c ? c : cell('region', c);
  const close = openRegion(m, at, nodes);
  try {
    return body ? yield* body(at) : undefined;
  } finally {
    close();
  }
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

/**
 * Names a piece of code declares (variables, functions, parameters): its own business. Without
 * `intoFunctions`, only the code's own (a function's parameters and body, not the functions in it).
 */
export function declaredIn(node: acorn.AnyNode, intoFunctions = true): Set<string> {
  const out = new Set<string>();
  const names = (p: acorn.AnyNode | null): void => {
    if (!p) return;
    if (p.type === 'Identifier') out.add(p.name);
    else if (p.type === 'ObjectPattern')
      p.properties.forEach((q) => names(q.type === 'RestElement' ? q.argument : q.value));
    else if (p.type === 'ArrayPattern') p.elements.forEach((q) => names(q));
    else if (p.type === 'AssignmentPattern') names(p.left);
    else if (p.type === 'RestElement') names(p.argument);
  };
  const walk = (n: acorn.AnyNode): void => {
    if (n.type === 'VariableDeclarator') names(n.id);
    if (n.type === 'FunctionDeclaration' && n.id) out.add(n.id.name);
    if (isFn(n) && n !== node && !intoFunctions) return;
    if (isFn(n)) (n as acorn.Function).params.forEach(names);
    if (n.type === 'CatchClause') names(n.param ?? null);
    childrenOf(n).forEach(walk);
  };
  walk(node);
  return out;
}

export function childrenOf(n: acorn.AnyNode): acorn.AnyNode[] {
  const out: acorn.AnyNode[] = [];
  for (const [k, c] of Object.entries(n))
    if (k !== 'type')
      for (const x of Array.isArray(c) ? c : [c])
        if (x && typeof x === 'object' && typeof (x as acorn.AnyNode).type === 'string') out.push(x as acorn.AnyNode);
  return out;
}
