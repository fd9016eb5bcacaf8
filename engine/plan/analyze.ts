/**
 * Pass 1 of the plan front end: checks that a parsed plan stays inside the subset of
 * semantics.md §1 and resolves every identifier to its declaration. Anything not explicitly
 * allowed is refused with the construct's position: the compiler after it only has to handle
 * the node types listed here.
 */
import type * as acorn from 'acorn';
import { PlanRejected } from './errors';
import { regexProblem } from './regex-check';
import {
  BUILTIN_CALLS,
  BUILTIN_CONSTANTS,
  BUILTIN_NAMESPACES,
  FORBIDDEN_NAMES,
  METHODS,
  NAMESPACE_CONSTANTS,
} from './builtins';

export type Node = acorn.AnyNode;

export interface Binding {
  readonly name: string;
  readonly kind: 'let' | 'const' | 'function' | 'param' | 'catch';
  /** The node that declares it (the Identifier). */
  readonly id: acorn.Identifier;
  /** Range of the scope it lives in. */
  readonly scopeStart: number;
  readonly scopeEnd: number;
  /** For `function f(){}` and `const f = () => …`: the function, when never reassigned. */
  fn: acorn.Function | null;
  /** Initialiser is a fresh container literal (`[]`, `{}`, `new Map()`), and every assignment too. */
  fresh: boolean;
  assigned: boolean;
}

export type Reference =
  | { readonly kind: 'local'; readonly binding: Binding }
  | { readonly kind: 'tool'; readonly name: string }
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'input' };

export interface Analysis {
  readonly refs: Map<acorn.Identifier, Reference>;
  readonly bindings: Binding[];
}

