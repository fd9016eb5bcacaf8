/**
 * Field functions: comparators such as `(a, b) => b.body.length - a.body.length || (a.id < b.id ?
 * -1 : 1)`, which compute a primitive from primitive fields of their parameters and nothing else.
 * The compiler also emits them as native code, which the runtime uses for a sort whose items carry
 * labels (library.embed.js, sortWith), and for a test callback that answers one field (`(e) =>
 * e.unread`) or compares a text field's length with a number (`(e) => e.cc.length > 0`): its
 * answer's label is the label of that field as read, which the runtime computes without boxes
 * (library.embed.js, moving; runtime.embed.js, fieldRead).
 *
 * Such a sort labels its order with everything the items hold (the join of their deep labels)
 * and runs the comparator under that label. A field function reads nothing but fields of the two
 * items it is given, so every label its answer could carry is already in that order label: the
 * answers add no label, and the sort's result is the same whichever copy answers. The runtime then
 * reads the fields each item has (their raw values), checks that each is a primitive (a string
 * where the function reads its length) and sorts those records natively: the same comparisons in
 * the same order, one step counted per call, as the instrumented comparator would make.
 *
 * A field function:
 * - is a function value, not async, with plain parameter names, used only as `p.name`, `p[0]`
 *   (a field) or `p.name.length` (the length of a text field);
 * - declares only `const`s, branches with `if`, and returns; it calls nothing and assigns nothing;
 * - uses only `- * / %`, comparisons, `! -`, `&& || ??` and `?:` over fields, its constants and
 *   literals (no `+`: concatenation makes new text, which the runtime counts against its limits).
 */
import type * as acorn from 'acorn';
import type { Analysis, Binding } from './analyze';
import { children } from './plain-loops';

type N = acorn.AnyNode;

/** What the runtime reads of each item: the fields, and those the function takes the length of. */
export interface FieldUse {
  readonly fields: readonly string[];
  readonly strings: readonly string[];
  /** One parameter, answering its field `p.k` (length false) or `p.k.length OP number` (true). */
  readonly answer?: { readonly field: string; readonly length: boolean };
}

const ORDER = new Set(['<', '>', '<=', '>=']);

const BINARY = new Set(['-', '*', '/', '%', '<', '>', '<=', '>=', '===', '!==']);

/** The field functions of a program, each with the fields it reads. */
export function fieldFunctions(program: acorn.Program, analysis: Analysis): ReadonlyMap<acorn.Function, FieldUse> {
  const out = new Map<acorn.Function, FieldUse>();
  const visit = (n: N): void => {
    if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') {
      const use = fieldFunction(n, analysis);
      if (use) out.set(n, use);
    }
    children(n).forEach(visit);
  };
  visit(program);
  return out;
}

/** The fields a field function reads, or null when f is not one. */
function fieldFunction(f: acorn.Function, analysis: Analysis): FieldUse | null {
  if (f.async || f.generator || f.type === 'FunctionDeclaration') return null;
  if (!f.params.every((p) => p.type === 'Identifier')) return null;
  const check = new FieldCheck(f, analysis);
  const ok = f.body.type === 'BlockStatement' ? f.body.body.every((s) => check.stmt(s)) : check.expr(f.body);
  if (!ok || !check.fields.size) return null;
  const use = { fields: [...check.fields], strings: [...check.strings] };
  const answer = f.params.length === 1 ? answerOf(f) : null;
  return answer ? { ...use, answer } : use;
}

/**
 * The field a one-parameter field function answers with (`p.k`), or whose text length it compares
 * with a number literal (`p.k.length < 3`, `3 < p.k.length`); null for any other body. (Its
 * checks already passed: every member expression here reads the parameter.)
 */
