/**
 * What a piece of plan code may write, found statically. STRICT mode needs it at every merge
 * point: after `if (secret) x = 1`, the variable `x` reveals `secret` even when the branch was
 * not taken, so the compiler upgrades every location the region *may* write with the context
 * label (a hybrid monitor). Writes it cannot name (through aliases or unknown functions) make
 * the region "opaque": then everything after it in the function runs under its label.
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import { BUILTIN_TOOL_KINDS } from '../policy/tools';
import { BUILTIN_METHOD_NAMES, METHODS } from './builtins';

/** A path step standing for every element of an array, map or set (what a loop variable or a callback parameter denotes). */
export const EACH: unique symbol = Symbol('each');
export type Step = string | Binding | typeof EACH;

/**
 * A container a region may mutate: `root.path…` with static keys, key variables or EACH.
 * `deep`: the region may have made it reachable through another name (see expose), so every
 * container reachable from it is upgraded, not only this one.
 */
export interface Base {
  readonly root: Binding;
  readonly path: readonly Step[];
  readonly deep?: boolean;
}

export interface Effects {
  readonly vars: Set<Binding>;
  readonly bases: Base[];
  opaque: boolean;
  /** A return or throw inside (not in a nested function). */
  escapesFunction: boolean;
  /** A break/continue that leaves the region. */
  escapesLoop: boolean;
  /**
   * A call of plan code in it may hand back an exit taint (a conditional return or throw, an
   * opaque region, its own callees', §3): the caller picks that up for the rest of the function
   * only where the call ran, so the merge keeps the region's context for the rest as well (both
   * modes: calls record the context in NORMAL too). A call of a function value it does not know may.
   */
  raisesExit: boolean;
  /** A call to a tool that changes the world (a draft, a move, a send) may happen in it. */
  world: boolean;
  /** A call to any tool may happen in it (later calls are numbered, and budgets count them). */
  calls: boolean;
  /**
   * A call to a tool that reads the world (not an effect tool) may happen in it: what it reads
   * depends on the effects made before it (engine/world, `written`).
   */
  observes: boolean;
  /**
   * An operation in it may throw (mayThrow below). Inside a try, whether the region ran then
   * decides whether it threw, so the merge joins its context into the try's (§3a).
   */
  mayThrow: boolean;
  /**
   * Set by the compiler: temporaries holding the containers behind `bases` as they were when
   * the region started (the region may rebind a root or a key variable before the merge).
   */
  captured?: readonly { readonly t: string; readonly base: Base }[];
  /**
   * (Analysis only.) The region's own bindings whose containers a store exposed, and the values
   * given to them: a local that never escapes dies with the region, so what it was given is
   * exposed only once the local is (see settle).
   */
  exposedLocals?: Set<Binding>;
  localValues?: Map<Binding, N[]>;
  /** (Analysis only.) The region's own `const`s it writes through (see settle). */
  writtenLocals?: Set<Binding>;
}

/** Calls that change their receiver: array mutators, Map/Set writes, and a regex's lastIndex. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set([
  ...METHODS.mutating,
  'set',
  'add',
  'delete',
  'clear',
  'test',
  'exec',
]);
/** String methods that move (or reset) the lastIndex of a regex passed as their first argument. */
const REGEX_ARG_METHODS: ReadonlySet<string> = new Set([
  'replace',
  'replaceAll',
  'match',
  'matchAll',
  'search',
  'split',
]);
export const CALLBACK_METHODS: ReadonlySet<string> = new Set(METHODS.callback);
/**
 * Methods whose result never holds a container of their receiver or arguments (text, numbers,
 * booleans, arrays of text): exposing their call exposes nothing. Every other method may hand
 * back an element, the receiver or an argument (`at`, `find`, `slice`, `get`, `concat`, `sort`…).
 */
const PRIMITIVE_RESULT: ReadonlySet<string> = new Set([
  ...METHODS.string.filter((m) => m !== 'at' && m !== 'slice' && m !== 'concat' && m !== 'toString'),
  ...METHODS.number,
  ...METHODS.date,
  'toString',
  'join',
  'includes',
  'indexOf',
  'lastIndexOf',
  'findIndex',
  'findLastIndex',
  'some',
  'every',
  'forEach',
  'has',
  'delete',
  'clear',
  'push',
  'unshift',
  'test',
  'exec',
  'hasOwnProperty',
]);
/** Built-ins that may hand back a container of their argument (Object.values(o) holds o's values). */
const ALIASING_BUILTINS: ReadonlySet<string> = new Set(['Object.values', 'Object.entries', 'Object.fromEntries']);
/**
 * Tool kinds whose answer depends only on the arguments, never on the world (an extraction, the
 * transcript, a sanitizer): calling one observes nothing. Any other tool, including one this
 * table does not know, may read what earlier effects changed.
 */
