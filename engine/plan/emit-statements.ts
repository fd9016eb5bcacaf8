/**
 * The rules for statements: one emitter per node type in `STATEMENTS`, each writing the output
 * lines of its statement (the first one at the statement's plan position, so the line table
 * maps runtime errors back to it). Every branch and loop maintains the control context
 * `__R.pc` and ends in a merge (emit-regions.ts).
 */
import type * as acorn from 'acorn';
import type { Position } from '../run/types';
import type { Binding } from './analyze';
import { cloneName, copyInfo } from './plain-functions';
import { plainLoop } from './plain-loops';
import { TRY_EXIT, exitAbr, isObj, labelOf, tick, truthy, type EmitContext, type Expr, type N } from './emit-context';
import { destructure, expr, patternNames, testCode, unusedPush, update } from './emit-expressions';
import { emitFunction } from './emit-functions';
import { capture, mergeCode, orderUpgrade, restoresContext } from './emit-regions';
import { collectLoop } from './collect-loops';
import { searchLoop } from './search-loops';
import { listingOrder } from './listing-order';
import { itemStretch, noteCounters } from './item-stretches';
import type { Effects } from './effects';

type Statement = acorn.Statement | acorn.ModuleDeclaration;
/** Emits one statement kind; `at` is the statement's plan position. */
type StmtEmitter<S> = (ctx: EmitContext, s: S, at: Position) => void;
/** One emitter per statement type; analyze.ts refused every other type. */
type StmtEmitters = { readonly [T in Statement['type']]?: StmtEmitter<Extract<Statement, { readonly type: T }>> };

/** Emits a list of statements, its function declarations hoisted (made known to the runtime) first. */
export function emitStatements(ctx: EmitContext, body: readonly N[]): void {
  hoistFns(ctx, body);
  for (const s of body) emitStatement(ctx, s);
}

/** Emits a statement with the emitter for its node type. */
function emitStatement(ctx: EmitContext, s: N): void {
  const at = ctx.pos(s.start);
  const emit = Object.hasOwn(STATEMENTS, s.type) ? (STATEMENTS[s.type as Statement['type']] as StmtEmitter<N>) : null;
  if (!emit) throw new Error(`compile: unexpected statement ${s.type}`);
  emit(ctx, s, at);
}

const hoistFns = (ctx: EmitContext, body: readonly N[]): void => {
  for (const s of body)
    if (s.type === 'FunctionDeclaration') {
      const records = ctx.plainFns.get(s);
      const copy = records ? `, 0, ${cloneName(s.id!.name)}${copyInfo(s, records, undefined)}` : s.async ? ', 1' : '';
      ctx.emit(`__R.fd(${s.id!.name}${copy});`);
    }
};
const blockOf = (s: N): readonly N[] => (s.type === 'BlockStatement' ? s.body : [s]);

