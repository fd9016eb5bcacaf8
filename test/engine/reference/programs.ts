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
