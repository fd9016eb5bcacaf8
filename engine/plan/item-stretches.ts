/**
 * Item stretches: the `const` declarations that open a `for (const e of …)` body and compute text,
 * numbers and truth from the item's string fields alone (`const lt = e.from.indexOf('<')`, `const
 * addr = (lt >= 0 ? e.from.slice(lt + 1, e.from.indexOf('>')) : e.from).toLowerCase()`, `const
 * domain = addr.split('@')[1]`). Every operation the stretch may contain labels its answer with
 * the join of its operands' labels (a choice adds its test's), and each of its values derives from
 * a field at every step. So when every field it reads carries one label L that a join with itself
 * leaves as it is (`J(L, L) = L`: not verified), every value of the stretch carries exactly L (or
 * none, when L is empty). The compiled copy reads each field of an item that is a plan object
 * (`R.fo`: no read can throw) once as `R.gets` does (the same joins), checks that, computes the
 * values natively on the raw strings and boxes each with L once, linked to the first field's graph
 * node and named by its last operation; anything else runs the instrumented declarations. It runs
 * only where nothing in the stretch could raise the context or record it: no try open (`R.td`), no
 * exit taint or abrupt completion pending (`R.exit`, `__abr`, `R.tc`: a choice's merge would join
 * them into the context), every field at most a third of `R.SM` long (no answer reaches a string
 * limit), and no part read past the end of a split (the instrumented read answers `undefined`
 * there). Nothing in a stretch throws, calls plan code, counts a step or writes. What changes:
 * graph nodes (one per value instead of one per operation), nothing else; proven against the
 * instrumented declarations (`noFastPaths`) by test/engine/plan/item-stretches.test.ts.
 */
import type * as acorn from 'acorn';
import { str, type EmitContext, type Expr, type N } from './emit-context';
import { expr } from './emit-expressions';
import { matchMethodCall } from './method-calls';
import type { Position } from '../run/types';

type Ty = 'string' | 'number' | 'boolean';
/** A value of the copy: its native code, type, whether it derives from a field, its last operation. */
interface Nat {
  readonly code: string;
  readonly ty: Ty;
  readonly item: boolean;
  readonly op: string;
}

/** String methods the copy calls natively: their argument types (a trailing `?` optional) and answer. */
const METHODS: Readonly<Record<string, { readonly args: readonly string[]; readonly ty: Ty }>> = {
  indexOf: { args: ['string', 'number?'], ty: 'number' },
  lastIndexOf: { args: ['string', 'number?'], ty: 'number' },
  includes: { args: ['string', 'number?'], ty: 'boolean' },
  startsWith: { args: ['string', 'number?'], ty: 'boolean' },
  endsWith: { args: ['string', 'number?'], ty: 'boolean' },
  slice: { args: ['number', 'number?'], ty: 'string' },
  substring: { args: ['number', 'number?'], ty: 'string' },
  toLowerCase: { args: [], ty: 'string' },
  toUpperCase: { args: [], ty: 'string' },
  trim: { args: [], ty: 'string' },
  trimStart: { args: [], ty: 'string' },
  trimEnd: { args: [], ty: 'string' },
};
const NUMERIC = new Set(['-', '*', '/', '%']);
const COMPARE = new Set(['<', '<=', '>', '>=']);

/** One declaration of a stretch: its name, its plan node, and the split read it ends in, if any. */
interface Decl {
  readonly name: string;
  readonly at: Position;
  readonly init: Expr;
  readonly code: string;
  readonly ty: Ty;
  readonly op: string;
  readonly split: { readonly of: string; readonly sep: string; readonly k: number } | null;
}

class Stretch {
  /** Field name → the temporaries holding what `R.gets` read and its raw text. */
  readonly fields = new Map<string, { readonly read: string; readonly text: string }>();
  /** Fields read outside any choice's arm (only those are read up front). */
  readonly sure = new Set<string>();
  readonly decls: Decl[] = [];
  readonly names = new Map<string, Nat>();
  constructor(
    readonly ctx: EmitContext,
    readonly item: string,
  ) {}

