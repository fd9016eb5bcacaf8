/**
 * The one labeling rule (docs/semantics.md §2a), checked against what a result depends on. The
 * generic lift labels a result with everything its inputs carry; a built-in, operator or
 * conversion may be more precise only where the result cannot depend on what it leaves out. So
 * for each case below the untrusted email decides one input (a number `n`, a text `w`, placed in
 * an element, a structure, an argument, a nested container, a callback's answer, a spread, a
 * conversion), every case's generic lift holds the email, and over several versions of the email:
 * whenever two runs answer differently, both results must carry the email (the result's deep
 * label, as the host sees it). A precise rule that dropped a label the answer depends on fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  BUILTINS,
  LABEL_RULES,
  MATH_FNS,
  OPERATORS,
  OPERATOR_RULES,
  type LabelRule,
} from '../../../engine/plan/builtins';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';

const WORLD_FILE = join(process.cwd(), 'test/fixtures/laundering-world.yaml');
const WORLD = parse(readFileSync(WORLD_FILE, 'utf8')) as { emails: { id: string; body: string }[] };

/** Versions of the email's body: n = length % 4 is 2, 3, 1, 0; w = the first two characters. */
const BODIES = ['ab', 'cde', 'f', 'ghij'];

const worldWith = (body: string) => {
  const w = structuredClone(WORLD);
  w.emails.find((e) => e.id === 'm1')!.body = body;
  return loadWorld(stringify(w), 'labeling-rule.yaml');
};

