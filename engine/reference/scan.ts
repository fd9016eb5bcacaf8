/**
 * What a piece of code may do, read from its text, for the rule of regions.ts (semantics.md §3b,
 * README): what it assigns, the places it names (a variable and a chain of keys; `EACH`: every
 * element), whether it may return, throw, leave its loop or call plan code. Functions it defines
 * are not entered; a callback written in a built-in's call is (it runs during that call).
 */
import type * as acorn from 'acorn';
import { BUILTIN_CALLS } from '../plan/builtins';

type N = acorn.AnyNode;
export type Nodes = readonly (N | null | undefined)[];
export const EACH = Symbol('each');
export type Key = string | typeof EACH;
export type Path = { readonly root: string; readonly keys: readonly Key[] };
export interface RegionInfo {
  readonly assigned: Set<string>;
  readonly paths: Path[];
  returns: boolean;
  breaks: boolean;
  mayThrow: boolean;
  callsCode: boolean;
  /**
   * Whether a plan function it calls itself (not as a built-in's callback, whose exit taint goes
   * into what it answers) may hand back an exit taint (Machine.withCalls): the caller picks that
   * up only where the call ran, so the region's label raises the rest of the function (regions.ts).
   */
  raises: boolean;
  /** The plan functions it calls itself by name, or whether it calls a function value it does not name. */
  readonly direct: Set<string>;
  directAny: boolean;
  /** The plan functions its calls name (Machine adds what they may do)… */
  readonly callees: Set<string>;
  /** …or whether it may call a function value it does not name (a parameter, a call's answer). */
  callsAny: boolean;
}
/** The plan functions a call may run: none (null), those named, or any ('any'); Machine.callees. */
export type Callees = readonly string[] | 'any' | null;
export type IsCode = (callee: N, args: readonly N[]) => Callees;

export const isFn = (n: N): boolean =>
  n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';
