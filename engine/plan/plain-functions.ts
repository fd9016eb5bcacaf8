/**
 * Plain functions: number functions (`fib`, `gcd`, `clamp`) the compiler also emits as native
 * code, behind a run-time guard at the function's entry: instrumentation is skipped where the
 * compiler can prove every value label-free.
 *
 * A function (declared, or a function value) is plain when, called with an empty control
 * context and plain numbers for every parameter, nothing it does can make a label:
 * - it is not async, its parameters are plain names, and it reads no variable but its own and
 *   calls nothing but plain functions (by name, with number arguments);
 * - every variable it declares is initialised, and only ever assigned, with a number; every test
 *   is a comparison of numbers; every path ends in `return` of a number.
 * Its native copy then computes exactly what the instrumented one would (plain numbers in, plain
 * numbers out, every test unlabeled), and counts the same steps: one per call and one per loop
 * iteration. When the guard fails (a labeled context or argument, pending exit taint, an open
 * try, a non-number), the instrumented body runs as usual.
 *
 * A parameter may also be a record: used only to read named fields (`(a, b) => a.value - b.value`,
 * a comparator). The guard then also checks that each record is a plain object (no prototype)
 * with no structure label and that every field the function names holds a plain number: such a
 * field has no label to join, and a plain function writes no object, so the fields stay numbers
 * while the copy runs. The runtime makes the same check of every item before it sorts natively
 * with such a copy. A function with records is never called from another copy (whose arguments
 * are numbers).
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import type { FieldUse } from './field-functions';
import { tick } from './emit-context';
import { children, isBool, isNum, isNumWrite, type Numbers } from './plain-loops';

type N = acorn.AnyNode;

/** The native copy of a plain function f: `__p_<name>`, declared beside it. */
export const cloneName = (name: string): string => `__p_${name}`;

type PlanFunction = acorn.FunctionDeclaration | acorn.FunctionExpression | acorn.ArrowFunctionExpression;

/**
 * The plain functions of a program (the greatest set whose members all fit): declarations, and
 * function values (a comparator `(a, b) => a - b`), whose copies the runtime also keeps for
 * callbacks (a sort over plain numbers).
 */
