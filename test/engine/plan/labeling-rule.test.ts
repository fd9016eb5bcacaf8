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