const LOOPS = new Set(['ForStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
/** Nodes that can never throw: everything else may (a property of null, a refused conversion…). */
const SAFE = new Set(
  `Literal Identifier BlockStatement ExpressionStatement EmptyStatement BreakStatement ContinueStatement
  VariableDeclaration VariableDeclarator FunctionDeclaration ArrowFunctionExpression FunctionExpression IfStatement
  ReturnStatement`.split(/\s+/),
);
/** Methods that change nothing and answer a primitive (their callbacks are plan code, counted as such). */
const ANSWERS_ONLY = new Set(
  'includes indexOf lastIndexOf join some every findIndex findLastIndex forEach has'.split(' '),
);
/** Methods that change nothing and hand back parts of their receiver: they name each part. */
const PARTS_ONLY = new Set(
  'slice concat at find findLast filter map flatMap flat toSorted toReversed with get keys values entries'.split(' '),
);
/** …of which these hand back some of its elements, in a new array. */
const SUBSET = new Set(['slice', 'filter', 'toSorted', 'toReversed']);
/** Functions whose answer is a primitive, or fresh data holding none of their arguments: the global ones, … */
export const GLOBAL_CALLS: ReadonlySet<string> = new Set([...BUILTIN_CALLS].filter((n) => !n.includes('.')));
const FRESH_MEMBERS = new Set(['JSON.stringify', 'JSON.parse', 'Object.keys', 'Array.isArray']);
const MAP_OR_SET = (n: N): boolean =>
  n.type === 'NewExpression' && n.callee.type === 'Identifier' && ['Map', 'Set'].includes(n.callee.name);

export const methodName = (callee: N): string =>
  callee.type === 'MemberExpression' && !callee.computed ? (callee.property as acorn.Identifier).name : '';

/** How a declaration binds: the checker allows only `let` and `const`. */
export const declares = (d: acorn.VariableDeclaration): 'let' | 'const' => (d.kind === 'const' ? 'const' : 'let');
/** A `for…of` head's pattern, and whether it declares its variables or assigns them. */
export const headOf = (s: acorn.ForOfStatement): { pattern: N; mode: 'let' | 'const' | 'assign' } =>
  s.left.type === 'VariableDeclaration'
    ? { pattern: s.left.declarations[0]!.id, mode: declares(s.left) }
    : { pattern: s.left, mode: 'assign' };

/** A member chain: what it starts at, and its keys (a key the plan computes: `EACH`, any element). */
function chainOf(e: N): { base: N; keys: Key[] } {
  const keys: Key[] = [];
  let cur: N = e;
  for (; cur.type === 'MemberExpression'; cur = cur.object) {
    const k = cur.property;
    if (!cur.computed) keys.unshift((k as acorn.Identifier).name);
    else if (k.type === 'Literal') keys.unshift(String(k.value));
    // A read hands on the element, not its holder (a write names the holder: `assigns`).
    else keys.unshift(EACH);
  }
  return cur.type === 'ChainExpression' ? chainOf(cur.expression) : { base: cur, keys };
}
const pathOf = (e: N): Path | null => {
  const { base, keys } = chainOf(e);
  return base.type === 'Identifier' ? { root: base.name, keys } : null;
};

/** A choice's options and what runs before them (a `?:`'s test, a sequence's first parts); null if none. */
function choiceOf(e: N): { options: N[]; first: N[] } | null {
  if (e.type === 'LogicalExpression') return { options: [e.left, e.right], first: [] };
  if (e.type === 'ConditionalExpression') return { options: [e.consequent, e.alternate], first: [e.test] };
  if (e.type === 'SequenceExpression') return { options: e.expressions.slice(-1), first: e.expressions.slice(0, -1) };
  return null;
}

/** The operands of code that only reads them, converting them to a fresh value; else null. */
function readsOnly(n: N, isCode: IsCode): readonly (N | null)[] | null {
  switch (n.type) {
    case 'UnaryExpression':
      return [n.argument]; // the checker refuses `delete`
    case 'BinaryExpression':
      return [n.left, n.right];
    case 'TemplateLiteral':
      return n.expressions;
    case 'CallExpression': {
      const p = n.callee.type === 'MemberExpression' ? pathOf(n.callee) : null;
      const member = p?.keys.length === 1 ? `${p.root}.${String(p.keys[0])}` : '';
      const fresh =
        (n.callee.type === 'Identifier' && GLOBAL_CALLS.has(n.callee.name)) ||
        FRESH_MEMBERS.has(member) ||
        ((p?.root === 'Math' || p?.root === 'Number') && p.keys.length === 1);
      return fresh && isCode(n.callee, n.arguments) === null ? n.arguments : null;
    }
    case 'MemberExpression': {
      // `[xs].length`, `new Map([[1, xs]]).size`: a number.
      const k = n.computed ? '' : (n.property as acorn.Identifier).name;
      if (k === 'length' && n.object.type === 'ArrayExpression') return n.object.elements;
      return k === 'size' && MAP_OR_SET(n.object) ? (n.object as acorn.NewExpression).arguments : null;
    }
  }
  return null;
}

/** The names and members a pattern binds (`bind`), and its default values (`dflt`), in order. */
export function eachTarget(p: N | null, bind: (t: N) => void, dflt: (e: N) => void = () => {}): void {
  if (!p) return;
  if (p.type === 'AssignmentPattern') {
    eachTarget(p.left, bind, dflt);
    dflt(p.right);
  } else if (p.type === 'RestElement') eachTarget(p.argument, bind, dflt);
  else if (p.type === 'ObjectPattern')
    p.properties.forEach((q) => eachTarget(q.type === 'Property' ? q.value : q, bind, dflt));
  else if (p.type === 'ArrayPattern') p.elements.forEach((q) => eachTarget(q, bind, dflt));
  else bind(p);
}

/** What a piece of code may do (see above). */
export function scan(nodes: Nodes, isCode: IsCode): RegionInfo {
  const info: RegionInfo = {
    assigned: new Set(),
    paths: [],
    returns: false,
    breaks: false,
    mayThrow: false,
    callsCode: false,
    raises: false,
    direct: new Set(),
    directAny: false,
    callees: new Set(),
    callsAny: false,
  };
  /** The variables a `for…of` walked into declares: each stands for every element of its iterable. */
  const loopVars: Map<string, Path>[] = [];
  const resolve = (p: Path, more: readonly Key[] = []): Path => {
    const to = loopVars.findLast((g) => g.has(p.root))?.get(p.root) ?? { root: p.root, keys: [] };
    return { root: to.root, keys: [...to.keys, ...p.keys, ...more] };
  };
  const name = (p: Path, more: readonly Key[] = []): number => info.paths.push(resolve(p, more));
  /**
   * A name declared in the region dies with it: the places its values were built from (`given`) are
   * named only once the region names it or a function in it mentions it, to a fixpoint (§3b).
   */
  const locals = new Set(nodes.flatMap((n) => (n ? [...declaredIn(n, false)] : [])));
  const given = new Map<string, Path[]>();
  const fns: N[] = [];
  const give = (p: N, values: readonly N[]): void => {
    const at = info.paths.length;
    values.forEach(walk);
    eachTarget(p, () => {}, walk);
    const got = info.paths.splice(at);
    eachTarget(p, (x) => x.type === 'Identifier' && given.set(x.name, [...(given.get(x.name) ?? []), ...got]));
  };
  /** Members written into or called: there the holder itself is the place (not each option's). */
  const holders = new WeakSet<N>();
  const nesting = { loops: 0, switches: 0 };
  /** A name assigned, or a member written into (whose holder is named). */
  const assigns = (t: N): void => {
    if (t.type === 'Identifier') info.assigned.add(t.name);
    else if (t.type === 'MemberExpression') {
      holders.add(t);
      const holder = pathOf(t.object);
      if (holder) name(holder);
      walk(t);
    }
  };
  const target = (p: N): void => eachTarget(p, assigns, walk);
  /** The computed keys of a member chain are expressions of their own. */
  const walkKeys = (e: N): void => {
    let cur: N = e.type === 'ChainExpression' ? e.expression : e;
    for (; cur.type === 'MemberExpression'; cur = cur.object as N) if (cur.computed) walk(cur.property);
  };
  const readOnly = (operands: readonly (N | null)[]): void => {
    for (const o of operands)
      if (!o) continue;
      else if (pathOf(o)) walkKeys(o);
      else if (o.type === 'SpreadElement') readOnly([o.argument]);
      else if (o.type === 'ArrayExpression') readOnly(o.elements);
      else walk(o);
  };
  /** Names the place `e` is, with `more` keys below it, and walks its computed keys; false if it is none. */
  const place = (e: N, more: readonly Key[] = []): boolean => {
    const p = pathOf(e);
    if (p) name(p, more);
    if (p) walkKeys(e);
    return !!p;
  };
  /** A member chain names its place; on a choice, that member of each option (or the option, if no name). */
  const member = (n: acorn.MemberExpression): boolean => {
    if (place(n)) return true;
    const { base, keys } = chainOf(n);
    const choice = choiceOf(base);
    if (!choice || holders.has(n)) return false;
    choice.first.forEach(walk);
    for (const o of choice.options) if (!place(o, keys)) walk(o);
    walkKeys(n);
    return true;
  };
  /** A spread, `new Set(xs)`, `new Map(pairs)` hold the elements (whole pairs) of `xs`, not `xs`. */
  const held = (n: acorn.SpreadElement | acorn.NewExpression): boolean => {
    const from =
      n.type === 'SpreadElement' ? n.argument : MAP_OR_SET(n) && n.arguments.length === 1 ? n.arguments[0]! : null;
    return !!from && place(from, [EACH]);
  };
  /** Calls whose answer only the method called on it sees, which only answers: they name nothing. */
  const unkept = new WeakSet<N>();
  const call = (n: acorn.CallExpression): void => {
    holders.add(n.callee);
    // A callback written here runs only during this call: part of the region (not of Machine's code).
    // The arguments stay in place: an inline callback first is the callback (a function it
    // names nothing by), not a reason to read the next argument (reduce's initial value) as one.
    const inline = isCode(n.callee, []) !== null ? [] : n.arguments.filter(isFn);
    const callees = isCode(n.callee, n.arguments);
    const unknown = callees === 'any';
    if (callees !== null) calls({ callsCode: true, callsAny: unknown, callees: new Set(unknown ? [] : callees) });
    const direct = n.callee.type === 'MemberExpression' ? null : isCode(n.callee, []);
    if (direct === 'any') info.directAny = true;
    else direct?.forEach((f) => info.direct.add(f));
    const method = methodName(n.callee);
    let receiver = n.callee.type === 'MemberExpression' ? pathOf(n.callee.object) : null;
    // `xs.slice(1).forEach(f)`: f is given some of xs's elements, and the new array is dropped.
    const inner = n.callee.type === 'MemberExpression' ? n.callee.object : null;
    if (inner?.type === 'CallExpression' && ANSWERS_ONLY.has(method) && SUBSET.has(methodName(inner.callee))) {
      receiver = inner.callee.type === 'MemberExpression' ? pathOf(inner.callee.object) : null;
      if (receiver) unkept.add(inner);
    }
    for (const f of inline) callback(f as acorn.Function, receiver);
    if (receiver && !ANSWERS_ONLY.has(method) && !unkept.has(n)) name(receiver, PARTS_ONLY.has(method) ? [EACH] : []);
  };
  const walk = (n: N): void => {
    if (!SAFE.has(n.type)) info.mayThrow = true;
    if (isFn(n)) return void fns.push(n);
    const operands = readsOnly(n, isCode);
    if (operands) return readOnly(operands);
    switch (n.type) {
      case 'ReturnStatement':
      case 'ThrowStatement':
        info.returns = true;
        break;
      // A `break` inside a nested loop or `switch`, a `continue` inside a nested loop, stays there.
      case 'BreakStatement':
        if (nesting.loops + nesting.switches === 0) info.breaks = true;
        break;
      case 'ContinueStatement':
        if (nesting.loops === 0) info.breaks = true;
        break;
      case 'AssignmentExpression':
        target(n.left);
        if (n.left.type === 'Identifier' && locals.has(n.left.name)) return give(n.left, [n.right]);
        return walk(n.right);
      case 'VariableDeclarator':
        return give(n.id, n.init ? [n.init] : []);
      case 'UpdateExpression':
        return target(n.argument);
      case 'ForOfStatement': {
        const head = headOf(n);
        const declared = head.mode === 'assign' ? null : head.pattern;
        if (!declared) target(n.left);
        const from = declared && pathOf(n.right);
        if (declared && !from) give(declared, [n.right]);
        if (!from) return void (declared ? walkLoopBody(n.body) : childrenOf(n).forEach(walk));
        // Iterating only reads the iterable; the body reaches its elements through the variables.
        walkKeys(n.right);
        const vars = new Map<string, Path>();
        const each = resolve(from, [EACH]);
        eachTarget(declared, (t) => void (t.type === 'Identifier' && vars.set(t.name, each)), walk);
        loopVars.push(vars);
        walkLoopBody(n.body);
        loopVars.pop();
        return;
      }
      case 'Identifier':
        name({ root: n.name, keys: [] });
        return;
      case 'MemberExpression':
        // A key written as a name is no variable.
        if (!member(n)) [n.object, ...(n.computed ? [n.property] : [])].forEach(walk);
        return;
      case 'SpreadElement':
      case 'NewExpression':
        if (held(n)) return;
        break;
      case 'CallExpression':
        call(n);
    }
    const depth = LOOPS.has(n.type) ? 'loops' : n.type === 'SwitchStatement' ? 'switches' : null;
    if (depth) nesting[depth]++;
    childrenOf(n).forEach(walk);
    if (depth) nesting[depth]--;
  };
  /** A callback: its parameters name what they are given (the first two: each element of the receiver). */
  const callback = (f: acorn.Function, receiver: Path | null): void => {
    const defaults: N[] = [];
    const keep = (d: N): number => defaults.push(d);
    for (const p of f.params) eachTarget(p, () => {}, keep);
    const inner = scan([f.body, ...defaults], isCode);
    const own = declaredIn(f as N, false);
    const given = new Map<string, Path>();
    if (receiver)
      f.params.forEach((p, i) => {
        const keys: readonly Key[] = i < 2 ? [...receiver.keys, EACH] : receiver.keys;
        eachTarget(p, (t) => t.type === 'Identifier' && given.set(t.name, { root: receiver.root, keys }));
      });
    for (const x of inner.assigned) if (!own.has(x)) info.assigned.add(x);
    for (const p of inner.paths)
      if (!own.has(p.root)) name(p);
      else if (given.has(p.root)) name(given.get(p.root)!, p.keys);
    info.mayThrow ||= inner.mayThrow;
    calls(inner);
  };
  const calls = (c: Pick<RegionInfo, 'callsCode' | 'callsAny' | 'callees'>): void => {
    info.callsCode ||= c.callsCode;
    info.callsAny ||= c.callsAny;
    c.callees.forEach((f) => info.callees.add(f));
  };
  const walkLoopBody = (body: N): void => {
    nesting.loops++;
    walk(body);
    nesting.loops--;
  };
  for (const n of nodes) if (n) walk(n);
  // A local is exposed by a function that mentions it, or a path rooted at it (the paths grow as it goes).
  const expose = (r: string): void => {
    info.paths.push(...(given.get(r) ?? []));
    given.delete(r);
  };
  const mentions = (n: N): void => (n.type === 'Identifier' ? expose(n.name) : childrenOf(n).forEach(mentions));
  fns.forEach(mentions);
  for (let i = 0; i < info.paths.length; i++) expose(info.paths[i]!.root);
  return info;
}

/**
 * A loop or `switch` without its head (the iterable, the discriminant), which runs before the region;
 * it starts where the head ends, so `Machine.regionInfo` (keyed by position) keeps it apart.
 */
export function withoutHead(s: acorn.ForOfStatement | acorn.SwitchStatement): N {
  const head = s.type === 'ForOfStatement' ? s.right : s.discriminant;
  const none = { type: 'Literal', value: null, raw: 'null', start: head.start, end: head.end } as N;
  return { ...s, ...(s.type === 'ForOfStatement' ? { right: none } : { discriminant: none }), start: head.end } as N;
}

/** Names a piece of code declares; without `intoFunctions`, not those of the functions inside it. */
export function declaredIn(node: N, intoFunctions = true): Set<string> {
  const out = new Set<string>();
  const names = (p: N | null): void => eachTarget(p, (t) => t.type === 'Identifier' && out.add(t.name));
  const walk = (n: N): void => {
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

export function childrenOf(n: N): N[] {
  return Object.entries(n).flatMap(([k, c]) =>
    k === 'type' ? [] : (Array.isArray(c) ? c : [c]).filter((x): x is N => typeof (x as N | null)?.type === 'string'),
  );
}