interface Scope {
  readonly parent: Scope | null;
  readonly vars: Map<string, Binding>;
  readonly start: number;
  readonly end: number;
  readonly isFunction: boolean;
}

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=']);
const FORBIDDEN_PROPS = new Set(['__proto__', 'constructor', 'prototype']);
const STRICT_RESERVED = new Set([
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
const NEW_ALLOWED = new Set(['Map', 'Set', 'Date']);
const FUNCTION_IN_DATA =
  'functions cannot be stored in arrays, objects, maps or sets in plans: keep a function in a variable and call it by name, or pass it to a method as its callback (xs.map(f))';
const CALLBACK_NAMES: ReadonlySet<string> = new Set(METHODS.callback);
const isFunctionExpr = (e: acorn.Node): e is acorn.ArrowFunctionExpression | acorn.FunctionExpression =>
  e.type === 'ArrowFunctionExpression' || e.type === 'FunctionExpression';

export function analyze(program: acorn.Program, toolNames: ReadonlySet<string>, source: string): Analysis {
  const refs = new Map<acorn.Identifier, Reference>();
  const bindings: Binding[] = [];
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);

  const reject = (node: { start: number }, message: string): never => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= node.start) lo = mid;
      else hi = mid - 1;
    }
    throw new PlanRejected(message, { line: lo + 1, column: node.start - lineStarts[lo]! + 1 });
  };

  const checkName = (id: acorn.Identifier, declaring: boolean): void => {
    const n = id.name;
    if (n.startsWith('__')) reject(id, `identifiers starting with "__" are reserved (found "${n}")`);
    if (STRICT_RESERVED.has(n)) reject(id, `"${n}" is a reserved word`);
    const why = FORBIDDEN_NAMES.get(n);
    if (why) reject(id, why);
    if (
      declaring &&
      (toolNames.has(n) ||
        NEW_ALLOWED.has(n) ||
        BUILTIN_NAMESPACES.has(n) ||
        BUILTIN_CALLS.has(n) ||
        BUILTIN_CONSTANTS.has(n) ||
        n === 'input')
    )
      reject(id, `"${n}" is a tool or built-in and cannot be redeclared`);
  };

  // ---- declarations ----------------------------------------------------------------------
  const declare = (scope: Scope, id: acorn.Identifier, kind: Binding['kind']): Binding => {
    checkName(id, true);
    if (scope.vars.has(id.name)) reject(id, `"${id.name}" is declared twice in the same scope`);
    const b: Binding = {
      name: id.name,
      kind,
      id,
      scopeStart: scope.start,
      scopeEnd: scope.end,
      fn: null,
      fresh: false,
      assigned: false,
    };
    scope.vars.set(id.name, b);
    bindings.push(b);
    refs.set(id, { kind: 'local', binding: b });
    return b;
  };
  const patternIds = (p: acorn.Pattern, out: acorn.Identifier[]): acorn.Identifier[] => {
    switch (p.type) {
      case 'Identifier':
        out.push(p);
        break;
      case 'ObjectPattern':
        for (const prop of p.properties) {
          if (prop.type === 'RestElement') patternIds(prop.argument, out);
          else {
            if (prop.computed) reject(prop, 'computed keys in destructuring are not supported');
            patternIds(prop.value, out);
          }
        }
        break;
      case 'ArrayPattern':
        for (const e of p.elements) if (e) patternIds(e, out);
        break;
      case 'AssignmentPattern':
        patternIds(p.left, out);
        break;
      case 'RestElement':
        patternIds(p.argument, out);
        break;
      default:
        reject(p, 'this kind of pattern is not supported in plans');
    }
    return out;
  };
  const isFreshInit = (e: acorn.Expression | null | undefined): boolean =>
    !!e &&
    (e.type === 'ArrayExpression' ||
      e.type === 'ObjectExpression' ||
      (e.type === 'NewExpression' &&
        e.callee.type === 'Identifier' &&
        (e.callee.name === 'Map' || e.callee.name === 'Set')));

  // Hoists the declarations of a block (let/const/function) into its scope.
  const hoist = (scope: Scope, body: readonly (acorn.Statement | acorn.ModuleDeclaration)[]): void => {
    for (const s of body) {
      if (s.type === 'FunctionDeclaration') {
        const b = declare(scope, s.id, 'function');
        b.fn = s;
      } else if (s.type === 'VariableDeclaration') {
        if (s.kind !== 'let' && s.kind !== 'const') reject(s, `"${s.kind}" is not allowed: use const or let`);
        for (const d of s.declarations) {
          for (const id of patternIds(d.id, [])) {
            const b = declare(scope, id, s.kind === 'const' ? 'const' : 'let');
            if (d.id.type === 'Identifier') {
              b.fresh = isFreshInit(d.init);
              if (
                s.kind === 'const' &&
                d.init &&
                (d.init.type === 'ArrowFunctionExpression' || d.init.type === 'FunctionExpression')
              )
                b.fn = d.init;
            }
          }
        }
      }
    }
  };
  const newScope = (parent: Scope | null, node: { start: number; end: number }, isFunction: boolean): Scope => ({
    parent,
    vars: new Map(),
    start: node.start,
    end: node.end,
    isFunction,
  });
  const lookup = (scope: Scope | null, name: string): Binding | null => {
    for (let s = scope; s; s = s.parent) {
      const b = s.vars.get(name);
      if (b) return b;
    }
    return null;
  };

  // ---- references ------------------------------------------------------------------------
  const resolve = (scope: Scope, id: acorn.Identifier): Reference => {
    checkName(id, false);
    const b = lookup(scope, id.name);
    let r: Reference;
    if (b) r = { kind: 'local', binding: b };
    else if (id.name === 'input') r = { kind: 'input' };
    else if (toolNames.has(id.name)) r = { kind: 'tool', name: id.name };
    else if (BUILTIN_NAMESPACES.has(id.name) || BUILTIN_CALLS.has(id.name) || BUILTIN_CONSTANTS.has(id.name))
      r = { kind: 'builtin', name: id.name };
    else return reject(id, `unknown name "${id.name}": it is not declared, not a tool and not a built-in`);
    refs.set(id, r);
    return r;
  };

  // ---- the walk ------------------------------------------------------------------------------
  let inAsync = true; // top level allows await
  let loopDepth = 0;
  let switchDepth = 0;

  const fn = (scope: Scope, f: acorn.Function): void => {
    if (f.generator) reject(f, 'generators are not allowed in plans');
    const saved = { inAsync, loopDepth, switchDepth };
    inAsync = f.async;
    loopDepth = 0;
    switchDepth = 0;
    const s = newScope(scope, f, true);
    for (const p of f.params) {
      for (const id of patternIds(p, [])) declare(s, id, 'param');
    }
    for (const p of f.params) pattern(s, p, false);
    if (f.body.type === 'BlockStatement') {
      hoist(s, f.body.body);
      for (const st of f.body.body) stmt(s, st);
    } else expr(s, f.body);
    ({ inAsync, loopDepth, switchDepth } = saved);
  };

  // Default values inside patterns are expressions to check; `assign` marks targets assigned.
  const pattern = (scope: Scope, p: acorn.Pattern, assign: boolean): void => {
    switch (p.type) {
      case 'Identifier':
        if (assign) assignTo(scope, p);
        break;
      case 'ObjectPattern':
        for (const prop of p.properties) {
          if (prop.type === 'RestElement') pattern(scope, prop.argument, assign);
          else {
            if (prop.computed) reject(prop, 'computed keys in destructuring are not supported');
            const k = prop.key;
            if (k.type === 'Identifier' && FORBIDDEN_PROPS.has(k.name))
              reject(k, `the property "${k.name}" is not allowed in plans`);
            if (k.type === 'Literal' && FORBIDDEN_PROPS.has(String(k.value)))
              reject(k, `the property "${String(k.value)}" is not allowed in plans`);
            pattern(scope, prop.value, assign);
          }
        }
        break;
      case 'ArrayPattern':
        for (const e of p.elements) if (e) pattern(scope, e, assign);
        break;
      case 'AssignmentPattern':
        expr(scope, p.right);
        pattern(scope, p.left, assign);
        break;
      case 'RestElement':
        pattern(scope, p.argument, assign);
        break;
      case 'MemberExpression':
        if (!assign) reject(p, 'this kind of pattern is not supported in plans');
        member(scope, p);
        break;
      default:
        reject(p, 'this kind of pattern is not supported in plans');
    }
  };
  const assignTo = (scope: Scope, id: acorn.Identifier): void => {
    const r = resolve(scope, id);
    if (r.kind !== 'local')
      return reject(id, `cannot assign to the ${r.kind === 'tool' ? 'tool' : 'built-in'} "${id.name}"`);
    const b = r.binding;
    if (b.kind === 'const') reject(id, `cannot assign to the constant "${id.name}"`);
    if (b.kind === 'function') reject(id, `cannot assign to the function "${id.name}"`);
    b.assigned = true;
    b.fresh = false;
    b.fn = null;
  };

  const block = (scope: Scope, node: acorn.BlockStatement | acorn.StaticBlock, body: acorn.Statement[]): void => {
    const s = newScope(scope, node, false);
    hoist(s, body);
    for (const st of body) stmt(s, st);
  };

  const stmt = (scope: Scope, s: acorn.Statement | acorn.ModuleDeclaration): void => {
    switch (s.type) {
      case 'ExpressionStatement':
        expr(scope, s.expression);
        return;
      case 'VariableDeclaration':
        for (const d of s.declarations) {
          if (d.init) expr(scope, d.init);
          else if (s.kind === 'const') reject(d, 'a const needs a value');
          pattern(scope, d.id, false);
          // A later plain assignment of a fresh literal keeps `fresh`; anything else clears it.
        }
        return;
      case 'FunctionDeclaration':
        fn(scope, s);
        return;
      case 'ReturnStatement':
        if (s.argument) expr(scope, s.argument);
        return;
      case 'IfStatement':
        expr(scope, s.test);
        stmtScoped(scope, s.consequent);
        if (s.alternate) stmtScoped(scope, s.alternate);
        return;
      case 'BlockStatement':
        block(scope, s, s.body);
        return;
      case 'EmptyStatement':
        return;
      case 'ForStatement': {
        const sc = newScope(scope, s, false);
        if (s.init) {
          if (s.init.type === 'VariableDeclaration') {
            hoist(sc, [s.init]);
            stmt(sc, s.init);
          } else expr(sc, s.init);
        }
        if (s.test) expr(sc, s.test);
        if (s.update) expr(sc, s.update);
        loop(sc, s.body);
        return;
      }
      case 'ForOfStatement': {
        if (s.await) reject(s, '"for await" is not allowed in plans');
        expr(scope, s.right);
        const sc = newScope(scope, s, false);
        if (s.left.type === 'VariableDeclaration') {
          hoist(sc, [s.left]);
          for (const d of s.left.declarations) pattern(sc, d.id, false);
        } else pattern(sc, s.left, true);
        loop(sc, s.body);
        return;
      }
      case 'WhileStatement':
        expr(scope, s.test);
        loop(scope, s.body);
        return;
      case 'DoWhileStatement':
        loop(scope, s.body);
        expr(scope, s.test);
        return;
      case 'BreakStatement':
        if (s.label) reject(s, 'labels are not allowed in plans');
        if (loopDepth === 0 && switchDepth === 0) reject(s, '"break" outside a loop or switch');
        return;
      case 'ContinueStatement':
        if (s.label) reject(s, 'labels are not allowed in plans');
        if (loopDepth === 0) reject(s, '"continue" outside a loop');
        return;
      case 'SwitchStatement': {
        expr(scope, s.discriminant);
        const sc = newScope(scope, s, false);
        const all = s.cases.flatMap((c) => c.consequent);
        hoist(sc, all);
        switchDepth++;
        for (const c of s.cases) {
          if (c.test) expr(sc, c.test);
          for (const st of c.consequent) stmt(sc, st);
        }
        switchDepth--;
        return;
      }
      case 'TryStatement':
        block(scope, s.block, s.block.body);
        if (s.handler) {
          const sc = newScope(scope, s.handler, false);
          if (s.handler.param) {
            for (const id of patternIds(s.handler.param, [])) declare(sc, id, 'catch');
            pattern(sc, s.handler.param, false);
          }
          block(sc, s.handler.body, s.handler.body.body);
        }
        if (s.finalizer) block(scope, s.finalizer, s.finalizer.body);
        return;
      case 'ThrowStatement':
        expr(scope, s.argument);
        return;
      case 'ClassDeclaration':
        return reject(s, 'classes are not allowed in plans');
      case 'WithStatement':
        return reject(s, '"with" is not allowed in plans');
      case 'LabeledStatement':
        return reject(s, 'labels are not allowed in plans');
      case 'ForInStatement':
        return reject(s, '"for…in" is not allowed in plans: use for (const k of Object.keys(o))');
      case 'DebuggerStatement':
        return reject(s, '"debugger" is not allowed in plans');
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
      case 'ExportAllDeclaration':
        return reject(s, 'import and export are not allowed in plans');
      default:
        return reject(s, `this statement (${(s as Node).type}) is not allowed in plans`);
    }
  };
  // A lone statement as a branch body: gets its own scope when it is a declaration.
  const stmtScoped = (scope: Scope, s: acorn.Statement): void => {
    if (s.type === 'VariableDeclaration' || s.type === 'FunctionDeclaration')
      reject(s, 'a declaration as the body of if/loop needs braces');
    stmt(scope, s);
  };
  const loop = (scope: Scope, body: acorn.Statement): void => {
    loopDepth++;
    stmtScoped(scope, body);
    loopDepth--;
  };

  const member = (scope: Scope, m: acorn.MemberExpression): void => {
    if (m.object.type === 'Super') return reject(m, '"super" is not allowed in plans');
    if (m.property.type === 'PrivateIdentifier') return reject(m, 'private names are not allowed in plans');
    if (!m.computed) {
      const name = (m.property as acorn.Identifier).name;
      if (FORBIDDEN_PROPS.has(name)) reject(m.property, `the property "${name}" is not allowed in plans`);
      if (name.startsWith('__')) reject(m.property, `properties starting with "__" are not allowed in plans`);
    } else {
      if (m.property.type === 'Literal' && FORBIDDEN_PROPS.has(String(m.property.value)))
        reject(m.property, `the property "${String(m.property.value)}" is not allowed in plans`);
      expr(scope, m.property as acorn.Expression);
    }
    if (m.object.type === 'Identifier') {
      const r = resolve(scope, m.object);
      if (r.kind === 'tool') reject(m.object, `tools can only be called, not used as values ("${m.object.name}")`);
      if (r.kind === 'builtin') {
        const full = m.computed ? '' : `${r.name}.${(m.property as acorn.Identifier).name}`;
        if (!NAMESPACE_CONSTANTS.has(full)) reject(m, `${full || r.name + '[…]'} is not available in plans`);
      }
      return;
    }
    expr(scope, m.object);
  };

  /** Is this, visibly, a function value (a function expression or the name of a declared one)? */
  const isFunctionValue = (scope: Scope, e: acorn.Node | null): boolean =>
    !!e && (isFunctionExpr(e) || (e.type === 'Identifier' && !!lookup(scope, (e as acorn.Identifier).name)?.fn));
  /** Functions are never stored in data: refused here where visible, at run time otherwise. */
  const notStored = (scope: Scope, e: acorn.Node | null): void => {
    if (isFunctionValue(scope, e)) reject(e!, FUNCTION_IN_DATA);
  };

  const expr = (
    scope: Scope,
    e: acorn.Expression | acorn.SpreadElement | acorn.Super | acorn.PrivateIdentifier,
  ): void => {
    switch (e.type) {
      case 'Literal':
        if (typeof e.bigint === 'string') reject(e, 'BigInt literals are not allowed in plans');
        if (e.regex) {
          const p = regexProblem(e.regex.pattern);
          if (p) reject(e, p);
          if (/[^dgimsuy]/.test(e.regex.flags)) reject(e, `unsupported regular expression flags "${e.regex.flags}"`);
        }
        return;
      case 'Identifier': {
        const r = resolve(scope, e);
        if (r.kind === 'tool') reject(e, `tools can only be called, not used as values ("${e.name}")`);
        if (r.kind === 'builtin' && !BUILTIN_CONSTANTS.has(r.name))
          reject(e, `"${e.name}" can only be called or used as a namespace`);
        return;
      }
      case 'TemplateLiteral':
        for (const x of e.expressions) expr(scope, x);
        return;
      case 'ArrayExpression':
        for (const x of e.elements) {
          notStored(scope, x);
          if (x) expr(scope, x);
        }
        return;
      case 'ObjectExpression':
        for (const p of e.properties) {
          if (p.type === 'SpreadElement') {
            expr(scope, p.argument);
            continue;
          }
          if (p.kind !== 'init') reject(p, 'getters and setters are not allowed in plans');
          if (p.method)
            reject(p, 'methods in object literals are not allowed in plans: use a property with an arrow function');
          if (p.computed) expr(scope, p.key as acorn.Expression);
          else {
            const k = p.key.type === 'Identifier' ? p.key.name : String((p.key as acorn.Literal).value);
            if (FORBIDDEN_PROPS.has(k)) reject(p.key, `the property "${k}" is not allowed in plans`);
          }
          notStored(scope, p.value);
          expr(scope, p.value as acorn.Expression);
        }
        return;
      case 'SpreadElement':
        expr(scope, e.argument);
        return;
      case 'MemberExpression':
        member(scope, e);
        return;
      case 'ChainExpression':
        expr(scope, e.expression);
        return;
      case 'CallExpression': {
        if (e.optional) reject(e, 'optional calls (f?.()) are not supported in plans');
        const c = e.callee;
        if (c.type === 'Super') return reject(c, '"super" is not allowed in plans');
        let method: string | null = null;
        if (c.type === 'Identifier') {
          const r = resolve(scope, c);
          if (r.kind === 'builtin' && !BUILTIN_CALLS.has(r.name)) reject(c, `"${r.name}" cannot be called`);
          if (r.kind === 'input') reject(c, '"input" is not a function');
        } else if (c.type === 'MemberExpression' && c.computed)
          // A computed method name would let data choose the code that runs (and hide it from
          // the effect analysis); objects hold no functions, so only built-in methods are called.
          reject(c, 'methods cannot be called through a computed name (o[name](…)): call them by name');
        else if (c.type === 'MemberExpression' && c.object.type === 'Identifier') {
          const r = resolve(scope, c.object);
          const prop = (c.property as acorn.Identifier).name;
          if (FORBIDDEN_PROPS.has(prop)) reject(c.property, `the property "${prop}" is not allowed in plans`);
          if (r.kind === 'tool') reject(c.object, `tools can only be called ("${c.object.name}")`);
          if (r.kind === 'builtin') {
            const full = `${r.name}.${prop}`;
            if (!BUILTIN_CALLS.has(full)) reject(c, `${full} is not available in plans`);
          } else method = prop;
        } else {
          if (c.type === 'MemberExpression') method = (c.property as acorn.Identifier).name;
          expr(scope, c);
        }
        e.arguments.forEach((a, i) => {
          // A function goes to a built-in method only as its callback (the first argument).
          if (method !== null && !(i === 0 && CALLBACK_NAMES.has(method))) notStored(scope, a);
          expr(scope, a);
        });
        return;
      }
      case 'NewExpression': {
        const c = e.callee;
        if (c.type !== 'Identifier' || !NEW_ALLOWED.has(c.name) || lookup(scope, c.name))
          return reject(e, '"new" is only allowed with Map, Set and Date');
        refs.set(c, { kind: 'builtin', name: c.name });
        for (const a of e.arguments) expr(scope, a);
        return;
      }
      case 'UnaryExpression':
        if (e.operator === 'delete') reject(e, '"delete" is not allowed in plans');
        expr(scope, e.argument);
        return;
      case 'BinaryExpression':
        if (e.operator === 'instanceof') reject(e, '"instanceof" is not allowed in plans');
        // Loose equality converts its operands natively (valueOf, toString): use === / !==.
        if (e.operator === '==' || e.operator === '!=')
          reject(e, `"${e.operator}" is not allowed in plans: use "${e.operator}=" (strict equality)`);
        if (e.left.type === 'PrivateIdentifier') return reject(e, 'private names are not allowed in plans');
        expr(scope, e.left);
        expr(scope, e.right);
        return;
      case 'LogicalExpression':
        expr(scope, e.left);
        expr(scope, e.right);
        return;
      case 'ConditionalExpression':
        expr(scope, e.test);
        expr(scope, e.consequent);
        expr(scope, e.alternate);
        return;
      case 'AssignmentExpression':
        if (!ASSIGN_OPS.has(e.operator))
          reject(e, `the operator "${e.operator}" is not supported in plans: write x = x ${e.operator.slice(0, -1)} y`);
        expr(scope, e.right);
        if (e.left.type === 'Identifier') {
          assignTo(scope, e.left);
          if (e.operator === '=' && isFreshInit(e.right)) {
            const r = refs.get(e.left);
            if (r?.kind === 'local') r.binding.fresh = r.binding.fresh || false;
          }
        } else if (e.left.type === 'MemberExpression') {
          notStored(scope, e.right);
          member(scope, e.left);
        } else if (e.operator === '=') pattern(scope, e.left, true);
        else reject(e.left, 'invalid assignment target');
        return;
      case 'UpdateExpression':
        if (e.argument.type === 'Identifier') assignTo(scope, e.argument);
        else if (e.argument.type === 'MemberExpression') member(scope, e.argument);
        else reject(e, 'invalid update target');
        return;
      case 'SequenceExpression':
        for (const x of e.expressions) expr(scope, x);
        return;
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        if (e.type === 'FunctionExpression' && e.id)
          reject(e.id, 'named function expressions are not supported: use a function declaration');
        fn(scope, e);
        return;
      case 'AwaitExpression':
        if (!inAsync) reject(e, '"await" is only allowed at the top level and in async functions');
        expr(scope, e.argument);
        return;
      case 'ThisExpression':
        return reject(e, '"this" is not allowed in plans');
      case 'ClassExpression':
        return reject(e, 'classes are not allowed in plans');
      case 'YieldExpression':
        return reject(e, 'generators are not allowed in plans');
      case 'TaggedTemplateExpression':
        return reject(e, 'tagged templates are not allowed in plans');
      case 'MetaProperty':
        return reject(e, `"${e.meta.name}.${e.property.name}" is not allowed in plans`);
      case 'ImportExpression':
        return reject(e, 'import() is not allowed in plans');
      case 'Super':
        return reject(e, '"super" is not allowed in plans');
      case 'PrivateIdentifier':
        return reject(e, 'private names are not allowed in plans');
      default:
        return reject(e, `this expression (${(e as Node).type}) is not allowed in plans`);
    }
  };

  const top = newScope(null, program, true);
  hoist(top, program.body);
  for (const s of program.body) stmt(top, s);
  return { refs, bindings };
}