const PURE_TOOL_KINDS: ReadonlySet<string> = new Set(['extract', 'display', 'sanitizer']);
export const observesWorld = (tool: string): boolean => {
  const kind = BUILTIN_TOOL_KINDS[tool];
  return kind === undefined || !PURE_TOOL_KINDS.has(kind);
};
// Every method the runtime implements on built-in values; any other name calls a stored function.
const KNOWN_METHODS = BUILTIN_METHOD_NAMES;

type N = acorn.AnyNode;

export class EffectAnalyzer {
  /** Every named function's effects (see summarise), made on first use. */
  private summaries: Map<acorn.Function, Effects> | null = null;
  constructor(
    private readonly analysis: Analysis,
    private readonly effectTools: ReadonlySet<string>,
    /** STRICT: an opaque region raises the rest of a function too (emit-regions.ts mergeCode). */
    private readonly strict = true,
  ) {}

  /**
   * Effects of a region (the nodes given) relative to bindings declared outside [start, end).
   * With `chosen`, the nodes are values the region picks (the arms of ?:, the right side of && ||
   * ??, a default value): a container one of them names is exposed as if written (see expose).
   */
  region(nodes: readonly (N | null | undefined)[], start: number, end: number, chosen = false): Effects {
    const eff = empty();
    const outside = (b: Binding): boolean => b.id.start < start || b.id.start >= end;
    for (const n of nodes) if (n) this.walk(n, eff, start, end, 0, 0, false);
    eff.mayThrow = nodes.some((n) => !!n && mayThrow(n));
    if (chosen) for (const n of nodes) if (n) this.expose(n, eff, outside);
    return this.settle(eff, outside);
  }

  /**
   * Containers the value of `e` may be, or hold, become reachable through another name under the
   * region's context (`ys = xs`, `t = xs || []`, `[t] = [xs]`, `new Map([[1, xs]])`,
   * `holder.push(o.list)`, `return box || null`, an arm of `c ? xs : []`). A later write through
   * that name reaches them only on the path that made the alias, so the merge upgrades them, and
   * everything reachable from them, as if the region had written them: their state then tells
   * nothing of which path ran. This is the rule, not a list of alias forms: every name whose
   * container can flow into the value is exposed — through operators that pass an operand on
   * (`||`, `??`, `?:`, `,`, `=`, `await`), literals, spreads, `new Map/Set`, calls of plan
   * functions (their arguments), built-ins and methods that can hand back a container of their
   * receiver or arguments, and functions made here (what they may return). Only what can never
   * carry a container (arithmetic, comparisons, text, tool results, which are fresh) is skipped.
   * A key the analysis cannot name stops a path at the container holding it.
   */
  private expose(e: N, eff: Effects, outside: (b: Binding) => boolean): void {
    const go = (x: N | null | undefined): void => {
      if (x) this.expose(x, eff, outside);
    };
    switch (e.type) {
      case 'Identifier':
      case 'MemberExpression':
        return this.exposeChain(e, eff, outside);
      case 'Literal':
      case 'TemplateLiteral':
      case 'UnaryExpression':
      case 'BinaryExpression':
      case 'UpdateExpression':
        return;
      case 'LogicalExpression':
        go(e.left);
        return go(e.right);
      case 'ConditionalExpression':
        go(e.consequent);
        return go(e.alternate);
      case 'SequenceExpression':
        return go(e.expressions[e.expressions.length - 1]);
      case 'AssignmentExpression':
        return go(e.right);
      case 'AwaitExpression':
      case 'SpreadElement':
        return go(e.argument);
      case 'ChainExpression':
      case 'ParenthesizedExpression':
        return go(e.expression);
      case 'ArrayExpression':
        for (const x of e.elements) go(x);
        return;
      case 'ObjectExpression':
        for (const p of e.properties) go(p.type === 'SpreadElement' ? p.argument : p.value);
        return;
      case 'NewExpression':
        for (const a of e.arguments) go(a);
        return;
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        // A function value returns what its body returns.
        if (e.body.type !== 'BlockStatement') go(e.body);
        else for (const r of returned(e.body)) go(r);
        return;
      case 'CallExpression':
        return this.exposeCall(e, eff, outside);
      default:
        for (const k of childKeys(e)) for (const c of children(e, k)) go(c);
    }
  }