/** Each case is an expression over `n` and `w` (and `u`, trusted data holding them). */
const CASES: Record<string, string> = {
  // arrays: elements, structure, arguments
  'includes of an element': '[n, 1].includes(2)',
  'slice by a count': '[3, 1, 2].slice(0, n)',
  'at an index': '[1, 2, 3].at(n)',
  'indexOf a probe': '[1, 2, 3].indexOf(n)',
  'sort of elements': '[n, 2, 1].toSorted()',
  'flat by a depth': '[[1, [2, [3]]]].flat(n).length',
  'flat by a container depth': '[[1, [2, [3]]]].flat([[n]]).length',
  'join with a separator': '[1, 2, 3].join(w)',
  'join of nested text': '[[w]].join()',
  'concat of a nested array': '[1].concat([[n]]).length + String([1].concat([[n]]))',
  'keys of a slice': 'Object.keys({ ...[1, 2, 3].slice(0, n) }).length',
  // callbacks and what they answer
  'filter by the answer': '[1, 2, 3].filter((x) => x < n).length',
  'find by the answer': '[1, 2, 3].find((x) => x === n)',
  'some by the answer': '[1, 2, 3].some((x) => x === n)',
  'map to the answer': '[1, 2].map(() => n)',
  'reduce of the answer': '[1, 2].reduce((a) => a + n, 0)',
  'sort by a number answer': '[1, 2].sort(() => n - 2)',
  'sort by a container answer': '[1, 2].sort(() => [n - 2])',
  'findIndex by a nested answer': '[1, 2, 3].findIndex((x) => [[x]] + "" === [[n]] + "")',
  // conversions of containers
  'unary plus of an array': '+[n]',
  'unary minus of a nested array': '-[[n]]',
  'bitwise not of an array': '~[n]',
  'increment of an array': '(() => { let x = [n]; x++; return x; })()',
  'plus with an array': '[n] + 1',
  'template of a nested array': '`${[[n]]}`',
  'String of a nested array': 'String([[n]])',
  'Number of a nested array': 'Number([[n]])',
  'JSON.parse of a nested array': 'JSON.parse([[n]])',
  'comparison of arrays': '[n] < [2]',
  'conversion through trusted data': '(() => { u.k = [[n]]; return +u.k; })()',
  'JSON.parse through trusted data': '(() => { u.k = [[n]]; return JSON.parse(u.k); })()',
  // constructors and spreads
  'Set of a slice': 'new Set([1, 2, 3].slice(0, n)).size',
  'Set from a spread': 'new Set(...[[1, 2]].slice(0, n > 1 ? 1 : 0)).size',
  'Map from a spread': 'new Map(...[[[1, 2]]].slice(0, n > 1 ? 1 : 0)).size',
  'Set of a null or an array': 'new Set([null, [1]][n % 2]).size',
  'object spread of a null or an object': 'Object.keys({ ...[null, { a: 1 }][n % 2] }).length',
  'Map get': 'new Map([[1, n]]).get(1)',
  'Map has a key': 'new Map([[n, 1]]).has(2)',
  'Date from a number': 'new Date(Date.UTC(2020, n)).getUTCMonth()',
  // strings
  toUpperCase: 'w.toUpperCase()',
  split: 'w.split("").length',
  'indexOf a text probe': '"abcdefghij".indexOf(w)',
  'replace in the text': 'w.replace(/a/g, "x")',
  'replace the text': '"abcd".replace(w, "")',
  'regex test': '/a/.test(w)',
  'padStart by a count': 'w.padStart(n + 2)',
  'repeat by a count': '"x".repeat(n)',
  localeCompare: 'w.localeCompare("c")',
  charCodeAt: 'w.charCodeAt(0)',
  match: 'w.match(/[a-f]/)',
  // built-ins
  'Math.max of a spread': 'Math.max(...[1, 2, 3].slice(0, n))',
  parseInt: 'parseInt(w, 36)',
  Boolean: 'Boolean(n)',
  'Array.isArray': 'Array.isArray([n, [n]][n % 2])',
  'JSON.stringify': 'JSON.stringify({ k: [n] })',
  'Object.entries': 'Object.entries({ [w]: 1 })',
  'Object.fromEntries': 'Object.keys(Object.fromEntries([[w, 1]]))',
  // reads, tests, identity
  typeof: 'typeof [n, "a"][n % 2]',
  'read by a key': '({ a: 1, c: 2, f: 3, g: 4 })[w.slice(0, 1)]',
  in: '"a" in { [w.slice(0, 1)]: 1 }',
  'identity of a chosen container': '(() => { const a = [1]; return [a, [1]][n % 2] === a; })()',
  // control: exceptions, branches, regex state (STRICT)
  'a try around a parse': '(() => { try { JSON.parse(["1", "{"][n % 2]); return 1; } catch (e) { return 2; } })()',
  'after a parse in the try':
    '(() => { let r = 0; try { JSON.parse(["1", "{"][n % 2]); r = 1; } catch (e) {} return r; })()',
  'a regex moved in a branch': '(() => { const re = /a/g; if (n > 1) re.test("a"); return re.test("a"); })()',
  'an alias made in a branch':
    '(() => { const xs = []; let t = []; if (n > 1) t = xs || []; t.push(1); return xs.length; })()',
};

async function answer(expr: string, body: string, mode: Mode): Promise<{ value: string; labeled: boolean }> {
  const plan = `const m = await getEmail('m1');\nconst n = m.body.length % 4;\nconst w = m.body.slice(0, 2);\nconst u = await me();\nreturn ${expr};`;
  const r = await simulate({ plan, world: worldWith(body), mode });
  const value = r.report.status === 'completed' ? JSON.stringify(r.report.result) : `error: ${r.report.error?.kind}`;
  const sources = r.report.status === 'completed' ? (r.report.resultLabel?.sources ?? []) : ['(error)'];
  return { value, labeled: sources.some((s) => s.endsWith(':m1')) || sources.includes('(error)') };
}

describe('the one labeling rule: a result carries every input it depends on (§2a)', () => {
  for (const [name, expr] of Object.entries(CASES))
    it(name, async () => {
      const runs = [];
      for (const body of BODIES) runs.push({ body, ...(await answer(expr, body, 'strict')) });
      const values = new Set(runs.map((r) => r.value));
      // The case must exercise something: an answer that never changes proves nothing here.
      expect(values.size, `${expr} answers the same for every body`).toBeGreaterThan(1);
      for (const r of runs) expect(r.labeled, `${expr} with body "${r.body}" → ${r.value}, unlabeled`).toBe(true);
    });
});

