/**
 * Plans generated over the whole plan language for the differential test: untrusted reads (an
 * email, a listing), trusted values (a contact, literals, input), mixed by branches, ternaries,
 * `&&`/`||`/`??`, loops with break/continue, functions with early returns, async functions that
 * await tools, try/catch/finally with throws and throwing built-ins, destructuring with defaults
 * and rest, spread, Map/Set, regexes with flags, JSON, unary operators on containers, sort
 * comparators and reducers, tool calls awaited later, reads before a declaration; ending in
 * effect calls and a result built from every variable.
 */
import fc from 'fast-check';

const addr = fc.constantFrom("'omar@northwind.test'", "'priya@northwind.test'", 'c.email', 'input.to', 'to');
const cond = (x: string) =>
  fc.constantFrom(
    `${x}.body.includes('zed')`,
    `${x}.subject.length > 10`,
    `${x}.from.endsWith('attacker.test>')`,
    `${x}.unread`,
    `/urgent/i.test(${x}.subject)`,
    `(${x}.cc[0] ?? '').length === 0`,
    `${x}.body.search(/w.d/g) >= 0`,
  );
const anyCond = fc.oneof(
  cond('e'),
  fc.constantFrom(
    "list.some((x) => x.body.includes('widget'))",
    'list.length > 2',
    'm.has(e.subject)',
    'n > 3',
    'xs.length > 3',
    "typeof o.b === 'string'",
    "s.startsWith('p')",
    'st.size > 0',
    '+xs > 0',
    '!arr.length',
  ),
);
const num = fc.constantFrom(
  'n',
  'xs.length',
  'e.body.length',
  '+xs',
  '-[n]',
  'm.size',
  'st.size',
  'Math.max(...xs)',
  'xs.indexOf(2)',
  'e.subject.search(/u/i)',
  '[...e.subject].length',
  'JSON.parse(JSON.stringify(xs)).length',
  'Number(e.unread)',
  '(o.a ?? 0)',
  'xs.reduce((acc, x) => acc + x, 0)',
  '[...new Set(xs)].length',
  'new Map([[1, xs]]).size',
  'Object.keys(o).length',
  'list.filter((x) => x.unread).length',
  '[xs][0].length',
  '(xs || []).length',
  '1',
  '2',
);
const str = fc.constantFrom(
  's',
  'e.subject',
  'e.body.slice(0, 5)',
  "e.from.replace(/[a-z]+/g, 'x')",
  'String(n)',
  '`${s}-${n}`',
  'JSON.stringify(o)',
  "xs.join(',')",
  "[...st].join(';')",
  "(e.body.match(/\\w+/) ?? [''])[0]",
  "(e.cc[0] ?? 'none')",
  "'plain'",
  "'x'",
  'e.subject.toUpperCase()',
  "e.body.split(' ')[0]",
  "JSON.parse('\"' + n + '\"')",
);

