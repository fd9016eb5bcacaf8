/**
 * What a piece of plan code may write, found statically. STRICT mode needs it at every merge
 * point: after `if (secret) x = 1`, the variable `x` reveals `secret` even when the branch was
 * not taken, so the compiler upgrades every location the region *may* write with the context
 * label (a hybrid monitor). Writes it cannot name (through aliases or unknown functions) make
 * the region "opaque": then everything after it in the function runs under its label.
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import { BUILTIN_METHOD_NAMES, METHODS } from './builtins';

/** A container a region may mutate: `root.path…` with static keys or key variables. */
export interface Base {
  readonly root: Binding;
  readonly path: readonly (string | Binding)[];
}

export interface Effects {
  readonly vars: Set<Binding>;
  readonly bases: Base[];
  opaque: boolean;
  /** A return or throw inside (not in a nested function). */
  escapesFunction: boolean;
  /** A break/continue that leaves the region. */
  escapesLoop: boolean;
  /** A call to a tool that changes the world (a draft, a move, a send) may happen in it. */
  world: boolean;
  /** A call to any tool may happen in it (later calls are numbered, and budgets count them). */
  calls: boolean;
  /**
   * Set by the compiler: temporaries holding the containers behind `bases` as they were when
   * the region started (the region may rebind a root or a key variable before the merge).
   */
  captured?: readonly string[];
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
// Every method the runtime implements on built-in values; any other name calls a stored function.
const KNOWN_METHODS = BUILTIN_METHOD_NAMES;

type N = acorn.AnyNode;

export class EffectAnalyzer {
  /** Every named function's effects (see summarise), made on first use. */
  private summaries: Map<acorn.Function, Effects> | null = null;
  constructor(
    private readonly analysis: Analysis,
    private readonly effectTools: ReadonlySet<string>,
  ) {}

  /**
   * Effects of a region (the nodes given) relative to bindings declared outside [start, end).
   * With `chosen`, the nodes are values the region picks (the arms of ?:, the right side of && ||
   * ??, a default value): a container one of them names is exposed as if written (see expose).
   */
  region(nodes: readonly (N | null | undefined)[], start: number, end: number, chosen = false): Effects {
    const eff = empty();
    for (const n of nodes) if (n) this.walk(n, eff, start, end, 0, 0, false);
    if (chosen) for (const n of nodes) if (n) this.expose(n, eff, (b) => b.id.start < start || b.id.start >= end);
    return eff;
  }

  /**
   * A container named by `e` becomes reachable through another name under the region's context
   * (`ys = xs`, `const t = o.list`, `holder.push(xs)`, `return xs`, an arm of `c ? xs : []`). A
   * later write through that name reaches it only on the path that made the alias, so the merge
   * upgrades it as if the region had written it: its state then tells nothing of which path ran.
   * A key the analysis cannot name stops the path at the container holding it (reads through
   * that container join its structure label). Bindings of the region itself are its own business.
   */
  private expose(e: N, eff: Effects, outside: (b: Binding) => boolean): void {
    let path: (string | Binding)[] = [];
    let cur: N = e;
    while (cur.type === 'MemberExpression') {
      const k = this.keyOf(cur, outside);
      // A key we cannot name after the region: the path stops at the container holding it.
      if (k === null) path = [];
      else path.unshift(k);
      cur = cur.object;
    }
    if (cur.type !== 'Identifier') return;
    const root = this.binding(cur);
    if (!root || !outside(root) || root.kind === 'function') return;
    eff.bases.push({ root, path });
  }

  /**
   * The key of a member expression as a base path step: a static name, or a variable declared
   * outside the region (one declared inside does not exist where the merge runs). Null otherwise.
   */
  private keyOf(m: acorn.MemberExpression, outside: (b: Binding) => boolean): string | Binding | null {
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
    for (let changed = true; changed;) {
      changed = false;
      for (const f of fns) {
        const eff = empty();
        this.walk(f.body, eff, f.start, f.end, 0, 0, true);
        for (const p of f.params) this.walk(p, eff, f.start, f.end, 0, 0, true);
        eff.escapesFunction = false;
        eff.escapesLoop = false;
        if (signature(eff) !== signature(memo.get(f)!)) {
          memo.set(f, eff);
          changed = true;
        }
      }
    }
    return memo;
  }

