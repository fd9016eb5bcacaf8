/**
 * The grammar the other generators miss (programs.ts `grammarArb`: `in`, optional chains,
 * `do…while`, `**` and bitwise operators, closures, `finally` overriding a completion, and the
 * rest of what the front end accepts), run by the engine and by the reference monitor: the
 * differential property (docs/semantics.md §8), and noninterference of the engine over two
 * worlds that differ only in untrusted content. Each divergence the generator found is first a
 * minimal plan here (it failed before its fix).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePlan, minimalGate, runPlan, toolRegistry, type ToolSpec } from '../../../engine';
import { sanitizerTools } from '../../../engine/sanitizers';
import { WorldState, worldTools, type World } from '../../../engine/world';
import { budget } from '../../setup/budget';
import { leakBetween, mutateWorld } from '../../security/noninterference/pairs';
import { discrepancies, loadWorldFile, runBoth } from './differential';
import { grammarArb } from './programs';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const holds = async (plan: string): Promise<void> => {
  expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
};

describe('divergences the grammar generator found, minimised', () => {
  // The reference shared one binding of a `for (let …)` head across iterations: a closure made in
  // an iteration saw the last value, not its own iteration's (JavaScript copies the binding per
  // iteration, as the engine does).
  it('a closure made in an iteration of for (let …) sees that iteration’s variable', () =>
    holds(`let h = () => 9;
for (let i = 0; i < 3; i++) { if (i === 1) { h = () => i; } }
return h();`));
});

describe('a name declared inside a region dies with it (docs/semantics.md §3b)', () => {
  // The reference named every variable a local's value was built from, though nothing the region
  // stores exposes the local: the send after a branch that only built `[o]` was denied.
  const send = `await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(o), body: 'x' });`;
  for (const body of ['const t = [o];', 'for (const ov of [o]) { }', 'for (const ov of Object.values(o)) { }'])
    it(`a local built from a container, never exposed: ${body}`, () =>
      holds(`const e = await getEmail('m1');
let o = { a: 1, b: 'x' };
if (e.unread) { ${body} }
${send}`));
});

describe('a read by a key the plan computes names the elements it may read, not their holder (§3b)', () => {
  // The reference named the whole container behind a computed key (its structure included), so
  // reading `o[s]` in a branch upgraded `o` as if the branch had written it.
  for (const read of ['n = o[s];', 'n = o[s].length;', 'n = o?.[s]?.length;', 'n = o[s + 1];'])
    it(`a read in a branch not taken leaves the holder as it was: ${read}`, () =>
      holds(`const e = await getEmail('m1');
let o = { a: 1, b: 'x' };
let s = 'b';
let n = 0;
if (e.unread) { ${read} }
await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(o), body: 'x' });`));
  // …while what such a read hands on is still exposed: a write through it reaches the element.
  it('an element read by a computed key and written later carries the branch', async () => {
    const r = await runBoth(
      `const e = await getEmail('m1');
const o = { a: [1], b: [2] };
let s = 'b';
let t = [];
if (e.unread) { t = o[s]; }
t.push(3);
await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(o), body: 'x' });`,
      world,
      'minimal',
      'strict',
    );
    expect(discrepancies(r)).toEqual([]);
    expect(r.ref.calls[1]?.decision).toBe('deny');
  });
});

describe('a call of plan code names what the functions it may call name, to the end (§3b)', () => {
  // The reference named everything any plan function names, so a call of `inc` in a branch
  // upgraded `later`, which only the uncalled `other` writes; the engine's effect analysis reads
  // per function, as the reference now does (Machine.withCalls).
  const plan = (call: string): string => `const e = await getEmail('m3');
let later = 'priya@northwind.test';
let cnt = 0;
const inc = () => { cnt++; return cnt; };
function other() { later = 'omar@northwind.test'; }
const viaOther = () => other();
const apply = (g) => g();
const pick = () => other;
let h = inc;
h = other;
if (e.body.includes('widgets')) { ${call} }
await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' });`;
  it('a call of a function that writes nothing outside, in a branch, leaves what another one writes', () =>
    holds(plan('inc();')));
  // …while a function reached through another one, or a function value the text does not name, still upgrades it.
  for (const call of ['viaOther();', '[1].forEach(viaOther);', 'apply(other);', 'apply(inc);', 'pick()();', 'h();'])
    it(`a call that may reach the writer upgrades what it writes: ${call}`, async () => {
      const r = await runBoth(plan(call), world, 'minimal', 'strict');
      expect(discrepancies(r)).toEqual([]);
      expect(r.ref.calls[1]?.decision).toBe('deny');
    });
});

describe('`void x` answers undefined whatever `x` is: it reads nothing of it', () => {
  // The reference lifted `void` like the other operators (the deep label of its operand), so
  // `void e.subject ?? n` carried the email's text; the engine answers a plain undefined.
  it('void e.subject ?? n', () =>
    holds(`const e = await getEmail('m2');
let n = 0;
n = void e.subject ?? n;
await sendEmail({ to: ['omar@northwind.test'], subject: String(n), body: 'x' });
return void e.subject;`));
});

describe('a callback written in the call is the callback, whatever follows it (§3b)', () => {
  // The reference set the callback aside and read the next argument (reduce's initial value) as a
  // callback it could not name, so `[1].reduce((a, y) => a + y, 0)` in a branch named all plan
  // code and upgraded `later`, which only the uncalled `setLater` writes.
  for (const call of ['[1].reduce((a, y) => a + y, 0);', 'sum(1);', "[1].reduceRight((a, y) => a + y, '');"])
    it(call, () =>
      holds(`const e = await getEmail('m2');
let later = 'priya@northwind.test';
let n = 0;
function setLater(a) { later = a; }
function sum(...ys) { return ys.reduce((a, y) => a + y, 0); }
if (e.unread) { n = ${call} }
await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' });`),
    );
});

describe('`in` reads which keys a container has, not what they hold (the `shape` rule, §2a)', () => {
  // The reference labeled `in` with the deep labels of its operands, so `'1' in list` carried
  // every item's content (the engine reads the listing's reference and structure, §3 Listings).
  for (const test of ["'1' in list", "'a' in o", "'subject' in list[1]", "'2' in list.slice(0, 5)", "'length' in list"])
    it(`${test} carries the key and the container's reference and structure`, () =>
      holds(`const list = await listEmails({ folder: 'INBOX' });
const o = { a: list[0], b: 1 };
let n = 0;
if (${test}) { n = 1; }
await sendEmail({ to: ['omar@northwind.test'], subject: String(n), body: 'x' });
return { n, t: ${test} };`));
  // …and refuses a forbidden key as a member access does, inside a try or not.
  for (const test of ["'constructor' in o", "'__proto__' in list"])
    it(`${test} is refused`, () =>
      holds(`const list = await listEmails({ folder: 'INBOX' });
const o = { a: list[0] };
let n = 0;
try { n = Number(${test}); } catch (err) { n = 2; }
return n + Number(${test});`));
});

describe('`===`, `!==`, `!x` and `typeof` read which value an operand is (the `shape` rule, §2a)', () => {
  // The reference labeled them with the deep labels of their operands, so `u === null` with `u` an
  // object holding an email's text carried the text's caps (UNTRUSTED_TEXT, EXTERNAL_CONTENT),
  // and a write it decided did too; the engine reads the operand's reference and structure.
  const plan = (test: string): string => `const e = await getEmail('m3');
let later = 'priya@northwind.test';
const o = { a: 1, b: 'x' };
const u = e.unread ? null : o;
o.b = e.from;
if (${test}) { later = 'omar@northwind.test'; }
await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' });
return ${test};`;
  for (const test of ['u === null', 'u !== null', '!u', "typeof u === 'object'", "typeof o.b === 'string'"])
    it(`${test} carries what decides it, not what the object holds`, () => holds(plan(test)));
  // …while a test that reads the text carries its caps, through a region that calls a function
  // value the analysis cannot name (`tick`, an opaque region) as through a plain write.
  for (const body of ['tick();', "later = 'omar@northwind.test';"])
    it(`a test on the text carries its caps into what the region decides: ${body}`, async () => {
      const r = await runBoth(
        `const e = await getEmail('m3');
let later = 'priya@northwind.test';
function counter() { let c0 = 0; return function () { c0 += 1; return c0; }; }
const tick = counter();
function setLater(a) { later = a; }
if (e.from.length > 3) { ${body} }
await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' });`,
        world,
        'minimal',
        'strict',
      );
      expect(discrepancies(r)).toEqual([]);
      expect(r.fast.calls[1]?.fields[0]?.caps).toEqual(expect.arrayContaining(['EXTERNAL_CONTENT', 'UNTRUSTED_TEXT']));
    });
});

/** Generated plans: 40 in `npm test` (each divergence above showed within 60), 1,000 in `npm run fuzz`. */
const programs = Number(process.env.REFERENCE_PROGRAMS ?? budget(40, 1000));
const seed = Number(process.env.REFERENCE_SEED ?? 20261128);
const input = { to: 'lena@partner.test' };

