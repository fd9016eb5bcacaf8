/**
 * What the plan checkers (check-statements.ts, check-expressions.ts) share while they walk a
 * plan: the declarations found so far and what each identifier resolves to, where the walk is
 * (an async function, a loop, a switch), and how a refusal reports its line and column.
 */
import type * as acorn from 'acorn';
import { BUILTIN_CALLS, BUILTIN_CONSTANTS, BUILTIN_NAMESPACES, FORBIDDEN_NAMES } from './builtins';
import { PlanRejected } from './errors';
import { lookup, type Binding, type FunctionRange, type Reference, type Scope } from './scope';

export type Statement = acorn.Statement | acorn.ModuleDeclaration;

/** Checks one node kind: refuses what the subset leaves out, then checks the node's parts. */
export type Checker<N> = (ctx: CheckContext, scope: Scope, node: N) => void;
/** One checker per node type; a type without one is refused. */
export type Checkers<N extends { readonly type: string }> = {
  readonly [T in N['type']]?: Checker<Extract<N, { readonly type: T }>>;
};
/** A checker for a construct that is refused outright. */
export const refuse =
  (message: string): Checker<acorn.Node> =>
  (ctx, _scope, node) =>
    ctx.reject(node, message);

/** They lead from an object to its prototype and constructor, and so to code. */
export const FORBIDDEN_PROPS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** The only constructors `new` may call. */
export const NEW_ALLOWED: ReadonlySet<string> = new Set(['Map', 'Set', 'Date']);
const STRICT_RESERVED: ReadonlySet<string> = new Set([
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'let',
]);

/** Is this a fresh container literal (`[]`, `{}`, `new Map()`, `new Set()`)? */
export const isFreshInit = (e: acorn.Expression | null | undefined): boolean =>
  !!e &&
  (e.type === 'ArrayExpression' ||
    e.type === 'ObjectExpression' ||
    (e.type === 'NewExpression' &&
      e.callee.type === 'Identifier' &&
      (e.callee.name === 'Map' || e.callee.name === 'Set')));

const isBuiltin = (n: string): boolean => BUILTIN_NAMESPACES.has(n) || BUILTIN_CALLS.has(n) || BUILTIN_CONSTANTS.has(n);

export const isFunctionExpr = (e: acorn.Node): e is acorn.ArrowFunctionExpression | acorn.FunctionExpression =>
  e.type === 'ArrowFunctionExpression' || e.type === 'FunctionExpression';

export class CheckContext {
  readonly refs = new Map<acorn.Identifier, Reference>();
  readonly bindings: Binding[] = [];
  readonly functions: FunctionRange[] = [];
  /** `await` is allowed at the top level and in async functions. */
  inAsync = true;
  /** Loops and switches around the statement being checked, inside the current function. */
  loopDepth = 0;
  switchDepth = 0;
  readonly toolNames: ReadonlySet<string>;
  /**
   * The statement checker (check-statements.ts). analyze() passes it in so that the function
   * bodies met by check-expressions.ts are checked without an import cycle.
   */
  readonly statement: Checker<Statement>;
  private readonly lineStarts: number[] = [0];