const STATEMENTS: StmtEmitters = {
  /** An update or a push whose value is unused needs no copy of the old value, nor a length. */
  ExpressionStatement: (ctx, s, at) => {
    const e = s.expression;
    // `a && f()` as a statement: its value is dropped, so `a` only decides whether f runs.
    if (e.type === 'LogicalExpression') ctx.decides(e.left);
    ctx.emit((e.type === 'UpdateExpression' ? update(ctx, e, true) : (unusedPush(ctx, e) ?? expr(ctx, e))) + ';', at);
  },
  /**
   * A declared value is bound as computed, without the context (semantics.md §3, declarations:
   * only code after it in its scope reads it, under at least that context); a pattern is
   * destructured from a temporary.
   */
  VariableDeclaration: (ctx, s, at) => {
    for (const d of s.declarations) {
      if (d.id.type === 'Identifier')
        ctx.emit(`${s.kind} ${d.id.name} = ${d.init ? expr(ctx, d.init) : 'undefined'};`, at);
      else {
        const names = patternNames(d.id);
        ctx.emit(`${s.kind === 'const' ? 'let' : s.kind} ${names.join(', ')};`, at);
        const src = ctx.temp();
        ctx.emit(
          `${src} = ${expr(ctx, d.init!)}; ${destructure(ctx, d.id, src, (id, code) => `${id} = ${code}`).join('; ')};`,
          at,
        );
      }
    }
  },
  FunctionDeclaration: (ctx, s, at) => ctx.emit(emitFunction(ctx, s, s.id!.name), at),
  ReturnStatement: (ctx, s, at) => {
    // In an async function (and at the top level) `return f()` is `return await f()`: the
    // result is the value, never a pending call left running.
    const arg =
      s.argument?.type === 'CallExpression' && ctx.fn.awaits
        ? ({
            type: 'AwaitExpression',
            argument: s.argument,
            start: s.argument.start,
            end: s.argument.end,
          } as acorn.AwaitExpression)
        : s.argument;
    // Leaving a try early: whether we get here depends on everything it could have thrown
    // because of so far (the try's accumulator), so the exit and the value carry it.
    if (ctx.fn.tries > 0) ctx.emit(TRY_EXIT, at);
    const v = arg ? expr(ctx, arg) : 'undefined';
    const abr = ctx.fn.regions > 0 ? '__R.J(__R.J(__abr, __R.exitOf()), __R.pc)' : exitAbr;
    ctx.emit(`return ${ctx.returned(v, abr)};`, at);
  },
  /** The thrown value is wrapped with the context it is thrown under. */
  ThrowStatement: (ctx, s, at) => ctx.emit(`throw __R.thr(${expr(ctx, s.argument)});`, at),
  BreakStatement: (ctx, _s, at) => jump(ctx, 'break', at),
  ContinueStatement: (ctx, _s, at) => jump(ctx, 'continue', at),
  EmptyStatement: () => {},
  BlockStatement: (ctx, s, at) => {
    ctx.emit('{', at);
    emitStatements(ctx, s.body);
    ctx.emit('}');
  },
  IfStatement: (ctx, s, at) => ifStatement(ctx, s, at),
  WhileStatement: (ctx, s, at) => loop(ctx, s, at),
  DoWhileStatement: (ctx, s, at) => loop(ctx, s, at),
  ForStatement: (ctx, s, at) => loop(ctx, s, at),
  ForOfStatement: (ctx, s, at) => forOf(ctx, s, at),
  SwitchStatement: (ctx, s, at) => switchStatement(ctx, s, at),
  TryStatement: (ctx, s, at) => tryStatement(ctx, s, at),
};

/** `break` and `continue`. */
function jump(ctx: EmitContext, keyword: 'break' | 'continue', at: Position): void {
  // A plain loop has no try inside: leaving it leaves no try.
  if (ctx.fn.plain) {
    ctx.emit(`${keyword};`, at);
    return;
  }
  // Out of a try, early: what follows (in the loop, after it) depends on the try so far.
  const loopAcc = ctx.fn.loops[ctx.fn.loops.length - 1];
  let early = ctx.fn.tries > 0 && loopAcc ? `${TRY_EXIT} ${loopAcc} = __R.J(${loopAcc}, __R.pc); ` : '';
  // A conditional jump out of the loop's iteration (not a switch's break): everything after it in
  // the loop, later iterations included, runs under what decided it (§3, early exits), on the
  // path that jumps as on the one that does not (the merge after the region raises it there).
  const targets = ctx.fn.jumpTargets;
  const target = keyword === 'break' ? targets[targets.length - 1] : targets.findLast((t) => t.loopAcc !== null);
  if (!early && target?.loopAcc && ctx.fn.regions > target.regions)
    early = `${target.loopAcc} = __R.J(${target.loopAcc}, __R.pc); `;
  ctx.emit(`${early}${keyword};`, at);
}

