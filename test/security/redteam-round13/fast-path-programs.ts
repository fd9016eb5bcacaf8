/**
 * Plans generated over the compiler's and the runtime's fast paths (round 13): the guards that
 * choose between a plain copy and the instrumented code (plain loops and functions, field and
 * record comparators for sort), comparisons that are only tests (`R.ltT…`, `R.ltL…`), the
 * statement push (`R.push1`), direct string methods (`R.sm`), Map/Set entries (`R.ent`) and
 * native literals, each reached with labeled and unlabeled values, under a labeled context or
 * none, inside a try or not.
 */
import fc from 'fast-check';
import { nestedArb, planArb } from '../../engine/reference/programs';

const num = fc.constantFrom(
  'n',
  'k',
  '1',
  'e.body.length',
  'e.subject.length',
  'ys.length',
  'mp.size',
  '(mp.get(s) ?? 0)',
);
const str = fc.constantFrom('s', 'e.subject', 'e.id', "'x'", 'e.from', 'String(k)', 'e.subject.trim()');
const test = fc.constantFrom(
  'e.subject.length > 10',
  'n < e.body.length',
  's < e.subject',
  'k >= n',
  'e.body.length <= k',
  'ys.length > 1',
  'list.length > 2',
  'mp.has(s)',
  'st.has(e.id)',
  "e.from.includes('attacker')",
  'e.unread',
  'k < 3',
);

const leaf: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('n', '1', 'e.subject', 's', 'k')).map(([v]) => `ys.push(${v});`),
  num.map((v) => `n = ys.push(${v});`),
  num.map((v) => `n = ${v};`),
  num.map((v) => `k = low(k, ${v});`),
  fc.constant('for (let i = 0; i < 3; i++) { k = k + i; zs[i] = k; if (flags[i]) { n = n + 1; } }'),
  fc.constant('for (let i = 0; i < 3; i++) { if (k > 4) { break; } k = k + 1; zs[i] = i; }'),
  fc.constant('while (k < 20) { k = k * 2; }'),
  fc.constant('for (let i = 0; i < n && i < 4; i++) { k = k + 1; }'),
  fc.constant('{ const sorted = list.slice().sort(byLen); s = sorted[0].id; }'),
  fc.constant(
    '{ const sorted = list.slice().sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0)); s = sorted[0].id; }',
  ),
  num.map((v) => `{ const recs = [{ v: k, id: 1 }, { v: ${v}, id: 2 }]; recs.sort(byV); k = recs[0].id; }`),
  num.map((v) => `{ const ns = [k, ${v}, 2]; ns.sort((a, b) => a - b); k = ns[0]; }`),
  fc.tuple(str, num).map(([a, b]) => `mp.set(${a}, ${b});`),
  str.map((a) => `st.add(${a});`),
  str.map((a) => `st.delete(${a});`),
  str.map((a) => `mp.delete(${a});`),
  str.map((a) => `n = mp.get(${a}) ?? n;`),
  str.map((a) => `s = ${a}.slice(0, 3);`),
  str.map((a) => `s = ${a}.toLowerCase();`),
  str.map((a) => `s = s + ${a};`),
  fc.constant("to = s.includes('zed') ? 'omar@northwind.test' : to;"),
  fc.constant('zs[0] = k;'),
  fc.constant("JSON.parse(e.body.slice(e.body.indexOf('{')));"),
);

const stmt = nestedArb(leaf, (block) => [
  fc.tuple(test, block, block).map(([c, a, b]) => `if (${c}) { ${a} } else { ${b} }`),
  fc.tuple(block).map(([b]) => `try { ${b} } catch (err) { n = -1; }`),
  fc.tuple(block).map(([b]) => `try { JSON.parse(e.body); ${b} } catch (err) { k = 2; }`),
  fc.tuple(block).map(([b]) => `for (const x of list) { if (x.subject.length > 20) { continue; } ${b} }`),
  fc.tuple(block).map(([b]) => `list.forEach((x) => { if (x.unread) { ${b} } });`),
]);

const effect = fc.constantFrom(
  'await sendEmail({ to: [to], subject: s, body: String(n) + String(k) });',
  "await createDraft({ to: ['omar@northwind.test'], subject: JSON.stringify(ys), body: JSON.stringify(zs) });",
  "if (k > 3) { await sendEmail({ to: ['priya@northwind.test'], subject: 'k', body: 'x' }); }",
);

export const fastPathProgramArb: fc.Arbitrary<string> = planArb(
  stmt(2),
  effect,
  `const ys = [];
const zs = [0, 0, 0];
const flags = [false, e.unread, true];
const mp = new Map();
const st = new Set();
let n = 0;
let k = 1;
let s = 'plain';
let to = 'priya@northwind.test';
function low(a, b) { if (a < b) { return a; } return b; }
const byLen = (a, b) => a.subject.length - b.subject.length || (a.id < b.id ? -1 : 1);
const byV = (a, b) => a.v - b.v;`,
  `return { n, k, s, to, ys, zs, keys: [...mp.keys()], set: [...st] };`,
);
