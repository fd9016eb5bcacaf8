/**
 * Plan functions: each is compiled into its own list of lines (with its own temporaries and
 * `Fn` bookkeeping) and stands in its parent's code as a placeholder, spliced back in by
 * `flatten` so that every original statement still starts its own output line.
 */
import type * as acorn from 'acorn';
import { exitAbr, newFn, tick, type EmitContext, type Line } from './emit-context';
import { cloneCode, cloneName, recordsFit } from './plain-functions';
import { destructure, expr, orDefault, patternNames } from './emit-expressions';

/**
 * Compiles a function into ctx.fnBodies: a prologue binding its parameters, its body, and a
 * return of undefined at the end. Returns the placeholder to write where the function stands.
 */
export function emitFunction(
  ctx: EmitContext,
  f: acorn.Function,
  name: string | null,
  copy: string | null = null,
): string {
  const savedFn = ctx.fn;
  const savedOut = ctx.out;
  ctx.fn = newFn(f.start, f.async, f.async);
  ctx.out = [];
  const { params, prologue } = parameters(ctx, f);
  if (f.body.type === 'BlockStatement') {
    ctx.emitters.statements(ctx, f.body.body);
    ctx.emit(`return ${f.async ? '__R.aret' : '__R.ret'}(undefined, __e, ${exitAbr});`);
  } else {
    ctx.emit(`return ${ctx.returned(expr(ctx, f.body), exitAbr)};`, ctx.pos(f.body.start));
  }
  const body = ctx.out;
  const temps = ctx.fn.temps;
  ctx.fn = savedFn;
  ctx.out = savedOut;
  // What this call's spread argument count depends on is taken at entry, before a default
  // value's own spread call can replace it; every function clears it so none goes stale.
  const hasRest = f.params.some((q) => q.type === 'RestElement');
  const sp = hasRest ? ' const __sp = __R.sp; __R.sp = 0;' : ' __R.sp = 0;';
  const plain = plainEntry(ctx, f, name, copy);
  const head = `${plain.copy}${f.async ? 'async ' : ''}function ${name ?? ''}(${params.join(', ')}) { ${plain.guard}${tick}${sp} const __e = __R.pc; let __abr = 0;${temps.length ? ` let ${temps.join(', ')};` : ''}`;
  // The function's lines are spliced in where its placeholder stands (see flatten).
  const id = ctx.fnBodies.length;
  ctx.fnBodies.push([
    { code: head, at: ctx.pos(f.start) },
    ...prologue.map((code) => ({ code, at: ctx.pos(f.start) })),
    ...body,
    { code: '}', at: null },
  ]);
  return `\u0001${id}\u0001`;
}

/**
 * For a plain function (plain-functions.ts): its native copy, declared beside a declaration (a
 * function value's is in the variable `copy`), and the guard that opens the instrumented body,
 * handing a call with an empty context, no try open and number arguments to the copy.
 */
function plainEntry(
  ctx: EmitContext,
  f: acorn.Function,
  name: string | null,
  copy: string | null,
): { copy: string; guard: string } {
  const records = ctx.plainFns.get(f);
  if (!records || (name === null && copy === null)) return { copy: '', guard: '' };
  const names = f.params.map((p) => (p as acorn.Identifier).name);
  const numbers = names.filter((n) => !records.has(n)).map((n) => `typeof ${n} === 'number'`);
  const test = ['__R.pc === 0', '__R.exit === 0', '__R.td === 0', ...numbers, ...recordsFit(records)].join(' && ');
  return {
    copy: name === null ? '' : `${cloneCode(f, name)} `,
    guard: `if (${test}) { __R.sp = 0; return ${copy ?? cloneName(name!)}(${names.join(', ')}); } `,
  };
}

/**
 * The native parameter list and the prologue that binds what it cannot: a rest array, a
 * default value (a region under the argument's label), a destructured parameter.
 */
function parameters(ctx: EmitContext, f: acorn.Function): { params: string[]; prologue: string[] } {
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
      prologue.push(`${t} = ${orDefault(ctx, p.right, t)};`);
    } else {
      const a = `__a${i}`;
      params.push(a);
      prologue.push(`let ${patternNames(p).join(', ')};`);
      prologue.push(destructure(ctx, p, a, (id, code) => `${id} = ${code}`).join('; ') + ';');
    }
  });
  return { params, prologue };
}

/** The output lines with every function placeholder replaced by the function's own lines. */
export function flatten(ctx: EmitContext, lines: readonly Line[]): Line[] {
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
      const inner = flatten(ctx, ctx.fnBodies[Number(part)]!);
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
}