/** The engine alone over one world (the differential setting: minimalGate, no firewall). */
async function engine(plan: string, w: World) {
  const state = new WorldState(w);
  const contacts = state.contacts.map((c) => c.email);
  const s = sanitizerTools({ userAddresses: state.userAddresses, contacts, recipientPatterns: [], urlPatterns: [] });
  const tools = toolRegistry([...worldTools(state), s.verifyEmailAddress] as ToolSpec[]);
  return runPlan({ plan, tools, gate: minimalGate, input, userAddresses: state.userAddresses, contacts });
}

// Found by the two-worlds property at REFERENCE_SEED=5, 600 programs: a loop that runs only where
// m1's body lacks 'zed' calls `fin2`, whose `return` decided by a labeled argument is cancelled by
// its `finally`'s `break`. Where the loop ran, the send after it was gated under m1 (the call's
// exit taint raised the rest of the caller), where it did not, the send was allowed: the region
// not taken did not raise what the call could have raised. Now a region with a call that may
// hand back an exit taint keeps its context for the rest of the function whichever way it went
// (§3b).
describe('a region whose call may raise the rest of the function raises it when not taken (§3b)', () => {
  it('a call whose finally cancels a labeled return, in a loop the attacker decides', async () => {
    const plan = `const e = await getEmail('m1');
let o = { a: 1, b: 'x' };
let to = 'priya@northwind.test';
let n = 0;
const u = e.unread ? null : o;
function fin2(b) { for (const y of [1, 2, 3]) { try { if (b) { return y; } } finally { if (y === 2) { break; } } } return 0; }
for (let j = 0; ; j++) { if (j > 1 || e.body.includes('zed')) { break; } n = (u ^ n) % 1000; n = fin2(n > 2) + n; n = (u?.a ?? 0) + n; }
try { await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' }); } catch (err) { n = -1; }`;
    const other = mutateWorld(world, 9);
    expect(leakBetween(await engine(plan, world), await engine(plan, other))).toBeNull();
  });
  // The same, found by the differential property: the engine's send lacked the listing's item
  // that only the iterations calling fin2 carried.
  it('fin2 in a loop over a listing: the engine labels at least as the reference', () =>
    holds(`const e = await getEmail('m3');
const list = await listEmails({ folder: 'INBOX' });
const m = new Map([['a', 1], [e.subject, 2]]);
let o = { a: 1, b: 'x' };
let later = 'priya@northwind.test';
let s = 'plain';
let n = 0;
const u = e.unread ? null : o;
function fin2(b) { for (const y of [1, 2, 3]) { try { if (b) { return y; } } finally { if (y === 2) { break; } } } return 0; }
for (const { subject, unread } of list) { if (unread) { s = subject; } for (const x of list) { try { if (x.body.search(/w.d/g) >= 0) { continue; } n = fin2(typeof u?.a === 'number') + n; o.a++; } finally { if (n > 4) { break; } } } for (const [mk1, mv] of m) { { let g = () => 'priya@northwind.test'; for (const x of list) { if (x.subject.length > 10) { const a = x.subject; g = () => a; } } s = g(); } n = n + String(mk1).length + Number(mv); } }
try { await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' }); } catch (err) { n = -1; }`));
});

