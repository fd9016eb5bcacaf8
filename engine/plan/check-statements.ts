/**
 * The rules for statements: one checker per node type in `STATEMENTS`, each refusing what the
 * subset (docs/semantics.md §1) leaves out and then checking the statement's parts. Blocks,
 * loop heads, switches and catch clauses open scopes; their declarations are hoisted first.
 */
import type * as acorn from 'acorn';
import { refuse, type CheckContext, type Checker, type Checkers, type Statement } from './check-context';
import { checkExpression, checkFunction, checkPattern } from './check-expressions';
import { newScope, type Scope } from './scope';

/** Checks a statement with the checker for its node type; a type with none is refused. */
export function checkStatement(ctx: CheckContext, scope: Scope, s: Statement): void {
  const check = Object.hasOwn(STATEMENTS, s.type) ? (STATEMENTS[s.type] as Checker<Statement>) : null;
  if (!check) return ctx.reject(s, `this statement (${s.type}) is not allowed in plans`);
  check(ctx, scope, s);
}

const LABELS = 'labels are not allowed in plans';
const MODULES = 'import and export are not allowed in plans';

const STATEMENTS: Checkers<Statement> = {
  ExpressionStatement: (ctx, scope, s) => checkExpression(ctx, scope, s.expression),
  /** Declared by `hoist` already; a const needs a value. */
  VariableDeclaration: (ctx, scope, s) => {
    for (const d of s.declarations) {
      if (d.init) checkExpression(ctx, scope, d.init);
      else if (s.kind === 'const') ctx.reject(d, 'a const needs a value');
      checkPattern(ctx, scope, d.id, false);
    }
  },
  FunctionDeclaration: (ctx, scope, s) => checkFunction(ctx, scope, s),
  ReturnStatement: (ctx, scope, s) => {
    if (s.argument) checkExpression(ctx, scope, s.argument);
  },
  IfStatement: (ctx, scope, s) => {
    checkExpression(ctx, scope, s.test);
    checkBranch(ctx, scope, s.consequent);
    if (s.alternate) checkBranch(ctx, scope, s.alternate);
  },
  BlockStatement: (ctx, scope, s) => checkBlock(ctx, scope, s),
  EmptyStatement: () => {},
  /** `for (init; test; update)`: the head's declarations live in a scope around the loop. */
  ForStatement: (ctx, scope, s) => {
    const sc = newScope(scope, s, false);
    if (s.init?.type === 'VariableDeclaration') {
      ctx.hoist(sc, [s.init]);
      checkStatement(ctx, sc, s.init);
    } else if (s.init) checkExpression(ctx, sc, s.init);
    if (s.test) checkExpression(ctx, sc, s.test);
    if (s.update) checkExpression(ctx, sc, s.update);
    checkLoopBody(ctx, sc, s.body);
  },
  /**
   * `for (x of xs)`: no `for await`. The iterable is checked outside the loop's scope; the
   * target is declared in it, or is an assignment target.
   */
  ForOfStatement: (ctx, scope, s) => {
    if (s.await) ctx.reject(s, '"for await" is not allowed in plans');
    checkExpression(ctx, scope, s.right);
    const sc = newScope(scope, s, false);
    if (s.left.type === 'VariableDeclaration') {
      ctx.hoist(sc, [s.left]);
      for (const d of s.left.declarations) checkPattern(ctx, sc, d.id, false);
    } else checkPattern(ctx, sc, s.left, true);
    checkLoopBody(ctx, sc, s.body);
  },
  WhileStatement: (ctx, scope, s) => {
    checkExpression(ctx, scope, s.test);
    checkLoopBody(ctx, scope, s.body);
  },
  DoWhileStatement: (ctx, scope, s) => {
    checkLoopBody(ctx, scope, s.body);
    checkExpression(ctx, scope, s.test);
  },
  /** No labels; only inside a loop or switch of the same function. */
  BreakStatement: (ctx, _scope, s) => {
    if (s.label) ctx.reject(s, LABELS);
    if (ctx.loopDepth === 0 && ctx.switchDepth === 0) ctx.reject(s, '"break" outside a loop or switch');
  },
  /** No labels; only inside a loop of the same function. */
  ContinueStatement: (ctx, _scope, s) => {
    if (s.label) ctx.reject(s, LABELS);
    if (ctx.loopDepth === 0) ctx.reject(s, '"continue" outside a loop');
  },
  /** The cases share one scope, so every case's declarations are hoisted into it first. */
  SwitchStatement: (ctx, scope, s) => {
    checkExpression(ctx, scope, s.discriminant);
    const sc = newScope(scope, s, false);
    const body = s.cases.flatMap((c) => c.consequent);
    ctx.hoist(sc, body);
    // A case can run without the one that declares a name: never certainly initialised.
    for (const b of sc.vars.values()) if (b.kind !== 'function') b.ready = Infinity;
    ctx.switchDepth++;
    for (const c of s.cases) {
      if (c.test) checkExpression(ctx, sc, c.test);
      for (const st of c.consequent) checkStatement(ctx, sc, st);
    }
    ctx.switchDepth--;
  },
  TryStatement: (ctx, scope, s) => {
    checkBlock(ctx, scope, s.block);
    if (s.handler) checkCatch(ctx, scope, s.handler);
    if (s.finalizer) checkBlock(ctx, scope, s.finalizer);
  },
  ThrowStatement: (ctx, scope, s) => checkExpression(ctx, scope, s.argument),
  ClassDeclaration: refuse('classes are not allowed in plans'),
  WithStatement: refuse('"with" is not allowed in plans'),
  LabeledStatement: refuse(LABELS),
  ForInStatement: refuse('"for…in" is not allowed in plans: use for (const k of Object.keys(o))'),
  DebuggerStatement: refuse('"debugger" is not allowed in plans'),
  ImportDeclaration: refuse(MODULES),
  ExportNamedDeclaration: refuse(MODULES),
  ExportDefaultDeclaration: refuse(MODULES),
  ExportAllDeclaration: refuse(MODULES),
};

/** A block is a scope; its declarations are hoisted before its statements are checked. */
function checkBlock(ctx: CheckContext, scope: Scope, b: acorn.BlockStatement): void {
  const s = newScope(scope, b, false);
  ctx.hoist(s, b.body);
  for (const st of b.body) checkStatement(ctx, s, st);
}

/** The catch parameter is declared in a scope of its own, around the catch block. */
function checkCatch(ctx: CheckContext, scope: Scope, c: acorn.CatchClause): void {
  const sc = newScope(scope, c, false);
  if (c.param) {
    for (const id of ctx.patternIds(c.param)) ctx.declare(sc, id, 'catch');
    checkPattern(ctx, sc, c.param, false);
  }
  checkBlock(ctx, sc, c.body);
}

/** The body of an if or a loop without braces: a declaration there needs a block to live in. */
function checkBranch(ctx: CheckContext, scope: Scope, s: acorn.Statement): void {
  if (s.type === 'VariableDeclaration' || s.type === 'FunctionDeclaration')
    ctx.reject(s, 'a declaration as the body of if/loop needs braces');
  checkStatement(ctx, scope, s);
}

/** Inside a loop body, `break` and `continue` are allowed. */
function checkLoopBody(ctx: CheckContext, scope: Scope, body: acorn.Statement): void {
  ctx.loopDepth++;
  checkBranch(ctx, scope, body);
  ctx.loopDepth--;
}
