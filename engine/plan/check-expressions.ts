/**
 * The rules for expressions, patterns and functions: one checker per node type in
 * `EXPRESSIONS`, each refusing what the subset (docs/semantics.md §1, engine/README.md "What the
 * language refuses, and why") leaves out and then checking the node's parts.
 */
import type * as acorn from 'acorn';
import { BUILTIN_CALLS, BUILTIN_CONSTANTS, METHODS, NAMESPACE_CONSTANTS } from './builtins';
import {
  FORBIDDEN_PROPS,
  NEW_ALLOWED,
  isFunctionExpr,
  refuse,
  type CheckContext,
  type Checker,
  type Checkers,
} from './check-context';
import { regexProblem } from './regex-check';
import { lookup, newScope, type Scope } from './scope';

export type Expression = acorn.Expression | acorn.SpreadElement | acorn.Super | acorn.PrivateIdentifier;

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=']);
const FUNCTION_IN_DATA =
  'functions cannot be stored in arrays, objects, maps or sets in plans: keep a function in a variable and call it by name, or pass it to a method as its callback (xs.map(f))';
const CALLBACK_NAMES: ReadonlySet<string> = new Set(METHODS.callback);

/** Checks an expression with the checker for its node type; a type with none is refused. */
export function checkExpression(ctx: CheckContext, scope: Scope, e: Expression): void {
  const check = Object.hasOwn(EXPRESSIONS, e.type) ? (EXPRESSIONS[e.type] as Checker<Expression>) : null;
  if (!check) return ctx.reject(e, `this expression (${e.type}) is not allowed in plans`);
  check(ctx, scope, e);
}

const EXPRESSIONS: Checkers<Expression> = {
  /** No BigInt; a regular expression must not backtrack without bound, and has known flags. */
  Literal: (ctx, _scope, e) => {
    if (typeof e.bigint === 'string') ctx.reject(e, 'BigInt literals are not allowed in plans');
    if (!e.regex) return;
    const p = regexProblem(e.regex.pattern);
    if (p) ctx.reject(e, p);
    if (/[^dgimsuy]/.test(e.regex.flags)) ctx.reject(e, `unsupported regular expression flags "${e.regex.flags}"`);
  },
  /** A name used as a value: tools and callable built-ins are only called, never passed around. */
  Identifier: (ctx, scope, e) => {
    const r = ctx.resolve(scope, e);
    if (r.kind === 'tool') ctx.reject(e, `tools can only be called, not used as values ("${e.name}")`);
    if (r.kind === 'builtin' && !BUILTIN_CONSTANTS.has(r.name))
      ctx.reject(e, `"${e.name}" can only be called or used as a namespace`);
  },
  TemplateLiteral: (ctx, scope, e) => {
    for (const x of e.expressions) checkExpression(ctx, scope, x);
  },
  /** Elements are data, so never a visible function. */
  ArrayExpression: (ctx, scope, e) => {
    for (const x of e.elements) {
      notStored(ctx, scope, x);
      if (x) checkExpression(ctx, scope, x);
    }
  },
  ObjectExpression: (ctx, scope, e) => {
    for (const p of e.properties) {
      if (p.type === 'SpreadElement') checkExpression(ctx, scope, p.argument);
      else checkProperty(ctx, scope, p);
    }
  },
  SpreadElement: (ctx, scope, e) => checkExpression(ctx, scope, e.argument),
  MemberExpression: (ctx, scope, e) => checkMember(ctx, scope, e),
  ChainExpression: (ctx, scope, e) => checkExpression(ctx, scope, e.expression),
  CallExpression: (ctx, scope, e) => checkCall(ctx, scope, e),
  /** `new` builds only a Map, a Set or a Date (the built-in ones, not a plan binding of that name). */
  NewExpression: (ctx, scope, e) => {
    const c = e.callee;
    if (c.type !== 'Identifier' || !NEW_ALLOWED.has(c.name) || lookup(scope, c.name))
      return ctx.reject(e, '"new" is only allowed with Map, Set and Date');
    ctx.refs.set(c, { kind: 'builtin', name: c.name });
    for (const a of e.arguments) checkExpression(ctx, scope, a);
  },
  UnaryExpression: (ctx, scope, e) => {
    if (e.operator === 'delete') ctx.reject(e, '"delete" is not allowed in plans');
    checkExpression(ctx, scope, e.argument);
  },
  /** No `instanceof`, and no loose equality: it converts its operands natively (valueOf, toString). */
  BinaryExpression: (ctx, scope, e) => {
    if (e.operator === 'instanceof') ctx.reject(e, '"instanceof" is not allowed in plans');
    if (e.operator === '==' || e.operator === '!=')
      ctx.reject(e, `"${e.operator}" is not allowed in plans: use "${e.operator}=" (strict equality)`);
    if (e.left.type === 'PrivateIdentifier') return ctx.reject(e, 'private names are not allowed in plans');
    checkExpression(ctx, scope, e.left);
    checkExpression(ctx, scope, e.right);
  },
  LogicalExpression: (ctx, scope, e) => {
    checkExpression(ctx, scope, e.left);
    checkExpression(ctx, scope, e.right);
  },
  ConditionalExpression: (ctx, scope, e) => {
    checkExpression(ctx, scope, e.test);
    checkExpression(ctx, scope, e.consequent);
    checkExpression(ctx, scope, e.alternate);
  },
  AssignmentExpression: (ctx, scope, e) => checkAssignment(ctx, scope, e),
  /** `x++` assigns x (so x must be assignable); `o.k++` writes a property. */
  UpdateExpression: (ctx, scope, e) => {
    if (e.argument.type === 'Identifier') ctx.assignTo(scope, e.argument);
    else if (e.argument.type === 'MemberExpression') checkMember(ctx, scope, e.argument);
    else ctx.reject(e, 'invalid update target');
  },
  SequenceExpression: (ctx, scope, e) => {
    for (const x of e.expressions) checkExpression(ctx, scope, x);
  },
  ArrowFunctionExpression: (ctx, scope, e) => checkFunction(ctx, scope, e),
  /** A function expression has no name of its own: a named function is a declaration. */
  FunctionExpression: (ctx, scope, e) => {
    if (e.id) ctx.reject(e.id, 'named function expressions are not supported: use a function declaration');
    checkFunction(ctx, scope, e);
  },
  AwaitExpression: (ctx, scope, e) => {
    if (!ctx.inAsync) ctx.reject(e, '"await" is only allowed at the top level and in async functions');
    checkExpression(ctx, scope, e.argument);
  },
  ThisExpression: refuse('"this" is not allowed in plans'),
  ClassExpression: refuse('classes are not allowed in plans'),
  YieldExpression: refuse('generators are not allowed in plans'),
  TaggedTemplateExpression: refuse('tagged templates are not allowed in plans'),
  MetaProperty: (ctx, _scope, e) => ctx.reject(e, `"${e.meta.name}.${e.property.name}" is not allowed in plans`),
  ImportExpression: refuse('import() is not allowed in plans'),
  Super: refuse('"super" is not allowed in plans'),
  PrivateIdentifier: refuse('private names are not allowed in plans'),
};