function answerOf(f: acorn.Function): FieldUse['answer'] | null {
  const body = f.body;
  let e: N | null | undefined = body;
  if (body.type === 'BlockStatement') {
    const only = body.body.length === 1 ? body.body[0] : undefined;
    e = only?.type === 'ReturnStatement' ? only.argument : null;
  }
  const name = (m: N): string | null =>
    m.type === 'MemberExpression' && m.object.type === 'Identifier'
      ? m.computed
        ? String((m.property as acorn.Literal).value)
        : (m.property as acorn.Identifier).name
      : null;
  if (!e) return null;
  const k = name(e);
  if (k !== null) return { field: k, length: false };
  if (e.type !== 'BinaryExpression' || !ORDER.has(e.operator)) return null;
  const number = (x: N): boolean => x.type === 'Literal' && typeof x.value === 'number';
  const side = number(e.right) ? e.left : number(e.left) ? e.right : null;
  if (side?.type !== 'MemberExpression' || side.computed || (side.property as acorn.Identifier).name !== 'length')
    return null;
  const text = name(side.object);
  return text === null ? null : { field: text, length: true };
}

class FieldCheck {
  readonly fields = new Set<string>();
  readonly strings = new Set<string>();
  private readonly params = new Set<Binding>();
  private readonly consts = new Set<Binding>();

  constructor(
    f: acorn.Function,
    private readonly analysis: Analysis,
  ) {
    for (const p of f.params) {
      const b = this.binding(p as acorn.Identifier);
      if (b) this.params.add(b);
    }
  }

  private binding(id: acorn.Identifier): Binding | null {
    const r = this.analysis.refs.get(id);
    return r?.kind === 'local' ? r.binding : null;
  }

  /** `p.name` or `p[0]` for a parameter p: the field's key, else null. */
  private field(m: N): string | null {
    if (m.type !== 'MemberExpression' || m.optional || m.object.type !== 'Identifier') return null;
    const b = this.binding(m.object);
    if (!b || !this.params.has(b)) return null;
    if (!m.computed) return (m.property as acorn.Identifier).name;
    const k = m.property;
    return k.type === 'Literal' && typeof k.value === 'number' && Number.isInteger(k.value) && k.value >= 0
      ? String(k.value)
      : null;
  }

  stmt(s: N): boolean {
    switch (s.type) {
      case 'ReturnStatement':
        return !!s.argument && this.expr(s.argument);
      case 'IfStatement':
        return this.expr(s.test) && this.stmt(s.consequent) && (!s.alternate || this.stmt(s.alternate));
      case 'BlockStatement':
        return s.body.every((x) => this.stmt(x));
      case 'VariableDeclaration':
        return (
          s.kind === 'const' &&
          s.declarations.every((d) => {
            if (d.id.type !== 'Identifier' || !d.init || !this.expr(d.init)) return false;
            const b = this.binding(d.id);
            if (b) this.consts.add(b);
            return !!b;
          })
        );
      default:
        return false;
    }
  }

  expr(e: N): boolean {
    switch (e.type) {
      case 'Literal':
        return !e.regex && (typeof e.value === 'number' || typeof e.value === 'string' || typeof e.value === 'boolean');
      case 'Identifier': {
        const b = this.binding(e);
        return !!b && this.consts.has(b);
      }
      case 'MemberExpression': {
        const k = this.field(e);
        if (k !== null) return !!this.fields.add(k);
        const text = this.field(e.object);
        if (text === null || e.computed || e.optional || (e.property as acorn.Identifier).name !== 'length')
          return false;
        this.fields.add(text);
        return !!this.strings.add(text);
      }
      case 'UnaryExpression':
        return (e.operator === '-' || e.operator === '!') && this.expr(e.argument);
      case 'BinaryExpression':
        return BINARY.has(e.operator) && this.expr(e.left) && this.expr(e.right);
      case 'LogicalExpression':
        return this.expr(e.left) && this.expr(e.right);
      case 'ConditionalExpression':
        return this.expr(e.test) && this.expr(e.consequent) && this.expr(e.alternate);
      default:
        return false;
    }
  }
}
