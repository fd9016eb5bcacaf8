/**
 * Pass 2 of the plan front end: turns an analysed plan into instrumented JavaScript for the
 * sandbox. Every operator, property access and call goes through the label runtime `__R`;
 * every branch and loop maintains the control context `__R.pc`; in STRICT mode every
 * assignment joins the context and every merge point upgrades what the region may have written
 * (effects.ts). Each original statement starts a new output line, so the line table maps
 * runtime errors back to plan positions.
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import { NAMESPACE_CONSTANTS } from './builtins';
import { CALLBACK_METHODS, EffectAnalyzer, type Base, type Effects } from './effects';
import { isBool, isNum, plainLoop } from './plain-loops';
import type { Mode, Position } from '../run/types';

type N = acorn.AnyNode;
type Expr = acorn.Expression;

export interface CompiledCode {
  /** A function expression `(async function (__R, __S) {…})`. */
  readonly code: string;
  /** lines[i] is the plan position of output line i + 1. */
  readonly lines: readonly (Position | null)[];
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

interface Fn {
  readonly temps: string[];
  /** An async plan function (returns through __R.aret); the top level is not one. */
  readonly isAsync: boolean;
  /** May use await: an async function or the top level. */
  readonly awaits: boolean;
  /** How many conditional regions enclose the current point (within this function). */
  regions: number;
  /** Per enclosing loop (innermost last): the variable accumulating its abrupt-completion labels. */
  readonly loops: string[];
  /** How many try blocks (or their catch) enclose the current point (within this function). */
  tries: number;
  /** Where the function starts (0 for the plan's top level). */
  readonly start: number;
  /**
   * Inside the fast copy of a plain loop (plain-loops.ts): the variables holding plain numbers.
   * The context is empty there, so assignments, tests and number operators need no bookkeeping.
   */
  plain: ReadonlySet<Binding> | null;
}

const str = (s: string): string => JSON.stringify(s);

/** String methods whose result is never longer than the receiver (safe to run natively). */
const INLINE_STRING_METHODS: ReadonlySet<string> = new Set([
  'toLowerCase',
  'toUpperCase',
  'trim',
  'trimStart',
  'trimEnd',
  'slice',
  'substring',
  'substr',
  'charAt',
  'charCodeAt',
  'codePointAt',
  'at',
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
]);

