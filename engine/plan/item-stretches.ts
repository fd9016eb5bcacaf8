/**
 * Item stretches: code that computes text, numbers and truth from the string fields of plan
 * objects (`e.from`), text names of an earlier stretch and loop counters alone, run natively. Two
 * places take one: the `const` declarations opening a loop body, or following its first
 * declaration (`const e = emails[i]`) — `const lt = e.from.indexOf('<')`, `const addr = (lt >= 0 ?
 * e.from.slice(lt + 1, e.from.indexOf('>')) : e.from).toLowerCase()`, `const domain =
 * addr.split('@')[1]` — and, anywhere after that, a template literal or a `+` chain
 * (`` `[${e.date.slice(0, 10)}] ${name.padEnd(16, '.')}` ``, `i + 1 + '. ' + name`). Every
 * operation a stretch may contain labels its answer with the join of its operands' labels (a
 * choice adds its test's in STRICT; in NORMAL its sources must carry one label). So when every
 * field, text name and counter it reads carries an unverified label (`J(L, L) = L`) and every two
 * of those labels are comparable (R.fc: one holds the other), every value carries the largest
 * label of its own sources, and no join of them, in any order, makes a new label. The compiled
 * copy checks that before anything else: each source of a plan object (`R.fo`: no read can throw)
 * read once as `R.gets` does, in the order the instrumented code first reads them, stopping at the
 * first that fails; then it computes natively on the raw values and boxes each value once, linked
 * to its first source's graph node and named by its last operation; anything else runs the
 * instrumented code. It runs only where nothing in the stretch could raise the context or record
 * it: no try open (`R.td`), no exit taint or abrupt completion pending (`R.exit`, `__abr`, `R.tc`:
 * a choice's merge would join them into the context). Reads must not run ahead of the instrumented
 * code where it could throw first: no source is first read in a choice's arm, and string limits
 * are bounds (fields and text names at most a third of `R.SM`, a case change at most triples) whose
 * sum for a `+`, template or pad is checked on R.SM before the reads, or, past three fields' worth,
 * on the text made, after which (as after a split read, whose miss the instrumented code answers
 * with `undefined`) no new source is read. Nothing in a stretch throws, calls plan code, counts a
 * step or writes. What changes: graph nodes (one per value instead of one per operation), nothing
 * else; proven against the instrumented code (`noFastPaths`) by
 * test/engine/plan/item-stretches.test.ts.
 */
import type * as acorn from 'acorn';
import { str, type EmitContext, type Expr, type N } from './emit-context';
import { expr } from './emit-expressions';
import { matchMethodCall } from './method-calls';
import type { Binding } from './scope';
import type { Position } from '../run/types';

type Ty = 'string' | 'number' | 'boolean';
/**
 * A value of the copy: its native code, type, last operation, and the labeled sources (fields,
 * text names) it reads outside any choice's arm — its label is their join — and inside one.
 */
interface Nat {
  readonly code: string;
  readonly ty: Ty;
  readonly op: string;
  readonly srcs: ReadonlySet<string>;
  readonly arms: ReadonlySet<string>;
  /** A field read as it is: text only by assumption (the guard checks it). */
  readonly field?: true;
  /** Its longest text, k * R.SM / 3 + c characters (a number's: 25, truth's: 5), as [k, c]. */
  readonly len: Len;
}
type Len = readonly [number, number];
const lenOf = (ty: Ty, parts: readonly Nat[]): Len =>
  ty === 'number' ? [0, 25] : ty === 'boolean' ? [0, 5] : (parts[0]?.len ?? [0, 0]);
const NONE: ReadonlySet<string> = new Set();
const union = (xs: readonly ReadonlySet<string>[]): ReadonlySet<string> =>
  xs.every((x) => x.size === 0) ? NONE : new Set(xs.flatMap((x) => [...x]));
/** A value made by op from parts (its label: the join of theirs; a text: no longer than the first). */
const made = (code: string, ty: Ty, op: string, ...parts: readonly Nat[]): Nat => ({
  code,
  ty,
  op,
  len: lenOf(ty, parts),
  srcs: union(parts.map((p) => p.srcs)),
  arms: union(parts.map((p) => p.arms)),
});
/** Whether n's label is exactly the join of its sources' labels (some, each read whichever arm runs). */
const joined = (n: Nat): boolean => n.srcs.size > 0 && [...n.arms].every((k) => n.srcs.has(k));