  constructor(toolNames: ReadonlySet<string>, source: string, statement: Checker<Statement>) {
    this.toolNames = toolNames;
    this.statement = statement;
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** Refuses the plan, pointing at `node` (line and column from 1). */
  reject(node: { start: number }, message: string): never {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= node.start) lo = mid;
      else hi = mid - 1;
    }
    throw new PlanRejected(message, { line: lo + 1, column: node.start - starts[lo]! + 1 });
  }

  /** Names the subset keeps for itself; a declaration cannot shadow a tool or built-in either. */
  checkName(id: acorn.Identifier, declaring: boolean): void {
    const n = id.name;
    if (n.startsWith('__')) this.reject(id, `identifiers starting with "__" are reserved (found "${n}")`);
    if (STRICT_RESERVED.has(n)) this.reject(id, `"${n}" is a reserved word`);
    const why = FORBIDDEN_NAMES.get(n);
    if (why) this.reject(id, why);
    if (declaring && (this.toolNames.has(n) || NEW_ALLOWED.has(n) || isBuiltin(n) || n === 'input'))
      this.reject(id, `"${n}" is a tool or built-in and cannot be redeclared`);
  }

  // ---- declarations ----------------------------------------------------------------------

  declare(scope: Scope, id: acorn.Identifier, kind: Binding['kind']): Binding {
    this.checkName(id, true);
    if (scope.vars.has(id.name)) this.reject(id, `"${id.name}" is declared twice in the same scope`);
    const b: Binding = {
      name: id.name,
      kind,
      id,
      scopeStart: scope.start,
      scopeEnd: scope.end,
      fn: null,
      fresh: false,
      array: false,
      assigned: false,
      ready: id.end,
    };
    scope.vars.set(id.name, b);
    this.bindings.push(b);
    this.refs.set(id, { kind: 'local', binding: b });
    return b;
  }

  /** The names a pattern declares, in source order. */
  patternIds(p: acorn.Pattern, out: acorn.Identifier[] = []): acorn.Identifier[] {
    switch (p.type) {
      case 'Identifier':
        out.push(p);
        break;
      case 'ObjectPattern':
        for (const prop of p.properties) {
          if (prop.type === 'RestElement') this.patternIds(prop.argument, out);
          else {
            if (prop.computed) this.reject(prop, 'computed keys in destructuring are not supported');
            this.patternIds(prop.value, out);
          }
        }
        break;
      case 'ArrayPattern':
        for (const e of p.elements) if (e) this.patternIds(e, out);
        break;
      case 'AssignmentPattern':
        this.patternIds(p.left, out);
        break;
      case 'RestElement':
        this.patternIds(p.argument, out);
        break;
      default:
        this.reject(p, 'this kind of pattern is not supported in plans');
    }
    return out;
  }

  /** Declares a block's let, const and function declarations in its scope before it is checked. */
  hoist(scope: Scope, body: readonly Statement[]): void {
    for (const s of body) {
      if (s.type === 'FunctionDeclaration') {
        const b = this.declare(scope, s.id, 'function');
        b.fn = s;
        b.ready = scope.start;
      } else if (s.type === 'VariableDeclaration') this.hoistVariables(scope, s);
    }
  }

  /** `var` is refused (use const or let); a const bound to a function literal records it. */
  private hoistVariables(scope: Scope, s: acorn.VariableDeclaration): void {
    if (s.kind !== 'let' && s.kind !== 'const') this.reject(s, `"${s.kind}" is not allowed: use const or let`);
    for (const d of s.declarations) {
      for (const id of this.patternIds(d.id)) {
        const b = this.declare(scope, id, s.kind === 'const' ? 'const' : 'let');
        b.ready = d.end;
        if (d.id.type !== 'Identifier') continue;
        b.fresh = isFreshInit(d.init);
        b.array = d.init?.type === 'ArrayExpression';
        if (s.kind === 'const' && d.init && isFunctionExpr(d.init)) b.fn = d.init;
      }
    }
  }

  // ---- references ------------------------------------------------------------------------

  /** Resolves a name to a plan binding, `input`, a tool or a built-in; anything else is refused. */
  resolve(scope: Scope, id: acorn.Identifier): Reference {
    this.checkName(id, false);
    const b = lookup(scope, id.name);
    let r: Reference;
    if (b) r = { kind: 'local', binding: b };
    else if (id.name === 'input') r = { kind: 'input' };
    else if (this.toolNames.has(id.name)) r = { kind: 'tool', name: id.name };
    else if (isBuiltin(id.name)) r = { kind: 'builtin', name: id.name };
    else return this.reject(id, `unknown name "${id.name}": it is not declared, not a tool and not a built-in`);
    this.refs.set(id, r);
    return r;
  }

  /** Only let, parameters and catch bindings can be assigned; the binding stops being fresh or a known function. */
  assignTo(scope: Scope, id: acorn.Identifier): void {
    const r = this.resolve(scope, id);
    if (r.kind !== 'local')
      return this.reject(id, `cannot assign to the ${r.kind === 'tool' ? 'tool' : 'built-in'} "${id.name}"`);
    const b = r.binding;
    if (b.kind === 'const') this.reject(id, `cannot assign to the constant "${id.name}"`);
    if (b.kind === 'function') this.reject(id, `cannot assign to the function "${id.name}"`);
    b.assigned = true;
    b.fresh = false;
    b.array = false;
    b.fn = null;
  }
}