const leaf: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(anyCond, addr, addr).map(([c, a, b]) => `to = ${c} ? ${a} : ${b};`),
  fc.tuple(anyCond, addr).map(([c, a]) => `to = (${c} && ${a}) || to;`),
  fc.tuple(anyCond, addr).map(([c, a]) => `to = pick(${c}, ${a}, to);`),
  str.map((x) => `s = ${x};`),
  num.map((x) => `n = ${x};`),
  num.map((x) => `n += ${x};`),
  fc.constant('n++;'),
  num.map((x) => `xs.push(${x});`),
  num.map((x) => `xs = xs.filter((x) => x > ${x});`),
  fc.constant('xs.sort((a, b) => b - a);'),
  cond('e').map((c) => `xs.sort((a, b) => (${c} ? a - b : b - a));`),
  fc.constant('xs.sort((a, b) => [a - b]);'),
  num.map((x) => `o.a = ${x};`),
  str.map((x) => `o = { ...o, b: ${x} };`),
  fc.constant('o = { ...(e.unread ? null : o) };'),
  fc.tuple(str, num).map(([k, v]) => `m.set(${k}, ${v});`),
  str.map((x) => `st.add(${x});`),
  fc
    .tuple(anyCond, num, addr)
    .map(
      ([c, d, a]) =>
        `{ const { a = ${d}, ...rest } = ${c} ? o : {}; n = a + Object.keys(rest).length; to = rest.to ?? ${a}; }`,
    ),
  fc.tuple(anyCond, addr).map(([c, a]) => `{ const [p = ${a}, q] = ${c} ? [to] : []; to = p; }`),
  fc.tuple(anyCond).map(([c]) => `arr = [...arr, ...(${c} ? [to] : [])];`),
  fc.tuple(anyCond).map(([c]) => `{ const t = ${c} ? xs : []; t.push(9); }`),
  fc.tuple(anyCond).map(([c]) => `{ const t = [xs][0]; if (${c}) { t.push(7); } }`),
  fc.tuple(anyCond).map(([c]) => `{ const t = new Map([[1, xs]]); if (${c}) { t.get(1).push(5); } }`),
  fc.tuple(str).map(([x]) => `s = await subjectOf(${x}.length > 5 ? 'm1' : 'm2');`),
  fc.tuple(anyCond).map(([c]) => `n = early(${c}) ? n + 1 : n;`),
  fc.constant('n = [xs].flat().length;'),
  fc.constant('{ let t = xs; t++; n = t; }'),
  fc.constant("await labelEmail(e.id, 'seen');"),
  // A tool call's promise awaited later, in a try it was not made in (directly, through an array).
  fc
    .tuple(anyCond)
    .map(
      ([c]) => `{ const p = getEmail(${c} ? 'm2' : 'nope'); try { await p; s = 'ok'; } catch (err) { s = 'err'; } }`,
    ),
  fc
    .tuple(anyCond)
    .map(([c]) => `{ const ps = [getEmail(['nope', 'm2'][Number(${c})])]; try { await ps[0]; n++; } catch (err) { } }`),
  // A callback's writes through its parameter, over some of an array's elements, maybe not run.
  fc.tuple(anyCond).map(([c]) => `{ const ys = [o]; if (${c}) { ys.slice(0, 1).forEach((y) => { y.a = 7; }); } }`),
  // A read before its declaration ends the run, caught or not.
  fc.tuple(anyCond).map(([c]) => `{ try { if (${c}) { n = t; } } catch (err) { n = 9; } const t = 1; }`),
);

const block = (depth: number): fc.Arbitrary<string> =>
  depth <= 0
    ? fc.array(leaf, { minLength: 1, maxLength: 2 }).map((xs) => xs.join(' '))
    : fc.array(stmt(depth - 1), { minLength: 1, maxLength: 3 }).map((xs) => xs.join('\n'));

const stmt = (depth: number): fc.Arbitrary<string> =>
  depth <= 0
    ? leaf
    : fc.oneof(
        { weight: 3, arbitrary: leaf },
        fc.tuple(anyCond, block(depth - 1), block(depth - 1)).map(([c, a, b]) => `if (${c}) { ${a} } else { ${b} }`),
        fc.tuple(cond('x'), block(depth - 1)).map(([c, b]) => `for (const x of list) { if (${c}) { break; } ${b} }`),
        fc.tuple(cond('x'), block(depth - 1)).map(([c, b]) => `for (const x of list) { if (${c}) { continue; } ${b} }`),
        fc.tuple(block(depth - 1)).map(([b]) => `for (let i = 0; i < 2; i++) { ${b} }`),
        fc.tuple(anyCond).map(([c]) => `while (n < 6 && ${c}) { n++; }`),
        fc
          .tuple(anyCond, str, block(depth - 1), block(depth - 1))
          .map(([c, t, b, h]) => `try { if (${c}) { throw ${t}; } ${b} } catch (err) { s = String(err); ${h} }`),
        fc
          .tuple(str, block(depth - 1), block(depth - 1))
          .map(([t, b, h]) => `try { JSON.parse(${t}); ${b} } catch (err) { ${h} } finally { n = n + 1; }`),
        fc
          .tuple(block(depth - 1), block(depth - 1))
          .map(([b, h]) => `try { e.cc[3].trim(); ${b} } catch (err) { ${h} }`),
        fc
          .tuple(str, block(depth - 1), block(depth - 1))
          .map(([d, a, b]) => `switch (${d}) { case 'x': { ${a} } break; case 'plain': { ${b} } default: n = n + 1; }`),
        fc.tuple(anyCond, block(depth - 1)).map(([c, b]) => `xs.forEach((x) => { if (${c}) { n = n + x; } }); ${b}`),
        // Loops over a listing that leave only at their end: their own items, gathering, or whole.
        fc.tuple(block(depth - 1)).map(([b]) => `for (const x of list) { ${b} }`),
        fc
          .tuple(cond('x'))
          .map(([c]) => `for (const x of list) { if (${c} && xs.length < 4) { xs.push(x.subject.length); } }`),
      );