/**
 * `if`: both branches run under the test's label, and what either may write is upgraded after
 * them (a plain boolean test in a plain loop needs none of it).
 */
function ifStatement(ctx: EmitContext, s: acorn.IfStatement, at: Position): void {
  ctx.decides(s.test);
  if (ctx.bool(s.test)) {
    ctx.emit(`if (${expr(ctx, s.test)}) {`, at);
    branches(ctx, s);
    return;
  }
  const c = ctx.temp();
  if (ctx.fn.plain) return dynamicIf(ctx, s, at, c);
  const t = testCode(ctx, s.test);
  if (t !== null) labeledIf(ctx, s, at, c, `${c} = ${t}; `, true);
  else labeledIf(ctx, s, at, c, `${c} = ${expr(ctx, s.test)}; `);
}
/**
 * An `if` in a plain loop whose test is not known to be a plain boolean (plain-loops.ts): an
 * unlabeled value takes the plain branches; a labeled one runs the instrumented `if`, whose
 * merge restores the empty context the rest of the loop counts on.
 */
function dynamicIf(ctx: EmitContext, s: acorn.IfStatement, at: Position, c: string): void {
  ctx.emit(`${c} = ${expr(ctx, s.test)}; if (${isObj(c)}) {`, at);
  const plain = ctx.fn.plain;
  ctx.fn.plain = null;
  labeledIf(ctx, s, at, c, '');
  ctx.fn.plain = plain;
  ctx.emit(`} else if (${c}) {`);
  branches(ctx, s);
}
/**
 * The instrumented `if` on the value in c (computed by `setup`, or before); with `coded`, c holds
 * a comparison's label * 2 + truth (testCode).
 */
function labeledIf(
  ctx: EmitContext,
  s: acorn.IfStatement,
  at: Position,
  c: string,
  setup: string,
  coded = false,
): void {
  const p = ctx.temp();
  const eff = ctx.effects.region([s.consequent, s.alternate], s.consequent.start, s.end);
  const cap = capture(ctx, eff, s.consequent.start);
  const raise = coded
    ? `if (${c} > 1) __R.pc = __R.J(${p}, ${codedLabel(c)});`
    : `if (${isObj(c)}) __R.pc = __R.J(${p}, ${labelOf(c)});`;
  ctx.emit(`${setup}${cap ? `${cap}; ` : ''}${p} = __R.pc; ${raise}`, at);
  ctx.fn.regions++;
  ctx.emit(`if (${coded ? `${c} & 1` : truthy(c)}) {`);
  branches(ctx, s);
  ctx.fn.regions--;
  ctx.emit(mergeCode(ctx, eff, p, s.end, true).join('; ') + ';');
}
/** The branches of an `if` whose opening line is emitted, and the closing brace. */
function branches(ctx: EmitContext, s: acorn.IfStatement): void {
  emitStatements(ctx, blockOf(s.consequent));
  if (s.alternate) {
    ctx.emit('} else {');
    emitStatements(ctx, blockOf(s.alternate));
  }
  ctx.emit('}');
}

// ---- loops ----------------------------------------------------------------------------------------

type TestLoop = acorn.WhileStatement | acorn.DoWhileStatement | acorn.ForStatement;

/**
 * Every iteration starts from the loop's own context: the context at entry, every test so far
 * (reaching iteration k depends on tests 1..k-1), conditional break/continue labels, and what
 * must persist for the rest of the function. What an iteration raised only for itself (a try's
 * taint, a callee's argument) does not leak into the next one; what it wrote is labeled. In a
 * loop inside a try, what the try could have thrown because of so far (R.tc) stays: a later
 * iteration runs only because the earlier ones did not throw. The common case, a loop over
 * labeled data, has only the loop's own context set: J(lt, 0) is then the join of the four, in
 * one call instead of three.
 */