  /**
   * `target = value`: a name of the region itself only remembers the value (exposed if the name
   * is, see settle); anything else exposes it now.
   */
  private store(target: N, value: N, eff: Effects, outside: (b: Binding) => boolean): void {
    const b = target.type === 'Identifier' ? this.binding(target) : null;
    if (b && !outside(b)) {
      const m = (eff.localValues ??= new Map());
      const vs = m.get(b);
      if (vs) vs.push(value);
      else m.set(b, [value]);
    } else this.expose(value, eff, outside);
  }

  /** Exposes what the region's exposed locals were given, to a fixpoint (a local given a local). */
  private settle(eff: Effects, outside: (b: Binding) => boolean): Effects {
    // A write through a `const` of the region (`const g = groups.get(k); g.n++`) writes into what
    // its one initialiser gave it: exposing that names it (a deep base), as writing through the
    // initialiser would. A `const` bound otherwise (a loop head, a pattern, a catch): opaque.
    for (const b of eff.writtenLocals ?? [])
      if (eff.localValues?.has(b)) (eff.exposedLocals ??= new Set()).add(b);
      else eff.opaque = true;
    const done = new Set<Binding>();
    for (let more = true; more;) {
      more = false;
      for (const b of [...(eff.exposedLocals ?? [])]) {
        if (done.has(b)) continue;
        done.add(b);
        more = true;
        for (const v of eff.localValues?.get(b) ?? []) this.expose(v, eff, outside);
      }
    }
    return eff;
  }

  /** What a call's result may hold of its receiver and arguments (see expose). */
  private exposeCall(e: acorn.CallExpression, eff: Effects, outside: (b: Binding) => boolean): void {
    const c = e.callee;
    const all = (): void => {
      for (const a of e.arguments) this.expose(a, eff, outside);
    };
    if (c.type === 'Identifier') {
      const r = this.analysis.refs.get(c);
      // A tool's result is fresh; a built-in function's is a primitive.
      if (r?.kind === 'local') all();
      return;
    }
    if (c.type !== 'MemberExpression') {
      this.expose(c, eff, outside);
      return all();
    }
    const name = c.computed ? null : (c.property as acorn.Identifier).name;
    if (c.object.type === 'Identifier' && this.analysis.refs.get(c.object)?.kind === 'builtin') {
      if (name !== null && ALIASING_BUILTINS.has(`${c.object.name}.${name}`)) all();
      return;
    }
    if (name !== null && PRIMITIVE_RESULT.has(name)) return;
    this.expose(c.object, eff, outside);
    all();
  }

  /** A name, or a member chain with its path (see expose): a base to upgrade deeply. */
  private exposeChain(e: N, eff: Effects, outside: (b: Binding) => boolean): void {
    const c = this.chain(e, outside);
    if (c === null) {
      let cur: N = e;
      while (cur.type === 'MemberExpression') cur = cur.object;
      const b = cur.type === 'Identifier' ? this.binding(cur) : null;
      if (b && !outside(b) && b.kind !== 'function') (eff.exposedLocals ??= new Set()).add(b);
      return;
    }
    if ('rest' in c) return this.expose(c.rest, eff, outside);
    eff.bases.push({ root: c.root, path: c.path, deep: true });
  }

  /**
   * A member chain as a root and a path; `cut` when a key could not be named (the path then
   * stops at the container holding it); `rest` when it is not rooted at a name; null when its
   * root is not a binding of interest (declared in the region, a function, input, a built-in).
   */
  private chain(
    e: N,
    outside: (b: Binding) => boolean,
  ): { root: Binding; path: Step[]; cut: boolean } | { rest: N } | null {
    let path: Step[] = [];
    let cut = false;
    let cur: N = e;
    while (cur.type === 'MemberExpression') {
      const k = this.keyOf(cur, outside);
      if (k === null) {
        path = [];
        cut = true;
      } else path.unshift(k);
      cur = cur.object;
    }
    if (cur.type !== 'Identifier') return { rest: cur };
    const root = this.binding(cur);
    if (!root || !outside(root) || root.kind === 'function') return null;
    return { root, path, cut };
  }

