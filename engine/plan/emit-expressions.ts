/**
 * The rules for expressions, calls and patterns: one emitter per node type in `EXPRESSIONS`,
 * each returning the instrumented code of its node. Every operator, property access and call
 * goes through the label runtime `__R`; what runs only because of a value (the right side of
 * && || ??, the arms of ?:, a default value, the tail of an optional chain, a callback) is a
 * region whose writes are upgraded at its end (emit-regions.ts).
 */
import type * as acorn from 'acorn';
import { METHODS, NAMESPACE_CONSTANTS } from './builtins';
import { cloneCode, copyInfo } from './plain-functions';
import { CALLBACK_METHODS } from './effects';
import { raisedBy, str, truthy, type EmitContext, type Expr, type N } from './emit-context';
import { capture, mergeCode, withCapture } from './emit-regions';
import { hasTest } from './has-tests';
import { matchMethodCall } from './method-calls';
import { splitRead } from './split-index';
import { exprStretch } from './item-stretches';

/** Emits the code of one expression kind. */
type ExprEmitter<E> = (ctx: EmitContext, e: E) => string;
/** One emitter per expression type; analyze.ts refused every other type. */
type ExprEmitters = { readonly [T in Expr['type']]?: ExprEmitter<Extract<Expr, { readonly type: T }>> };

/** The code of an expression (or of a pattern that is one: a name, a member). */
export function expr(ctx: EmitContext, e: Expr | acorn.Pattern): string {
  const emit = Object.hasOwn(EXPRESSIONS, e.type) ? (EXPRESSIONS[e.type as Expr['type']] as ExprEmitter<Expr>) : null;
  if (!emit) throw new Error(`compile: unexpected ${e.type}`);
  return emit(ctx, e as Expr);
}

const BINARY: Readonly<Record<string, string>> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '%': 'mod',
  '**': 'pow',
  '===': 'eq',
  '!==': 'ne',
  '<': 'lt',
  '>': 'gt',
  '<=': 'le',
  '>=': 'ge',
  '&': 'band',
  '|': 'bor',
  '^': 'bxor',
  '<<': 'shl',
  '>>': 'shr',
  '>>>': 'ushr',
};
const UNARY: Readonly<Record<string, string>> = { '-': 'neg', '+': 'pos', '!': 'not', '~': 'bnot', typeof: 'tof' };