/**
 * String methods the copy calls natively: their argument types (a trailing `?` optional), answer,
 * and whether the answer may outgrow the receiver past a triple (checked against R.SM).
 */
const METHODS: Readonly<Record<string, { readonly args: readonly string[]; readonly ty: Ty; readonly grows?: true }>> =
  {
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
    padEnd: { args: ['number', 'string?'], ty: 'string', grows: true },
    padStart: { args: ['number', 'string?'], ty: 'string', grows: true },
  };
const NUMERIC = new Set(['-', '*', '/', '%']);
const COMPARE = new Set(['<', '<=', '>', '>=']);

/** What the copy reads before it computes: a check, and the raw value it leaves in `text`. */
interface Source {
  readonly check: string;
  readonly raw: string;
  /** Its label's temporary and value as read (null: a counter or an object, no label). */
  readonly lab: string | null;
  readonly box: string | null;
}

/** Loop counters (`for (let i = 0; …)`) and text names of earlier stretches, per compilation. */
const counters = new WeakMap<EmitContext, Set<Binding>>();
const texts = new WeakMap<EmitContext, Set<Binding>>();
const setOf = (m: WeakMap<EmitContext, Set<Binding>>, ctx: EmitContext): Set<Binding> => {
  let s = m.get(ctx);
  if (!s) m.set(ctx, (s = new Set()));
  return s;
};
/** Inside the instrumented fallback of an expression stretch: no nested one (one copy per node). */
const falling = new WeakSet<EmitContext>();

class Stretch {
  /**
   * Source key (`e.from`, a name) → its temporaries, in the order the instrumented code first
   * reads them (the order of the checks).
   */
  readonly sources = new Map<string, Source & { readonly text: string }>();
  readonly names = new Map<string, Nat>();
  /** Set when a part is missing or a text outgrows R.SM: the copy gives up. */
  readonly bad: string;
  /** Pairs of sources (`k1\nk2`) that must carry one label (NORMAL's choices). */
  readonly alike = new Set<string>();
  /** Checks on R.SM alone (no read), made before anything is read: the texts' bounds. */
  readonly prechecks = new Set<string>();
  /** A split read or a text checked after it is made was taken; a source first read after one. */
  risky = false;
  late = false;
  constructor(
    readonly ctx: EmitContext,
    /** Where the stretch starts: every name it reads must be declared before. */
    readonly start: number,
  ) {
    this.bad = ctx.temp();
  }

  /** What the stretch reads and checks so far, to take back a declaration that is not one of its values. */
  mark(): {
    readonly sources: number;
    readonly pre: number;
    readonly alike: number;
    readonly risky: boolean;
  } {
    const { size: sources } = this.sources;
    return { sources, pre: this.prechecks.size, alike: this.alike.size, risky: this.risky };
  }
  undo(m: ReturnType<Stretch['mark']>): void {
    for (const k of [...this.sources.keys()].slice(m.sources)) this.sources.delete(k);
    for (const c of [...this.prechecks].slice(m.pre)) this.prechecks.delete(c);
    for (const c of [...this.alike].slice(m.alike)) this.alike.delete(c);
    this.risky = m.risky;
    this.late = false;
  }

  /** A local binding declared before the stretch, in this function (so never in its TDZ here). */
  private before(id: acorn.Identifier): Binding | null {
    const r = this.ctx.analysis.refs.get(id);
    if (r?.kind !== 'local') return null;
    const b = r.binding;
    return b.id.end <= this.start && b.id.start >= this.ctx.fn.start && b.kind !== 'function' ? b : null;
  }

  private source(key: string, arm: boolean, make: (text: string) => Source): string {
    let s = this.sources.get(key);
    if (!s) {
      // The checks read every source up front, in order, and stop at the first that fails: the
      // instrumented code must have read each before it could throw. So none is first read in a
      // choice's arm (a path might not read it, and throw on the arm it takes) or after a split
      // read or a text checked after it is made.
      if (this.risky || arm) this.late = true;
      const text = this.ctx.temp();
      s = { ...make(text), text };
      this.sources.set(key, s);
    }
    return s.text;
  }