  /**
   * A loop variable or a callback's parameters denote elements of `source`: what the code
   * `inner` (walked as its own region, so those bindings count as outside it) exposes through
   * them, the enclosing region exposes through `source` and EACH of its elements.
   */
  private exposeElements(
    inner: Effects,
    params: ReadonlySet<Binding>,
    whole: boolean,
    source: N,
    eff: Effects,
    outside: (b: Binding) => boolean,
  ): void {
    for (const b of inner.bases) {
      if (!b.deep || !params.has(b.root)) continue;
      // A source named by a whole chain: its elements (and, for a loop variable bound by name,
      // the path under it). Anything else: all it exposes, deeply, which holds the elements.
      const c = this.chain(source, outside);
      if (c !== null && !('rest' in c) && !c.cut)
        eff.bases.push({ root: c.root, path: [...c.path, EACH, ...(whole ? b.path : [])], deep: true });
      else this.expose(source, eff, outside);
    }
  }

  /**
   * The key of a member expression as a base path step: a static name, or a variable declared
   * outside the region (one declared inside does not exist where the merge runs). Null otherwise.
   */
  private keyOf(m: acorn.MemberExpression, outside: (b: Binding) => boolean): Step | null {
    const k = m.property;
    if (!m.computed) return (k as acorn.Identifier).name;
    if (k.type === 'Literal' && typeof k.value === 'string') return k.value;
    if (k.type !== 'Identifier') return null;
    const b = this.binding(k);
    return b && outside(b) ? b : null;
  }

  private fnEffects(f: acorn.Function): Effects {
    this.summaries ??= this.summarise();
    return this.summaries.get(f) ?? empty();
  }

  /**
   * The effects of every named function, to a fixpoint: a function that calls another (itself,
   * or one that calls it back) includes everything the other writes, including what the other
   * writes after the call. Walks during the iteration read the summaries as they grow; effects
   * only grow, so this ends.
   */
  private summarise(): Map<acorn.Function, Effects> {
    const fns = [...new Set(this.analysis.bindings.map((b) => b.fn).filter((f): f is acorn.Function => f !== null))];
    const memo = new Map(fns.map((f) => [f, empty()]));
    this.summaries = memo;
    this.summarising = true;
    for (let changed = true; changed;) {
      changed = false;
      for (const f of fns) {
        const eff = empty();
        this.walk(f.body, eff, f.start, f.end, 0, 0, true);
        // An expression body is what the function returns: what it may hold is exposed.
        if (f.body.type !== 'BlockStatement')
          this.expose(f.body, eff, (b) => b.id.start < f.start || b.id.start >= f.end);
        for (const p of f.params) this.walk(p, eff, f.start, f.end, 0, 0, true);
        this.settle(eff, (b) => b.id.start < f.start || b.id.start >= f.end);
        eff.escapesFunction = false;
        eff.escapesLoop = false;
        if (signature(eff) !== signature(memo.get(f)!)) {
          memo.set(f, eff);
          changed = true;
        }
      }
    }
    this.summarising = false;
    return memo;
  }

  /**
   * The effects of a method call's callback (`xs.forEach(cb)`), for the merge after the call:
   * what the callback writes, and the receiver's elements it may store (see callbackElements).
   */
  callback(call: acorn.CallExpression): Effects {
    const eff = this.region([call.arguments[0]], call.start, call.end);
    const f = call.arguments[0];
    if ((f?.type === 'ArrowFunctionExpression' || f?.type === 'FunctionExpression') && this.fnRaises(f))
      eff.raisesExit = true;
    this.callbackElements(call, eff, (b) => b.id.start < call.start || b.id.start >= call.end);
    return eff;
  }