/**
 * One case per built-in of the guest library's table (engine/plan/builtins.ts BUILTINS): an
 * expression over `n` and `w` whose answer changes with the email. A built-in added to the table
 * without a case here fails the first test below. `constant` marks the few whose answer cannot
 * change (it must still carry the email it read).
 */
const X = '(n * 1.3 + 0.2)';
const TWO_ARGS = new Set(['atan2', 'hypot', 'max', 'min', 'pow']);
const DATE = 'new Date(Date.UTC(2020, n, n + 1, n, n * 7, n, n))';
const constant = (expr: string) => ({ expr, constant: true });
type Case = string | { expr: string; constant: boolean };
const BUILTIN_CASES: Record<string, Case> = {
  ...Object.fromEntries(
    MATH_FNS.map((f) => [
      `Math.${f}`,
      f === 'sign' ? 'Math.sign(n - 1.5)' : `Math.${f}(${X}${TWO_ARGS.has(f) ? ', 2' : ''})`,
    ]),
  ),
  ...Object.fromEntries(
    [
      'getTime',
      'valueOf',
      'toISOString',
      'toJSON',
      'toString',
      'toDateString',
      'toTimeString',
      'toUTCString',
      'toLocaleDateString',
      'toLocaleTimeString',
      'toLocaleString',
      'getFullYear',
      'getMonth',
      'getDate',
      'getDay',
      'getHours',
      'getMinutes',
      'getSeconds',
      'getMilliseconds',
      'getUTCFullYear',
      'getUTCMonth',
      'getUTCDate',
      'getUTCDay',
      'getUTCHours',
      'getUTCMinutes',
      'getUTCSeconds',
      'getUTCMilliseconds',
    ].map((m) => [`date.${m}`, `${m.includes('FullYear') ? `new Date(Date.UTC(2020 + n, 1))` : DATE}.${m}()`]),
  ),
  'date.getTimezoneOffset': constant(`${DATE}.getTimezoneOffset()`),
  'string.at': 'w.at(1)',
  'string.charAt': 'w.charAt(0)',
  'string.charCodeAt': 'w.charCodeAt(0)',
  'string.codePointAt': 'w.codePointAt(0)',
  'string.concat': 'w.concat("x")',
  'string.endsWith': 'w.endsWith("b")',
  'string.includes': 'w.includes("d")',
  'string.indexOf': 'w.indexOf("h")',
  'string.lastIndexOf': '"abcdefgh".lastIndexOf(w)',
  'string.localeCompare': 'w.localeCompare("c")',
  'string.match': 'w.match(/[a-f]/)',
  'string.matchAll': '[...w.matchAll(/[a-d]/g)]',
  'string.normalize': 'w.normalize()',
  'string.padEnd': 'w.padEnd(n + 2, ".")',
  'string.padStart': 'w.padStart(n + 2)',
  'string.repeat': '"x".repeat(n)',
  'string.replace': 'w.replace(/a/g, "x")',
  'string.replaceAll': '"abcd".replaceAll(w, "")',
  'string.search': 'w.search(/[cd]/)',
  'string.slice': 'w.slice(1)',
  'string.split': 'w.split("")',
  'string.startsWith': 'w.startsWith("a")',
  'string.substring': 'w.substring(1)',
  'string.substr': 'w.substr(0, 1)',
  'string.toLowerCase': 'w.toLowerCase()',
  'string.toUpperCase': 'w.toUpperCase()',
  'string.toLocaleLowerCase': 'w.toLocaleLowerCase()',
  'string.toLocaleUpperCase': 'w.toLocaleUpperCase()',
  'string.trim': '(" " + w).trim()',
  'string.trimStart': '(" " + w).trimStart()',
  'string.trimEnd': '(w + " ").trimEnd()',
  'string.toString': 'w.toString()',
  'string.valueOf': 'w.valueOf()',
  'number.toFixed': '(n * 1.37).toFixed(1)',
  'number.toPrecision': '(n * 1.37).toPrecision(2)',
  'number.toString': 'n.toString(2)',
  'number.valueOf': 'n.valueOf()',
  'number.toLocaleString': '(n * 1000).toLocaleString()',
  'number.toExponential': '(n * 1.37).toExponential(1)',
  'boolean.toString': '(n > 1).toString()',
  'boolean.valueOf': '(n > 1).valueOf()',
  'regexp.test': '/[a-c]/.test(w)',
  'regexp.exec': '/[a-c]/.exec(w)',
  'array.at': '[1, 2, 3].at(n)',
  'array.slice': '[3, 1, 2].slice(0, n)',
  'array.concat': '[1].concat([n], [[n]])',
  'array.join': '[n, [w]].join("-")',
  'array.includes': '[n, 1].includes(2)',
  'array.indexOf': '[1, 2, 3].indexOf(n)',
  'array.lastIndexOf': '[1, 2, 1].lastIndexOf(n)',
  'array.flat': '[[1, [2, [3]]]].flat(n)',
  'array.toSorted': '[n, 2, 1].toSorted()',
  'array.toReversed': '[n, 1].toReversed()',
  'array.keys': '[...[1, 2, 3].slice(0, n).keys()]',
  'array.values': '[...[n, 1].values()]',
  'array.entries': '[...[n].entries()]',
  'array.toString': '[n, [w]].toString()',
  'array.push': '(() => { const a = [1]; a.push(n); return a; })()',
  'array.pop': '(() => { const a = [1, n]; return a.pop(); })()',
  'array.shift': '(() => { const a = [n, 1]; return a.shift(); })()',
  'array.unshift': '(() => { const a = [1]; a.unshift(n); return a; })()',
  'array.splice': '(() => { const a = [1, 2, 3]; const r = a.splice(0, n); return [a, r]; })()',
  'array.sort': '[n, 2, 1].sort()',
  'array.reverse': '[n, 1].reverse()',
  'array.fill': '[1, 2, 3].fill(0, n)',
  'array.forEach': '(() => { let s = 0; [1, 2].forEach((x) => { s = s + x * n; }); return s; })()',
  'array.map': '[1, 2].map((x) => x * n)',
  'array.filter': '[1, 2, 3].filter((x) => x < n)',
  'array.find': '[1, 2, 3].find((x) => x === n)',
  'array.findIndex': '[1, 2, 3].findIndex((x) => x === n)',
  'array.findLast': '[1, 2, 3].findLast((x) => x < n)',
  'array.findLastIndex': '[1, 2, 3].findLastIndex((x) => x < n)',
  'array.some': '[1, 2, 3].some((x) => x === n)',
  'array.every': '[1, 2].every((x) => x <= n)',
  'array.flatMap': '[1, 2].flatMap((x) => [x, n])',
  'array.reduce': '[1, 2].reduce((a, x) => a + x * n, 0)',
  'array.reduceRight': '[1, 2].reduceRight((a, x) => a + "" + x * n, "")',
  'map.get': 'new Map([[1, n]]).get(1)',
  'map.has': 'new Map([[n, 1]]).has(2)',
  'map.set': '(() => { const m = new Map(); m.set(n, 1); return [...m.keys()]; })()',
  'map.delete': 'new Map([[2, 1]]).delete(n)',
  'map.clear': constant('(() => { const m = new Map([[n, 1]]); m.clear(); return m.size; })()'),
  'map.keys': '[...new Map([[n, 1]]).keys()]',
  'map.values': '[...new Map([[1, n]]).values()]',
  'map.entries': '[...new Map([[1, n]]).entries()]',
  'map.forEach': '(() => { let s = 0; new Map([[1, n]]).forEach((v) => { s = s + v; }); return s; })()',
  'set.has': 'new Set([n]).has(2)',
  'set.add': '(() => { const m = new Set([1]); m.add(n); return m.size; })()',
  'set.delete': 'new Set([2]).delete(n)',
  'set.clear': constant('(() => { const m = new Set([n]); m.clear(); return m.size; })()'),
  'set.keys': '[...new Set([n]).keys()]',
  'set.values': '[...new Set([n]).values()]',
  'set.entries': '[...new Set([n]).entries()]',
  'set.forEach': '(() => { let s = 0; new Set([n]).forEach((v) => { s = s + v; }); return s; })()',
  'object.hasOwnProperty': '({ a: 1, c: 2 }).hasOwnProperty(w.slice(0, 1))',
  Number: 'Number([n + "1"])',
  String: 'String([[n]])',
  Boolean: 'Boolean(n - 1)',
  parseInt: 'parseInt(w, 36)',
  parseFloat: 'parseFloat(n + ".5")',
  isNaN: 'isNaN([1, "x"][n % 2])',
  isFinite: 'isFinite(1 / (n - 1))',
  'JSON.parse': 'JSON.parse("[" + n + "]")',
  'JSON.stringify': 'JSON.stringify({ k: [n] })',
  'Object.keys': 'Object.keys({ [w]: 1 })',
  'Object.values': 'Object.values({ a: n })',
  'Object.entries': 'Object.entries({ a: n })',
  'Object.fromEntries': 'Object.fromEntries([[w, 1]])',
  'Array.isArray': 'Array.isArray([n, [n]][n % 2])',
  'Number.isInteger': 'Number.isInteger(n / 2)',
  'Number.isFinite': 'Number.isFinite(1 / (n - 1))',
  'Number.isNaN': 'Number.isNaN([1, NaN][n % 2])',
  'Number.parseFloat': 'Number.parseFloat(n + ".5")',
  'Number.parseInt': 'Number.parseInt(w, 36)',
  'Number.isSafeInteger': 'Number.isSafeInteger(n / 2)',
  'Date.parse': 'Date.parse("2020-0" + (n + 1) + "-01")',
  'Date.UTC': 'Date.UTC(2020, n)',
  'new Map': 'new Map([[1, 2], [n, 3]]).size',
  'new Set': 'new Set([1, n]).size',
  'new Date': 'new Date(Date.UTC(2020, n)).getTime()',
};