const EXPRESSIONS: ExprEmitters = {
  /** A regular expression literal is built by the runtime; any other literal is itself. */
  Literal: (_ctx, e) => {
    if (e.regex) return `__R.re(${str(e.regex.pattern)}, ${str(e.regex.flags)})`;
    if (e.value === null) return 'null';
    // Text a plan writes counts against the string limit as text it builds does (the runtime's
    // check, at the literal's position); below 64 KiB no limit can be reached.
    if (typeof e.value === 'string') return e.value.length > 65_536 ? `__R.lit(${str(e.value)})` : str(e.value);
    return String(e.value);
  },
  /** The plan's input is the runtime's; every other name is the plan's own variable. */
  Identifier: (ctx, e) => {
    const r = ctx.analysis.refs.get(e);
    if (!r) throw new Error(`unresolved identifier ${e.name}`);
    if (r.kind === 'input') return '__R.input';
    if (r.kind === 'builtin') return e.name; // undefined, NaN, Infinity
    return e.name;
  },
  TemplateLiteral: (ctx, e) => {
    const stretch = exprStretch(ctx, e);
    if (stretch !== null) return stretch;
    const quasis = e.quasis.map((q) => str(q.value.cooked ?? q.value.raw));
    const slow = (): string =>
      `__R.tpl([${quasis.join(', ')}], [${e.expressions.map((x) => expr(ctx, x)).join(', ')}])`;
    // Plain numbers between short literals (a plain loop's `item-${i}`): a short native string,
    // when its longest possible length (a number's text has at most NUMBER_TEXT characters) is within
    // the string limit R.tpl would check.
    const bound =
      e.quasis.reduce((n, q) => n + (q.value.cooked ?? q.value.raw).length, 0) + NUMBER_TEXT * e.expressions.length;
    if (e.expressions.every((x) => ctx.num(x)) && bound < 1024 && !ctx.noFastPaths) {
      const fast = `(${quasis[0]}${e.expressions.map((x, i) => ` + (${expr(ctx, x)}) + ${quasis[i + 1]}`).join('')})`;
      return e.expressions.length ? `(${bound} <= __SM ? ${fast} : ${slow()})` : fast;
    }
    return slow();
  },
  ArrayExpression: (ctx, e) => {
    const items = e.elements;
    if (items.every((x): x is Expr => x !== null && x.type !== 'SpreadElement'))
      return literal(
        ctx,
        items,
        (vs) => `[${vs.join(', ')}]`,
        (vs) => `__R.arr([${vs.join(', ')}])`,
        `${items.length} <= __AL`,
      );
    return `__R.arr([${items.map((x) => (x === null ? 'undefined' : x.type === 'SpreadElement' ? `[__R.SP, ${expr(ctx, x.argument)}]` : expr(ctx, x))).join(', ')}])`;
  },
  /** Keys and values in order, a spread marked by __R.SP; a computed key goes through __R.key. */
  ObjectExpression: (ctx, e) => {
    const staticKey = (p: acorn.Property): string =>
      str(p.key.type === 'Identifier' ? p.key.name : String((p.key as acorn.Literal).value));
    const props = e.properties;
    if (props.every((p): p is acorn.Property => p.type === 'Property' && !p.computed)) {
      const keys = props.map(staticKey);
      return literal(
        ctx,
        props.map((p) => p.value as Expr),
        (vs) => `{ __proto__: null, ${vs.map((v, i) => `${keys[i]}: ${v}, `).join('')}}`,
        (vs) => `__R.obj([${vs.map((v, i) => `${keys[i]}, ${v}`).join(', ')}])`,
        null,
      );
    }
    const parts: string[] = [];
    for (const p of props) {
      if (p.type === 'SpreadElement') parts.push('__R.SP', expr(ctx, p.argument));
      else parts.push(p.computed ? `__R.key(${expr(ctx, p.key as Expr)})` : staticKey(p), expr(ctx, p.value as Expr));
    }
    return `__R.obj([${parts.join(', ')}])`;
  },
  /** A namespace constant (Math.PI) is its value; `a?.b` is an optional chain. */
  MemberExpression: (ctx, e) => {
    const c = constant(ctx, e);
    if (c !== null) return c;
    if (e.optional) return chain(ctx, e);
    const part = splitRead(ctx, e);
    if (part) return `__R.splitAt(${expr(ctx, part.text)}, ${str(part.separator)}, ${part.index})`;
    return e.computed ? index(ctx, e) : `__R.gets(${expr(ctx, e.object as Expr)}, ${key(ctx, e)})`;
  },
  ChainExpression: (ctx, e) => chain(ctx, e.expression),
  CallExpression: (ctx, e) => call(ctx, e),
  /** Only Map, Set and Date may be constructed (analyze.ts): the runtime builds them. */
  NewExpression: (ctx, e) => `__R.newc(${str((e.callee as acorn.Identifier).name)}, ${args(ctx, e.arguments)})`,
  /** In a plain loop, an operator on a plain number or boolean is the native one. */
  UnaryExpression: (ctx, e) => {
    if (e.operator === 'void') return `(${expr(ctx, e.argument)}, undefined)`;
    // A number literal is a plain number anywhere (`-1` in a comparator needs no runtime call).
    const num = ctx.num(e.argument) || (literalType(e.argument) === 'number' && !ctx.noFastPaths);
    if (e.operator === '!' ? ctx.bool(e.argument) : e.operator !== 'typeof' && num)
      return `(${e.operator}(${expr(ctx, e.argument)}))`;
    return `__R.${UNARY[e.operator]}(${expr(ctx, e.argument)})`;
  },
  BinaryExpression: (ctx, e) => {
    if (e.operator === 'in') return `__R.has(${expr(ctx, e.left as Expr)}, ${expr(ctx, e.right)})`;
    // A `+` chain computed from fields alone, natively when it can be (item-stretches.ts).
    const stretch = exprStretch(ctx, e);
    if (stretch !== null) return stretch;
    return binary(ctx, e.operator, e.left as Expr, e.right);
  },
  /**
   * The right side runs only because of the left one: a region under its label, and the result
   * chosen by the left side carries it (STRICT).
   */
  LogicalExpression: (ctx, e) => {
    if (ctx.bool(e)) return `(${expr(ctx, e.left)} ${e.operator} ${expr(ctx, e.right)})`;
    const t = ctx.temp();
    const left = expr(ctx, e.left);
    const pick = (r: string): string => ctx.chosen(r, t, e);
    const choice = (take: string): string => exprRegion(ctx, [e.right], t, ([r]) => `${take} ? ${pick(r!)} : ${t}`);
    if (e.operator === '&&') return `(${t} = ${left}, ${choice(truthy(t))})`;
    if (e.operator === '||') return `(${t} = ${left}, ${choice(`!${truthy(t)}`)})`;
    return `(${t} = ${left}, ${choice(`__R.nul(${t})`)})`;
  },
  /** Both arms are one region under the test's label; the arm taken carries it (STRICT). */
  ConditionalExpression: (ctx, e) => {
    if (ctx.bool(e.test)) return `(${expr(ctx, e.test)} ? ${expr(ctx, e.consequent)} : ${expr(ctx, e.alternate)})`;
    const t = ctx.temp();
    const pick = (r: string): string => ctx.chosen(r, t, e);
    ctx.decides(e.test);
    return `(${t} = ${expr(ctx, e.test)}, ${exprRegion(ctx, [e.consequent, e.alternate], t, ([a, b]) => `${truthy(t)} ? ${pick(a!)} : ${pick(b!)}`)})`;
  },
  AssignmentExpression: (ctx, e) => assign(ctx, e),
  UpdateExpression: (ctx, e) => update(ctx, e, false),
  SequenceExpression: (ctx, e) => `(${e.expressions.map((x) => expr(ctx, x)).join(', ')})`,
  /** A function value is wrapped by the runtime (which knows it for a plan function). */
  ArrowFunctionExpression: (ctx, e) => functionValue(ctx, e),
  FunctionExpression: (ctx, e) => functionValue(ctx, e),
  /**
   * The awaited value is unwrapped by the runtime (__R.awv, __R.awr), and the context after the
   * await is rebuilt from the one saved before it.
   */
  AwaitExpression: (ctx, e) => {
    const v = ctx.temp();
    const p = ctx.temp();
    const savedAwaited = ctx.awaitedCall;
    ctx.awaitedCall = e.argument.type === 'CallExpression' ? e.argument : null;
    const arg = expr(ctx, e.argument);
    ctx.awaitedCall = savedAwaited;
    return `(${v} = ${arg}, ${p} = __R.pc, __R.awr(await __R.awv(${v}), ${p}))`;
  },
};

/** A function value; a plain one (plain-functions.ts) comes with its native copy. */
function functionValue(ctx: EmitContext, e: acorn.ArrowFunctionExpression | acorn.FunctionExpression): string {
  const records = ctx.plainFns.get(e);
  const fields = ctx.fieldFns.get(e);
  if (!records && !fields) return `__R.fn(${ctx.emitters.func(ctx, e, null)}${e.async ? ', 1' : ''})`;
  const copy = ctx.temp();
  // Only a plain function's own entry hands calls to its copy; a field function's is for sorts.
  const fn = ctx.emitters.func(ctx, e, null, records ? copy : null);
  return `(${copy} = ${cloneCode(e, null)}, __R.fn(${fn}, 0, ${copy}${copyInfo(e, records, fields)}))`;
}