  /**
   * A callback's parameters denote the receiver's elements (and reduce's start value): what an
   * inline callback exposes through them is exposed through the receiver's elements; a named
   * callback may store what it is given anywhere, so the receiver is exposed.
   */
  private callbackElements(call: acorn.CallExpression, eff: Effects, outside: (b: Binding) => boolean): void {
    const arg = call.arguments[0];
    const receiver = (call.callee as acorn.MemberExpression).object;
    // A callback by name is the function it names, when the analysis knows it.
    const named = arg?.type === 'Identifier' ? this.binding(arg) : null;
    const f = named?.fn ?? arg;
    if (f?.type === 'Identifier') return this.expose(receiver, eff, outside);
    if (f?.type !== 'ArrowFunctionExpression' && f?.type !== 'FunctionExpression' && f?.type !== 'FunctionDeclaration')
      return;
    const params = new Set<Binding>();
    for (const p of f.params) for (const b of this.declared(p)) params.add(b);
    if (!params.size) return;
    // What it returns goes to the method's result, exposed where that result is stored
    // (exposeCall); only what it stores elsewhere is the call's own exposure.
    const inner = empty();
    this.summaries ??= this.summarise();
    const saved = this.returnsStore;
    this.returnsStore = false;
    this.walk(f.body, inner, f.body.start, f.body.end, 0, 0, true);
    this.settle(inner, (b) => b.id.start < f.body.start || b.id.start >= f.body.end);
    this.returnsStore = saved;
    this.exposeElements(inner, params, false, receiver, eff, outside);
    if (inner.bases.some((b) => b.deep && params.has(b.root)))
      for (const a of call.arguments.slice(1)) this.expose(a, eff, outside);
  }

  /**
   * Does the function store one of its parameters (or what is reachable from one) anywhere but
   * in its own return value? Walked as its own region, so its parameters count as outside it.
   * A function whose answer is still being worked out (recursion) is assumed to.
   */
  private storesParams(f: acorn.Function): boolean {
    const known = this.stores.get(f);
    if (known !== undefined) return known;
    // The summaries (which count returns as stores) are made first, never inside this walk.
    this.summaries ??= this.summarise();
    this.stores.set(f, true);
    const params = new Set<Binding>();
    for (const p of f.params) for (const b of this.declared(p)) params.add(b);
    const inner = empty();
    const saved = this.returnsStore;
    this.returnsStore = false;
    this.walk(f.body, inner, f.body.start, f.body.end, 0, 0, true);
    this.settle(inner, (b) => b.id.start < f.body.start || b.id.start >= f.body.end);
    this.returnsStore = saved;
    const stores = inner.bases.some((b) => b.deep && params.has(b.root));
    // While the summaries are still growing (a fixpoint), an answer may grow too: kept only after.
    if (this.summarising) this.stores.delete(f);
    else this.stores.set(f, stores);
    return stores;
  }
  private readonly stores = new Map<acorn.Function, boolean>();

  /**
   * May a call of `f` hand its caller an exit taint (R.exit, §3 "What an early return tells the
   * caller")? Yes when its own code may leave it early (a return or throw below its top level),
   * may raise the rest of it (a region the merge cannot name: opaque, or a write through a name
   * one of its declarations hides), or calls code that may. The named functions to a fixpoint,
   * as summarise; the summaries are made first and never ask (they do not carry it).
   */
  private fnRaises(f: acorn.Function): boolean {
    if (this.summarising) return false;
    this.summaries ??= this.summarise();
    if (!this.raises) {
      const fns = [...this.summaries.keys()];
      const raises = new Map(fns.map((g) => [g, false]));
      this.raises = raises;
      for (let changed = true; changed;) {
        changed = false;
        for (const g of fns)
          if (!raises.get(g) && this.exitsOwn(g)) {
            raises.set(g, true);
            changed = true;
          }
      }
    }
    return this.raises.get(f) ?? this.exitsOwn(f);
  }
  private raises: Map<acorn.Function, boolean> | undefined;

  /** fnRaises for one function, reading what the others raise as known so far. */
  private exitsOwn(f: acorn.Function): boolean {
    const eff = empty();
    const outside = (b: Binding): boolean => b.id.start < f.start || b.id.start >= f.end;
    const top = f.body.type === 'BlockStatement' ? f.body.body : [f.body];
    for (const s of top) {
      // A return or throw at the top level ends the function whichever way it went.
      const n = s.type === 'ReturnStatement' || s.type === 'ThrowStatement' ? s.argument : s;
      if (n) this.walk(n, eff, f.start, f.end, 0, 0, false);
    }
    for (const p of f.params) this.walk(p, eff, f.start, f.end, 0, 0, false);
    this.settle(eff, outside);
    if (eff.escapesFunction || eff.raisesExit) return true;
    // NORMAL raises the rest of a function only on an early exit or a call's exit taint.
    if (!this.strict) return false;
    if (eff.opaque) return true;
    const written = new Set([...eff.vars, ...eff.bases.map((b) => b.root)]);
    const names = new Set([...written].map((b) => b.name));
    return this.analysis.bindings.some((b) => !outside(b) && !written.has(b) && names.has(b.name));
  }
  private summarising = false;
  /** Off while storesParams walks a function: its own return value is not a store. */
  private returnsStore = true;