/**
 * For each precision rule, a plan whose answer the rule labels more precisely than the generic
 * lift would (the generic lift carries the email; the rule, rightly, does not) — or, for
 * `order`, the same: its rule is the generic label computed faster (deterministic merge sort,
 * native fast paths). Every built-in a rule covers is also in BUILTIN_CASES, so the rule is
 * checked against what the answer depends on as well.
 */
const PRECISION: Record<LabelRule, { expr: string; morePrecise: boolean }> = {
  elements: { expr: '[n, 1].at(1)', morePrecise: true },
  answers: { expr: '[n, 1].map((x) => x)[1]', morePrecise: true },
  mutator: { expr: '(() => { const a = [1]; a.unshift(n); return a[1]; })()', morePrecise: true },
  order: { expr: '[[n], [1]].toSorted(() => 0)[1]', morePrecise: false },
  entry: { expr: 'new Map([[1, n], [2, 3]]).get(2)', morePrecise: true },
  parts: { expr: 'Object.values({ a: n, b: 2 })[1]', morePrecise: true },
  pairs: { expr: 'new Map([[1, n], [2, 3]]).size', morePrecise: true },
};

/**
 * One case per operator and conversion of the guest's operator table (engine/plan/builtins.ts
 * OPERATORS), as BUILTIN_CASES: an operator added without a case here fails the first test below.
 */