// ---- functions -------------------------------------------------------------------------------

/**
 * A function gets its own scope for its parameters, and its own walk state: `await` only if it
 * is async, and no loop or switch around it for `break`/`continue`. No generators.
 */
export function checkFunction(ctx: CheckContext, scope: Scope, f: acorn.Function): void {
  if (f.generator) ctx.reject(f, 'generators are not allowed in plans');
  const saved = { inAsync: ctx.inAsync, loopDepth: ctx.loopDepth, switchDepth: ctx.switchDepth };
  ctx.inAsync = f.async;
  ctx.loopDepth = 0;
  ctx.switchDepth = 0;
  const s = newScope(scope, f, true);
  ctx.functions.push({ start: f.start, end: f.end, hoisted: f.type === 'FunctionDeclaration' });
  // A parameter is initialised once its own default value (if any) has run.
  for (const p of f.params) for (const id of ctx.patternIds(p)) ctx.declare(s, id, 'param').ready = p.end;
  for (const p of f.params) checkPattern(ctx, s, p, false);
  if (f.body.type === 'BlockStatement') {
    ctx.hoist(s, f.body.body);
    for (const st of f.body.body) ctx.statement(ctx, s, st);
  } else checkExpression(ctx, s, f.body);
  Object.assign(ctx, saved);
}

// ---- patterns --------------------------------------------------------------------------------

/**
 * Checks a destructuring pattern's defaults and keys. With `assign`, its names are assignment
 * targets (they must be assignable) and a property may be one (`[o.k] = …`); in a declaration
 * they were declared by `hoist`.
 */