  /** The bindings a parameter or declaration pattern declares. */
  private declared(p: N): Binding[] {
    const out: Binding[] = [];
    const go = (x: N | null | undefined): void => {
      if (!x) return;
      if (x.type === 'Identifier') {
        const b = this.binding(x);
        if (b) out.push(b);
      } else if (x.type === 'ObjectPattern')
        for (const q of x.properties) go(q.type === 'RestElement' ? q.argument : q.value);
      else if (x.type === 'ArrayPattern') for (const q of x.elements) go(q);
      else if (x.type === 'AssignmentPattern') go(x.left);
      else if (x.type === 'RestElement') go(x.argument);
    };
    go(p);
    return out;
  }

  private binding(id: acorn.Identifier): Binding | null {
    const r = this.analysis.refs.get(id);
    return r?.kind === 'local' ? r.binding : null;
  }

  /**
   * A function's effects, at a call in a region: its writes and exposures of containers the
   * region's own bindings hold are the region's business (a write: opaque unless fresh, as a
   * write of the region itself; an exposure: the region's own stores expose what flows there).
   */
  private merge(into: Effects, from: Effects, outside: (b: Binding) => boolean): void {
    for (const v of from.vars) into.vars.add(v);
    for (const b of from.bases)
      if (outside(b.root)) into.bases.push(b);
      else if (!b.deep && !(b.root.fresh && b.path.length === 0)) into.opaque = true;
    if (from.opaque) into.opaque = true;
    if (from.world) into.world = true;
    if (from.calls) into.calls = true;
    if (from.observes) into.observes = true;
  }