const iterationStart = (lt: string, la: string, own = `(${lt} === 0 ? 0 : __R.J(${lt}, 0))`): string =>
  `${tick} if (__R.exit !== 0) __abr = __R.J(__abr, __R.exitOf()); __R.pc = (${la} | __abr | __R.tc) === 0 ? ${own} : __R.J(__R.J(__R.J(${lt}, ${la}), __abr), __R.tc);`;

/**
 * A loop that is plain (plain-loops.ts) is emitted twice: a copy without bookkeeping, run when
 * the guard finds the context empty, no try open and the number variables holding numbers, and
 * the fully instrumented loop otherwise.
 */
function loop(ctx: EmitContext, s: TestLoop, at: Position): void {
  if (ctx.fn.plain) return plainLoopCode(ctx, s as acorn.WhileStatement | acorn.ForStatement, at);
  const dynamicIfWrites = (i: acorn.IfStatement): ReadonlySet<Binding> | null => {
    const eff = ctx.effects.region([i.consequent, i.alternate], i.consequent.start, i.end);
    return restoresContext(ctx, eff, i.end) ? eff.vars : null;
  };
  const facts =
    s.type === 'DoWhileStatement' || ctx.noFastPaths ? null : plainLoop(s, ctx.analysis, ctx.fn.start, dynamicIfWrites);
  if (!facts) return labeledLoop(ctx, s, at);
  const guard = [
    '__R.pc === 0',
    '__R.exit === 0',
    '__abr === 0',
    // Inside a try a read in the loop that may throw raises the context (acc) mid-loop, which the
    // copy would not join into its numbers (plain-loops.ts).
    '__R.td === 0',
    ...facts.guard.map((b) => `typeof ${b.name} === 'number'`),
  ];
  ctx.emit(`if (${guard.join(' && ')}) {`, at);
  ctx.fn.plain = facts.nums;
  plainLoopCode(ctx, s as acorn.WhileStatement | acorn.ForStatement, at);
  ctx.fn.plain = null;
  ctx.emit('} else {');
  labeledLoop(ctx, s, at);
  ctx.emit('}');
}

// Steps are counted as in the instrumented loop (one per test), so both copies stop alike.
function plainLoopCode(ctx: EmitContext, s: acorn.WhileStatement | acorn.ForStatement, at: Position): void {
  const test = s.test ? ` if (!${expr(ctx, s.test)}) break;` : '';
  if (s.type === 'WhileStatement') ctx.emit(`for (;;) { ${tick}${test}`, at);
  else {
    const init =
      s.init?.type === 'VariableDeclaration'
        ? `${s.init.kind} ${s.init.declarations.map((d) => `${(d.id as acorn.Identifier).name} = ${d.init ? expr(ctx, d.init) : 'undefined'}`).join(', ')}`
        : s.init
          ? expr(ctx, s.init)
          : '';
    const upd = forUpdate(ctx, s);
    ctx.emit(`for (${init}; ; ${upd}) { ${tick}${test}`, at);
  }
  emitStatements(ctx, blockOf(s.body));
  ctx.emit('}');
}
/** A for loop's update, its value unused. */
const forUpdate = (ctx: EmitContext, s: acorn.ForStatement): string =>
  s.update ? (s.update.type === 'UpdateExpression' ? update(ctx, s.update, true) : expr(ctx, s.update)) : '';