  /** A labeled text read as the copy reads it: its label (checked by R.fl) and raw string. */
  private labeled(v: string, text: string, read = v, ty: Ty = 'string'): Source {
    const lab = this.ctx.temp();
    // Comparable with every labeled source read before it (R.fc).
    const before = [...this.sources.values()].flatMap((s) =>
      s.lab ? [`(${s.lab} === ${lab} || __R.fc(${s.lab}, ${lab}) === 1)`] : [],
    );
    return {
      check: [
        `(${read === v ? '' : `${read}, `}${lab} = __R.${ty === 'string' ? 'fl' : 'fnum'}(${v}, -1)) >= 0`,
        ...before,
      ].join(' && '),
      raw: `${text} = typeof ${v} === ${str(ty)} ? ${v} : ${v}.v`,
      lab,
      box: v,
    };
  }

  /** A labeled source's value. */
  private read(key: string, arm: boolean, make: (text: string) => Source, ty: Ty = 'string'): Nat {
    const code = this.source(key, arm, make);
    return { code, ty, op: '', srcs: new Set([key]), arms: NONE, len: ty === 'string' ? [1, 0] : [0, 25] };
  }

  /**
   * A text made from parts that may be longer than any of them, at most len. Where len is within
   * R.SM (k < 3, or 3 with nothing more), that is checked before anything is read; else the text
   * made is (past R.SM the instrumented code runs) and nothing may be read after it (that code
   * throws there, before any later read). Within R.SM the instrumented limit checks do nothing.
   */
  private capped(code: string, op: string, len: Len, ...parts: readonly Nat[]): Nat {
    const [k, c] = len;
    if (k > 3 || (k === 3 && c > 0)) {
      const t = this.ctx.temp();
      this.risky = true;
      return {
        ...made(`((${t} = ${code}).length <= __SM ? ${t} : (${this.bad} = 1, ''))`, 'string', op, ...parts),
        len,
      };
    }
    if (c > 0) this.prechecks.add(`${3 * c} <= ${3 - k} * __SM`);
    return { ...made(code, 'string', op, ...parts), len };
  }

  /** e's native code, or null when it is not a value the copy may compute. `arm`: inside a choice's arm. */
  nat(e: Expr, arm: boolean): Nat | null {
    switch (e.type) {
      case 'Literal':
        if (typeof e.value === 'string' || typeof e.value === 'number')
          return typeof e.value === 'string'
            ? { ...made(JSON.stringify(e.value), 'string', ''), len: [0, e.value.length] }
            : made(JSON.stringify(e.value), 'number', '');
        return null;
      case 'Identifier':
        return this.name(e, arm);
      case 'MemberExpression':
        return this.member(e, arm);
      case 'CallExpression':
        return this.call(e, arm);
      case 'BinaryExpression':
        return this.binary(e, arm);
      case 'TemplateLiteral':
        return this.template(e, arm);
      case 'ConditionalExpression': {
        const t = this.nat(e.test, arm);
        const a = this.nat(e.consequent, true);
        const b = this.nat(e.alternate, true);
        if (!t || t.ty !== 'boolean' || !a || !b || a.ty !== b.ty) return null;
        // NORMAL labels a choice with its arm's label alone (STRICT adds the test's): the join of
        // all its sources only when they carry one label (checked once they are read) and each
        // arm reads one of them (`x.body.includes('c') ? 'c' : 'n'` is the literal's label, not
        // the body's).
        if (!this.ctx.strict) {
          const all = [...union([t.srcs, t.arms, a.srcs, a.arms, b.srcs, b.arms])];
          if ([a, b].some((arm) => arm.srcs.size + arm.arms.size === 0)) return null;
          for (const k of all.slice(1)) this.alike.add(`${all[0]}\n${k}`);
        }
        // The arms' sources: read or not as the test goes.
        return {
          ...made(`(${t.code} ? ${a.code} : ${b.code})`, a.ty, 'choice', t),
          len: [Math.max(a.len[0], b.len[0]), Math.max(a.len[1], b.len[1])],
          arms: union([t.arms, a.srcs, a.arms, b.srcs, b.arms]),
        };
      }
      default:
        return null;
    }
  }

  private name(e: acorn.Identifier, arm: boolean): Nat | null {
    const own = this.names.get(e.name);
    if (own) return own;
    const b = this.before(e);
    if (!b) return null;
    if (counters.get(this.ctx)?.has(b)) {
      return this.read(e.name, arm, (text) => this.labeled(e.name, text, e.name, 'number'), 'number');
    }
    if (!texts.get(this.ctx)?.has(b)) return null;
    return this.read(e.name, arm, (text) => this.labeled(e.name, text));
  }