/** The key of a member access: its code when computed, else the name as a string. */
const key = (ctx: EmitContext, m: acorn.MemberExpression): string =>
  m.computed ? expr(ctx, m.property as Expr) : str((m.property as acorn.Identifier).name);

// ---- unlabeled arrays, inlined ----------------------------------------------------------------
// The runtime's own fast paths for an unlabeled array (R.get, R.set, R.mc's push), written out
// where they are used: a call costs more than the checks. Whatever the checks do not establish
// goes to the runtime, which decides as always (a boxed array has no length; a labeled one has a
// structure label; a key that is not a number, or out of range, takes the general path).

/** An operand that can be read twice with the same value (nothing runs between the reads). */
const stable = (e: acorn.Node): boolean =>
  e.type === 'Identifier' || (e.type === 'Literal' && !(e as acorn.Literal).regex);

/** A variable that only ever holds the array literal it was declared with (or that array boxed). */
const arrayVar = (ctx: EmitContext, e: acorn.Node): string | null => {
  if (e.type !== 'Identifier') return null;
  const r = ctx.analysis.refs.get(e as acorn.Identifier);
  return r?.kind === 'local' && r.binding.array ? r.binding.name : null;
};

/** `o[k]`: an unlabeled container read at a number key within its length is the native read. */
function index(ctx: EmitContext, e: acorn.MemberExpression): string {
  const obj = e.object as Expr;
  const prop = e.property as Expr;
  if (ctx.noFastPaths) return `__R.get(${expr(ctx, obj)}, ${expr(ctx, prop)})`;
  const both = stable(obj) && stable(prop);
  const o = both ? expr(ctx, obj) : ctx.temp();
  const k = both ? expr(ctx, prop) : ctx.temp();
  const setup = both ? '' : `${o} = ${expr(ctx, obj)}, ${k} = ${expr(ctx, prop)}, `;
  const tests = [
    ...(arrayVar(ctx, obj) ? [] : [`typeof ${o} === 'object'`, `${o} !== null`]),
    ...(literalType(prop) === 'number' || ctx.num(prop) ? [] : [`typeof ${k} === 'number'`]),
    `${o}[__SL] === undefined`,
    `${k} < ${o}.length`,
  ];
  return `(${setup}${tests.join(' && ')} ? ${o}[${k}] : __R.get(${o}, ${k}))`;
}

/**
 * `xs[k] = v` in a plain loop (an empty context), xs an array variable, v a plain number or
 * boolean: within the array's length, the native write (clearing the listing mark, as R.set does).
 */
function arraySet(ctx: EmitContext, t: acorn.MemberExpression, right: Expr): string | null {
  const xs = arrayVar(ctx, t.object);
  if (!ctx.fn.plain || !xs || !t.computed || !stable(t.property) || !(ctx.num(right) || ctx.bool(right))) return null;
  const k = expr(ctx, t.property as Expr);
  const tests = [`${xs}[__SL] === undefined`, `${k} >= 0`, `${k} < ${xs}.length`, `(${k} | 0) === ${k}`];
  return `(${tests.join(' && ')} ? (${xs}[__LS] = false, ${xs}[${k}] = ${expr(ctx, right)}) : __R.set(${xs}, ${k}, ${expr(ctx, right)}))`;
}

/**
 * `xs.push(v)`, xs an array variable, with an empty context: a value that is no function (nor a
 * boxed one: a labeled value goes in as it is, as the runtime's own push stores it) goes in
 * natively while the array stays within its length limit.
 */
function push(ctx: EmitContext, receiver: Expr, list: Args, unused = false): string | null {
  const xs = arrayVar(ctx, receiver);
  const a = list[0];
  if (!xs || list.length !== 1 || !a || a.type === 'SpreadElement' || ctx.noFastPaths) return null;
  const v = ctx.temp();
  const plainValue = neverFunction(ctx, a) ? [] : [notFunction(v)];
  const tests = ['__R.pc === 0', `${xs}[__SL] === undefined`, `${xs}.length < __AL`, ...plainValue];
  const slow = unused ? `__R.push1(${xs}, ${v})` : `__R.mc(${xs}, "push", [${v}])`;
  return `(${v} = ${expr(ctx, a)}, ${tests.join(' && ')} ? (${xs}[__LS] = false, ${xs}.push(${v})) : ${slow})`;
}
/** A statement `xs.push(v)` whose answer is unused, with the fast path above: R.push1 when it fails. */
export function unusedPush(ctx: EmitContext, e: Expr): string | null {
  const m = matchMethodCall(ctx, e, 'push');
  return m && push(ctx, m.receiver, m.args, true);
}

/**
 * An array or object literal of plain values (no spread, no computed key): built natively (a
 * plain object has no prototype, as R.obj makes it) when the runtime would only copy the values
 * in: an empty context (STRICT; it labels the container and each value otherwise) and no value a
 * function, nor a boxed one (R.arr and R.obj refuse those). Values are evaluated once, in order.
 */
function literal(
  ctx: EmitContext,
  values: readonly Expr[],
  fast: (vs: string[]) => string,
  slow: (vs: string[]) => string,
  bound: string | null,
): string {
  if (values.length === 0 || values.length > 16 || ctx.noFastPaths) return slow(values.map((v) => expr(ctx, v)));
  const setup: string[] = [];
  const tests: string[] = ctx.strict ? ['__R.pc === 0'] : [];
  if (bound) tests.push(bound);
  const vs = values.map((v) => {
    const code = expr(ctx, v);
    if (v.type === 'Literal' && !v.regex) return code;
    const t = ctx.temp();
    setup.push(`${t} = ${code}`);
    if (!neverFunction(ctx, v)) tests.push(notFunction(t));
    return t;
  });
  const choice = tests.length ? `${tests.join(' && ')} ? ${fast(vs)} : ${slow(vs)}` : fast(vs);
  return `(${[...setup, choice].join(', ')})`;
}