const OPERATOR_CASES: Record<string, Case> = {
  '+': '[n] + w',
  '-': 'n - 1',
  '*': 'n * 2',
  '/': '[n] / 2',
  '%': '(n + 5) % 3',
  '**': '2 ** n',
  '&': 'n & 1',
  '|': 'n | 4',
  '^': 'n ^ 1',
  '<<': '1 << n',
  '>>': '16 >> [n]',
  '>>>': '-16 >>> n',
  '<': 'w < "c"',
  '>': '[n] > 1',
  '<=': 'n <= 1',
  '>=': 'n >= 2',
  '===': 'n === 2',
  '!==': 'w !== "ab"',
  '-x': '-[[n]]',
  '+x': '+[n]',
  '~x': '~[n]',
  '++': '(() => { let x = [n]; x++; return x; })()',
  '--': '(() => { let x = n; x--; return x; })()',
  '!x': '!(n - 2)',
  typeof: 'typeof [n, "a"][n % 2]',
  in: '"a" in { [w.slice(0, 1)]: 1 }',
  template: '`${[[n]]}-${w}`',
  '.length': '[1, 2, 3].slice(0, n).length',
  '.size': 'new Set([1, 2, 3].slice(0, n)).size',
  '...': '[...[1, 2, 3].slice(0, n)]',
  '{...}': 'Object.keys({ ...[{ a: 1 }, { b: 2, c: 3 }][n % 2] })',
};