describe('the rest of the grammar, generated (grammarArb)', () => {
  it('every generated plan is a plan the front end accepts', () => {
    for (const plan of fc.sample(grammarArb, { numRuns: 30, seed }))
      expect(() =>
        compilePlan(plan, { mode: 'strict', toolNames: worldTools(new WorldState(world)).map((t) => t.name) }),
      ).not.toThrow();
  });

  it('the engine agrees with the reference and labels at least as restrictively', async () => {
    await fc.assert(
      fc.asyncProperty(grammarArb, async (plan) => {
        const d = discrepancies(await runBoth(plan, world, 'minimal', 'strict', input));
        if (d.length) throw new Error(`${d.join('\n')}\n--- plan ---\n${plan}`);
      }),
      { numRuns: programs, seed, endOnFailure: true },
    );
  }, 600_000);

  it('two worlds that differ only in untrusted content make the same trusted calls', async () => {
    await fc.assert(
      fc.asyncProperty(grammarArb, fc.integer({ min: 1, max: 1e9 }), async (plan, s) => {
        const leak = leakBetween(await engine(plan, world), await engine(plan, mutateWorld(world, s)));
        if (leak) throw new Error(`${leak}\n--- plan (seed ${s}) ---\n${plan}`);
      }),
      { numRuns: programs, seed, endOnFailure: true },
    );
  }, 600_000);
});