/**
 * The run-time test that `t` is neither a function nor a boxed one (R.arr, R.obj, R.mc refuse
 * those). Inside a try a boxed value goes to the runtime: whether it is a function is decided by
 * its label, which the try's context must then take (R.td: the tries open).
 */
const notFunction = (t: string): string =>
  `(typeof ${t} === 'object' && ${t} !== null ? !(${t} instanceof __R.Box) || (typeof ${t}.v !== 'function' && __R.td === 0) : typeof ${t} !== 'function')`;

/** Expressions whose value is never a function by their form (operators, literals, templates). */
const neverFunction = (ctx: EmitContext, e: Expr): boolean =>
  ctx.num(e) ||
  ctx.bool(e) ||
  e.type === 'Literal' ||
  e.type === 'TemplateLiteral' ||
  e.type === 'BinaryExpression' ||
  e.type === 'UnaryExpression' ||
  e.type === 'UpdateExpression' ||
  e.type === 'ObjectExpression' ||
  e.type === 'ArrayExpression';

/** Is this a namespace constant such as Math.PI? Its value, or null. */
function constant(ctx: EmitContext, m: acorn.MemberExpression): string | null {
  if (m.object.type !== 'Identifier' || m.computed) return null;
  if (ctx.analysis.refs.get(m.object)?.kind !== 'builtin') return null;
  const v = NAMESPACE_CONSTANTS.get(`${m.object.name}.${(m.property as acorn.Identifier).name}`);
  return v === undefined ? null : String(v);
}

/**
 * A region inside an expression (the right side of && || ??, the arms of ?:, a default value):
 * code that runs only because of `ctl` runs under its label, always. Even a read can throw (a
 * property of null, a refused key), and that throw must carry the condition. `build` gets the
 * code of each part and returns the whole choice (which may run none of them); the merge runs
 * after the choice, on every path, so a write a skipped part would have made is upgraded too.
 */
function exprRegion(ctx: EmitContext, nodes: readonly Expr[], ctl: string, build: (parts: string[]) => string): string {
  const p = ctx.temp();
  const r = ctx.temp();
  const start = Math.min(...nodes.map((n) => n.start));
  const end = Math.max(...nodes.map((n) => n.end));
  const eff = ctx.effects.region(nodes, start, end, true);
  const cap = capture(ctx, eff, start);
  ctx.fn.regions++;
  const parts = nodes.map((n) => expr(ctx, n));
  ctx.fn.regions--;
  const after = mergeCode(ctx, eff, p, end);
  return `(${withCapture(cap, `${p} = __R.pc`)}, __R.pc = ${raisedBy(p, ctl)}, ${r} = ${build(parts)}, ${[...after, r].join(', ')})`;
}

/** `t` or its default value: evaluated only because `t` is undefined, so a region under t's label. */
export const orDefault = (ctx: EmitContext, dflt: Expr, t: string): string =>
  exprRegion(ctx, [dflt], t, ([r]) => `__R.und(${t}) ? ${ctx.chosen(r!, t, dflt)} : ${t}`);

// ---- operators and assignments ------------------------------------------------------------------

const binop = (op: string, a: string, b: string): string => `__R.${BINARY[op]}(${a}, ${b})`;

/**
 * A binary operator with its fast path inlined: two plain numbers (or, for equality, two
 * non-objects) carry no label, so the native operator is the answer. Anything else goes to the
 * runtime, which joins labels. Operands that are not names or literals are evaluated once.
 */
function binary(ctx: EmitContext, op: string, left: Expr, right: Expr): string {
  if (ctx.num(left) && ctx.num(right)) return `(${expr(ctx, left)} ${op} ${expr(ctx, right)})`;
  const setup: string[] = [];
  // A variable on the left is read before the right side runs (`x + (x = 10)` adds the old x):
  // it is used by name only when the right side is a name or a literal too.
  const operand = (e: Expr): string => {
    const code = expr(ctx, e);
    if (stable(e) && (e.type === 'Literal' || e === right || stable(right))) return code;
    const t = ctx.temp();
    setup.push(`${t} = ${code}`);
    return t;
  };
  const a = operand(left);
  const b = operand(right);
  const slow = binop(op, a, b);
  if (ctx.noFastPaths) return setup.length ? `(${setup.join(', ')}, ${slow})` : slow;
  if (op === '+' && (textual(left) || textual(right))) {
    const fast = concat(a, b, ctx.num(left) ? 'left' : ctx.num(right) ? 'right' : null);
    return setup.length ? `(${setup.join(', ')}, ${fast})` : fast;
  }
  const equality = op === '===' || op === '!==';
  const check = (e: Expr, code: string): string | null => {
    const t = literalType(e);
    if (equality) return t !== null && t !== 'object' ? null : `typeof ${code} !== 'object'`;
    return t === 'number' ? null : `typeof ${code} === 'number'`;
  };
  const checks = [...new Set([check(left, a), check(right, b)])].filter((c): c is string => c !== null);
  // A literal that is not a number never takes the numeric fast path: straight to the runtime.
  const neverNumeric = (e: Expr): boolean => literalType(e) !== null && literalType(e) !== 'number';
  if (!equality && (neverNumeric(left) || neverNumeric(right)))
    return setup.length ? `(${setup.join(', ')}, ${slow})` : slow;
  const fast = checks.length ? `(${checks.join(' && ')} ? ${a} ${op} ${b} : ${slow})` : `(${a} ${op} ${b})`;
  return setup.length ? `(${setup.join(', ')}, ${fast})` : fast;
}
const TEST: Readonly<Record<string, string>> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge' };
const FLIPPED: Readonly<Record<string, string>> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
/** `x.length`, not optional, on any receiver that is not a namespace. */
const lengthRead = (ctx: EmitContext, e: Expr): e is acorn.MemberExpression =>
  e.type === 'MemberExpression' &&
  !e.computed &&
  !e.optional &&
  (e.property as acorn.Identifier).name === 'length' &&
  constant(ctx, e) === null;

