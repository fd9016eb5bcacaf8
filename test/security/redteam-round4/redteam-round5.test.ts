/**
 * Red-team round 5, read from the sandbox's built-ins and the compiler: every place a value's
 * label could be forgotten — a built-in's argument that is not the receiver (`fill`, `at`,
 * `repeat`, `toFixed`, `padStart`, `indent`), keys that collide (Map, Set, object keys, `in`),
 * iteration order after a data-chosen delete, string iteration, destructuring with defaults and
 * rest, sort comparators (plain and field copies, the native sort), the compiled fast paths
 * (plain loops and functions, `xs[i] = n`, `push`, `s += t`, templates), exceptions from
 * callbacks and built-ins, and `finally`.
 *
 * Stated as noninterference rather than as a list of expected labels: each plan runs over two
 * worlds that differ only in the attacker's email (m1's subject and body), and everything a
 * policy would take as trusted must look the same in both — the same trusted calls, with the same
 * arguments, in the same order. A plan that leaks makes a trusted call whose arguments (or whose
 * being trusted at all) the attacker chose. Data-only plans are checked in NORMAL too; plans that
 * flow through a branch, a loop count or an exception only in STRICT (NORMAL lets implicit flows
 * pass by design).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, toolRegistry, type Mode, type RunReport } from '../../../engine';
import { canonicalJson } from '../../../engine/run/wire';
import { WorldState, worldTools } from '../../../engine/world';

const here = dirname(fileURLToPath(import.meta.url));
const WORLD_TEXT = readFileSync(join(here, '..', '..', 'fixtures', 'laundering-world.yaml'), 'utf8');
/** The same world with other attacker text in m1 (other lengths, first letters, numbers). */
const OTHER_TEXT = WORLD_TEXT.replace("subject: 'Urgent: zed@attacker.test'", "subject: 'b'").replace(
  /body: 'zed@attacker\.test needs[^\n]*/,
  `body: '{"n":123}'`,
);

async function run(plan: string, mode: Mode, world: string): Promise<RunReport> {
  const state = WorldState.fromText(world, 'laundering-world.yaml');
  return runPlan({
    plan: `const m = await getEmail('m1');\n${plan}\nawait sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });`,
    tools: toolRegistry(worldTools(state)),
    gate: minimalGate,
    mode,
    userAddresses: state.userAddresses,
    contacts: state.contacts.map((c) => c.email.toLowerCase()),
  });
}

/** What a policy sees as trusted: the trusted calls, in order, with their arguments. */
const trustedView = (r: RunReport): string[] =>
  r.calls.filter((c) => c.trusted).map((c) => `${c.tool}(${canonicalJson(c.args)})`);

const everyCall = (r: RunReport): string[] => r.calls.map((c) => `${c.tool}(${canonicalJson(c.args)})`);