  /** e's native code, or null when it is not a value the copy may compute. `arm`: inside a choice's arm. */
  nat(e: Expr, arm: boolean): Nat | null {
    switch (e.type) {
      case 'Literal':
        if (typeof e.value === 'string' || typeof e.value === 'number')
          return {
            code: JSON.stringify(e.value),
            ty: typeof e.value === 'string' ? 'string' : 'number',
            item: false,
            op: '',
          };
        return null;
      case 'Identifier':
        return this.names.get(e.name) ?? null;
      case 'MemberExpression':
        return this.member(e, arm);
      case 'CallExpression':
        return this.call(e, arm);
      case 'BinaryExpression':
        return this.binary(e, arm);
      case 'ConditionalExpression': {
        const t = this.nat(e.test, arm);
        const a = this.nat(e.consequent, true);
        const b = this.nat(e.alternate, true);
        if (!t?.item || t.ty !== 'boolean' || !a?.item || !b?.item || a.ty !== b.ty) return null;
        return { code: `(${t.code} ? ${a.code} : ${b.code})`, ty: a.ty, item: true, op: 'choice' };
      }
      default:
        return null;
    }
  }

  private member(e: acorn.MemberExpression, arm: boolean): Nat | null {
    if (e.computed || e.optional || e.property.type !== 'Identifier') return null;
    const k = e.property.name;
    if (e.object.type === 'Identifier' && e.object.name === this.item) {
      if (k === 'length') return null;
      let t = this.fields.get(k);
      if (t === undefined) {
        t = { read: this.ctx.temp(), text: this.ctx.temp() };
        this.fields.set(k, t);
      }
      if (!arm) this.sure.add(k);
      return { code: t.text, ty: 'string', item: true, op: '' };
    }
    const o = this.nat(e.object as Expr, arm);
    if (k !== 'length' || !o?.item || o.ty !== 'string') return null;
    return { code: `${o.code}.length`, ty: 'number', item: true, op: '.length' };
  }

  private call(e: acorn.CallExpression, arm: boolean): Nat | null {
    const m = matchMethodCall(this.ctx, e);
    const sig = m && Object.hasOwn(METHODS, m.name) ? METHODS[m.name]! : null;
    if (
      !m ||
      !sig ||
      m.args.length > sig.args.length ||
      m.args.length < sig.args.filter((a) => !a.endsWith('?')).length
    )
      return null;
    const o = this.nat(m.receiver, arm);
    if (!o?.item || o.ty !== 'string') return null;
    const args: string[] = [];
    for (let i = 0; i < m.args.length; i++) {
      const a = this.nat(m.args[i]!, arm);
      if (!a || a.ty !== sig.args[i]!.replace('?', '')) return null;
      args.push(a.code);
    }
    return { code: `${o.code}.${m.name}(${args.join(', ')})`, ty: sig.ty, item: true, op: m.name };
  }

  private binary(e: acorn.BinaryExpression, arm: boolean): Nat | null {
    if (e.left.type === 'PrivateIdentifier') return null;
    const a = this.nat(e.left, arm);
    const b = this.nat(e.right, arm);
    if (!a || !b || !(a.item || b.item) || a.ty !== b.ty) return null;
    const code = `(${a.code} ${e.operator} ${b.code})`;
    if (COMPARE.has(e.operator) && a.ty !== 'boolean') return { code, ty: 'boolean', item: true, op: e.operator };
    if ((NUMERIC.has(e.operator) || e.operator === '+') && a.ty === 'number')
      return { code, ty: 'number', item: true, op: e.operator };
    return null;
  }