/**
 * The test of an `if` or a loop when it is a comparison (`w.length > 6`, `i < xs.length`): code
 * whose value is one number, label * 2 + truth (the runtime's ltT…geT, and ltL…geL for a length
 * against a value), which the statement decodes. The comparison's answer is read only there,
 * so it needs no box or graph node; its label is the one R.lt…R.ge would have given it. null for
 * any other test (the caller emits the value as usual); a boolean string method is stringTest.
 * Operands are evaluated in source order:
 * a length is read in the call, after the other operand, which must then be a name or a literal.
 */
export function testCode(ctx: EmitContext, test: Expr): string | null {
  if (ctx.noFastPaths) return null;
  const has = hasTest(ctx, test);
  if (has) {
    const code = `__R.hasT(${expr(ctx, has.receiver)}, [${expr(ctx, has.key)}])`;
    return has.negated ? `(${code} ^ 1)` : code;
  }
  if (test.type === 'CallExpression') return stringTest(ctx, test);
  if (test.type !== 'BinaryExpression' || !Object.hasOwn(TEST, test.operator)) return null;
  const left = test.left as Expr;
  const right = test.right;
  if (ctx.num(left) && ctx.num(right)) return null;
  const setup: string[] = [];
  // As binary(): a variable is used by name only when what runs after it cannot change it.
  const operand = (e: Expr, next: Expr | null): string => {
    const code = expr(ctx, e);
    if (stable(e) && (e.type === 'Literal' || next === null || stable(next))) return code;
    const t = ctx.temp();
    setup.push(`${t} = ${code}`);
    return t;
  };
  let code: string;
  if (lengthRead(ctx, left) && stable(right)) {
    const o = operand(left.object as Expr, right);
    code = `__R.${TEST[test.operator]}L(${o}, ${expr(ctx, right)})`;
  } else if (lengthRead(ctx, right)) {
    const a = operand(left, right.object as Expr);
    const o = operand(right.object as Expr, null);
    code = `__R.${TEST[FLIPPED[test.operator]!]}L(${o}, ${a})`;
  } else {
    const a = operand(left, right);
    const b = operand(right, null);
    code = `(typeof ${a} === 'number' && typeof ${b} === 'number' ? (${a} ${test.operator} ${b} ? 1 : 0) : __R.${TEST[test.operator]}T(${a}, ${b}))`;
  }
  return setup.length ? `(${setup.join(', ')}, ${code})` : code;
}
/** An operand that is text by its form (so `+` on it concatenates, or goes to the runtime). */
const textual = (e: Expr): boolean =>
  literalType(e) === 'string' ||
  e.type === 'TemplateLiteral' ||
  (e.type === 'CallExpression' && e.callee.type === 'Identifier' && e.callee.name === 'String');

/**
 * `a + b` on two unlabeled strings that stay short: the native concatenation, as R.add's own
 * fast path (a longer result goes to the runtime, which counts it against the memory limit).
 */
const concat = (a: string, b: string, num: 'left' | 'right' | null = null): string => {
  if (num === null)
    return `(typeof ${a} === 'string' && typeof ${b} === 'string' && (${a}).length + (${b}).length <= __SM ? ${a} + ${b} : __R.add(${a}, ${b}))`;
  // One side a plain number (in a plain loop): its text has at most NUMBER_TEXT characters.
  const text = num === 'left' ? b : a;
  return `(typeof ${text} === 'string' && (${text}).length + ${NUMBER_TEXT} <= __SM ? ${a} + ${b} : __R.add(${a}, ${b}))`;
};

/** `String(x)` of a plain number or string is native text; anything else goes to the runtime. */
function toText(ctx: EmitContext, c: acorn.CallExpression): string | null {
  const a = c.arguments[0];
  if (
    (c.callee as acorn.Identifier).name !== 'String' ||
    c.arguments.length !== 1 ||
    !a ||
    a.type === 'SpreadElement' ||
    ctx.noFastPaths
  )
    return null;
  // A number's text is short, but a string limit under NUMBER_TEXT must still be checked.
  const t = ctx.temp();
  const short = `${NUMBER_TEXT} <= __SM`;
  const test = ctx.num(a) ? short : `typeof ${t} === 'string' || (typeof ${t} === 'number' && ${short})`;
  return `(${t} = ${expr(ctx, a)}, ${test} ? '' + ${t} : __R.bi("String", [${t}]))`;
}

/** The longest text of a number: `String(-1.2345678901234567e-6)` has 25 characters. */
const NUMBER_TEXT = 25;

/** A literal operand's type is known here (and it is never boxed): its check is left out. */
const literalType = (e: Expr): string | null => (e.type === 'Literal' && !e.regex ? typeof e.value : null);

/**
 * `x op v` for `x op= v`: two plain numbers take the native operator, and `s += text` the
 * native concatenation when it can (see concat); anything else goes to the runtime.
 */
function compound(ctx: EmitContext, op: string, x: string, right: Expr): string {
  // x is read before the right side runs, as in JS (`s += f()` where f assigns s).
  const old = ctx.temp();
  const t = ctx.temp();
  if (ctx.noFastPaths) return `(${old} = ${x}, ${t} = ${expr(ctx, right)}, ${binop(op, old, t)})`;
  const slow = op === '+' ? concat(old, t, ctx.num(right) ? 'right' : null) : binop(op, old, t);
  return `(${old} = ${x}, ${t} = ${expr(ctx, right)}, typeof ${old} === 'number' && typeof ${t} === 'number' ? ${old} ${op} ${t} : ${slow})`;
}

/**
 * `x = v` (and `x op= v`): a variable's new value joins the context (STRICT); a member is set by
 * the runtime; a pattern is destructured from the value, which is the expression's result.
 */