export function plainFunctions(program: acorn.Program, analysis: Analysis): ReadonlyMap<acorn.Function, Records> {
  const plain = new Set<PlanFunction>();
  const visit = (n: N): void => {
    if (
      (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') &&
      !n.async &&
      !n.generator &&
      n.params.every((p) => p.type === 'Identifier')
    )
      plain.add(n as PlanFunction);
    children(n).forEach(visit);
  };
  visit(program);
  const records = new Map<acorn.Function, Records>();
  for (const f of plain) records.set(f, recordParams(f, analysis));
  for (let changed = true; changed;) {
    changed = false;
    for (const f of plain)
      if (!new Fits(f, analysis, records, plain).body()) {
        plain.delete(f);
        changed = true;
      }
  }
  return new Map([...plain].map((f) => [f, records.get(f)!]));
}

/** The record parameters of a plain function, each with the fields it reads (in source order). */
export type Records = ReadonlyMap<string, readonly string[]>;

/**
 * The parameters that are used only as `p.name` (a static name, no optional chain), each with
 * the names read. A parameter never used, or used any other way, is not a record.
 */
function recordParams(f: PlanFunction, analysis: Analysis): Records {
  const params = new Map<Binding, string>();
  for (const p of f.params) {
    const r = analysis.refs.get(p as acorn.Identifier);
    if (r?.kind === 'local') params.set(r.binding, (p as acorn.Identifier).name);
  }
  const fields = new Map<string, string[]>();
  const other = new Set<string>();
  const visit = (n: N): void => {
    if (n.type === 'MemberExpression' && !n.computed && !n.optional && n.object.type === 'Identifier') {
      const r = analysis.refs.get(n.object);
      const name = r?.kind === 'local' ? params.get(r.binding) : undefined;
      if (name !== undefined) {
        const list = fields.get(name) ?? [];
        const field = (n.property as acorn.Identifier).name;
        if (!list.includes(field)) list.push(field);
        fields.set(name, list);
        return;
      }
    }
    if (n.type === 'Identifier') {
      const r = analysis.refs.get(n);
      const name = r?.kind === 'local' && n !== r.binding.id ? params.get(r.binding) : undefined;
      if (name !== undefined) other.add(name);
    }
    children(n).forEach(visit);
  };
  visit(f.body);
  for (const name of other) fields.delete(name);
  return fields;
}

/** Does one candidate fit, assuming the functions in `plain` do? */
class Fits {
  /**
   * Its own variables hold numbers (a record does not); so do calls of plain functions, `?:`,
   * `||`, `&&` and `??` over numbers, and a record's fields (the copy checks them).
   */
  private readonly n: Numbers = {
    holds: (id) => this.own(id) && !this.isRecord(id),
    also: (e) => {
      switch (e.type) {
        case 'ConditionalExpression':
          return isBool(e.test, this.n) && isNum(e.consequent, this.n) && isNum(e.alternate, this.n);
        case 'LogicalExpression':
          return isNum(e.left, this.n) && isNum(e.right, this.n);
        case 'MemberExpression':
          return !e.computed && e.object.type === 'Identifier' && this.isRecord(e.object);
        case 'CallExpression':
          return this.call(e);
        default:
          return false;
      }
    },
  };
  private readonly records: Records;

  constructor(
    private readonly f: PlanFunction,
    private readonly analysis: Analysis,
    private readonly allRecords: ReadonlyMap<acorn.Function, Records>,
    private readonly plain: ReadonlySet<acorn.Function>,
  ) {
    this.records = allRecords.get(f)!;
  }

  body(): boolean {
    const b = this.f.body;
    if (b.type !== 'BlockStatement') return isNum(b, this.n);
    return b.body.length > 0 && b.body.every((s) => this.stmt(s)) && returns(b);
  }

  /** One of this function's record parameters (not a variable of the same name in a block). */
  private isRecord(id: acorn.Identifier): boolean {
    const r = this.analysis.refs.get(id);
    return r?.kind === 'local' && this.f.params.includes(r.binding.id) && this.records.has(id.name);
  }

  /** A variable of this function (a parameter or a declaration in its body). */
  private own(id: N): boolean {
    if (id.type !== 'Identifier') return false;
    const r = this.analysis.refs.get(id);
    return (
      r?.kind === 'local' &&
      r.binding.kind !== 'function' &&
      r.binding.id.start >= this.f.start &&
      r.binding.id.end <= this.f.end
    );
  }

  private stmt(s: N): boolean {
    const num = (e: N): boolean => isNum(e, this.n);
    const bool = (e: N): boolean => isBool(e, this.n);
    switch (s.type) {
      case 'ReturnStatement':
        return !!s.argument && num(s.argument);
      case 'IfStatement':
        return bool(s.test) && this.stmt(s.consequent) && (!s.alternate || this.stmt(s.alternate));
      case 'BlockStatement':
        return s.body.every((x) => this.stmt(x));
      case 'VariableDeclaration':
        return s.kind !== 'var' && s.declarations.every((d) => this.own(d.id) && !!d.init && num(d.init));
      case 'ExpressionStatement':
        return this.write(s.expression);
      case 'WhileStatement':
        return bool(s.test) && this.stmt(s.body);
      case 'ForStatement':
        return (
          (!s.init || (s.init.type === 'VariableDeclaration' ? this.stmt(s.init) : this.write(s.init))) &&
          (!s.test || bool(s.test)) &&
          (!s.update || this.write(s.update)) &&
          this.stmt(s.body)
        );
      case 'BreakStatement':
      case 'ContinueStatement':
        return !s.label;
      case 'EmptyStatement':
        return true;
      default:
        return false;
    }
  }

  /** An assignment or update of one of this function's variables with a number. */
  private write(e: N): boolean {
    return (e.type === 'UpdateExpression' || e.type === 'AssignmentExpression') && isNumWrite(e, this.n);
  }

  /** A call of a plain function (with no record) by its name, every argument a number. */
  private call(c: acorn.CallExpression): boolean {
    if (c.callee.type !== 'Identifier' || c.optional) return false;
    const r = this.analysis.refs.get(c.callee);
    const fn = r?.kind === 'local' && r.binding.kind === 'function' ? r.binding.fn : null;
    return (
      !!fn &&
      this.plain.has(fn) &&
      this.allRecords.get(fn)?.size === 0 &&
      c.arguments.every((a) => a.type !== 'SpreadElement' && isNum(a, this.n))
    );
  }
}

/** Does every path through s end in a return? (Loops are not counted on.) */
function returns(s: N): boolean {
  if (s.type === 'ReturnStatement') return true;
  if (s.type === 'IfStatement') return !!s.alternate && returns(s.consequent) && returns(s.alternate);
  if (s.type === 'BlockStatement') return s.body.some(returns);
  return false;
}

/**
 * The native copy of a plain function (named for a declaration, a function expression for a
 * value): the plan's own code (numbers, comparisons, calls of other
 * copies), a step counted per call and per loop iteration as the instrumented code counts them.
 */
export function cloneCode(f: acorn.Function, name: string | null): string {
  const params = f.params.map((p) => (p as acorn.Identifier).name).join(', ');
  const body = f.body.type === 'BlockStatement' ? f.body.body.map(stmtCode).join(' ') : `return ${exprCode(f.body)};`;
  return `function ${name === null ? '' : cloneName(name)}(${params}) { ${tick} ${body} }`;
}

/**
 * The test that a function's records fit its copy: each a plain object (no prototype) with no
 * structure label, every field the function reads a plain number. The runtime makes the same
 * test of a whole array before it sorts with a copy (library.embed.js, sortWith).
 */
export function recordsFit(records: Records): string[] {
  return [...records].flatMap(([p, names]) => [
    `typeof ${p} === 'object'`,
    `${p} !== null`,
    `${p}[__SL] === undefined`,
    `__GP(${p}) === null`,
    ...names.map((k) => `typeof ${p}.${k} === 'number'`),
  ]);
}

/**
 * What the runtime learns of a native copy (as a literal): for a plain function with records,
 * the fields each parameter reads as a record (null: a number parameter); for a field function
 * (field-functions.ts), the fields it reads of each item. Nothing for a number function.
 */
export function copyInfo(f: acorn.Function, records: Records | undefined, fields: FieldUse | undefined): string {
  const info = {
    records: records?.size ? f.params.map((p) => records.get((p as acorn.Identifier).name) ?? null) : null,
    fields: fields ?? null,
  };
  return info.records || info.fields ? `, ${JSON.stringify(info)}` : '';
}

function stmtCode(s: N): string {
  const e = exprCode;
  const st = stmtCode;
  switch (s.type) {
    case 'ReturnStatement':
      return `return ${e(s.argument!)};`;
    case 'IfStatement':
      return `if (${e(s.test)}) { ${st(s.consequent)} }${s.alternate ? ` else { ${st(s.alternate)} }` : ''}`;
    case 'BlockStatement':
      return `{ ${s.body.map(st).join(' ')} }`;
    case 'VariableDeclaration':
      return `${s.kind} ${s.declarations.map((d) => `${(d.id as acorn.Identifier).name} = ${e(d.init!)}`).join(', ')};`;
    case 'ExpressionStatement':
      return `${e(s.expression)};`;
    case 'WhileStatement':
      return `for (;;) { ${tick} if (!${e(s.test)}) break; ${st(s.body)} }`;
    case 'ForStatement': {
      // The test runs after the step, as in the instrumented loop; `continue` still updates.
      const init = s.init ? (s.init.type === 'VariableDeclaration' ? st(s.init).slice(0, -1) : e(s.init)) : '';
      const test = s.test ? ` if (!${e(s.test)}) break;` : '';
      return `for (${init}; ; ${s.update ? e(s.update) : ''}) { ${tick}${test} ${st(s.body)} }`;
    }
    case 'BreakStatement':
    case 'ContinueStatement':
      return s.type === 'BreakStatement' ? 'break;' : 'continue;';
    default:
      return ';';
  }
}

function exprCode(x: N): string {
  const e = exprCode;
  switch (x.type) {
    case 'MemberExpression':
      // A record's field, which the guard (or the runtime) found to be a primitive.
      return x.computed
        ? `${e(x.object)}[${e(x.property)}]`
        : `${e(x.object)}.${(x.property as acorn.Identifier).name}`;
    case 'Literal':
      return typeof x.value === 'string' ? JSON.stringify(x.value) : String(x.value);
    case 'Identifier':
      return x.name;
    case 'UnaryExpression':
      return `(${x.operator}${e(x.argument)})`;
    case 'BinaryExpression':
    case 'LogicalExpression':
      return `(${e(x.left)} ${x.operator} ${e(x.right)})`;
    case 'ConditionalExpression':
      return `(${e(x.test)} ? ${e(x.consequent)} : ${e(x.alternate)})`;
    case 'UpdateExpression':
      return x.prefix ? `(${x.operator}${e(x.argument)})` : `(${e(x.argument)}${x.operator})`;
    case 'AssignmentExpression':
      return `(${e(x.left)} ${x.operator} ${e(x.right)})`;
    case 'CallExpression': {
      // The callee is a plain function called by its name: its copy is declared beside it.
      return `${cloneName((x.callee as acorn.Identifier).name)}(${x.arguments.map(e).join(', ')})`;
    }
    default:
      throw new Error(`plain function: unexpected ${x.type}`);
  }
}