// Loops: the test's label accumulates into the context for every later iteration.
function labeledLoop(ctx: EmitContext, s: TestLoop, at: Position): void {
  const p = ctx.temp();
  const lt = ctx.temp();
  const la = ctx.temp();
  const eff = ctx.effects.region([s], s.start, s.end);
  eff.escapesLoop = false;
  const cap = capture(ctx, eff, s.start);
  ctx.emit(`{ ${cap ? `${cap}; ` : ''}${p} = __R.pc; ${lt} = ${p}; ${la} = 0;`, at);
  ctx.fn.regions++;
  ctx.fn.loops.push(la);
  ctx.fn.jumpTargets.push({ loopAcc: la, regions: ctx.fn.regions });
  loopHead(ctx, s, at, lt, la);
  const body = blockOf(s.body);
  // Declarations computed from fields alone, natively when they can be (item-stretches.ts).
  if (s.type === 'ForStatement') noteCounters(ctx, s);
  const taken = itemStretch(ctx, body);
  emitStatements(ctx, body.slice(taken));
  ctx.emit('}');
  ctx.fn.jumpTargets.pop();
  ctx.fn.loops.pop();
  ctx.fn.regions--;
  ctx.emit([`__R.pc = __R.J(__R.pc, __R.J(${lt}, ${la}))`, ...mergeCode(ctx, eff, p, s.end)].join('; ') + '; }');
}
/**
 * The head of an instrumented loop: every iteration starts from the loop's context, then runs
 * the test (a do…while skips it the first time).
 */
function loopHead(ctx: EmitContext, s: TestLoop, at: Position, lt: string, la: string): void {
  if (s.type === 'ForStatement') {
    let init = '';
    if (s.init?.type === 'VariableDeclaration') {
      init = `${s.init.kind} ${s.init.declarations.map((d) => `${(d.id as acorn.Identifier).name} = ${d.init ? expr(ctx, d.init) : 'undefined'}`).join(', ')}`;
    } else if (s.init) init = expr(ctx, s.init);
    const upd = forUpdate(ctx, s);
    ctx.emit(`for (${init}; ; ${upd}) { ${iterationStart(lt, la)}`, at);
    testLine(ctx, s.test, lt);
  } else if (s.type === 'WhileStatement') {
    ctx.emit(`for (;;) { ${iterationStart(lt, la)}`, at);
    testLine(ctx, s.test, lt);
  } else {
    const first = ctx.temp();
    ctx.emit(`for (${first} = true; ; ${first} = false) { ${iterationStart(lt, la)}`, at);
    ctx.emit(`if (!${first}) {`);
    testLine(ctx, s.test, lt);
    ctx.emit('}');
  }
}
/** A loop's test, on its own line: its label joins the tests so far (`lt`) and the context. */
function testLine(ctx: EmitContext, test: Expr | null | undefined, lt: string): void {
  if (!test) return;
  ctx.decides(test);
  const c = ctx.temp();
  const t = testCode(ctx, test);
  if (t !== null) {
    ctx.emit(
      `${c} = ${t}; if (${c} > 1) { ${lt} = __R.J(${lt}, ${codedLabel(c)}); __R.pc = __R.J(__R.pc, ${codedLabel(c)}); } if (!(${c} & 1)) break;`,
      ctx.pos(test.start),
    );
    return;
  }
  ctx.emit(
    `${c} = ${expr(ctx, test)}; if (${isObj(c)}) { ${lt} = __R.J(${lt}, __R.lab(${c})); __R.pc = __R.J(__R.pc, __R.lab(${c})); } if (!${truthy(c)}) break;`,
    ctx.pos(test.start),
  );
}
/** The label in a coded test (testCode): label * 2 + truth. */
const codedLabel = (c: string): string => `((${c} - (${c} & 1)) / 2)`;

/**
 * `for…of`: the runtime iterates (__R.iter, __R.more, __R.at). Each iteration runs under the
 * loop's context joined with what reaching it depends on (`.c`); what follows the loop, under
 * what the number of iterations depended on (`.l`).
 */