export function checkPattern(ctx: CheckContext, scope: Scope, p: acorn.Pattern, assign: boolean): void {
  switch (p.type) {
    case 'Identifier':
      if (assign) ctx.assignTo(scope, p);
      return;
    case 'ObjectPattern':
      for (const prop of p.properties) {
        if (prop.type === 'RestElement') checkPattern(ctx, scope, prop.argument, assign);
        else checkPatternProperty(ctx, scope, prop, assign);
      }
      return;
    case 'ArrayPattern':
      for (const e of p.elements) if (e) checkPattern(ctx, scope, e, assign);
      return;
    case 'AssignmentPattern':
      checkExpression(ctx, scope, p.right);
      return checkPattern(ctx, scope, p.left, assign);
    case 'RestElement':
      return checkPattern(ctx, scope, p.argument, assign);
    case 'MemberExpression':
      if (!assign) ctx.reject(p, 'this kind of pattern is not supported in plans');
      return checkMember(ctx, scope, p);
    default:
      return ctx.reject(p, 'this kind of pattern is not supported in plans');
  }
}

/** A destructured key is static and never one of the forbidden properties. */
function checkPatternProperty(ctx: CheckContext, scope: Scope, prop: acorn.AssignmentProperty, assign: boolean): void {
  if (prop.computed) ctx.reject(prop, 'computed keys in destructuring are not supported');
  const k = prop.key;
  if (k.type === 'Identifier' && FORBIDDEN_PROPS.has(k.name))
    ctx.reject(k, `the property "${k.name}" is not allowed in plans`);
  if (k.type === 'Literal' && FORBIDDEN_PROPS.has(String(k.value)))
    ctx.reject(k, `the property "${String(k.value)}" is not allowed in plans`);
  checkPattern(ctx, scope, prop.value, assign);
}

// ---- objects and properties ------------------------------------------------------------------

/** Plain data only: no getters, setters or methods, no forbidden key, no visible function as a value. */
function checkProperty(ctx: CheckContext, scope: Scope, p: acorn.Property): void {
  if (p.kind !== 'init') ctx.reject(p, 'getters and setters are not allowed in plans');
  if (p.method)
    ctx.reject(p, 'methods in object literals are not allowed in plans: use a property with an arrow function');
  if (p.computed) checkExpression(ctx, scope, p.key as acorn.Expression);
  else {
    const k = p.key.type === 'Identifier' ? p.key.name : String((p.key as acorn.Literal).value);
    if (FORBIDDEN_PROPS.has(k)) ctx.reject(p.key, `the property "${k}" is not allowed in plans`);
  }
  notStored(ctx, scope, p.value);
  checkExpression(ctx, scope, p.value as acorn.Expression);
}

/** A property read or write `o.k` / `o[k]`. */
function checkMember(ctx: CheckContext, scope: Scope, m: acorn.MemberExpression): void {
  if (m.object.type === 'Super') return ctx.reject(m, '"super" is not allowed in plans');
  if (m.property.type === 'PrivateIdentifier') return ctx.reject(m, 'private names are not allowed in plans');
  checkMemberProperty(ctx, scope, m, m.property);
  if (m.object.type === 'Identifier') checkMemberOfName(ctx, scope, m, m.object);
  else checkExpression(ctx, scope, m.object);
}

/**
 * No forbidden property and no `__` property by name; a computed key that turns out to be one is
 * refused when the access runs.
 */
function checkMemberProperty(ctx: CheckContext, scope: Scope, m: acorn.MemberExpression, p: acorn.Expression): void {
  if (!m.computed) {
    const name = (p as acorn.Identifier).name;
    if (FORBIDDEN_PROPS.has(name)) ctx.reject(p, `the property "${name}" is not allowed in plans`);
    if (name.startsWith('__')) ctx.reject(p, `properties starting with "__" are not allowed in plans`);
    return;
  }
  if (p.type === 'Literal' && FORBIDDEN_PROPS.has(String(p.value)))
    ctx.reject(p, `the property "${String(p.value)}" is not allowed in plans`);
  checkExpression(ctx, scope, p);
}

/** `name.k`: a tool has no properties, and of a built-in namespace only its listed constants are read. */
function checkMemberOfName(ctx: CheckContext, scope: Scope, m: acorn.MemberExpression, o: acorn.Identifier): void {
  const r = ctx.resolve(scope, o);
  if (r.kind === 'tool') ctx.reject(o, `tools can only be called, not used as values ("${o.name}")`);
  if (r.kind !== 'builtin') return;
  const full = m.computed ? '' : `${r.name}.${(m.property as acorn.Identifier).name}`;
  if (!NAMESPACE_CONSTANTS.has(full)) ctx.reject(m, `${full || r.name + '[…]'} is not available in plans`);
}