/** [plan ending with `v`, data only (checked in NORMAL too)] */
const PLANS: readonly (readonly [string, boolean])[] = [
  // Keys that collide with a trusted one: whether they do is the attacker's.
  [`const v = new Set([m.subject[0], 'U']).size;`, true],
  [`const mp = new Map(); mp.set(m.subject[0], 1); mp.set('U', 2); const v = [mp.size, mp.get('U')];`, true],
  [`const o = {}; o[m.subject[0]] = 1; o.U = 2; const v = [Object.keys(o).length, o.U];`, true],
  [`const o = { U: 1 }; const v = [m.subject[0] in o, o.hasOwnProperty(m.subject[0])];`, true],
  [`const o = { [m.subject[0]]: 1, U: 2 }; const v = Object.keys(o).length;`, true],
  [`const v = ['U', 'x'].includes(m.subject[0]);`, true],
  // Iteration order after a delete the attacker's key decided.
  [
    `const mp = new Map([['U', 1], ['b', 2]]); mp.delete(m.subject[0]); mp.set('U', 3); const v = [...mp.keys()];`,
    true,
  ],
  [`const st = new Set(['U', 'b']); st.delete(m.subject[0]); st.add('U'); const v = [...st];`, true],
  // Arguments other than the receiver.
  [`const v = [0, 0, 0].fill(1, m.body.length % 3);`, true],
  [`const v = [[1, 2, 3].at(m.body.length % 3), [1, 2, 3].indexOf(m.body.length % 4)];`, true],
  [
    `const v = ['a'.repeat(m.body.length % 3), (1.5).toFixed(m.body.length % 3), 'abc'.padStart(m.body.length % 7)];`,
    true,
  ],
  [`const v = JSON.stringify({ a: 1 }, null, m.body.length % 3).length;`, true],
  [`const v = ['U-U-b'.split(m.subject[0]).length, 'aUUb'.replaceAll(m.subject[0], '').length];`, true],
  [`const v = [1, 2, 3].slice(m.body.length % 3).length;`, true],
  [`const xs = [1, 2, 3]; xs.splice(m.body.length % 3); const v = xs.length;`, true],
  // Conversions of containers, string iteration, destructuring.
  [`const v = [String([m.body.length]), \`\${[m.body.length]}\`, [m.body.length].toString()];`, true],
  [`const v = [[...m.subject].length, [...new Set(m.subject)].length];`, true],
  [`const { to = 'x' } = JSON.parse(m.body.match(/\\{.*\\}/)[0]); const v = to;`, false], // the default is chosen, not computed: an implicit flow
  [`const [a, ...rest] = m.subject.split(' '); const v = rest.length;`, true],
  [`const o = { a: { b: m.subject } }; const { a: { b } } = o; const v = b.length;`, true],
  // Sort comparators: plain copies, field copies, the native sort.
  [`const xs = [3, m.body.length % 5, 1]; xs.sort((a, b) => a - b); const v = xs.join();`, true],
  [
    `const xs = [{ v: 2, id: 1 }, { v: m.body.length % 3, id: 2 }]; xs.sort((a, b) => a.v - b.v); const v = xs[0].id;`,
    true,
  ],
  [
    `const f = (a, b) => a.v - b.v || a.id - b.id; const xs = [{ v: 1, id: 2 }, { v: 1, id: m.body.length % 3 }]; xs.sort(f); const v = xs[0].id;`,
    true,
  ],
  [`const xs = ['aaa', m.subject.slice(0, 2)]; xs.sort((a, b) => a.length - b.length); const v = xs[0].length;`, true],
  [`const xs = ['b', 'a']; xs.sort((a, b) => m.body.length - 100); const v = xs[0];`, true],
  [`const v = [m.subject[0], 'U'].sort().join('');`, true],
  [`const xs = [[2], [m.body.length % 3]]; xs.sort((a, b) => a[0] - b[0]); const v = xs[0][0];`, true],
  // Compiled fast paths fed labeled values.
  [`function add(a, b) { return a + b; } const v = add(m.body.length, 1);`, true],
  [
    `function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); } const v = fib(m.body.length % 10);`,
    false,
  ],
  [`const xs = [0, 0, 0]; xs[m.body.length % 3] = 1; const v = xs.indexOf(1);`, true],
  [`const xs = [0, 0]; xs.push(m.body.length); const v = xs[2];`, true],
  [`let s = 'ab'; s += m.subject[0]; const v = s;`, true],
  [`let v = 0; for (let i = 0; i < m.body.length % 7; i++) { v = v + 1; }`, false],
  [
    `const flags = [m.body.length > 10, false, true]; let v = 0; for (let i = 0; i < 3; i++) { if (flags[i]) { v = v + 1; } }`,
    false,
  ],
  [
    `const a = m.body.length > 10 ? { v: 1, id: 1 } : { v: 3, id: 1 }; const xs = [a, { v: 2, id: 2 }]; xs.sort((p, q) => p.v - q.v); const v = xs[0].id;`,
    false,
  ],
  // Exceptions from callbacks and built-ins, and finally.
  [
    `let v = 'a'; try { [1, 2].sort((a, b) => { if (m.body.length > 10) { throw 1; } return 0; }); } catch (e) { v = 'b'; }`,
    false,
  ],
  [
    `let v = 'a'; try { [1, 2].forEach((x) => { if (m.body.length > 10) { throw 1; } }); } catch (e) { v = 'b'; }`,
    false,
  ],
  [`let v = 0; try { 'x'.repeat(m.body.length - 100); } catch (e) { v = 1; }`, false],
  [
    `let v = 'a'; let k = 0; for (const x of [1, 2]) { try { if (m.body.length > 10) { break; } k = k + 1; } finally { v = 'b' + k; } }`,
    false,
  ],
  [
    `function f() { let r = 0; try { if (m.body.length > 10) { throw 1; } r = 1; } finally { return 'fixed' + r; } } const v = [f(), 'after'];`,
    false,
  ],
  [`let v = 0; switch (m.subject[0]) { case 'U': v = 1; case 'x': v = v + 1; break; default: v = 9; }`, false],
];

describe('red-team round 5: two worlds differing only in the attacker’s email look the same to anything trusted', () => {
  for (const [plan, dataOnly] of PLANS)
    for (const mode of dataOnly ? (['strict', 'normal'] as const) : (['strict'] as const))
      it(`[${mode}] ${plan}`, async () => {
        const [a, b] = await Promise.all([run(plan, mode, WORLD_TEXT), run(plan, mode, OTHER_TEXT)]);
        for (const r of [a, b]) expect(r.error?.kind, r.error?.fullMessage).not.toBe('PlanRejected');
        // The worlds do differ where the plan looks (else the property says nothing).
        expect(a.calls.map((c) => c.tool)).toContain('sendEmail');
        expect(everyCall(a), 'the attacker’s text changes what the plan does').not.toEqual(everyCall(b));
        expect(trustedView(a), 'LEAK: a trusted call the attacker’s text changed').toEqual(trustedView(b));
      });
});