/**
 * For each operator with a precision rule (OPERATOR_RULES), a plan whose answer its rule labels
 * more precisely than the generic lift: the answer depends on which value an operand is, or on
 * its structure, not on what the container holds (the email).
 */
const OPERATOR_PRECISION: Record<string, string> = {
  '===': '[n] === [n]',
  '!==': '[n] !== [n]',
  '!x': '![n]',
  typeof: 'typeof [n]',
  in: '0 in [n]',
  '.length': '[n].length',
  '.size': 'new Set([[n]]).size',
  '...': '[...[n, 1]][1]',
  '{...}': '({ ...{ a: n, b: 1 } }).b',
};

interface Batch {
  readonly values: Record<string, string>;
  readonly labeled: Record<string, boolean>;
}
/** Runs every case of `keys` in one plan (no try: a throw would join the rest) and reads each part's label. */
async function batch(
  cases: Record<string, Case>,
  keys: readonly string[],
  body: string,
  genericLift: boolean,
): Promise<Batch> {
  const entries = keys.map((k) => {
    const c = cases[k]!;
    return `${JSON.stringify(k)}: (${typeof c === 'string' ? c : c.expr})`;
  });
  const plan = `const m = await getEmail('m1');\nconst n = m.body.length % 4;\nconst w = m.body.slice(0, 2);\nreturn { ${entries.join(',\n')} };`;
  const r = await simulate({ plan, world: worldWith(body), mode: 'strict', genericLift });
  expect(r.report.error, `${keys.join(', ')}: ${r.report.error?.message}`).toBeNull();
  const result = r.report.result as Record<string, unknown>;
  const values: Record<string, string> = {};
  const labeled: Record<string, boolean> = {};
  for (const k of keys) {
    values[k] = JSON.stringify(result[k]) ?? 'undefined';
    const part = r.report.resultParts?.find((p) => p.path === k);
    expect(part, `no label for ${k}`).toBeDefined();
    labeled[k] = part!.label.sources.some((s) => s.endsWith(':m1'));
  }
  return { values, labeled };
}