export function compile(
  program: acorn.Program,
  analysis: Analysis,
  mode: Mode,
  source: string,
  effectTools: ReadonlySet<string> = new Set(),
): CompiledCode {
  const strict = mode === 'strict';
  const effects = new EffectAnalyzer(analysis, effectTools);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const pos = (offset: number): Position => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };

  let uid = 0;
  let fn: Fn;
  const temp = (): string => {
    const t = `__t${++uid}`;
    fn.temps.push(t);
    return t;
  };

  // ---- output --------------------------------------------------------------------------------
  type Line = { code: string; at: Position | null };
  let out: Line[] = [];
  const emit = (code: string, at: Position | null = null): void => {
    out.push({ code, at });
  };

  // ---- expressions ----------------------------------------------------------------------------
  // Hot paths are inlined: a value that is not an object carries no label, so most joins and
  // truthiness tests need no call into the runtime.
  const asg = (code: string): string => {
    if (!strict || fn.plain) return code;
    const t = temp();
    return `(${t} = ${code}, __R.pc === 0 ? ${t} : __R.asg(${t}))`;
  };
  const isObj = (t: string): string => `(typeof ${t} === 'object' && ${t} !== null)`;
  const truthy = (t: string): string => `(${isObj(t)} ? __R.tr(${t}) : ${t})`;
  /** The context saved in p raised by t's label (the context is never a verified label, so an
   * unlabeled t leaves it as it was without a join). */
  const raisedBy = (p: string, t: string): string => `(${isObj(t)} ? __R.J(${p}, __R.lab(${t})) : ${p})`;
  const chosen = (r: string, t: string): string => (strict ? `(${isObj(t)} ? __R.ctl(${r}, ${t}) : ${r})` : r);

  // An argument list; with spread parts it carries what its length depends on (R.sargs).
  const hasSpread = (list: readonly (Expr | acorn.SpreadElement)[]): boolean =>
    list.some((a) => a.type === 'SpreadElement');
  const args = (list: readonly (Expr | acorn.SpreadElement)[]): string =>
    hasSpread(list)
      ? `__R.sargs([${list.map((a) => (a.type === 'SpreadElement' ? `[__R.SP, ${ex(a.argument)}]` : ex(a))).join(', ')}])`
      : `[${list.map((a) => ex(a as Expr)).join(', ')}]`;
  // The call expression being compiled as the operand of `await` (async plan functions must be).
  let awaitedCall: N | null = null;
  const planCall = (callee: string, list: readonly (Expr | acorn.SpreadElement)[], awaited = false): string =>
    hasSpread(list)
      ? `__R.spcall(${callee}, ${args(list)}${awaited ? ', true' : ''})`
      : `__R.callee(${callee}${awaited ? ', true' : ''})(${argsInline(list)})`;

  const ident = (id: acorn.Identifier): string => {
    const r = analysis.refs.get(id);
    if (!r) throw new Error(`unresolved identifier ${id.name}`);
    if (r.kind === 'input') return '__R.input';
    if (r.kind === 'builtin') return id.name; // undefined, NaN, Infinity
    return id.name;
  };

  const key = (m: acorn.MemberExpression): string =>
    m.computed ? ex(m.property as Expr) : str((m.property as acorn.Identifier).name);

  // Is this a namespace constant such as Math.PI?
  const constant = (m: acorn.MemberExpression): string | null => {
    if (m.object.type !== 'Identifier' || m.computed) return null;
    if (analysis.refs.get(m.object)?.kind !== 'builtin') return null;
    const v = NAMESPACE_CONSTANTS.get(`${m.object.name}.${(m.property as acorn.Identifier).name}`);
    return v === undefined ? null : String(v);
  };

  // A call: to a tool, a built-in, a method, or a plan function value.
  const call = (c: acorn.CallExpression, calleeCode?: string): string => {
    const callee = c.callee;
    const awaited = awaitedCall === c;
    if (calleeCode !== undefined) return planCall(calleeCode, c.arguments, awaited);
    if (callee.type === 'Identifier') {
      const r = analysis.refs.get(callee);
      if (r?.kind === 'tool') {
        const at = pos(c.start);
        return `__R.tool(${str(callee.name)}, ${args(c.arguments)}, ${at.line}, ${at.column})`;
      }
      if (r?.kind === 'builtin') return `__R.bi(${str(callee.name)}, ${args(c.arguments)})`;
      // A function declaration is a plan function with no label of its own: call it directly.
      const fnDecl = r?.kind === 'local' && r.binding.kind === 'function' ? r.binding.fn : null;
      if (fnDecl && !hasSpread(c.arguments) && (awaited || !fnDecl.async))
        return `${callee.name}(${argsInline(c.arguments)})`;
      return planCall(callee.name, c.arguments, awaited);
    }
    if (callee.type === 'MemberExpression') {
      if (
        callee.object.type === 'Identifier' &&
        !callee.computed &&
        analysis.refs.get(callee.object)?.kind === 'builtin'
      )
        return `__R.bi(${str(`${callee.object.name}.${(callee.property as acorn.Identifier).name}`)}, ${args(c.arguments)})`;
      const name = callee.computed ? null : (callee.property as acorn.Identifier).name;
      if (name !== null && INLINE_STRING_METHODS.has(name) && !hasSpread(c.arguments))
        return stringMethod(callee, name, c.arguments as Expr[]);
      return methodCall(c, callee, ex(callee.object as Expr));
    }
    return planCall(ex(callee as Expr), c.arguments, awaited);
  };
  /**
   * A method call `recv.name(args)`. A method that runs a callback (find, every, sort…) is a
   * loop whose stopping point depends on the receiver's structure, on which callback was passed
   * and on the callback's answers: what the callback writes outside itself is upgraded with all
   * of those (STRICT), like a loop's merge point — not with the result alone, which says nothing
   * when the callback never ran (forEach over an empty array).
   */
  const methodCall = (c: acorn.CallExpression, callee: acorn.MemberExpression, recv: string): string => {
    const name = (callee.property as acorn.Identifier).name;
    const cbArg = c.arguments[0];
    const plain = `__R.mc(${recv}, ${str(name)}, ${args(c.arguments)})`;
    if (!strict || !CALLBACK_METHODS.has(name) || !cbArg || cbArg.type === 'SpreadElement') return plain;
    const eff = effects.region([cbArg], c.start, c.end);
    if (!eff.vars.size && !eff.bases.length && !eff.opaque) return plain;
    const o = temp();
    const a = temp();
    const v = temp();
    const p = temp();
    const cap = capture(eff, c.start);
    const merge = mergeCode({ ...eff, escapesFunction: false, escapesLoop: false }, p, c.end);
    return `(${withCapture(cap, `${o} = ${recv}`)}, ${a} = ${args(c.arguments)}, ${v} = __R.mc(${o}, ${str(name)}, ${a}), ${p} = __R.pc, __R.pc = __R.J(${p}, __R.cbl(${o}, ${a}, ${v})), ${merge.join(', ')}, ${v})`;
  };
  /**
   * A string method that cannot grow its result, on an unlabeled string with unlabeled
   * primitive arguments, is the native method: nothing to join, nothing to limit.
   */
  const stringMethod = (callee: acorn.MemberExpression, name: string, list: Expr[]): string => {
    const o = temp();
    const as = list.map(() => temp());
    const setup = [`${o} = ${ex(callee.object as Expr)}`, ...list.map((a, i) => `${as[i]} = ${ex(a)}`)];
    const plain = [
      `typeof ${o} === 'string'`,
      ...as.map((a) => `typeof ${a} !== 'object' && typeof ${a} !== 'function'`),
    ];
    return `(${setup.join(', ')}, ${plain.join(' && ')} ? ${o}.${name}(${as.join(', ')}) : __R.mc(${o}, ${str(name)}, [${as.join(', ')}]))`;
  };
  const argsInline = (list: readonly (Expr | acorn.SpreadElement)[]): string =>
    list.map((a) => (a.type === 'SpreadElement' ? `...__R.spread(${ex(a.argument)})` : ex(a))).join(', ');

  // Optional chains: `a?.b.c` is undefined (labeled like `a`) when `a` is nullish.
  const chain = (e: Expr): string => {
    type Op = { kind: 'member'; node: acorn.MemberExpression } | { kind: 'call'; node: acorn.CallExpression };
    const ops: Op[] = [];
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
    const apply = (base: string, i: number): string => {
      if (i >= ops.length) return base;
      const op = ops[i]!;
      const optional =
        op.kind === 'member' ? op.node.optional : op.node.callee.type === 'MemberExpression' && op.node.callee.optional;
      if (optional) {
        const t = temp();
        return `(${t} = ${base}, ${tail(t, op, i)})`;
      }
      return step(base, op, i);
    };
    // The rest of the chain runs only because the value tested was not nullish: a region, whose
    // writes are upgraded on both paths (the one that skipped the tail too).
    const tail = (t: string, op: Op, i: number): string => {
      const p = temp();
      const r = temp();
      const eff = effects.region([e], e.start, e.end);
      const cap = capture(eff, e.start);
      fn.regions++;
      const code = step(t, op, i);
      fn.regions--;
      const after = mergeCode(eff, p, e.end);
      return `(${withCapture(cap, `${p} = __R.pc`)}, __R.pc = ${raisedBy(p, t)}, ${r} = __R.nul(${t}) ? __R.undef(${t}) : ${code}, ${[...after, r].join(', ')})`;
    };
    const step = (base: string, op: Op, i: number): string => {
      if (op.kind === 'member') return apply(`__R.get(${base}, ${key(op.node)})`, i + 1);
      const c = op.node;
      if (c.callee.type === 'MemberExpression') return apply(methodCall(c, c.callee, base), i + 1);
      return apply(planCall(base, c.arguments), i + 1);
    };
    return apply(ex(cur as Expr), 0);
  };

  /**
   * A region inside an expression (the right side of && || ??, the arms of ?:, a default value):
   * code that runs only because of `ctl` runs under its label, always. Even a read can throw (a
   * property of null, a refused key), and that throw must carry the condition. `build` gets the
   * code of each part and returns the whole choice (which may run none of them); the merge runs
   * after the choice, on every path, so a write a skipped part would have made is upgraded too.
   */
  const exprRegion = (nodes: readonly Expr[], ctl: string, build: (parts: string[]) => string): string => {
    const p = temp();
    const r = temp();
    const start = Math.min(...nodes.map((n) => n.start));
    const end = Math.max(...nodes.map((n) => n.end));
    const eff = effects.region(nodes, start, end, true);
    const cap = capture(eff, start);
    fn.regions++;
    const parts = nodes.map((n) => ex(n));
    fn.regions--;
    const after = mergeCode(eff, p, end);
    return `(${withCapture(cap, `${p} = __R.pc`)}, __R.pc = ${raisedBy(p, ctl)}, ${r} = ${build(parts)}, ${[...after, r].join(', ')})`;
  };

  const ex = (e: Expr | acorn.Pattern): string => {
    switch (e.type) {
      case 'Literal':
        if (e.regex) return `__R.re(${str(e.regex.pattern)}, ${str(e.regex.flags)})`;
        if (e.value === null) return 'null';
        if (typeof e.value === 'string') return str(e.value);
        return String(e.value);
      case 'Identifier':
        return ident(e);
      case 'TemplateLiteral':
        return `__R.tpl([${e.quasis.map((q) => str(q.value.cooked ?? q.value.raw)).join(', ')}], [${e.expressions.map((x) => ex(x)).join(', ')}])`;
      case 'ArrayExpression':
        return `__R.arr([${e.elements.map((x) => (x === null ? 'undefined' : x.type === 'SpreadElement' ? `[__R.SP, ${ex(x.argument)}]` : ex(x))).join(', ')}])`;
      case 'ObjectExpression': {
        const parts: string[] = [];
        for (const p of e.properties) {
          if (p.type === 'SpreadElement') parts.push('__R.SP', ex(p.argument));
          else {
            const k = p.computed
              ? `__R.key(${ex(p.key as Expr)})`
              : str(p.key.type === 'Identifier' ? p.key.name : String((p.key as acorn.Literal).value));
            parts.push(k, ex(p.value as Expr));
          }
        }
        return `__R.obj([${parts.join(', ')}])`;
      }
      case 'MemberExpression': {
        const c = constant(e);
        if (c !== null) return c;
        if (e.optional) return chain(e);
        return e.computed
          ? `__R.get(${ex(e.object as Expr)}, ${key(e)})`
          : `__R.gets(${ex(e.object as Expr)}, ${key(e)})`;
      }
      case 'ChainExpression':
        return chain(e.expression);
      case 'CallExpression':
        return call(e);
      case 'NewExpression':
        return `__R.newc(${str((e.callee as acorn.Identifier).name)}, ${args(e.arguments)})`;
      case 'UnaryExpression':
        if (e.operator === 'void') return `(${ex(e.argument)}, undefined)`;
        if (e.operator === '!' ? bool(e.argument) : e.operator !== 'typeof' && num(e.argument))
          return `(${e.operator}(${ex(e.argument)}))`;
        return `__R.${UNARY[e.operator]}(${ex(e.argument)})`;
      case 'BinaryExpression':
        if (e.operator === 'in') return `__R.has(${ex(e.left as Expr)}, ${ex(e.right)})`;
        return binary(e.operator, e.left as Expr, e.right);
      case 'LogicalExpression': {
        if (bool(e)) return `(${ex(e.left)} ${e.operator} ${ex(e.right)})`;
        const t = temp();
        const left = ex(e.left);
        const pick = (r: string): string => chosen(r, t);
        const choice = (take: string): string => exprRegion([e.right], t, ([r]) => `${take} ? ${pick(r!)} : ${t}`);
        if (e.operator === '&&') return `(${t} = ${left}, ${choice(truthy(t))})`;
        if (e.operator === '||') return `(${t} = ${left}, ${choice(`!${truthy(t)}`)})`;
        return `(${t} = ${left}, ${choice(`__R.nul(${t})`)})`;
      }
      case 'ConditionalExpression': {
        if (bool(e.test)) return `(${ex(e.test)} ? ${ex(e.consequent)} : ${ex(e.alternate)})`;
        const t = temp();
        const pick = (r: string): string => chosen(r, t);
        return `(${t} = ${ex(e.test)}, ${exprRegion([e.consequent, e.alternate], t, ([a, b]) => `${truthy(t)} ? ${pick(a!)} : ${pick(b!)}`)})`;
      }
      case 'AssignmentExpression':
        return assign(e);
      case 'UpdateExpression':
        return update(e, false);
      case 'SequenceExpression':
        return `(${e.expressions.map((x) => ex(x)).join(', ')})`;
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return `__R.fn(${func(e, null)}${e.async ? ', 1' : ''})`;
      case 'AwaitExpression': {
        const v = temp();
        const p = temp();
        const savedAwaited = awaitedCall;
        awaitedCall = e.argument.type === 'CallExpression' ? e.argument : null;
        const arg = ex(e.argument);
        awaitedCall = savedAwaited;
        return `(${v} = ${arg}, ${p} = __R.pc, __R.awr(await __R.awv(${v}), ${p}))`;
      }
      default:
        throw new Error(`compile: unexpected ${e.type}`);
    }
  };

  /** `t` or its default value: evaluated only because `t` is undefined, so a region under t's label. */
  const orDefault = (dflt: Expr, t: string): string =>
    exprRegion([dflt], t, ([r]) => `__R.und(${t}) ? ${chosen(r!, t)} : ${t}`);

  const binop = (op: string, a: string, b: string): string => `__R.${BINARY[op]}(${a}, ${b})`;
  /** In a plain loop: is e a plain number, or a plain boolean? Then its operators are native. */
  const num = (e: N): boolean => fn.plain !== null && isNum(e, fn.plain, analysis);
  const bool = (e: N): boolean => fn.plain !== null && isBool(e, fn.plain, analysis);

  /**
   * A binary operator with its fast path inlined: two plain numbers (or, for equality, two
   * non-objects) carry no label, so the native operator is the answer. Anything else goes to the
   * runtime, which joins labels. Operands that are not names or literals are evaluated once.
   */
  const binary = (op: string, left: Expr, right: Expr): string => {
    if (num(left) && num(right)) return `(${ex(left)} ${op} ${ex(right)})`;
    const setup: string[] = [];
    const operand = (e: Expr): string => {
      const code = ex(e);
      if (e.type === 'Identifier' || (e.type === 'Literal' && !e.regex)) return code;
      const t = temp();
      setup.push(`${t} = ${code}`);
      return t;
    };
    const a = operand(left);
    const b = operand(right);
    const slow = binop(op, a, b);
    // A literal operand's type is known here (and it is never boxed): its check is left out.
    const literalType = (e: Expr): string | null => (e.type === 'Literal' && !e.regex ? typeof e.value : null);
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
  };

  const assign = (e: acorn.AssignmentExpression): string => {
    const op = e.operator === '=' ? null : e.operator.slice(0, -1);
    const t = e.left;
    if (t.type === 'Identifier') {
      if (num(e)) return `(${t.name} ${e.operator} ${ex(e.right)})`;
      const v = op ? binop(op, t.name, ex(e.right)) : ex(e.right);
      return `(${t.name} = ${asg(v)})`;
    }
    if (t.type === 'MemberExpression') {
      if (!op) return `__R.set(${ex(t.object as Expr)}, ${key(t)}, ${ex(e.right)})`;
      const o = temp();
      const k = temp();
      return `(${o} = ${ex(t.object as Expr)}, ${k} = ${key(t)}, __R.set(${o}, ${k}, ${binop(op, `__R.get(${o}, ${k})`, ex(e.right))}))`;
    }
    const v = temp();
    return `(${v} = ${ex(e.right)}, ${destructure(t, v, (id, code) => `${id} = ${asg(code)}`).join(', ')}, ${v})`;
  };

  const update = (e: acorn.UpdateExpression, unused: boolean): string => {
    const f = e.operator === '++' ? '__R.inc' : '__R.dec';
    const a = e.argument;
    if (a.type === 'Identifier') {
      if (num(a)) return e.prefix ? `(${e.operator}${a.name})` : `(${a.name}${e.operator})`;
      const step = `(typeof ${a.name} === 'number' ? ${a.name} ${e.operator === '++' ? '+' : '-'} 1 : ${f}(${a.name}))`;
      if (unused || e.prefix) return `(${a.name} = ${asg(step)})`;
      const old = temp();
      return `(${old} = __R.pos(${a.name}), ${a.name} = ${asg(`${f}(${old})`)}, ${old})`;
    }
    const m = a as acorn.MemberExpression;
    const o = temp();
    const k = temp();
    const old = temp();
    return `(${o} = ${ex(m.object as Expr)}, ${k} = ${key(m)}, ${old} = __R.pos(__R.get(${o}, ${k})), __R.set(${o}, ${k}, ${f}(${old}))${e.prefix ? '' : `, ${old}`})`;
  };

  /**
   * Destructuring of the value in `src`: returns one binding step per identifier, built by
   * `bind(name, valueCode)`; defaults are taken when the value is undefined.
   */
  const destructure = (p: acorn.Pattern, src: string, bind: (id: string, code: string) => string): string[] => {
    const steps: string[] = [];
    const go = (pat: acorn.Pattern, code: string): void => {
      switch (pat.type) {
        case 'Identifier':
          steps.push(bind(pat.name, code));
          return;
        case 'MemberExpression':
          steps.push(`__R.set(${ex(pat.object as Expr)}, ${key(pat)}, ${code})`);
          return;
        case 'AssignmentPattern': {
          const t = temp();
          steps.push(`${t} = ${code}`);
          go(pat.left, orDefault(pat.right, t));
          return;
        }
        case 'ObjectPattern': {
          const t = temp();
          steps.push(`${t} = ${code}`);
          const taken: string[] = [];
          for (const prop of pat.properties) {
            if (prop.type === 'RestElement') go(prop.argument, `__R.orest(${t}, ${JSON.stringify(taken)})`);
            else {
              const k = prop.key.type === 'Identifier' ? prop.key.name : String((prop.key as acorn.Literal).value);
              taken.push(k);
              go(prop.value, `__R.get(${t}, ${str(k)})`);
            }
          }
          return;
        }
        case 'ArrayPattern': {
          // Elements are read like t[i]: a missing one is undefined under the source's labels.
          const t = temp();
          steps.push(`${t} = ${code}`);
          pat.elements.forEach((el, i) => {
            if (!el) return;
            if (el.type === 'RestElement') go(el.argument, `__R.arest(${t}, ${i})`);
            else go(el, `__R.get(${t}, ${i})`);
          });
          return;
        }
        default:
          throw new Error(`compile: unexpected pattern ${pat.type}`);
      }
    };
    go(p, src);
    return steps;
  };

  // ---- regions (branches and loops) ---------------------------------------------------------------
  /** Is the binding the one a reference to its name at `at` would find? */
  const visibleAt = (b: Binding, at: number): boolean => {
    if (b.id.start >= at || b.scopeStart > at || b.scopeEnd < at) return false;
    for (const o of analysis.bindings)
      if (o !== b && o.name === b.name && o.scopeStart <= at && at <= o.scopeEnd && o.scopeStart > b.scopeStart)
        return false;
    return true;
  };
  const baseCode = (base: Base, at: number): string | null => {
    if (!visibleAt(base.root, at)) return null;
    let code = base.root.name;
    for (const k of base.path) {
      if (typeof k === 'string') code = `__R.sget(${code}, ${str(k)})`;
      else if (visibleAt(k, at)) code = `__R.sget(${code}, ${k.name})`;
      else return null;
    }
    return code;
  };
  /**
   * The containers a region may write, read before it starts (STRICT): the merge upgrades these
   * as well as what the names denote afterwards, so rebinding a root (`o = other`) or a key
   * variable inside the region cannot steer the upgrade away from what was written. Returns the
   * assignments to run at the region's start ('' when there is nothing to capture).
   */
  const capture = (eff: Effects, at: number): string => {
    if (!strict || !eff.bases.length) return '';
    const code: string[] = [];
    const temps: string[] = [];
    for (const b of eff.bases) {
      const c = baseCode(b, at);
      if (!c) continue;
      const t = temp();
      temps.push(t);
      code.push(`${t} = ${c}`);
    }
    eff.captured = temps;
    return code.join(', ');
  };
  const withCapture = (cap: string, rest: string): string => (cap ? `${cap}, ${rest}` : rest);

  /**
   * Code for the end of a region whose context was saved in `p`: STRICT upgrades, then either
   * restore the context, or (when the region may have left early or written what we cannot
   * name) keep it raised for the rest of the function.
   */
  const mergeCode = (eff: Effects, p: string, at: number, keepForLoop = false, noRestore = false): string[] => {
    const code: string[] = [];
    let opaque = eff.opaque;
    if (strict) {
      const ups: string[] = [];
      for (const v of eff.vars) {
        if (v.kind === 'const' || v.kind === 'function') continue;
        if (visibleAt(v, at)) ups.push(`${v.name} = __R.up(${v.name})`);
        else opaque = true;
      }
      for (const b of eff.bases) {
        const c = baseCode(b, at);
        if (c) ups.push(`__R.upc(${c})`);
        else opaque = true;
      }
      for (const t of eff.captured ?? []) ups.push(`__R.upc(${t})`);
      // A world-changing call the other branch may have made: later observations depend on it.
      if (eff.world) ups.push('__R.worldUp()');
      // Nothing to upgrade with when the context is empty.
      if (ups.length) code.push(`(__R.pc !== 0 && (${ups.join(', ')}))`);
    }
    const loopAcc = fn.loops[fn.loops.length - 1];
    if (eff.escapesFunction || (strict && opaque))
      code.push('__abr = __abr === 0 && __R.pc === 0 ? 0 : __R.J(__abr, __R.pc)');
    else if (noRestore) return code;
    else if (!(eff.escapesLoop && keepForLoop)) code.push(restore(p));
    // A conditional break/continue: the rest of the loop, later iterations included, runs under it.
    else if (loopAcc) code.push(`${loopAcc} = __R.J(${loopAcc}, __R.pc)`);
    return code;
  };

  const tick = 'if (++__S.n > __S.m) __R.lim();';
  /** The value a return hands back: as is when nothing changed since entry (no early exits, no
   * raised context), else through the runtime. */
  const returned = (v: string, abr: string): string => {
    if (fn.isAsync) return `__R.aret(${v}, __e, ${abr})`;
    const t = temp();
    return `(${t} = ${v}, __R.exit === 0 && __abr === 0 && __R.pc === __e ? ${t} : __R.ret(${t}, __e, ${abr}))`;
  };
  /** Leaving enclosing try blocks early: the context joins what they could have thrown because of. */
  const TRY_EXIT = '__R.pc = __R.J(__R.pc, __R.tcur());';
  /** The function's exit taint at a return: its own, and its callees' not yet picked up. */
  const exitAbr = '(__R.exit === 0 ? __abr : __R.J(__abr, __R.exitOf()))';
  /**
   * Back to the context saved in p, keeping what must last for the rest of the function: its
   * conditional returns and escapes, and those of the functions it called (R.exit, §3).
   */
  const restore = (p: string): string =>
    `(__R.exit !== 0 && (__abr = __R.J(__abr, __R.exitOf()))), __R.pc = __abr === 0 ? ${p} : __R.J(${p}, __abr)`;

  // ---- statements ------------------------------------------------------------------------------
  const hoistFns = (body: readonly N[]): void => {
    for (const s of body) if (s.type === 'FunctionDeclaration') emit(`__R.fd(${s.id!.name}${s.async ? ', 1' : ''});`);
  };
  const stmts = (body: readonly N[]): void => {
    hoistFns(body);
    for (const s of body) stmt(s);
  };
  const blockOf = (s: N): readonly N[] => (s.type === 'BlockStatement' ? s.body : [s]);

  const stmt = (s: N): void => {
    const at = pos(s.start);
    switch (s.type) {
      case 'ExpressionStatement': {
        const e = s.expression;
        emit((e.type === 'UpdateExpression' ? update(e, true) : ex(e)) + ';', at);
        return;
      }
      case 'VariableDeclaration':
        for (const d of s.declarations) {
          if (d.id.type === 'Identifier')
            emit(`${s.kind} ${d.id.name} = ${d.init ? asg(ex(d.init)) : 'undefined'};`, at);
          else {
            const names = patternNames(d.id);
            emit(`${s.kind === 'const' ? 'let' : s.kind} ${names.join(', ')};`, at);
            const src = temp();
            emit(
              `${src} = ${ex(d.init!)}; ${destructure(d.id, src, (id, code) => `${id} = ${asg(code)}`).join('; ')};`,
              at,
            );
          }
        }
        return;
      case 'FunctionDeclaration':
        emit(func(s, s.id!.name), at);
        return;
      case 'ReturnStatement': {
        // In an async function (and at the top level) `return f()` is `return await f()`: the
        // result is the value, never a pending call left running.
        const arg =
          s.argument?.type === 'CallExpression' && fn.awaits
            ? ({
                type: 'AwaitExpression',
                argument: s.argument,
                start: s.argument.start,
                end: s.argument.end,
              } as acorn.AwaitExpression)
            : s.argument;
        // Leaving a try early: whether we get here depends on everything it could have thrown
        // because of so far (the try's accumulator), so the exit and the value carry it.
        if (fn.tries > 0) emit(TRY_EXIT, at);
        const v = arg ? ex(arg) : 'undefined';
        const abr = fn.regions > 0 ? '__R.J(__R.J(__abr, __R.exitOf()), __R.pc)' : exitAbr;
        emit(`return ${returned(v, abr)};`, at);
        return;
      }
      case 'ThrowStatement':
        emit(`throw __R.thr(${ex(s.argument)});`, at);
        return;
      case 'BreakStatement':
      case 'ContinueStatement': {
        // A plain loop has no try inside: leaving it leaves no try.
        if (fn.plain) {
          emit(`${s.type === 'BreakStatement' ? 'break' : 'continue'};`, at);
          return;
        }
        // Out of a try, early: what follows (in the loop, after it) depends on the try so far.
        const loopAcc = fn.loops[fn.loops.length - 1];
        const early = fn.tries > 0 && loopAcc ? `${TRY_EXIT} ${loopAcc} = __R.J(${loopAcc}, __R.pc); ` : '';
        emit(`${early}${s.type === 'BreakStatement' ? 'break' : 'continue'};`, at);
        return;
      }
      case 'EmptyStatement':
        return;
      case 'BlockStatement':
        emit('{', at);
        stmts(s.body);
        emit('}');
        return;
      case 'IfStatement': {
        if (bool(s.test)) {
          emit(`if (${ex(s.test)}) {`, at);
          stmts(blockOf(s.consequent));
          if (s.alternate) {
            emit('} else {');
            stmts(blockOf(s.alternate));
          }
          emit('}');
          return;
        }
        const c = temp();
        const p = temp();
        const eff = effects.region([s.consequent, s.alternate], s.consequent.start, s.end);
        const cap = capture(eff, s.consequent.start);
        emit(
          `${c} = ${ex(s.test)}; ${cap ? `${cap}; ` : ''}${p} = __R.pc; if (${isObj(c)}) __R.pc = __R.J(${p}, __R.lab(${c}));`,
          at,
        );
        fn.regions++;
        emit(`if (${truthy(c)}) {`);
        stmts(blockOf(s.consequent));
        if (s.alternate) {
          emit('} else {');
          stmts(blockOf(s.alternate));
        }
        emit('}');
        fn.regions--;
        emit(mergeCode(eff, p, s.end, true).join('; ') + ';');
        return;
      }
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'ForStatement':
        return loop(s, at);
      case 'ForOfStatement':
        return forOf(s, at);
      case 'SwitchStatement':
        return switchStmt(s, at);
      case 'TryStatement':
        return tryStmt(s, at);
      default:
        throw new Error(`compile: unexpected statement ${s.type}`);
    }
  };

  const patternNames = (p: acorn.Pattern): string[] => {
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
  };

  // Loops: the test's label accumulates into the context for every later iteration.
  /**
   * Every iteration starts from the loop's own context: the context at entry, every test so far
   * (reaching iteration k depends on tests 1..k-1), conditional break/continue labels, and what
   * must persist for the rest of the function. What an iteration raised only for itself (a try's
   * taint, a callee's argument) does not leak into the next one; what it wrote is labeled.
   */
  const iterationStart = (lt: string, la: string): string =>
    `${tick} if (__R.exit !== 0) __abr = __R.J(__abr, __R.exitOf()); __R.pc = ${lt} === 0 && ${la} === 0 && __abr === 0 ? 0 : __R.J(__R.J(${lt}, ${la}), __abr);`;

  /**
   * A loop that is plain (plain-loops.ts) is emitted twice: a copy without bookkeeping, run when
   * the guard finds the context empty and the number variables holding numbers, and the fully
   * instrumented loop otherwise.
   */
  const loop = (s: acorn.WhileStatement | acorn.DoWhileStatement | acorn.ForStatement, at: Position): void => {
    if (fn.plain) return plainLoopCode(s as acorn.WhileStatement | acorn.ForStatement, at);
    const facts = s.type === 'DoWhileStatement' ? null : plainLoop(s, analysis, fn.start);
    if (!facts) return labeledLoop(s, at);
    const guard = [
      '__R.pc === 0',
      '__R.exit === 0',
      '__abr === 0',
      ...facts.guard.map((b) => `typeof ${b.name} === 'number'`),
    ];
    emit(`if (${guard.join(' && ')}) {`, at);
    fn.plain = facts.nums;
    plainLoopCode(s as acorn.WhileStatement | acorn.ForStatement, at);
    fn.plain = null;
    emit('} else {');
    labeledLoop(s, at);
    emit('}');
  };
  // Steps are counted as in the instrumented loop (one per test), so both copies stop alike.
  const plainLoopCode = (s: acorn.WhileStatement | acorn.ForStatement, at: Position): void => {
    const test = s.test ? ` if (!${ex(s.test)}) break;` : '';
    if (s.type === 'WhileStatement') emit(`for (;;) { ${tick}${test}`, at);
    else {
      const init =
        s.init?.type === 'VariableDeclaration'
          ? `${s.init.kind} ${s.init.declarations.map((d) => `${(d.id as acorn.Identifier).name} = ${d.init ? ex(d.init) : 'undefined'}`).join(', ')}`
          : s.init
            ? ex(s.init)
            : '';
      const upd = s.update ? (s.update.type === 'UpdateExpression' ? update(s.update, true) : ex(s.update)) : '';
      emit(`for (${init}; ; ${upd}) { ${tick}${test}`, at);
    }
    stmts(blockOf(s.body));
    emit('}');
  };
  // Loops: the test's label accumulates into the context for every later iteration.
  const labeledLoop = (s: acorn.WhileStatement | acorn.DoWhileStatement | acorn.ForStatement, at: Position): void => {
    const p = temp();
    const lt = temp();
    const la = temp();
    const eff = effects.region([s], s.start, s.end);
    eff.escapesLoop = false;
    const cap = capture(eff, s.start);
    emit(`{ ${cap ? `${cap}; ` : ''}${p} = __R.pc; ${lt} = ${p}; ${la} = 0;`, at);
    const testLine = (test: Expr | null | undefined): void => {
      if (!test) return;
      const c = temp();
      emit(
        `${c} = ${ex(test)}; if (${isObj(c)}) { ${lt} = __R.J(${lt}, __R.lab(${c})); __R.pc = __R.J(__R.pc, __R.lab(${c})); } if (!${truthy(c)}) break;`,
        pos(test.start),
      );
    };
    fn.regions++;
    fn.loops.push(la);
    if (s.type === 'ForStatement') {
      let init = '';
      if (s.init?.type === 'VariableDeclaration') {
        init = `${s.init.kind} ${s.init.declarations.map((d) => `${(d.id as acorn.Identifier).name} = ${d.init ? asg(ex(d.init)) : 'undefined'}`).join(', ')}`;
      } else if (s.init) init = ex(s.init);
      const upd = s.update ? (s.update.type === 'UpdateExpression' ? update(s.update, true) : ex(s.update)) : '';
      emit(`for (${init}; ; ${upd}) { ${iterationStart(lt, la)}`, at);
      testLine(s.test);
    } else if (s.type === 'WhileStatement') {
      emit(`for (;;) { ${iterationStart(lt, la)}`, at);
      testLine(s.test);
    } else {
      const first = temp();
      emit(`for (${first} = true; ; ${first} = false) { ${iterationStart(lt, la)}`, at);
      emit(`if (!${first}) {`);
      testLine(s.test);
      emit('}');
    }
    stmts(blockOf(s.body));
    emit('}');
    fn.loops.pop();
    fn.regions--;
    emit([`__R.pc = __R.J(__R.pc, __R.J(${lt}, ${la}))`, ...mergeCode(eff, p, s.end)].join('; ') + '; }');
  };

  const forOf = (s: acorn.ForOfStatement, at: Position): void => {
    const it = temp();
    const i = temp();
    const p = temp();
    const lt = temp();
    const la = temp();
    const eff = effects.region([s], s.start, s.end);
    eff.escapesLoop = false;
    const right = ex(s.right);
    const cap = capture(eff, s.left.start);
    emit(
      `{ ${it} = __R.iter(${right}); ${cap ? `${cap}; ` : ''}${p} = __R.pc; ${lt} = __R.J(${p}, ${it}.l); ${la} = 0;`,
      at,
    );
    fn.regions++;
    fn.loops.push(la);
    emit(
      `for (let ${i} = 0; __R.more(${it}, ${i}); ${i}++) { ${lt} = __R.J(${p}, ${it}.c); ${iterationStart(lt, la)}`,
      at,
    );
    const v = `__R.at(${it}, ${i})`;
    if (s.left.type === 'VariableDeclaration') {
      const d = s.left.declarations[0]!;
      if (d.id.type === 'Identifier') emit(`${s.left.kind} ${d.id.name} = ${asg(v)};`);
      else {
        emit(`let ${patternNames(d.id).join(', ')};`);
        emit(destructure(d.id, v, (id, code) => `${id} = ${asg(code)}`).join('; ') + ';');
      }
    } else if (s.left.type === 'Identifier') emit(`${s.left.name} = ${asg(v)};`);
    else emit(destructure(s.left as acorn.Pattern, v, (id, code) => `${id} = ${asg(code)}`).join('; ') + ';');
    stmts(blockOf(s.body));
    emit('}');
    fn.loops.pop();
    fn.regions--;
    emit(
      [`__R.pc = __R.J(__R.pc, __R.J(__R.J(${p}, ${it}.l), ${la}))`, ...mergeCode(eff, p, s.end)].join('; ') + '; }',
    );
  };

  // switch: the discriminant and every case test compared enter the context of the body.
  const switchStmt = (s: acorn.SwitchStatement, at: Position): void => {
    const d = temp();
    const k = temp();
    const p = temp();
    const eff = effects.region([s], s.start, s.end);
    eff.escapesLoop = eff.escapesLoop && hasContinue(s);
    const disc = ex(s.discriminant);
    const cap = capture(eff, s.discriminant.end);
    emit(
      `{ ${d} = ${disc}; ${cap ? `${cap}; ` : ''}${p} = __R.pc; __R.pc = __R.J(${p}, __R.lab(${d})); ${k} = -1;`,
      at,
    );
    const tests = s.cases.map((c, idx) => ({ c, idx })).filter((x) => x.c.test);
    const dflt = s.cases.findIndex((c) => !c.test);
    const chainCode = tests.map((x) => `if (__R.cse(${d}, ${ex(x.c.test!)})) ${k} = ${x.idx};`).join(' else ');
    emit(`${chainCode}${chainCode ? ' else ' : ''}${k} = ${dflt};`);
    fn.regions++;
    emit(`switch (${k}) {`);
    s.cases.forEach((c, idx) => {
      emit(`case ${idx}:`, pos(c.start));
      hoistFns(c.consequent);
      for (const st of c.consequent) stmt(st);
    });
    emit('}');
    fn.regions--;
    emit(mergeCode(eff, p, s.end, true).join('; ') + '; }');
  };

  const tryStmt = (s: acorn.TryStatement, at: Position): void => {
    const tp = temp();
    const ta = temp();
    const p = temp();
    const eff = effects.region([s.block, s.handler], s.start, s.end);
    const cap = capture(eff, s.block.start);
    emit(`{ ${cap ? `${cap}; ` : ''}${tp} = __R.pc; ${p} = ${tp}; ${ta} = 0; __R.tpush();`, at);
    fn.regions++;
    emit('try {');
    fn.tries++;
    stmts(s.block.body);
    if (s.handler) {
      const x = temp();
      emit(`} catch (${x}) {`, pos(s.handler.start));
      const v = `__R.caught(${x}, ${tp})`;
      const param = s.handler.param;
      if (!param) emit(`${v};`);
      else if (param.type === 'Identifier') emit(`let ${param.name} = ${v};`);
      else {
        emit(`let ${patternNames(param).join(', ')};`);
        emit(destructure(param, v, (id, code) => `${id} = ${code}`).join('; ') + ';');
      }
      stmts(s.handler.body.body);
    }
    fn.tries--;
    // Without a catch, a fatal error (a limit) passing through is still noticed by the runtime.
    if (!s.handler) emit(`} catch (__x) { __R.fatal(__x);`);
    // The finally runs under what the try could have thrown because of, whichever way it was
    // left (normally, by an exception, or early by return/break/continue): a finally that
    // returns, or code after an early exit, must not see a clean context.
    emit(`} finally { ${ta} = __R.tpop(); if (${ta} !== 0) __R.pc = __R.J(__R.pc, ${ta});`);
    if (s.finalizer) stmts(s.finalizer.body);
    emit('}');
    fn.regions--;
    // What follows a try runs under whatever its block could have thrown because of. When the
    // block may also leave early (break/continue/return), the path that did NOT leave depends
    // on it too: the rest of the loop, or of the function, runs under it.
    const merge = strict ? mergeCode({ ...eff, escapesLoop: false }, p, s.end, false, true) : [];
    const loopAcc = fn.loops[fn.loops.length - 1];
    if (eff.escapesLoop && loopAcc) merge.push(`${loopAcc} = __R.J(${loopAcc}, __R.pc)`);
    if (eff.escapesFunction && !strict) merge.push('__abr = __R.J(__abr, __R.pc)');
    emit([`__R.pc = __R.J(__R.pc, ${ta})`, ...merge].join('; ') + '; }');
  };

  // ---- functions ---------------------------------------------------------------------------------
  const func = (f: acorn.Function, name: string | null): string => {
    const savedFn = fn;
    const savedOut = out;
    fn = { temps: [], isAsync: f.async, awaits: f.async, regions: 0, loops: [], tries: 0, start: f.start, plain: null };
    out = [];
    const params: string[] = [];
    const prologue: string[] = [];
    f.params.forEach((p, i) => {
      if (p.type === 'Identifier') params.push(p.name);
      else if (p.type === 'RestElement' && p.argument.type === 'Identifier') {
        // A native rest array knows nothing of labels: rebuild it as a plan array (R.rest).
        params.push(`...__r${i}`);
        prologue.push(`let ${p.argument.name} = __R.rest(__r${i}, __sp);`);
      } else if (p.type === 'AssignmentPattern' && p.left.type === 'Identifier') {
        params.push(p.left.name);
        const t = p.left.name;
        prologue.push(`${t} = ${orDefault(p.right, t)};`);
      } else {
        const a = `__a${i}`;
        params.push(a);
        prologue.push(`let ${patternNames(p).join(', ')};`);
        prologue.push(destructure(p, a, (id, code) => `${id} = ${code}`).join('; ') + ';');
      }
    });
    if (f.body.type === 'BlockStatement') {
      stmts(f.body.body);
      emit(`return ${f.async ? '__R.aret' : '__R.ret'}(undefined, __e, ${exitAbr});`);
    } else {
      emit(`return ${returned(ex(f.body), exitAbr)};`, pos(f.body.start));
    }
    const body = out;
    const temps = fn.temps;
    fn = savedFn;
    out = savedOut;
    // What this call's spread argument count depends on is taken at entry, before a default
    // value's own spread call can replace it; every function clears it so none goes stale.
    const hasRest = f.params.some((q) => q.type === 'RestElement');
    const sp = hasRest ? ' const __sp = __R.sp; __R.sp = 0;' : ' __R.sp = 0;';
    const head = `${f.async ? 'async ' : ''}function ${name ?? ''}(${params.join(', ')}) { ${tick}${sp} const __e = __R.pc; let __abr = 0;${temps.length ? ` let ${temps.join(', ')};` : ''}`;
    // The function's lines are spliced in where its placeholder stands (see flatten).
    const id = fnBodies.length;
    fnBodies.push([
      { code: head, at: pos(f.start) },
      ...prologue.map((code) => ({ code, at: pos(f.start) })),
      ...body,
      { code: '}', at: null },
    ]);
    return `\u0001${id}\u0001`;
  };
  const fnBodies: Line[][] = [];
  const flatten = (lines: readonly Line[]): Line[] => {
    const res: Line[] = [];
    for (const l of lines) {
      let cur: Line = { code: '', at: l.at };
      // \u0001 cannot occur in emitted code otherwise: string literals are JSON-escaped.
      // eslint-disable-next-line no-control-regex
      const parts = l.code.split(/\u0001(\d+)\u0001/);
      parts.forEach((part, i) => {
        if (i % 2 === 0) {
          cur.code += part;
          return;
        }
        const inner = flatten(fnBodies[Number(part)]!);
        cur.code += inner[0]!.code;
        if (inner.length > 1) {
          res.push(cur);
          for (let j = 1; j < inner.length - 1; j++) res.push(inner[j]!);
          const last = inner[inner.length - 1]!;
          cur = { code: last.code, at: last.at ?? l.at };
        }
      });
      res.push(cur);
    }
    return res;
  };

  // ---- the program ------------------------------------------------------------------------------
  fn = { temps: [], isAsync: false, awaits: true, regions: 0, loops: [], tries: 0, start: 0, plain: null };
  stmts(program.body);
  emit('return __R.ret(undefined, __e, __abr);');
  const body = out;
  const header = `(async function (__R, __S) { 'use strict'; const __e = 0; let __abr = 0;${fn.temps.length ? ` let ${fn.temps.join(', ')};` : ''}`;
  const lines = flatten([{ code: header, at: null }, ...body, { code: '})', at: null }]);
  return { code: lines.map((l) => l.code).join('\n'), lines: lines.map((l) => l.at) };
}

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