function forOf(ctx: EmitContext, s: acorn.ForOfStatement, at: Position): void {
  const it = ctx.temp();
  const i = ctx.temp();
  const p = ctx.temp();
  const lt = ctx.temp();
  const la = ctx.temp();
  // An iteration's own context (J(p, it.c), and that alone joined with nothing: `own`) is made
  // again only when it.c changed (an iteration over a listing; a list that grew): it is the same
  // join of the same labels otherwise, and joins are pure.
  const c = ctx.temp();
  const own = ctx.temp();
  const eff = ctx.effects.region([s], s.start, s.end);
  eff.escapesLoop = false;
  const collect = ctx.noFastPaths ? null : collectLoop(ctx, s);
  // A collect loop over `x.split(sep)`: the words of a labeled string stay unboxed (collect-loops.ts).
  const split = collect?.split;
  const right = split ? `__R.words(${expr(ctx, split.text)}, ${expr(ctx, split.sep)})` : expr(ctx, s.right);
  const order = listingOrder(ctx, s, eff, collectLoop(ctx, s) !== null);
  // NORMAL upgrades what a loop that sees the order wrote too (below): capture it there as well.
  const cap = capture(ctx, eff, s.left.start, order.sees);
  ctx.emit(
    `{ ${it} = __R.${split ? 'iterW' : 'iter'}(${right}${order.flag}); ${cap ? `${cap}; ` : ''}${p} = __R.pc; ${lt} = __R.J(${p}, ${it}.l); ${la} = 0; ${c} = -1;`,
    at,
  );
  // A loop that sees the order without running ordered: an error that ends the run from inside
  // it could depend on the order (listing-order.ts).
  const lazy = order.sees && !order.ordered;
  const colls = lazy && !ctx.strict ? gatheredCollections(ctx, eff) : null;
  if (lazy) ctx.emit('try {');
  const search = cap || ctx.noFastPaths ? null : searchLoop(ctx, s);
  if (collect) {
    // The whole loop in one runtime call when it can be; it answers -1 having done nothing otherwise.
    const args = [it, collect.out, JSON.stringify(collect.op), String(collect.bound), JSON.stringify(collect.method)];
    ctx.emit(`if (__R.pushT(${args.join(', ')}, __abr, ${p}) < 0)`, at);
  } else if (search) {
    // The whole loop in one runtime call when it can be (search-loops.ts); its answer: the
    // iterations' joined contexts * 2 + whether it broke, R.pc left as the last iteration left it.
    const f = ctx.temp();
    ctx.emit(
      `${f} = __R.anyT(${it}, ${search.text}, ${JSON.stringify(search.method)}, __abr, ${p}); if (${f} >= 0) { ${la} = (${f} - (${f} & 1)) / 2; if (${f} & 1) {`,
      at,
    );
    emitStatements(ctx, search.then);
    ctx.emit('} } else');
  }
  ctx.fn.regions++;
  ctx.fn.loops.push(la);
  ctx.fn.jumpTargets.push({ loopAcc: la, regions: ctx.fn.regions });
  ctx.emit(
    `for (let ${i} = 0; __R.more(${it}, ${i}); ${i}++) { if (${it}.c !== ${c}) { ${c} = ${it}.c; ${lt} = __R.J(${p}, ${c}); ${own} = ${lt} === 0 ? 0 : __R.J(${lt}, 0); } ${iterationStart(lt, la, own)}`,
    at,
  );
  bindElement(ctx, s.left, `__R.at(${it}, ${i})`);
  if (colls) ctx.emit(`if (${colls} !== null) __R.upa(${colls}, 0);`);
  const body = blockOf(s.body);
  // Declarations computed from the item's fields alone, natively when they can be (item-stretches.ts).
  const taken = itemStretch(ctx, body);
  emitStatements(ctx, body.slice(taken));
  ctx.emit('}');
  ctx.fn.jumpTargets.pop();
  ctx.fn.loops.pop();
  ctx.fn.regions--;
  if (lazy) ctx.emit(`} catch (__x) { throw __R.ordErr(__x, ${it}); }`);
  // What a loop that sees the order wrote depends on the order, NORMAL too (STRICT: the merge).
  const ups = order.sees && !ctx.strict ? orderUpgrade(ctx, eff, s.end, `__R.ordL(${it}, ${la})`) : '';
  ctx.emit(
    [
      `__R.pc = __R.J(__R.pc, __R.J(__R.J(${p}, ${it}.l), ${la}))`,
      ...(ups ? [ups] : []),
      ...mergeCode(ctx, eff, p, s.end),
    ].join('; ') + '; }',
  );
}
/**
 * NORMAL, a loop that gathers: a temporary holding the Maps and Sets among the containers it may
 * write (named outside it, as captured at its start), or null when there is none to raise. Each
 * iteration raises their structure labels with its context once its item is read, as STRICT's
 * merges do (semantics.md §3, listings: the engine may label more than the rules ask).
 */