const effect = fc.constantFrom(
  `await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' });`,
  `await sendEmail({ to: ['omar@northwind.test'], subject: String(n), body: 'Count.' });`,
  `await sendEmail({ to: arr.length ? arr : [to], subject: s, body: 'Text.' });`,
  `if (n > 1) { await sendEmail({ to: ['priya@northwind.test'], subject: 'Many', body: 'n > 1' }); }`,
  `await createDraft({ to: [to], subject: 'Draft', body: s });`,
  `try { await sendEmail({ to: [to], subject: JSON.stringify(xs), body: 'x' }); } catch (err) { n = -1; }`,
);

/**
 * Statements nested up to `depth` deep: a leaf (three times as likely), or one of `compounds`
 * around blocks of one to three statements one level shallower.
 */
export const nestedArb =
  (leaf: fc.Arbitrary<string>, compounds: (block: fc.Arbitrary<string>) => fc.Arbitrary<string>[]) =>
  (depth: number): fc.Arbitrary<string> =>
    depth <= 0
      ? leaf
      : fc.oneof(
          { weight: 3, arbitrary: leaf },
          ...compounds(
            fc.array(nestedArb(leaf, compounds)(depth - 1), { minLength: 1, maxLength: 3 }).map((xs) => xs.join(' ')),
          ),
        );

/**
 * A plan over one email of the laundering world (m1–m3) and the Inbox: the declarations its
 * statements use, one to five of them, one or two effects, then the result. Shared by the
 * generators of the differential test and of red-team rounds 13 and 15.
 */
export const planArb = (
  stmt: fc.Arbitrary<string>,
  effect: fc.Arbitrary<string>,
  declarations: string,
  result: string,
): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom('m1', 'm2', 'm3'),
      fc.array(stmt, { minLength: 1, maxLength: 5 }),
      fc.array(effect, { minLength: 1, maxLength: 2 }),
    )
    .map(
      ([id, body, out]) => `const e = await getEmail('${id}');
const list = await listEmails({ folder: 'INBOX' });
${declarations}
${body.join('\n')}
${out.join('\n')}
${result}`,
    );

export const programArb: fc.Arbitrary<string> = planArb(
  stmt(2),
  effect,
  `const c = (await searchContacts('Omar'))[0];
const m = new Map();
const st = new Set();
let xs = [3, 1, 2];
let o = { a: 1, b: 'x' };
let arr = [];
let to = 'priya@northwind.test';
let s = 'plain';
let n = 0;
function pick(b, a, d) { if (b) { return a; } return d; }
function early(b) { if (b) { return true; } return false; }
async function subjectOf(id) { const x = await getEmail(id); return x.subject; }`,
  `return { n, s, to, xs, o, arr, keys: [...m.keys()], set: [...st] };`,
);