  private walk(n: N, eff: Effects, start: number, end: number, loops: number, switches: number, inFn: boolean): void {
    const outside = (b: Binding): boolean => b.id.start < start || b.id.start >= end;
    const base = (target: acorn.Expression | acorn.Super): void => {
      let path: Step[] = [];
      let cur: N = target;
      while (cur.type === 'MemberExpression') {
        const k = this.keyOf(cur, outside);
        const local = cur.computed && cur.property.type === 'Identifier' && this.binding(cur.property) !== null;
        if (k !== null) path.unshift(k);
        // A key variable of the region itself: the merge upgrades the container holding it.
        else if (local) path = [];
        else {
          eff.opaque = true;
          return;
        }
        cur = cur.object;
      }
      if (cur.type !== 'Identifier') {
        eff.opaque = true;
        return;
      }
      const root = this.binding(cur);
      if (!root) return; // input or a built-in: never mutated (the runtime refuses)
      if (outside(root)) eff.bases.push({ root, path });
      else if (root.kind === 'const' && !(root.fresh && path.length === 0)) (eff.writtenLocals ??= new Set()).add(root);
      else if (!(root.fresh && path.length === 0)) eff.opaque = true;
    };
    // `direct`: called here, not handed to a built-in as its callback (whose exit taint goes into
    // what the built-in answers).
    const callee = (id: acorn.Identifier, direct = true): void => {
      const r = this.analysis.refs.get(id);
      if (r?.kind === 'tool') eff.calls = true;
      if (r?.kind === 'tool' && this.effectTools.has(r.name)) eff.world = true;
      else if (r?.kind === 'tool' && observesWorld(r.name)) eff.observes = true;
      const b = this.binding(id);
      if (!b) return;
      if (b.fn) {
        this.merge(eff, this.fnEffects(b.fn), outside);
        if (this.fnRaises(b.fn)) eff.raisesExit = true;
      } else {
        // A function value the analysis does not know, called here, may hand back an exit taint.
        eff.opaque = true;
        if (direct) eff.raisesExit = true;
      }
    };

    const go = (c: N | null | undefined, l = loops, s = switches, f = inFn): void => {
      if (c) this.walk(c, eff, start, end, l, s, f);
    };

    switch (n.type) {
      case 'AssignmentPattern':
        // A default value is stored in the binding it defaults (a parameter, a destructured name).
        this.expose(n.right, eff, outside);
        go(n.left);
        go(n.right);
        return;
      case 'VariableDeclarator':
        if (n.init) this.store(n.id, n.init, eff, outside);
        go(n.id);
        go(n.init);
        return;
      case 'AssignmentExpression':
      case 'UpdateExpression': {
        const target = n.type === 'AssignmentExpression' ? n.left : n.argument;
        if (n.type === 'AssignmentExpression' && n.operator === '=') this.store(n.left, n.right, eff, outside);
        if (target.type === 'Identifier') {
          const b = this.binding(target);
          if (b && outside(b)) eff.vars.add(b);
        } else if (target.type === 'MemberExpression') {
          base(target.object);
          go(target.object);
          if (target.computed) go(target.property);
        } else this.patternTargets(target as acorn.Pattern, eff, outside);
        if (n.type === 'AssignmentExpression') go(n.right);
        return;
      }
      case 'CallExpression': {
        const c = n.callee;
        // A plan function that may store what it is given (not only return it): its arguments
        // are exposed. A function value the analysis does not know may store anything.
        if (c.type === 'Identifier' && this.binding(c) !== null) {
          const fn = this.binding(c)!.fn;
          if (!fn || this.storesParams(fn)) for (const a of n.arguments) this.expose(a, eff, outside);
        }
        if (c.type === 'Identifier') callee(c);
        else if (c.type === 'MemberExpression') {
          const name = c.computed ? null : (c.property as acorn.Identifier).name;
          const isNamespace = c.object.type === 'Identifier' && this.analysis.refs.get(c.object)?.kind === 'builtin';
          if (!isNamespace) {
            if (name === null || !KNOWN_METHODS.has(name)) eff.opaque = true;
            else if (MUTATING_METHODS.has(name)) {
              base(c.object);
              for (const a of n.arguments) this.expose(a, eff, outside);
            }
            // A regex argument's lastIndex is the string method's to move: by name, a write to it;
            // computed by any other expression, every regex it may be is exposed (deeply).
            if (name !== null && REGEX_ARG_METHODS.has(name)) {
              const re = n.arguments[0];
              if (re?.type === 'Identifier' || re?.type === 'MemberExpression') base(re);
              if (re && re.type !== 'Literal') this.expose(re, eff, outside);
            }
            // A callback we cannot see (a parameter, o.f, fs[0]) may write anything.
            if (name !== null && CALLBACK_METHODS.has(name))
              for (const a of n.arguments.slice(0, 1)) {
                if (a.type === 'Identifier') callee(a, false);
                else if (a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression') {
                  if (this.fnRaises(a)) eff.raisesExit = true;
                } else if (!isData(a)) eff.opaque = true;
                this.callbackElements(n, eff, outside);
              }
          }
          go(c.object);
          if (c.computed) go(c.property);
        } else {
          eff.opaque = true;
          eff.raisesExit = true;
          go(c);
        }
        for (const a of n.arguments) go(a);
        return;
      }
      case 'Identifier': {
        // A function value passed around may be called later by a method: count its effects.
        const b = this.binding(n);
        if (b?.fn) {
          this.merge(eff, this.fnEffects(b.fn), outside);
          if (this.fnRaises(b.fn)) eff.raisesExit = true;
        }
        return;
      }
      case 'ReturnStatement':
      case 'ThrowStatement':
        if (!inFn) eff.escapesFunction = true;
        // What a function hands back its caller may store and write through (a throw always:
        // a catch anywhere may bind it).
        if (n.argument && (this.returnsStore || n.type === 'ThrowStatement')) this.expose(n.argument, eff, outside);
        go(n.argument);
        return;
      case 'BreakStatement':
        if (!inFn && loops === 0 && switches === 0) eff.escapesLoop = true;
        return;
      case 'ContinueStatement':
        if (!inFn && loops === 0) eff.escapesLoop = true;
        return;
      case 'ForOfStatement':
        // The head of `for (x of …)` / `for (o.k of …)` assigns on every iteration.
        if (n.left.type === 'Identifier') {
          const b = this.binding(n.left);
          if (b && outside(b)) eff.vars.add(b);
        } else if (n.left.type === 'MemberExpression') base(n.left.object);
        else if (n.left.type !== 'VariableDeclaration') this.patternTargets(n.left, eff, outside);
        // The head is an element of the iterable: what the body exposes through a loop variable
        // it declares, the loop exposes through the iterable's elements. (Assigned to a name
        // outside, the head itself stores the elements there.)
        if (n.left.type === 'VariableDeclaration') {
          const id = n.left.declarations[0]!.id;
          const params = new Set(this.declared(id));
          const inner = empty();
          this.walk(n.body, inner, n.body.start, n.body.end, 0, 0, inFn);
          this.settle(inner, (b) => b.id.start < n.body.start || b.id.start >= n.body.end);
          this.exposeElements(inner, params, id.type === 'Identifier', n.right, eff, outside);
        } else this.expose(n.right, eff, outside);
        for (const k of childKeys(n)) for (const c of children(n, k)) go(c, loops + 1, switches);
        return;
      case 'ForStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
        for (const k of childKeys(n)) for (const c of children(n, k)) go(c, loops + 1, switches);
        return;
      case 'SwitchStatement':
        go(n.discriminant);
        for (const c of n.cases) {
          go(c.test, loops, switches + 1);
          for (const s of c.consequent) go(s, loops, switches + 1);
        }
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        for (const p of n.params) go(p, 0, 0, true);
        go(n.body, 0, 0, true);
        return;
      default:
        for (const k of childKeys(n)) for (const c of children(n, k)) go(c);
    }
  }