function assign(ctx: EmitContext, e: acorn.AssignmentExpression): string {
  const op = e.operator === '=' ? null : e.operator.slice(0, -1);
  const t = e.left;
  if (t.type === 'Identifier') {
    if (ctx.num(e)) return `(${t.name} ${e.operator} ${expr(ctx, e.right)})`;
    const v = op ? compound(ctx, op, t.name, e.right) : expr(ctx, e.right);
    return `(${t.name} = ${ctx.asg(v)})`;
  }
  if (t.type === 'MemberExpression') {
    if (!op)
      return (
        arraySet(ctx, t, e.right) ?? `__R.set(${expr(ctx, t.object as Expr)}, ${key(ctx, t)}, ${expr(ctx, e.right)})`
      );
    const o = ctx.temp();
    const k = ctx.temp();
    return `(${o} = ${expr(ctx, t.object as Expr)}, ${k} = ${key(ctx, t)}, __R.set(${o}, ${k}, ${binop(op, `__R.get(${o}, ${k})`, expr(ctx, e.right))}))`;
  }
  const v = ctx.temp();
  return `(${v} = ${expr(ctx, e.right)}, ${destructure(ctx, t, v, (id, code) => `${id} = ${ctx.asg(code)}`).join(', ')}, ${v})`;
}

/**
 * `x++`, `--o.k`: a number variable steps natively; otherwise the runtime steps the value. When
 * the result is `unused` (a statement, a loop update), a postfix needs no copy of the old value.
 */
export function update(ctx: EmitContext, e: acorn.UpdateExpression, unused: boolean): string {
  const f = e.operator === '++' ? '__R.inc' : '__R.dec';
  const a = e.argument;
  if (a.type === 'Identifier') {
    if (ctx.num(a)) return e.prefix ? `(${e.operator}${a.name})` : `(${a.name}${e.operator})`;
    const step = ctx.noFastPaths
      ? `${f}(${a.name})`
      : `(typeof ${a.name} === 'number' ? ${a.name} ${e.operator === '++' ? '+' : '-'} 1 : ${f}(${a.name}))`;
    if (unused || e.prefix) return `(${a.name} = ${ctx.asg(step)})`;
    const old = ctx.temp();
    return `(${old} = __R.pos(${a.name}), ${a.name} = ${ctx.asg(`${f}(${old})`)}, ${old})`;
  }
  const m = a as acorn.MemberExpression;
  const o = ctx.temp();
  const k = ctx.temp();
  const old = ctx.temp();
  return `(${o} = ${expr(ctx, m.object as Expr)}, ${k} = ${key(ctx, m)}, ${old} = __R.pos(__R.get(${o}, ${k})), __R.set(${o}, ${k}, ${f}(${old}))${e.prefix ? '' : `, ${old}`})`;
}

// ---- calls ----------------------------------------------------------------------------------------

/** String methods whose result is never longer than the receiver (safe to run natively). */
const INLINE_STRING_METHODS: ReadonlySet<string> = new Set(METHODS.plainString);

type Args = readonly (Expr | acorn.SpreadElement)[];

// An argument list; with spread parts it carries what its length depends on (R.sargs).
const hasSpread = (list: Args): boolean => list.some((a) => a.type === 'SpreadElement');
const args = (ctx: EmitContext, list: Args): string =>
  hasSpread(list)
    ? `__R.sargs([${list.map((a) => (a.type === 'SpreadElement' ? `[__R.SP, ${expr(ctx, a.argument)}]` : expr(ctx, a))).join(', ')}])`
    : `[${list.map((a) => expr(ctx, a as Expr)).join(', ')}]`;
const argsInline = (ctx: EmitContext, list: Args): string =>
  list.map((a) => (a.type === 'SpreadElement' ? `...__R.spread(${expr(ctx, a.argument)})` : expr(ctx, a))).join(', ');
/** A call of a plan function value (awaited: the operand of `await`, as async ones must be). */
const planCall = (ctx: EmitContext, callee: string, list: Args, awaited = false): string =>
  hasSpread(list)
    ? `__R.spcall(${callee}, ${args(ctx, list)}${awaited ? ', true' : ''})`
    : `__R.callee(${callee}${awaited ? ', true' : ''})(${argsInline(ctx, list)})`;

/** A call: to a tool, a built-in, a method, or a plan function value. */
function call(ctx: EmitContext, c: acorn.CallExpression): string {
  const callee = c.callee;
  if (callee.type === 'Identifier') return namedCall(ctx, c, callee);
  if (callee.type === 'MemberExpression') {
    if (
      callee.object.type === 'Identifier' &&
      !callee.computed &&
      ctx.analysis.refs.get(callee.object)?.kind === 'builtin'
    )
      return `__R.bi(${str(`${callee.object.name}.${(callee.property as acorn.Identifier).name}`)}, ${args(ctx, c.arguments)})`;
    const name = callee.computed ? null : (callee.property as acorn.Identifier).name;
    if (name !== null && INLINE_STRING_METHODS.has(name) && !hasSpread(c.arguments) && !ctx.noFastPaths)
      return stringMethod(ctx, callee.object as Expr, name, c.arguments as Expr[]);
    if (name === 'push') {
      const fast = push(ctx, callee.object as Expr, c.arguments);
      if (fast) return fast;
    }
    return methodCall(ctx, c, callee, expr(ctx, callee.object as Expr));
  }
  ctx.decides(callee);
  return planCall(ctx, expr(ctx, callee as Expr), c.arguments, ctx.awaitedCall === c);
}

/** A call by name: a tool (with its plan position), a built-in, or a plan function. */
function namedCall(ctx: EmitContext, c: acorn.CallExpression, callee: acorn.Identifier): string {
  const awaited = ctx.awaitedCall === c;
  const r = ctx.analysis.refs.get(callee);
  if (r?.kind === 'tool') {
    const at = ctx.pos(c.start);
    return `__R.tool(${str(callee.name)}, ${args(ctx, c.arguments)}, ${at.line}, ${at.column})`;
  }
  if (r?.kind === 'builtin') return toText(ctx, c) ?? `__R.bi(${str(callee.name)}, ${args(ctx, c.arguments)})`;
  // A function declaration is a plan function with no label of its own: call it directly.
  const fnDecl = r?.kind === 'local' && r.binding.kind === 'function' ? r.binding.fn : null;
  if (fnDecl && !hasSpread(c.arguments) && (awaited || !fnDecl.async))
    return `${callee.name}(${argsInline(ctx, c.arguments)})`;
  return planCall(ctx, callee.name, c.arguments, awaited);
}