/** Runs every case of a table in groups, with the precision rules and with the generic lift alone. */
function everyCase(table: readonly string[], cases: Record<string, Case>): void {
  const GROUP = 24;
  for (let i = 0; i < table.length; i += GROUP) {
    const keys = table.slice(i, i + GROUP).filter((k) => cases[k] !== undefined);
    it(`${keys[0]} … ${keys[keys.length - 1]}`, async () => {
      const runs: { body: string; rules: Batch; generic: Batch }[] = [];
      for (const body of BODIES)
        runs.push({
          body,
          rules: await batch(cases, keys, body, false),
          generic: await batch(cases, keys, body, true),
        });
      for (const k of keys) {
        const c = cases[k]!;
        const fixed = typeof c !== 'string' && c.constant;
        const values = new Set(runs.map((r) => r.rules.values[k]));
        if (!fixed) expect(values.size, `${k} answers the same for every body`).toBeGreaterThan(1);
        for (const r of runs) {
          // A precision rule changes labels, never answers.
          expect(r.generic.values[k], `${k} with body "${r.body}": generic lift and rule answer differently`).toBe(
            r.rules.values[k],
          );
          expect(r.rules.labeled[k], `${k} with body "${r.body}" → ${r.rules.values[k]}, unlabeled`).toBe(true);
          expect(r.generic.labeled[k], `${k} with body "${r.body}": the generic lift left it unlabeled`).toBe(true);
        }
      }
    });
  }
}

describe('every built-in of the table carries what its answer depends on, with its rule and with the generic lift', () => {
  it('has a case for every built-in, and an example for every precision rule', () => {
    expect(BUILTINS.filter((b) => BUILTIN_CASES[b] === undefined)).toEqual([]);
    expect(Object.keys(BUILTIN_CASES).filter((b) => !BUILTINS.includes(b))).toEqual([]);
    expect(Object.keys(LABEL_RULES).filter((b) => !BUILTINS.includes(b))).toEqual([]);
    expect(Object.keys(PRECISION).sort()).toEqual([...new Set(Object.values(LABEL_RULES))].sort());
  });
  everyCase(BUILTINS, BUILTIN_CASES);
});

describe('every operator and conversion carries what its answer depends on, with its rule and with the generic lift', () => {
  it('has a case for every operator, and an example for every operator with a precision rule', () => {
    expect(OPERATORS.filter((o) => OPERATOR_CASES[o] === undefined)).toEqual([]);
    expect(Object.keys(OPERATOR_CASES).filter((o) => !OPERATORS.includes(o))).toEqual([]);
    expect(Object.keys(OPERATOR_RULES).filter((o) => !OPERATORS.includes(o))).toEqual([]);
    expect(Object.keys(OPERATOR_PRECISION).sort()).toEqual(Object.keys(OPERATOR_RULES).sort());
  });
  everyCase(OPERATORS, OPERATOR_CASES);
});

/** A plan's answer and whether it carries the email, with the precision rules or the generic lift alone. */
async function precise(expr: string, genericLift: boolean): Promise<{ value: string; labeled: boolean }> {
  const plan = `const m = await getEmail('m1');\nconst n = m.body.length % 4;\nreturn ${expr};`;
  const r = await simulate({ plan, world: worldWith(BODIES[0]!), mode: 'strict', genericLift });
  expect(r.report.error, r.report.error?.message).toBeNull();
  const sources = r.report.resultLabel?.sources ?? [];
  return { value: JSON.stringify(r.report.result), labeled: sources.some((s) => s.endsWith(':m1')) };
}

describe('each precision rule against the generic lift', () => {
  for (const [rule, { expr, morePrecise }] of Object.entries(PRECISION))
    it(`${rule}: ${expr}`, async () => {
      const [withRule, generic] = [await precise(expr, false), await precise(expr, true)];
      expect(withRule.value).toBe(generic.value);
      expect(generic.labeled, 'the generic lift carries the email').toBe(true);
      expect(withRule.labeled, morePrecise ? 'the rule leaves out what the answer does not depend on' : 'same').toBe(
        !morePrecise,
      );
    });
});

describe('each operator precision rule against the generic lift', () => {
  for (const [op, expr] of Object.entries(OPERATOR_PRECISION))
    it(`${op} (${OPERATOR_RULES[op]}): ${expr}`, async () => {
      const [withRule, generic] = [await precise(expr, false), await precise(expr, true)];
      expect(withRule.value).toBe(generic.value);
      expect(generic.labeled, 'the generic lift carries the email').toBe(true);
      expect(withRule.labeled, 'the rule leaves out what the answer does not depend on').toBe(false);
    });
});