// ---- calls -----------------------------------------------------------------------------------

/**
 * A call of a plan function, a tool, a callable built-in or a method by its static name. No
 * optional calls; a function goes to a method only as its callback (the first argument).
 */
function checkCall(ctx: CheckContext, scope: Scope, e: acorn.CallExpression): void {
  if (e.optional) ctx.reject(e, 'optional calls (f?.()) are not supported in plans');
  const method = checkCallee(ctx, scope, e.callee);
  e.arguments.forEach((a, i) => {
    if (method !== null && !(i === 0 && CALLBACK_NAMES.has(method))) notStored(ctx, scope, a);
    checkExpression(ctx, scope, a);
  });
}

/** Checks what is called; returns the method's name when it is a (non built-in) method call. */
function checkCallee(ctx: CheckContext, scope: Scope, c: acorn.Expression | acorn.Super): string | null {
  if (c.type === 'Super') return ctx.reject(c, '"super" is not allowed in plans');
  if (c.type === 'Identifier') {
    checkCalledName(ctx, scope, c);
    return null;
  }
  if (c.type !== 'MemberExpression') {
    checkExpression(ctx, scope, c);
    return null;
  }
  // A computed method name would let data choose the code that runs (and hide it from the
  // effect analysis); objects hold no functions, so only built-in methods are called.
  if (c.computed)
    return ctx.reject(c, 'methods cannot be called through a computed name (o[name](…)): call them by name');
  if (c.object.type === 'Identifier') return checkMethodOfName(ctx, scope, c, c.object);
  checkExpression(ctx, scope, c);
  return (c.property as acorn.Identifier).name;
}

/** `f(…)`: a plan binding, a tool or a callable built-in; `input` is data. */
function checkCalledName(ctx: CheckContext, scope: Scope, c: acorn.Identifier): void {
  const r = ctx.resolve(scope, c);
  if (r.kind === 'builtin' && !BUILTIN_CALLS.has(r.name)) ctx.reject(c, `"${r.name}" cannot be called`);
  if (r.kind === 'input') ctx.reject(c, '"input" is not a function');
}

/** `name.m(…)`: a listed built-in function (`JSON.parse`), or a method of a plan value. */
function checkMethodOfName(
  ctx: CheckContext,
  scope: Scope,
  c: acorn.MemberExpression,
  o: acorn.Identifier,
): string | null {
  const r = ctx.resolve(scope, o);
  const prop = (c.property as acorn.Identifier).name;
  if (FORBIDDEN_PROPS.has(prop)) ctx.reject(c.property, `the property "${prop}" is not allowed in plans`);
  if (r.kind === 'tool') ctx.reject(o, `tools can only be called ("${o.name}")`);
  if (r.kind !== 'builtin') return prop;
  const full = `${r.name}.${prop}`;
  if (!BUILTIN_CALLS.has(full)) ctx.reject(c, `${full} is not available in plans`);
  return null;
}

// ---- assignments -----------------------------------------------------------------------------

/**
 * No logical assignment (`??=`, `||=`, `&&=`: write it out); a visible function is never written
 * into a property; a destructuring target takes a plain `=`.
 */
function checkAssignment(ctx: CheckContext, scope: Scope, e: acorn.AssignmentExpression): void {
  if (!ASSIGN_OPS.has(e.operator))
    ctx.reject(e, `the operator "${e.operator}" is not supported in plans: write x = x ${e.operator.slice(0, -1)} y`);
  checkExpression(ctx, scope, e.right);
  if (e.left.type === 'Identifier') ctx.assignTo(scope, e.left);
  else if (e.left.type === 'MemberExpression') {
    notStored(ctx, scope, e.right);
    checkMember(ctx, scope, e.left);
  } else if (e.operator === '=') checkPattern(ctx, scope, e.left, true);
  else ctx.reject(e.left, 'invalid assignment target');
}

// ---- functions in data -----------------------------------------------------------------------

/** Is this, visibly, a function value (a function expression or the name of a declared one)? */
const isFunctionValue = (scope: Scope, e: acorn.Node | null): e is acorn.Node =>
  !!e && (isFunctionExpr(e) || (e.type === 'Identifier' && !!lookup(scope, (e as acorn.Identifier).name)?.fn));

/** Functions are never stored in data: refused here where visible, at run time otherwise. */
function notStored(ctx: CheckContext, scope: Scope, e: acorn.Node | null): void {
  if (isFunctionValue(scope, e)) ctx.reject(e, FUNCTION_IN_DATA);
}