/**
 * Methods that touch one entry of a Map or Set (its `entry` rule): the runtime's `R.ent` takes
 * them on a collection without the generic dispatch, and anything else to `R.mc`.
 */
const ENTRY_METHODS: ReadonlySet<string> = new Set(['has', 'get', 'set', 'add', 'delete']);

/**
 * A method call `recv.name(args)`. A method that runs a callback (find, every, sort…) is a
 * loop whose stopping point depends on the receiver's structure, on which callback was passed
 * and on the callback's answers: what the callback writes outside itself is upgraded with all
 * of those (STRICT), like a loop's merge point — not with the result alone, which says nothing
 * when the callback never ran (forEach over an empty array).
 */
function methodCall(ctx: EmitContext, c: acorn.CallExpression, callee: acorn.MemberExpression, recv: string): string {
  const name = (callee.property as acorn.Identifier).name;
  const cbArg = c.arguments[0];
  const via = ENTRY_METHODS.has(name) && !hasSpread(c.arguments) && !ctx.noFastPaths ? '__R.ent' : '__R.mc';
  const plain = `${via}(${recv}, ${str(name)}, ${args(ctx, c.arguments)})`;
  if (!ctx.strict || !CALLBACK_METHODS.has(name) || !cbArg || cbArg.type === 'SpreadElement') return plain;
  const eff = ctx.effects.callback(c);
  if (!eff.vars.size && !eff.bases.length && !eff.opaque) return plain;
  const o = ctx.temp();
  const a = ctx.temp();
  const v = ctx.temp();
  const p = ctx.temp();
  const cap = capture(ctx, eff, c.start);
  const merge = mergeCode(ctx, { ...eff, escapesFunction: false, escapesLoop: false }, p, c.end);
  return `(${withCapture(cap, `${o} = ${recv}`)}, ${a} = ${args(ctx, c.arguments)}, ${v} = __R.mc(${o}, ${str(name)}, ${a}), ${p} = __R.pc, __R.pc = __R.J(${p}, __R.cbl(${o}, ${a}, ${v})), ${merge.join(', ')}, ${v})`;
}

/**
 * A string method that cannot grow its result, on an unlabeled string with unlabeled
 * primitive arguments, is the native method: nothing to join, nothing to limit.
 */
function stringMethod(ctx: EmitContext, receiver: Expr, name: string, list: Expr[]): string {
  const m = stringMethodParts(ctx, receiver, name, list);
  // Otherwise the runtime's call, through R.sm when it can take the arguments one by one.
  const slow =
    m.as.length <= 2
      ? `__R.sm(${[m.o, str(name), String(m.as.length), ...m.as].join(', ')})`
      : `__R.mc(${m.o}, ${str(name)}, [${m.as.join(', ')}])`;
  return `(${m.setup}, ${m.plain} ? ${m.native} : ${slow})`;
}
/** What stringMethod and a test of its answer (testCode) share: operands in temps, the test that they are plain. */
function stringMethodParts(
  ctx: EmitContext,
  receiver: Expr,
  name: string,
  list: readonly Expr[],
): { o: string; as: string[]; setup: string; plain: string; native: string } {
  const o = ctx.temp();
  const as = list.map(() => ctx.temp());
  const setup = [`${o} = ${expr(ctx, receiver)}`, ...list.map((a, i) => `${as[i]} = ${expr(ctx, a)}`)];
  const plain = [
    `typeof ${o} === 'string'`,
    ...as.map((a) => `typeof ${a} !== 'object' && typeof ${a} !== 'function'`),
  ];
  return { o, as, setup: setup.join(', '), plain: plain.join(' && '), native: `${o}.${name}(${as.join(', ')})` };
}
/** The string methods whose answer is a boolean: as an `if`'s or a loop's test, coded (testCode). */
const STRING_TESTS: ReadonlySet<string> = new Set(['includes', 'startsWith', 'endsWith']);
/**
 * `s.includes(x)` (startsWith, endsWith) as a test, as stringMethod would compile it: the native
 * method's truth for plain operands, otherwise the runtime's R.smT, which answers as R.sm's
 * answer would decode (label * 2 + truth) without making that answer. null for any other test.
 */
function stringTest(ctx: EmitContext, test: Expr): string | null {
  const call = matchMethodCall(ctx, test);
  if (!call || !STRING_TESTS.has(call.name) || !INLINE_STRING_METHODS.has(call.name) || call.args.length > 2)
    return null;
  const name = call.name;
  const m = stringMethodParts(ctx, call.receiver, name, call.args);
  const slow = `__R.smT(${[m.o, str(name), String(m.as.length), ...m.as].join(', ')})`;
  return `(${m.setup}, ${m.plain} ? (${m.native} ? 1 : 0) : ${slow})`;
}

// ---- optional chains ----------------------------------------------------------------------------

type ChainOp = { kind: 'member'; node: acorn.MemberExpression } | { kind: 'call'; node: acorn.CallExpression };

/** Optional chains: `a?.b.c` is undefined (labeled like `a`) when `a` is nullish. */
function chain(ctx: EmitContext, e: Expr): string {
  const ops: ChainOp[] = [];
  let cur: N = e;
  for (;;) {
    if (cur.type === 'MemberExpression') {
      ops.unshift({ kind: 'member', node: cur });
      cur = cur.object;
    } else if (cur.type === 'CallExpression' && cur.callee.type === 'MemberExpression') {
      ops.unshift({ kind: 'call', node: cur });
      cur = cur.callee.object;
    } else if (cur.type === 'CallExpression') {
      ops.unshift({ kind: 'call', node: cur });
      cur = cur.callee;
    } else break;
  }
  return chainFrom(ctx, e, ops, expr(ctx, cur as Expr), 0);
}