  private member(e: acorn.MemberExpression, arm: boolean): Nat | null {
    if (e.optional) return null;
    // `s.split(sep)[k]`: a part of the text, when there is one.
    if (e.computed) {
      const k = e.property;
      const m = matchMethodCall(this.ctx, e.object, 'split');
      const sep = m?.args.length === 1 ? m.args[0]! : null;
      const of = m ? this.nat(m.receiver, arm) : null;
      if (
        k.type !== 'Literal' ||
        typeof k.value !== 'number' ||
        !Number.isInteger(k.value) ||
        k.value < 0 ||
        of?.ty !== 'string' ||
        sep?.type !== 'Literal' ||
        typeof sep.value !== 'string'
      )
        return null;
      const p = this.ctx.temp();
      const code = `((${p} = ${of.code}.split(${str(sep.value)})).length > ${k.value} ? ${p}[${k.value}] : (${this.bad} = 1, ''))`;
      // Past the end the instrumented read answers `undefined`, on which the next operation may
      // throw: nothing may be read after it (the copy would have read what that code never does).
      this.risky = true;
      return made(code, 'string', 'split', of);
    }
    if (e.property.type !== 'Identifier') return null;
    const k = e.property.name;
    const o = e.object;
    if (o.type === 'Identifier' && !this.names.has(o.name) && k !== 'length') {
      const b = this.before(o);
      if (!b || counters.get(this.ctx)?.has(b) || texts.get(this.ctx)?.has(b)) return null;
      // The object first (R.gets cannot throw on a plan object), then the field.
      this.source(`${o.name}.`, arm, () => ({ check: `__R.fo(${o.name})`, raw: '', lab: null, box: null }));
      const v = this.ctx.temp();
      const f = this.read(`${o.name}.${k}`, arm, (text) =>
        this.labeled(v, text, `${v} = __R.gets(${o.name}, ${str(k)})`),
      );
      return { ...f, field: true };
    }
    const s = this.nat(o as Expr, arm);
    if (k !== 'length' || s?.ty !== 'string') return null;
    return made(`${s.code}.length`, 'number', '.length', s);
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
    if (o?.ty !== 'string') return null;
    const args: Nat[] = [];
    for (let i = 0; i < m.args.length; i++) {
      const a = this.nat(m.args[i]!, arm);
      if (!a || a.ty !== sig.args[i]!.replace('?', '')) return null;
      args.push(a);
    }
    const code = `${o.code}.${m.name}(${args.map((a) => a.code).join(', ')})`;
    // A case change makes at most three characters of one (`ß` → `SS`).
    if (m.name === 'toUpperCase' || m.name === 'toLowerCase')
      return { ...made(code, sig.ty, m.name, o, ...args), len: [3 * o.len[0], 3 * o.len[1]] };
    if (!sig.grows) return made(code, sig.ty, m.name, o, ...args);
    // A pad is as long as a length the plan writes, or its text.
    const n = m.args[0]!;
    if (n.type !== 'Literal' || typeof n.value !== 'number' || !(n.value >= 0)) return null;
    return this.capped(code, m.name, [o.len[0], Math.max(o.len[1], Math.ceil(n.value))], o, ...args);
  }

  private binary(e: acorn.BinaryExpression, arm: boolean): Nat | null {
    if (e.left.type === 'PrivateIdentifier') return null;
    const a = this.nat(e.left, arm);
    const b = this.nat(e.right, arm);
    if (!a || !b) return null;
    const code = `(${a.code} ${e.operator} ${b.code})`;
    if (e.operator === '+' && (a.ty === 'string' || b.ty === 'string') && a.ty !== 'boolean' && b.ty !== 'boolean')
      // Text known as text on one side: a `+` of bare fields is as often arithmetic (`g.count + 1`).
      return [a, b].some((x) => x.ty === 'string' && !x.field)
        ? this.capped(code, '+', [a.len[0] + b.len[0], a.len[1] + b.len[1]], a, b)
        : null;
    if (a.ty !== b.ty) return null;
    if (COMPARE.has(e.operator) && a.ty !== 'boolean') return made(code, 'boolean', e.operator, a, b);
    if ((NUMERIC.has(e.operator) || e.operator === '+') && a.ty === 'number')
      return made(code, 'number', e.operator, a, b);
    return null;
  }