/**
 * The rest of the grammar the front end accepts (engine/plan/check-*.ts), over labeled operands:
 * `in` (on arrays and objects, and refused on Maps, strings, numbers and container keys), optional
 * chains (members, calls of methods in them, on labeled null and undefined), `do…while` with
 * `break`/`continue`, `**` and the bitwise operators (on labeled numbers, and on containers,
 * converted through their text), every compound assignment, `++`/`--` on names and members,
 * `void`, the comma, closures (over variables written later, counters, closures made in loops
 * and in `for (let …)` heads, returned and called elsewhere; none writes a variable outside its
 * own but `setLater`, which nothing calls by name: a call of a function value the reference
 * cannot name (`tick`, `g`) names all plan code, as the engine's opaque region taints it), `finally` whose `return`, `break`,
 * `continue` or `throw` overrides a pending completion (in loops, nested tries), `catch` without
 * a parameter or with a pattern, `try`/`finally` alone, `for (;;)` with parts left out, `for…of`
 * over Maps, strings and entries into patterns and assignment targets, destructuring assignment,
 * computed and shorthand keys, array holes, default and rest parameters, function expressions,
 * recursion, `Date`, and `switch` without a default inside a loop.
 */
const k = fc.constantFrom('k', 'e.body.length', 'n', '(k % 7)', 'e.subject.length', 'xs.length', '2', '-3');
const kk = fc.constantFrom('k', 'n', 'xs', '[k]', 'o', "'12'", 'e.unread', 'u', '[]', 'n2');
const bits = fc.constantFrom('&', '|', '^', '<<', '>>', '>>>');
const key = fc.constantFrom("'a'", "'b'", "'z'", 's', 'e.subject', "'0'", '(k % 4)', '1', 'String(n % 3)');
const tgt = fc.constantFrom('o', 'xs', 'u', 'm', 's', 'n', 'e', '[k]', 'hole', 'e.cc');
const gcond = fc.oneof(
  cond('e'),
  fc.constantFrom('k > 200', "'a' in o", 'n > 2', 'u === null', "typeof u?.a === 'number'", '(k & 1) === 1'),
);
const gaddr = fc.constantFrom("'omar@northwind.test'", "'priya@northwind.test'", 'c.email', 'input.to', 'to');