/** The chain `e` applied to `base` from its i-th operation on. */
function chainFrom(ctx: EmitContext, e: Expr, ops: readonly ChainOp[], base: string, i: number): string {
  if (i >= ops.length) return base;
  const op = ops[i]!;
  const optional =
    op.kind === 'member' ? op.node.optional : op.node.callee.type === 'MemberExpression' && op.node.callee.optional;
  if (optional) {
    const t = ctx.temp();
    return `(${t} = ${base}, ${chainTail(ctx, e, ops, t, i)})`;
  }
  return chainStep(ctx, e, ops, base, i);
}

/**
 * The rest of the chain runs only because the value tested was not nullish: a region, whose
 * writes are upgraded on both paths (the one that skipped the tail too).
 */
function chainTail(ctx: EmitContext, e: Expr, ops: readonly ChainOp[], t: string, i: number): string {
  const p = ctx.temp();
  const r = ctx.temp();
  const eff = ctx.effects.region([e], e.start, e.end);
  const cap = capture(ctx, eff, e.start);
  ctx.fn.regions++;
  const code = chainStep(ctx, e, ops, t, i);
  ctx.fn.regions--;
  const after = mergeCode(ctx, eff, p, e.end);
  return `(${withCapture(cap, `${p} = __R.pc`)}, __R.pc = ${raisedBy(p, t)}, ${r} = __R.nul(${t}) ? __R.undef(${t}) : ${code}, ${[...after, r].join(', ')})`;
}

/** The i-th operation of the chain on `base`, then the rest of the chain. */
function chainStep(ctx: EmitContext, e: Expr, ops: readonly ChainOp[], base: string, i: number): string {
  const op = ops[i]!;
  if (op.kind === 'member') return chainFrom(ctx, e, ops, `__R.get(${base}, ${key(ctx, op.node)})`, i + 1);
  const c = op.node;
  if (c.callee.type === 'MemberExpression') return chainFrom(ctx, e, ops, methodCall(ctx, c, c.callee, base), i + 1);
  return chainFrom(ctx, e, ops, planCall(ctx, base, c.arguments), i + 1);
}

// ---- patterns -------------------------------------------------------------------------------------

/** The names a pattern declares, in order. */
export function patternNames(p: acorn.Pattern): string[] {
  const names: string[] = [];
  const go = (x: acorn.Pattern): void => {
    if (x.type === 'Identifier') names.push(x.name);
    else if (x.type === 'ObjectPattern')
      for (const q of x.properties) go(q.type === 'RestElement' ? q.argument : q.value);
    else if (x.type === 'ArrayPattern') {
      for (const q of x.elements) if (q) go(q);
    } else if (x.type === 'AssignmentPattern') go(x.left);
    else if (x.type === 'RestElement') go(x.argument);
  };
  go(p);
  return names;
}

/** Binds one name to the code of its value. */
export type Bind = (id: string, code: string) => string;

/**
 * Destructuring of the value in `src`: returns one binding step per identifier, built by
 * `bind(name, valueCode)`; defaults are taken when the value is undefined.
 */
export function destructure(ctx: EmitContext, p: acorn.Pattern, src: string, bind: Bind): string[] {
  const steps: string[] = [];
  destructureInto({ ctx, bind, steps }, p, src);
  return steps;
}

/** A destructuring in progress: the binding steps so far. */
interface Destructuring {
  readonly ctx: EmitContext;
  readonly bind: Bind;
  readonly steps: string[];
}
/** Adds the steps binding pattern `p` to the value `code`. */
type PatternEmitter<P> = (d: Destructuring, p: P, code: string) => void;
type PatternEmitters = {
  readonly [T in acorn.Pattern['type']]?: PatternEmitter<Extract<acorn.Pattern, { readonly type: T }>>;
};

function destructureInto(d: Destructuring, p: acorn.Pattern, code: string): void {
  const emit = Object.hasOwn(PATTERNS, p.type) ? (PATTERNS[p.type] as PatternEmitter<acorn.Pattern>) : null;
  if (!emit) throw new Error(`compile: unexpected pattern ${p.type}`);
  emit(d, p, code);
}

const PATTERNS: PatternEmitters = {
  Identifier: (d, p, code) => {
    d.steps.push(d.bind(p.name, code));
  },
  MemberExpression: (d, p, code) => {
    d.steps.push(`__R.set(${expr(d.ctx, p.object as Expr)}, ${key(d.ctx, p)}, ${code})`);
  },
  /** The default is taken when the value is undefined (a region under its label: orDefault). */
  AssignmentPattern: (d, p, code) => {
    const t = d.ctx.temp();
    d.steps.push(`${t} = ${code}`);
    destructureInto(d, p.left, orDefault(d.ctx, p.right, t));
  },
  /** Properties are read like t.k; a rest gets the keys not taken (__R.orest). */
  ObjectPattern: (d, p, code) => {
    const t = d.ctx.temp();
    d.steps.push(`${t} = ${code}`);
    const taken: string[] = [];
    for (const prop of p.properties) {
      if (prop.type === 'RestElement') destructureInto(d, prop.argument, `__R.orest(${t}, ${JSON.stringify(taken)})`);
      else {
        const k = prop.key.type === 'Identifier' ? prop.key.name : String((prop.key as acorn.Literal).value);
        taken.push(k);
        destructureInto(d, prop.value, `__R.get(${t}, ${str(k)})`);
      }
    }
  },
  /** Elements are read like t[i]: a missing one is undefined under the source's labels. */
  ArrayPattern: (d, p, code) => {
    const t = d.ctx.temp();
    d.steps.push(`${t} = ${code}`);
    p.elements.forEach((el, i) => {
      if (!el) return;
      if (el.type === 'RestElement') destructureInto(d, el.argument, `__R.arest(${t}, ${i})`);
      else destructureInto(d, el, `__R.get(${t}, ${i})`);
    });
  },
};