  private binding(id: acorn.Identifier): Binding | null {
    const r = this.analysis.refs.get(id);
    return r?.kind === 'local' ? r.binding : null;
  }

  private merge(into: Effects, from: Effects): void {
    for (const v of from.vars) into.vars.add(v);
    into.bases.push(...from.bases);
    if (from.opaque) into.opaque = true;
    if (from.world) into.world = true;
    if (from.calls) into.calls = true;
  }

  private walk(n: N, eff: Effects, start: number, end: number, loops: number, switches: number, inFn: boolean): void {
    const outside = (b: Binding): boolean => b.id.start < start || b.id.start >= end;
    const base = (target: acorn.Expression | acorn.Super): void => {
      let path: (string | Binding)[] = [];
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
      else if (!(root.fresh && path.length === 0)) eff.opaque = true;
    };
    const callee = (id: acorn.Identifier): void => {
      const r = this.analysis.refs.get(id);
      if (r?.kind === 'tool') eff.calls = true;
      if (r?.kind === 'tool' && this.effectTools.has(r.name)) eff.world = true;
      const b = this.binding(id);
      if (!b) return;
      if (b.fn) this.merge(eff, this.fnEffects(b.fn));
      else eff.opaque = true;
    };
    const go = (c: N | null | undefined, l = loops, s = switches, f = inFn): void => {
      if (c) this.walk(c, eff, start, end, l, s, f);
    };

    switch (n.type) {
      case 'VariableDeclarator':
        if (n.init) this.expose(n.init, eff, outside);
        go(n.id);
        go(n.init);
        return;
      case 'AssignmentExpression':
      case 'UpdateExpression': {
        const target = n.type === 'AssignmentExpression' ? n.left : n.argument;
        if (n.type === 'AssignmentExpression' && n.operator === '=') this.expose(n.right, eff, outside);
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
            // A regex passed by name: its lastIndex is the string method's to move.
            if (name !== null && REGEX_ARG_METHODS.has(name)) {
              const re = n.arguments[0];
              if (re?.type === 'Identifier' || re?.type === 'MemberExpression') base(re);
            }
            // A callback we cannot see (a parameter, o.f, fs[0]) may write anything.
            if (name !== null && CALLBACK_METHODS.has(name))
              for (const a of n.arguments.slice(0, 1)) {
                if (a.type === 'Identifier') callee(a);
                else if (a.type !== 'ArrowFunctionExpression' && a.type !== 'FunctionExpression' && !isData(a))
                  eff.opaque = true;
              }
          }
          go(c.object);
          if (c.computed) go(c.property);
        } else {
          eff.opaque = true;
          go(c);
        }
        for (const a of n.arguments) go(a);
        return;
      }
      case 'Identifier': {
        // A function value passed around may be called later by a method: count its effects.
        const b = this.binding(n);
        if (b?.fn) this.merge(eff, this.fnEffects(b.fn));
        return;
      }
      case 'ReturnStatement':
      case 'ThrowStatement':
        if (!inFn) eff.escapesFunction = true;
        // What a function hands back its caller may store and write through.
        if (n.argument) this.expose(n.argument, eff, outside);
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
        [b.root.id.start, ...b.path.map((k) => (typeof k === 'string' ? `.${k}` : `[${k.id.start}]`))].join(''),
      ),
    ),
  ].sort();
  return `${vars.join(',')}|${bases.join(',')}|${e.opaque}|${e.world}|${e.calls}`;
}

function empty(): Effects {
  return {
    vars: new Set(),
    bases: [],
    opaque: false,
    escapesFunction: false,
    escapesLoop: false,
    world: false,
    calls: false,
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