  private template(e: acorn.TemplateLiteral, arm: boolean): Nat | null {
    const parts = e.expressions.map((x) => this.nat(x as Expr, arm));
    const q = e.quasis.map((x) => x.value.cooked);
    if (parts.some((p) => !p) || q.some((x) => x == null)) return null;
    const code = q.map((x, i) => (i === 0 ? str(x!) : ` + (${parts[i - 1]!.code}) + ${str(x!)}`)).join('');
    const ps = parts as Nat[];
    const len: Len = [
      ps.reduce((n, p) => n + p.len[0], 0),
      ps.reduce(
        (n, p) => n + p.len[1],
        q.reduce((n, x) => n + x!.length, 0),
      ),
    ];
    return this.capped(code, 'template', len, ...ps);
  }

  /**
   * The check that runs the copy: no context to raise, every source read and checked (then its raw
   * value taken); null when the stretch cannot run so. `cond` and `raws` are expressions.
   */
  guard(): { readonly init: string; readonly cond: string; readonly raws: string } | null {
    const srcs = [...this.sources];
    if (this.late) return null;
    const checks = [
      ...this.prechecks,
      '__R.td === 0 && __R.exit === 0 && __R.tc === 0 && __abr === 0',
      ...srcs.map(([, s]) => s.check),
      ...[...this.alike].map((p) =>
        p
          .split('\n')
          .map((k) => this.sources.get(k)!.lab)
          .join(' === '),
      ),
    ];
    const raws = srcs.map(([, s]) => s.raw).filter((r) => r !== '');
    return { init: `${this.bad} = 0`, cond: checks.join(' && '), raws: raws.join(', ') };
  }

  /**
   * Boxes `v`, the raw value of n, with the join of its sources' labels (the largest: they are
   * comparable, so no join makes a new label), linked to its first source's graph node.
   */
  box(v: string, n: Nat): string {
    const srcs = [...n.srcs].map((k) => this.sources.get(k)!);
    const l = srcs.slice(1).reduce((a, s) => `__R.J(${a}, ${s.lab})`, srcs[0]!.lab!);
    const first = srcs[0]!.box!;
    return `__R.mk(${v}, ${l}, ${str(n.op)}, typeof ${first} !== 'object' ? -1 : ${first}.d, -1)`;
  }
}

/** The bindings a `for` loop's `let` head declares (counters, for the stretches in its body). */
export function noteCounters(ctx: EmitContext, s: acorn.ForStatement): void {
  if (s.init?.type !== 'VariableDeclaration' || s.init.kind !== 'let') return;
  for (const d of s.init.declarations) {
    const b = d.id.type === 'Identifier' ? ctx.analysis.bindings.find((x) => x.id === d.id) : undefined;
    if (b) setOf(counters, ctx).add(b);
  }
}

/**
 * Emits the stretch of declarations that opens `body`, a loop's body, or follows its first
 * declaration, and answers how many of its statements it emitted (0: none, nothing emitted).
 */
export function itemStretch(ctx: EmitContext, body: readonly N[]): number {
  if (ctx.noFastPaths || ctx.fn.plain || body.some((s) => s.type === 'FunctionDeclaration')) return 0;
  const from = (skip: number): number => {
    const at = body[skip];
    return at ? declStretch(ctx, body.slice(skip), at.start) : 0;
  };
  const n = from(0);
  if (n > 0) return n;
  const first = body[0];
  if (first?.type !== 'VariableDeclaration' || first.kind !== 'const' || body.length < 2) return 0;
  // `const e = emails[i]`, then the stretch: the first declaration runs as it always does.
  ctx.emitters.statements(ctx, [first]);
  return 1 + from(1);
}

interface Decl {
  readonly id: acorn.Identifier;
  readonly name: string;
  readonly at: Position;
  readonly init: Expr;
  readonly nat: Nat;
  readonly t: string;
}