const gleaf: fc.Arbitrary<string> = fc.oneof(
  // `in`: a labeled key or object; refused on what is neither an array nor a plain object.
  fc.tuple(key, tgt, gaddr).map(([x, t, a]) => `try { if (${x} in ${t}) { to = ${a}; } } catch (err) { n = n + 1; }`),
  fc.tuple(key, tgt).map(([x, t]) => `try { n = n + Number(${x} in ${t}); } catch (err) { s = 'no'; }`),
  fc.tuple(kk, tgt).map(([x, t]) => `try { n = n + Number(${x} in ${t}); } catch (err) { s = 'no'; }`),
  // Optional chains: members, computed members, methods called in a chain, on labeled null/undefined.
  fc.constantFrom(
    's = String(u?.b);',
    'n = (u?.a ?? 0) + n;',
    's = e.cc?.[0] ?? s;',
    'n = v?.length ?? n;',
    's = u?.b?.toUpperCase() ?? s;',
    'n = u?.[s]?.length ?? n;',
    '(e.unread ? null : xs)?.push(4);',
    'n = (e.subject.length > 10 ? xs : undefined)?.map((x) => x + 1).length ?? n;',
    "to = (u?.b === undefined) ? to : 'omar@northwind.test';",
  ),
  // `**` and the bitwise operators, on labeled numbers and on containers (through their text).
  fc.tuple(k, bits, k).map(([a, op, b]) => `n = (${a} ${op} ${b}) % 1000;`),
  fc.tuple(kk, bits, k).map(([a, op, b]) => `n = (${a} ${op} ${b}) % 1000;`),
  fc.tuple(k, k).map(([a, b]) => `n = (${a} % 5) ** (${b} % 4);`),
  fc.tuple(kk).map(([a]) => `n = ~${a} + (${a} ** 1 > 0 ? 1 : 0);`),
  fc
    .tuple(fc.constantFrom('+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^='), k)
    .map(([op, b]) => `n ${op} (${b} % 3); n = Number.isFinite(n) ? n % 1000 : 1;`),
  fc.constantFrom('o.a++;', '--o.a;', '++n;', 'n--;', 'xs[0]--;', 'o.a *= k % 3;', 'xs[1] **= 2;', "o.b += 'y';"),
  fc.constantFrom('n = (s = s + k, n + 1);', 'n = void e.subject ?? n;', 's = String(void 0) + s.length;'),
  // Closures: over variables written later, counters, made in loops, returned and called elsewhere.
  gaddr.map((a) => `later = ${a};`),
  fc.constantFrom('to = getLater();', 'n = n + tick();', 's = String(seen());'),
  fc.tuple(gcond, gaddr).map(([c, a]) => `{ const g = mk(${c} ? ${a} : to); to = g(); }`),
  fc
    .tuple(cond('x'))
    .map(
      ([c]) =>
        `{ let g = () => 'priya@northwind.test'; for (const x of list) { if (${c}) { const a = x.subject; g = () => a; } } s = g(); }`,
    ),
  fc
    .tuple(gcond)
    .map(
      ([c]) => `{ let h = () => -1; for (let i = 0; i < 3; i++) { if (${c} || i === 1) { h = () => i; } } n = h(); }`,
    ),
  fc.tuple(gcond).map(([c]) => `if (${c}) { tick(); }`),
  fc.tuple(gcond).map(([c]) => `{ const r = ${c} ? mk(to) : mk('priya@northwind.test'); later = r(); }`),
  // finally overriding a pending completion.
  fc.tuple(gcond).map(([c]) => `s = fin(${c}) + s.length;`),
  fc.tuple(gcond).map(([c]) => `n = fin2(${c}) + n;`),
  fc
    .tuple(gcond)
    .map(([c]) => `try { try { throw s; } finally { if (${c}) { throw 'inner'; } } } catch (err) { s = String(err); }`),
  fc.tuple(gcond).map(([c]) => `try { JSON.parse(s); } catch { n = 0; } finally { if (${c}) { n = n + 2; } }`),
  fc.tuple(num).map(([x]) => `try { throw { a: ${x}, b: [s] }; } catch ({ a, b: [q] }) { n = a; s = q; }`),
  // Destructuring assignment, computed and shorthand keys, holes, Date, recursion.
  fc.constantFrom(
    '[n, k] = [k, n];',
    '({ a: n, b: s = "d" } = o);',
    '[, n = 5] = xs;',
    'o = { ...o, [s.slice(0, 2)]: n, s };',
    'hole = [n, , k]; n = hole.length;',
    'n = fact(k % 6);',
    "n = new Date('2026-04-05T16:00:00Z').getTime() % 1000 + (e.unread ? 1 : 0);",
    "s = new Date(e.date ?? '2026-01-01T00:00:00Z').toISOString().slice(0, 10);",
    'n = sum(...xs, k);',
    'n = dflt() + dflt(1);',
    "s = twice(s.length > 3 ? 'a' : 'b');",
  ),
);