function gatheredCollections(ctx: EmitContext, eff: Effects): string | null {
  const named = (eff.captured ?? []).filter((c) => c.base.path.length === 0 && !c.base.deep).map((c) => c.t);
  if (!named.length) return null;
  const t = ctx.temp();
  ctx.emit(`${t} = __R.colls([${named.join(', ')}]);`);
  return t;
}

/**
 * Binds a for…of's element `v` to its left side (declared, a name, or a pattern). A declared
 * one is bound as it is, like any declaration (semantics.md §3, declarations): the iteration
 * that reads it runs under at least the context it was bound under.
 */
function bindElement(ctx: EmitContext, left: acorn.ForOfStatement['left'], v: string): void {
  if (left.type === 'VariableDeclaration') {
    const d = left.declarations[0]!;
    if (d.id.type === 'Identifier') ctx.emit(`${left.kind} ${d.id.name} = ${v};`);
    else {
      ctx.emit(`let ${patternNames(d.id).join(', ')};`);
      ctx.emit(destructure(ctx, d.id, v, (id, code) => `${id} = ${code}`).join('; ') + ';');
    }
  } else if (left.type === 'Identifier') ctx.emit(`${left.name} = ${ctx.asg(v)};`);
  else ctx.emit(destructure(ctx, left as acorn.Pattern, v, (id, code) => `${id} = ${ctx.asg(code)}`).join('; ') + ';');
}

// ---- switch and try -------------------------------------------------------------------------------

// switch: the discriminant and every case test compared enter the context of the body.
function switchStatement(ctx: EmitContext, s: acorn.SwitchStatement, at: Position): void {
  const d = ctx.temp();
  const k = ctx.temp();
  const p = ctx.temp();
  const eff = ctx.effects.region([s], s.start, s.end);
  eff.escapesLoop = eff.escapesLoop && hasContinue(s);
  ctx.decides(s.discriminant);
  for (const c of s.cases) if (c.test) ctx.decides(c.test);
  const disc = expr(ctx, s.discriminant);
  const cap = capture(ctx, eff, s.discriminant.end);
  ctx.emit(
    `{ ${d} = ${disc}; ${cap ? `${cap}; ` : ''}${p} = __R.pc; __R.pc = __R.J(${p}, __R.lab(${d})); ${k} = -1;`,
    at,
  );
  const tests = s.cases.map((c, idx) => ({ c, idx })).filter((x) => x.c.test);
  const dflt = s.cases.findIndex((c) => !c.test);
  const chainCode = tests.map((x) => `if (__R.cse(${d}, ${expr(ctx, x.c.test!)})) ${k} = ${x.idx};`).join(' else ');
  ctx.emit(`${chainCode}${chainCode ? ' else ' : ''}${k} = ${dflt};`);
  ctx.fn.regions++;
  ctx.fn.jumpTargets.push({ loopAcc: null, regions: ctx.fn.regions });
  ctx.emit(`switch (${k}) {`);
  s.cases.forEach((c, idx) => {
    ctx.emit(`case ${idx}:`, ctx.pos(c.start));
    hoistFns(ctx, c.consequent);
    for (const st of c.consequent) emitStatement(ctx, st);
  });
  ctx.emit('}');
  ctx.fn.jumpTargets.pop();
  ctx.fn.regions--;
  ctx.emit(mergeCode(ctx, eff, p, s.end, true).join('; ') + '; }');
}