  private patternTargets(p: acorn.Pattern, eff: Effects, outside: (b: Binding) => boolean): void {
    switch (p.type) {
      case 'Identifier': {
        const b = this.binding(p);
        if (b && outside(b)) eff.vars.add(b);
        return;
      }
      case 'ObjectPattern':
        for (const prop of p.properties)
          this.patternTargets(prop.type === 'RestElement' ? prop.argument : prop.value, eff, outside);
        return;
      case 'ArrayPattern':
        for (const e of p.elements) if (e) this.patternTargets(e, eff, outside);
        return;
      case 'AssignmentPattern':
        this.patternTargets(p.left, eff, outside);
        return;
      case 'RestElement':
        this.patternTargets(p.argument, eff, outside);
        return;
      default:
        eff.opaque = true;
    }
  }
}

/** The values a function body returns (its own `return` statements, not nested functions'). */
function returned(body: N): N[] {
  const out: N[] = [];
  const walk = (n: N): void => {
    if (n.type === 'ReturnStatement') {
      if (n.argument) out.push(n.argument);
      return;
    }
    if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression')
      return;
    for (const k of childKeys(n)) for (const c of children(n, k)) walk(c);
  };
  walk(body);
  return out;
}

/**
 * Nodes that can never throw (as in the reference monitor, engine/reference/regions.ts): every
 * other node may (a property of null, a refused conversion, a tool the gate denies, a call).
 * A function made here throws only when called, which is a call.
 */
const NEVER_THROWS: ReadonlySet<string> = new Set([
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
/** May some operation in `n` (outside the functions it makes) throw? */
function mayThrow(n: N): boolean {
  if (!NEVER_THROWS.has(n.type)) return true;
  if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression')
    return false;
  return childKeys(n).some((k) => children(n, k).some(mayThrow));
}

/** Literals and containers of literals: never a function. */
function isData(n: N): boolean {
  return (
    n.type === 'Literal' ||
    n.type === 'TemplateLiteral' ||
    n.type === 'ArrayExpression' ||
    n.type === 'ObjectExpression'
  );
}

/** What an Effects says, as text: two are equal when they name the same writes. */
function signature(e: Effects): string {
  const vars = [...e.vars].map((b) => b.id.start).sort((a, b) => a - b);
  const bases = [
    ...new Set(
      e.bases.map((b) =>
        [
          b.deep ? '~' : '',
          b.root.id.start,
          ...b.path.map((k) => (k === EACH ? '[*]' : typeof k === 'string' ? `.${k}` : `[${k.id.start}]`)),
        ].join(''),
      ),
    ),
  ].sort();
  return `${vars.join(',')}|${bases.join(',')}|${e.opaque}|${e.world}|${e.calls}|${e.observes}`;
}

function empty(): Effects {
  return {
    vars: new Set(),
    bases: [],
    opaque: false,
    escapesFunction: false,
    escapesLoop: false,
    raisesExit: false,
    world: false,
    calls: false,
    observes: false,
    mayThrow: false,
  };
}

const SKIP = new Set(['type', 'start', 'end', 'loc', 'range', 'raw', 'regex', 'value', 'name', 'operator', 'kind']);
function childKeys(n: N): string[] {
  return Object.keys(n).filter((k) => !SKIP.has(k));
}
function children(n: N, k: string): N[] {
  const v = (n as unknown as Record<string, unknown>)[k];
  if (Array.isArray(v)) return v.filter((x): x is N => !!x && typeof x === 'object' && 'type' in x);
  if (v && typeof v === 'object' && 'type' in v) return [v as N];
  return [];
}