/** Loops and tries the other generators lack, around blocks (nested by `nestedArb`). */
const gcompounds = (b: fc.Arbitrary<string>): fc.Arbitrary<string>[] => [
  fc.tuple(gcond, b).map(([c, x]) => `if (${c}) { ${x} } else { n = n + 1; }`),
  fc.tuple(gcond, b).map(([c, x]) => `{ let j = 0; do { j++; if (${c}) { break; } ${x} } while (j < 3); }`),
  fc.tuple(gcond, b).map(([c, x]) => `{ let j = 0; do { j++; if (${c}) { continue; } ${x} } while (j < 2); }`),
  fc.tuple(gcond, b).map(([c, x]) => `{ let j = 0; do { ${x} j++; } while (j < 2 && ${c}); }`),
  fc.tuple(gcond, b).map(([c, x]) => `for (let j = 0; ; j++) { if (j > 1 || ${c}) { break; } ${x} }`),
  fc.tuple(b).map(([x]) => `{ let j = 0; for (; j < 2;) { j++; ${x} } }`),
  fc
    .tuple(cond('x'), b)
    .map(
      ([c, x]) => `for (const x of list) { try { if (${c}) { continue; } ${x} } finally { if (n > 4) { break; } } }`,
    ),
  fc
    .tuple(cond('x'), b)
    .map(([c, x]) => `for (const x of list) { try { if (${c}) { break; } } finally { ${x} continue; } }`),
  fc.tuple(gcond, b).map(([c, x]) => `try { if (${c}) { throw 'a'; } ${x} } finally { s = s + 'f'; }`),
  fc
    .tuple(gcond, b, b)
    .map(
      ([c, x, y]) =>
        `try { try { if (${c}) { throw n; } ${x} } finally { ${y} } } catch (err) { n = Number(err) + 1; }`,
    ),
  fc.tuple(b).map(([x]) => `for (const [mk1, mv] of m) { ${x} n = n + String(mk1).length + Number(mv); }`),
  fc.tuple(b).map(([x]) => `for (const { subject, unread } of list) { if (unread) { s = subject; } ${x} }`),
  fc.tuple(b).map(([x]) => `for (s of e.subject.slice(0, 2)) { ${x} }`),
  fc.tuple(b).map(([x]) => `for (o.b of ['p', e.from]) { ${x} }`),
  fc
    .tuple(b)
    .map(([x]) => `for (const [ok, ov] of Object.entries(o)) { if (typeof ov === 'number') { n = n + ov; } ${x} }`),
  fc
    .tuple(gcond, b)
    .map(
      ([c, x]) => `for (const y of [1, 2]) { switch (${c} ? y : 0) { case 1: continue; case 2: { ${x} } } n = n + y; }`,
    ),
];

/** Effects, each in a `try` so a denial leaves the result to compare. */
const geffect = fc
  .constantFrom(
    `await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' });`,
    `await sendEmail({ to: ['omar@northwind.test'], subject: String(n), body: s });`,
    `await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' });`,
    `if (n > 2) { await createDraft({ to: [to], subject: 'Many', body: String(k) }); }`,
    `await sendEmail({ to: [getLater()], subject: JSON.stringify(o), body: 'x' });`,
  )
  .map((x) => `try { ${x} } catch (err) { n = -1; }`);

export const grammarArb: fc.Arbitrary<string> = planArb(
  nestedArb(gleaf, gcompounds)(2),
  geffect,
  `const c = (await searchContacts('Omar'))[0];
const m = new Map([['a', 1], [e.subject, 2]]);
const st = new Set();
let xs = [3, 1, 2];
let o = { a: 1, b: 'x' };
let hole = [1, , 3];
let to = 'priya@northwind.test';
let later = 'priya@northwind.test';
let s = 'plain';
let n = 0;
let n2 = 1;
let k = e.body.length;
const u = e.unread ? null : o;
const v = e.subject.length > 20 ? undefined : s;
const getLater = () => later;
function setLater(a) { later = a; }
function mk(w) { let held = w; return () => held; }
function counter() { let c0 = 0; return function () { c0 += 1; return c0; }; }
const tick = counter();
const seen = () => n;
function fin(b) { try { if (b) { throw 'x'; } return 'a'; } finally { if (n > 1) { return 'f'; } } }
function fin2(b) { for (const y of [1, 2, 3]) { try { if (b) { return y; } } finally { if (y === 2) { break; } } } return 0; }
function fact(q) { return q <= 1 ? 1 : q * fact(q - 1); }
function sum(...ys) { return ys.reduce((a, y) => a + y, 0); }
function dflt(a = k % 5, b = a + 1) { return a + b; }
const twice = function (t) { return t + t; };`,
  `return { n, s, to, later, xs, o, hole, k, keys: [...m.keys()] };`,
);