  /** Adds `const name = init` to the stretch; false when it cannot be one of its values. */
  add(d: acorn.VariableDeclarator, at: Position): boolean {
    if (d.id.type !== 'Identifier' || !d.init || d.id.name === this.item || this.names.has(d.id.name)) return false;
    const init = d.init;
    // `s.split(sep)[k]`: a part of the text, when there is one.
    if (
      init.type === 'MemberExpression' &&
      init.computed &&
      !init.optional &&
      init.property.type === 'Literal' &&
      typeof init.property.value === 'number' &&
      Number.isInteger(init.property.value) &&
      init.property.value >= 0
    ) {
      const m = matchMethodCall(this.ctx, init.object, 'split');
      const sep = m?.args.length === 1 ? m.args[0]! : null;
      const of = m ? this.nat(m.receiver, false) : null;
      if (!of?.item || of.ty !== 'string' || sep?.type !== 'Literal' || typeof sep.value !== 'string') return false;
      const split = { of: of.code, sep: sep.value, k: init.property.value };
      this.push(d.id.name, at, init, { code: '', ty: 'string', item: true, op: 'split' }, split);
      return true;
    }
    const n = this.nat(init, false);
    // A bare field or name keeps its own value (a verified field stays verified): not computed here.
    if (!n?.item || n.op === '') return false;
    this.push(d.id.name, at, init, n, null);
    return true;
  }

  private push(name: string, at: Position, init: Expr, n: Nat, split: Decl['split']): void {
    const t = this.ctx.temp();
    this.decls.push({ name, at, init, code: n.code, ty: n.ty, op: n.op, split });
    this.names.set(name, { code: t, ty: n.ty, item: true, op: '' });
  }
}

/**
 * Emits the item stretch that opens `body`, the body of `for (const item of …)`, and answers how
 * many of its statements it took (0: none, nothing emitted).
 */
export function itemStretch(ctx: EmitContext, item: string, body: readonly N[]): number {
  if (ctx.noFastPaths || body.some((s) => s.type === 'FunctionDeclaration')) return 0;
  const st = new Stretch(ctx, item);
  let taken = 0;
  for (const s of body) {
    if (s.type !== 'VariableDeclaration' || s.kind !== 'const' || s.declarations.length !== 1) break;
    if (!st.add(s.declarations[0]!, ctx.pos(s.start))) break;
    taken++;
  }
  // Every field is read up front, so none may be read only in an arm (the instrumented code
  // would not read it when the arm is not taken).
  if (taken === 0 || [...st.fields.keys()].some((k) => !st.sure.has(k))) return 0;
  const fields = [...st.fields];
  const l = ctx.temp();
  const ok = ctx.temp();
  const first = fields[0]![1].read;
  const reads = fields.map(
    ([k, t]) => `(${t.read} = __R.gets(${item}, ${str(k)}), ${l} = __R.fl(${t.read}, ${l})) >= 0`,
  );
  const raws = fields.map(([, t]) => `${t.text} = typeof ${t.read} === 'string' ? ${t.read} : ${t.read}.v;`);
  const native: string[] = [];
  for (let i = 0; i < st.decls.length; i++) {
    const d = st.decls[i]!;
    const t = st.names.get(d.name)!.code;
    if (d.split) {
      const p = ctx.temp();
      native.push(`${p} = ${d.split.of}.split(${str(d.split.sep)}); if (${p}.length <= ${d.split.k}) break ${ok}b;`);
      native.push(`${t} = ${p}[${d.split.k}];`);
    } else native.push(`${t} = ${d.code};`);
  }
  const boxes = st.decls.map(
    (d) => `${d.name} = __R.mk(${st.names.get(d.name)!.code}, ${l}, ${str(d.op)}, ${first}.d, -1);`,
  );
  const names = st.decls.map((d) => d.name);
  ctx.emit(
    `let ${names.join(', ')}; ${ok} = 0; ${l} = -1; ${ok}b: if (__R.td === 0 && __R.exit === 0 && __R.tc === 0 && __abr === 0 && __R.fo(${item}) && ${reads.join(' && ')}) { ${raws.join(' ')} ${native.join(' ')} ${boxes.join(' ')} ${ok} = 1; }`,
    st.decls[0]!.at,
  );
  ctx.emit(`if (${ok} === 0) {`);
  for (const d of st.decls) ctx.emit(`${d.name} = ${expr(ctx, d.init)};`, d.at);
  ctx.emit('}');
  return taken;
}