/** Does a `continue` inside this node (not in a nested loop or function) leave it? */
function hasContinue(n: N): boolean {
  let found = false;
  const walk = (x: unknown, inLoop: boolean): void => {
    if (found || !x || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach((y) => walk(y, inLoop));
    const node = x as N;
    if (!('type' in node)) return;
    if (node.type === 'ContinueStatement' && !inLoop) found = true;
    if (node.type.endsWith('Function') || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression')
      return;
    const loopish = /^(For|ForOf|While|DoWhile)Statement$/.test(node.type);
    for (const [k, v] of Object.entries(node)) if (k !== 'loc') walk(v, inLoop || loopish);
  };
  walk(n, false);
  return found;
}

/**
 * `try`: the runtime accumulates what the block could have thrown because of (__R.tpush/tpop);
 * the catch, the finally and what follows run under it.
 */
function tryStatement(ctx: EmitContext, s: acorn.TryStatement, at: Position): void {
  const tp = ctx.temp();
  const ta = ctx.temp();
  const p = ctx.temp();
  const eff = ctx.effects.region([s.block, s.handler], s.start, s.end);
  const cap = capture(ctx, eff, s.block.start);
  ctx.emit(`{ ${cap ? `${cap}; ` : ''}${tp} = __R.pc; ${p} = ${tp}; ${ta} = 0; __R.tpush();`, at);
  ctx.fn.regions++;
  ctx.emit('try {');
  ctx.fn.tries++;
  emitStatements(ctx, s.block.body);
  if (s.handler) catchClause(ctx, s.handler, tp);
  ctx.fn.tries--;
  // Without a catch, a fatal error (a limit) passing through is still noticed by the runtime.
  if (!s.handler) ctx.emit(`} catch (__x) { __R.fatal(__x);`);
  // The finally runs under what the try could have thrown because of, whichever way it was
  // left (normally, by an exception, or early by return/break/continue): a finally that
  // returns, or code after an early exit, must not see a clean context.
  ctx.emit(`} finally { ${ta} = __R.tpop(); if (${ta} !== 0) __R.pc = __R.J(__R.pc, ${ta});`);
  if (s.finalizer) emitStatements(ctx, s.finalizer.body);
  ctx.emit('}');
  ctx.fn.regions--;
  // What follows a try runs under whatever its block could have thrown because of. When the
  // block may also leave early (break/continue/return), the path that did NOT leave depends
  // on it too: the rest of the loop, or of the function, runs under it.
  const merge = ctx.strict ? mergeCode(ctx, { ...eff, escapesLoop: false }, p, s.end, false, true) : [];
  const loopAcc = ctx.fn.loops[ctx.fn.loops.length - 1];
  if (eff.escapesLoop && loopAcc) merge.push(`${loopAcc} = __R.J(${loopAcc}, __R.pc)`);
  if (eff.escapesFunction && !ctx.strict) merge.push('__abr = __R.J(__abr, __R.pc)');
  ctx.emit([`__R.pc = __R.J(__R.pc, ${ta})`, ...merge].join('; ') + '; }');
}
/** The catch runs under the context at the try's start joined with the thrown label (__R.caught). */
function catchClause(ctx: EmitContext, h: acorn.CatchClause, tp: string): void {
  const x = ctx.temp();
  ctx.emit(`} catch (${x}) {`, ctx.pos(h.start));
  const v = `__R.caught(${x}, ${tp})`;
  const param = h.param;
  if (!param) ctx.emit(`${v};`);
  else if (param.type === 'Identifier') ctx.emit(`let ${param.name} = ${v};`);
  else {
    ctx.emit(`let ${patternNames(param).join(', ')};`);
    ctx.emit(destructure(ctx, param, v, (id, code) => `${id} = ${code}`).join('; ') + ';');
  }
  emitStatements(ctx, h.body.body);
}