function declStretch(ctx: EmitContext, body: readonly N[], start: number): number {
  const st = new Stretch(ctx, start);
  const decls: Decl[] = [];
  for (const s of body) {
    if (s.type !== 'VariableDeclaration' || s.kind !== 'const' || s.declarations.length !== 1) break;
    const d = s.declarations[0]!;
    if (d.id.type !== 'Identifier' || !d.init || st.names.has(d.id.name)) break;
    const mark = st.mark();
    const n = st.nat(d.init, false);
    // A bare field or name keeps its own value (a verified field stays verified): not computed here.
    if (!n || !joined(n) || n.op === '' || st.late) {
      // (Nor is anything it read read up front.)
      st.undo(mark);
      break;
    }
    const t = ctx.temp();
    decls.push({ id: d.id, name: d.id.name, at: ctx.pos(s.start), init: d.init, nat: n, t });
    st.names.set(d.id.name, { ...n, code: t, op: '' });
  }
  // A name shadowing a source the stretch reads would be read before it is declared.
  if (decls.some((d) => st.sources.has(d.name))) return 0;
  const guard = decls.length ? st.guard() : null;
  if (!guard) return 0;
  const native = decls.map((d) => `${d.t} = ${d.nat.code};`);
  const boxes = decls.map((d) => `${d.name} = ${st.box(d.t, d.nat)};`);
  const ok = ctx.temp();
  ctx.emit(
    `let ${decls.map((d) => d.name).join(', ')}; ${ok} = 0; ${guard.init}; if (${guard.cond}) { ${guard.raws}; ${native.join(' ')} if (${st.bad} === 0) { ${boxes.join(' ')} ${ok} = 1; } }`,
    decls[0]!.at,
  );
  ctx.emit(`if (${ok} === 0) {`);
  for (const d of decls) ctx.emit(`${d.name} = ${expr(ctx, d.init)};`, d.at);
  ctx.emit('}');
  // Their text names, for the expression stretches after them.
  const named = setOf(texts, ctx);
  for (const d of decls) {
    const b = d.nat.ty === 'string' ? ctx.analysis.bindings.find((x) => x.id === d.id) : undefined;
    if (b) named.add(b);
  }
  return decls.length;
}

/**
 * e's operations, when it is made only of nodes a stretch may compute (-1 otherwise), and whether
 * it holds literal text: a cheap look before any temporary is taken.
 */
function shape(e: acorn.Node): { ops: number; text: boolean } {
  const none = { ops: -1, text: false };
  const of = (op: number, parts: readonly acorn.Node[], text = false): { ops: number; text: boolean } => {
    let ops = op;
    for (const p of parts) {
      const s = shape(p);
      if (s.ops < 0) return none;
      ops += s.ops;
      text ||= s.text;
    }
    return { ops, text };
  };
  switch (e.type) {
    case 'Literal':
      return { ops: 0, text: typeof (e as acorn.Literal).value === 'string' };
    case 'Identifier':
      return { ops: 0, text: false };
    case 'MemberExpression': {
      const m = e as acorn.MemberExpression;
      return m.computed && m.property.type !== 'Literal' ? none : of(m.computed ? 1 : 0, [m.object]);
    }
    case 'CallExpression': {
      const c = e as acorn.CallExpression;
      return c.callee.type === 'MemberExpression' ? of(1, [c.callee.object, ...c.arguments]) : none;
    }
    case 'BinaryExpression': {
      const b = e as acorn.BinaryExpression;
      return of(1, [b.left, b.right]);
    }
    case 'TemplateLiteral':
      return of(1, (e as acorn.TemplateLiteral).expressions, true);
    case 'ConditionalExpression': {
      const c = e as acorn.ConditionalExpression;
      return of(1, [c.test, c.consequent, c.alternate]);
    }
    default:
      return none;
  }
}

/**
 * An expression stretch: a template literal or `+` chain computed natively as a whole, or null
 * (the caller emits it instrumented).
 */
export function exprStretch(ctx: EmitContext, e: acorn.TemplateLiteral | acorn.BinaryExpression): string | null {
  if (ctx.noFastPaths || ctx.fn.plain || falling.has(ctx)) return null;
  // Only in a loop's body, where the same text is made once per item: outside one the saving is
  // a few steps, and a value's lineage would lose the operations the stretch skips (a claim's
  // field shows `toUpperCase`, `+`, … from its sources).
  if (ctx.fn.loops.length === 0) return null;
  // Text it makes (a `+` of fields is as often arithmetic: `g.count + 1`), in more than one
  // operation (one is no cheaper natively: its checks and box cost what the instrumented call does).
  const sh = shape(e);
  if ((e.type === 'BinaryExpression' && e.operator !== '+') || sh.ops < 2 || !sh.text) return null;
  const st = new Stretch(ctx, e.start);
  const n = st.nat(e, false);
  if (!n || !joined(n) || n.ty !== 'string') return null;
  const guard = st.guard();
  if (!guard) return null;
  const v = ctx.temp();
  falling.add(ctx);
  let slow: string;
  try {
    slow = expr(ctx, e);
  } finally {
    falling.delete(ctx);
  }
  const raws = guard.raws ? `${guard.raws}, ` : '';
  return `(${guard.init}, ${guard.cond} && (${raws}${v} = ${n.code}, ${st.bad} === 0) ? ${st.box(v, n)} : ${slow})`;
}
