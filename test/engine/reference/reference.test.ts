/**
 * The reference monitor on its own: the rules it states (branches not taken, exceptions as
 * control flow, abrupt completion), its precision rules compared with the plain generic lift,
 * and generated programs over the whole grammar run by the engine and by it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinLabels, minimalGate, toolRegistry, type ToolSpec } from '../../../engine';
import { deepLabel } from '../../../engine/ifc/labeled-value';
import { LABEL_RULES } from '../../../engine/plan/builtins';
import { referenceRun, type ReferenceReport } from '../../../engine/reference';
import { RULES } from '../../../engine/reference/builtins';
import { sanitizerTools } from '../../../engine/sanitizers';
import { WorldState, worldTools, type World } from '../../../engine/world';
import { discrepancies, loadWorldFile, runBoth, weaker } from './differential';
import { programArb } from './programs';
import { regionLocalArb } from '../../security/noninterference/region-locals';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');

async function reference(plan: string, w: World = world, precise = true): Promise<ReferenceReport> {
  const state = new WorldState(w);
  const contacts = state.contacts.map((c) => c.email);
  const s = sanitizerTools({ userAddresses: state.userAddresses, contacts, recipientPatterns: [], urlPatterns: [] });
  const tools = toolRegistry([...worldTools(state), s.verifyEmailAddress] as ToolSpec[]);
  return referenceRun({ plan, tools, gate: minimalGate, userAddresses: state.userAddresses, contacts, precise });
}

const holdsBoth = async (plan: string): Promise<void> => {
  expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
};

const untrustedSend = async (plan: string): Promise<boolean> => {
  const r = await reference(plan);
  const send = r.calls.find((c) => c.tool === 'sendEmail');
  return send?.decision === 'deny';
};

describe('the reference monitor states the rules of docs/semantics.md', () => {
  it('a branch not taken still taints what it would have written', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
let to = 'omar@northwind.test';
if (m.body.includes('no such text')) { to = 'priya@northwind.test'; }
await sendEmail({ to: [to], subject: 'x', body: 'y' });`),
    ).toBe(true);
  });

  it('an alias made in a branch not taken exposes the container it names', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
const xs = [];
let t = [];
if (m.body.includes('no such text')) { t = xs || []; }
t.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: String(xs.length), body: 'y' });`),
    ).toBe(true);
  });

  it('a container a branch only converts to a fresh value is read, not exposed', async () => {
    const plan = (converts: string): string => `const m = await getEmail('m1');
const xs = [1, 2];
if (m.body.includes('no such text')) { ${converts}; }
await sendEmail({ to: ['omar@northwind.test'], subject: String(xs.length), body: 'y' });`;
    for (const reads of [
      'const q = +xs + `${xs}`',
      'const q = JSON.parse(JSON.stringify(xs)).length',
      'const q = Math.max(xs < 3, String(xs).length)',
      'const q = (xs || []).length + (m ? xs : []).length',
      'const q = [...new Set(xs)]; q.push(3)',
      'const q = new Map([[1, xs]]).size + [xs, [xs]].length',
    ])
      expect(await untrustedSend(plan(reads))).toBe(false);
    // …while a value that could still hold the container, or a write through a choice, exposes it.
    for (const exposes of [
      'const q = Object.values({ xs }); q[0].push(3)',
      '(m.x || xs).push(3)',
      '(0, xs)[0] = 3',
      'const q = [...[xs]]; q[0].push(3)',
    ])
      expect(await untrustedSend(plan(exposes))).toBe(true);
  });

  it('a call after an operation that may throw in the same try runs under its inputs', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
try { JSON.parse(String(m.body.length)); await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' }); } catch (e) { }`),
    ).toBe(true);
  });

  it('an operator that throws because of what its operands are decides what follows it in a try', async () => {
    // `in` refuses a container key and a right side that is no array or plain object (as the engine).
    for (const [expr, throws, runs] of [
      ['k in { a: 1 }', '[1]', "'a'"],
      ["'a' in k", '5', '{ a: 1 }'],
      ["'a' in k", "'abc'", '[1]'],
      ['k + 1', 'f', '1'],
    ])
      for (const [x, y] of [
        [throws, runs],
        [runs, throws],
      ]) {
        const plan = `const m = await getEmail('m1');
const f = () => 1;
const k = m.unread ? ${x} : ${y};
let n = 0;
try { const q = ${expr}; n = 1; } catch (err) { }
return n;`;
        const r = await reference(plan);
        expect(r.resultLabel!.sources, plan).toContain('tool:getEmail:m1');
        await holdsBoth(plan);
      }
  });

  // docs/semantics.md §3, listings: a loop that writes into a container outliving the iteration
  // sees the order; this one also calls a tool, so which email is archived depends on which came
  // first, and the call runs under the whole listing (as in the engine).
  it('a loop over a listing that writes into a container outliving the iteration sees the order', async () => {
    const r = await reference(`const list = await listEmails({ folder: 'INBOX' });
const out = [];
for (const x of list) { if (out.length === 0) { out.push(x.id); await archiveEmail(x.id); } }`);
    const archive = r.calls.find((c) => c.tool === 'archiveEmail')!;
    expect(archive.context.sources.filter((s) => s.endsWith('#listed')).length).toBeGreaterThan(1);
  });

  // …and one that only gathers (no call, no await, no early exit) runs each iteration under its
  // own item, but what it wrote names the whole listing when it ends, in NORMAL too; one whose
  // body may throw while a `try` is open, or that reads a carried variable through a function it
  // calls, runs under the whole listing.
  it('a loop that gathers hands the whole listing to what it wrote; one in an open try is ordered', async () => {
    const listed = (c: ReferenceReport['calls'][number]): number =>
      joinLabels(c.context, deepLabel(c.named.id!)).sources.filter((s) => s.endsWith('#listed')).length;
    const gathers = `const list = await listEmails({ folder: 'INBOX' });
const out = [];
for (const x of list) { if (out.length === 0) { out.push(x.id); } }
await archiveEmail(out[0]);`;
    const inTry = `const list = await listEmails({ folder: 'INBOX' });
try { for (const x of list) { if (x.unread) { await archiveEmail(x.id); } JSON.parse(x.subject); } } catch (err) { }`;
    const closure = `const list = await listEmails({ folder: 'INBOX' });
let last = '';
const first = () => last === '';
for (const x of list) { if (first()) { await archiveEmail(x.id); } last = x.id; }`;
    for (const mode of ['strict', 'normal'] as const) {
      const state = new WorldState(world);
      const contacts = state.contacts.map((c) => c.email);
      const tools = toolRegistry(worldTools(state) as ToolSpec[]);
      const run = (plan: string) =>
        referenceRun({ plan, tools, gate: minimalGate, userAddresses: state.userAddresses, contacts, mode });
      const g = (await run(gathers)).calls.find((c) => c.tool === 'archiveEmail')!;
      expect(listed(g), mode).toBeGreaterThan(1);
      for (const plan of [inTry, closure]) {
        const t = (await run(plan)).calls.find((c) => c.tool === 'archiveEmail')!;
        expect(t.context.sources.filter((s) => s.endsWith('#listed')).length, `${mode} ${plan}`).toBeGreaterThan(1);
      }
      for (const plan of [gathers, inTry, closure])
        expect(discrepancies(await runBoth(plan, world, 'minimal', mode)), plan).toEqual([]);
    }
  });

  it('a circular result fails the run as in the engine (test/security/escape/plans/069), and never throws', async () => {
    const plan = `const m = await getEmail('m1');
const a = [m.subject];
a.push(a);
return a;`;
    const r = await reference(plan);
    expect([r.status, r.error?.kind]).toEqual(['failed', 'RuntimeError']);
    expect(r.error!.label.sources).toContain('tool:getEmail:m1');
    await holdsBoth(plan);
  });

  it('a tool call awaited in a try it was not made in joins what decided whether it fails', async () => {
    for (const awaited of ['p', '[p][0]', 'new Map([[1, p]]).get(1)']) {
      const plan = `const m = await getEmail('m1');
const p = getEmail(m.body.length > 10 ? 'm2' : 'nope');
let v = 'a';
try { await ${awaited}; v = 'ok'; } catch (e) { v = 'err'; }
return v;`;
      const r = await reference(plan);
      expect(r.result, awaited).toBe('ok');
      expect(r.resultLabel!.sources, awaited).toContain('tool:getEmail:m1');
      await holdsBoth(plan);
    }
  });

  it('a read before its declaration ends the run: no catch sees it', async () => {
    const plan = `let v = 'a';
function f() { return t; }
try { v = f(); } catch (e) { v = 'caught'; }
const t = 1;
return v;`;
    const r = await reference(plan);
    expect(r.status).toBe('failed');
    expect(r.error?.message).toBe('t is not initialized');
    await holdsBoth(plan);
  });

  it('what follows a try runs under what it could have thrown because of, to the end of the region around it', async () => {
    const plan = `const m = await getEmail('m1');
const c = (await searchContacts('Omar'))[0];
let v = 'a';
if (c.email.length > 3) { try { JSON.parse(m.subject); } catch (e) { } v = 'in'; }
await sendEmail({ to: ['omar@northwind.test'], subject: v, body: 'x' });`;
    const r = await reference(plan);
    expect(deepLabel(r.calls[2]!.named.subject!).sources).toContain('tool:getEmail:m1');
    expect(r.calls[2]!.context.sources).not.toContain('tool:getEmail:m1');
    await holdsBoth(plan);
  });

  it('a conditional return taints the rest of the caller', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
function f() { if (m.body.includes('zed')) { return 1; } return 2; }
f();
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' });`),
    ).toBe(true);
  });

  it('a trusted flow stays trusted', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
const n = m.body.length;
await sendEmail({ to: ['omar@northwind.test'], subject: 'fixed', body: 'text' });`),
    ).toBe(false);
  });

  it('a container that holds itself, and a key __proto__ from JSON.parse, go through built-ins as in JavaScript', () =>
    holdsBoth(`const s = new Set(); s.add(s);
const m = new Map(); m.set(m, 'k');
const o = JSON.parse('{"__proto__": "p", "a": "b"}');
const v = [s.has(s), m.get(m), JSON.stringify(o), Object.keys(o)];
await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });`));
});

/** The result label's sources, as the reference gives them. */
const resultSources = async (plan: string): Promise<readonly string[]> => (await reference(plan)).resultLabel!.sources;
const contentOfListed = (sources: readonly string[]): string[] =>
  sources.filter((s) => s.startsWith('tool:listEmails:') && !s.endsWith('#listed'));

describe('the reference upgrades what a region could change, not what it only reads (§3b)', () => {
  // Each of these made the reference coarser than the rule it states, so the differential test
  // failed on plans where the engine was right; each also keeps what the rule must upgrade.
  it("a loop's iterable is read before the loop's region opens", async () => {
    const plan = `const list = await listEmails({ folder: 'INBOX' });
for (const x of list) { if (x.body.includes('zed')) { break; } }
return list.length;`;
    expect(contentOfListed(await resultSources(plan))).toEqual([]);
    await holdsBoth(plan);
  });

  it('a field read in a ?: arm does not upgrade the item holding it', async () => {
    const plan = `const list = await listEmails({ folder: 'INBOX' });
const m = await getEmail('m1');
const s = list[0];
const t = m.body.includes('zed') ? s.subject : 'none';
return s.id;`;
    expect(await resultSources(plan)).not.toContain('tool:getEmail:m1');
    await holdsBoth(plan);
  });

  it('a method that only answers (some) leaves its receiver as it was; one that hands parts back does not', async () => {
    const reads = `const list = await listEmails({ folder: 'INBOX' });
let n = 0;
while (n < 2 && list.some((x) => x.body.includes('widget'))) { n++; }
return list.length;`;
    expect(contentOfListed(await resultSources(reads))).toEqual([]);
    await holdsBoth(reads);
    const hands = `const m = await getEmail('m1');
const xs = [[1]];
let t = [];
if (m.body.includes('zed')) { t = xs.find((x) => x.length > 0); }
t.push(2);
return xs[0].length;`;
    expect(await resultSources(hands)).toContain('tool:getEmail:m1');
  });

  it("a callback's writes through its parameter reach the receiver's elements", async () => {
    const plan = `const m = await getEmail('m1');
const xs = [[1], [2]];
if (m.body.includes('zed')) { xs.forEach((x) => { x.push(3); }); }
return xs[0].length;`;
    expect(await resultSources(plan)).toContain('tool:getEmail:m1');
    await holdsBoth(plan);
  });

  it("a callback's writes through its parameter reach the receiver's elements in a branch not taken", async () => {
    for (const receiver of ['xs', 'xs.slice(0, 1)']) {
      const plan = `const m = await getEmail('m1');
const xs = [[1], [2]];
if (m.body.includes('nothing-like-this')) { ${receiver}.forEach((x) => { x.push(3); }); }
return xs[0].length;`;
      expect(await resultSources(plan), receiver).toContain('tool:getEmail:m1');
      await holdsBoth(plan);
    }
  });

  it("a callback's own variables and other plan functions' writes are not the region's", async () => {
    const plan = `const m = await getEmail('m1');
let n = 0;
async function subjectOf(id) { const x = await getEmail(id); return x.subject; }
if (m.body.includes('zed')) { await subjectOf('m2'); }
[1, 2].forEach((x) => { n = n + x; });
return n;`;
    expect(await resultSources(plan)).not.toContain('tool:getEmail:m1');
    await holdsBoth(plan);
  });

  it('a call that may return early, in a region, raises the rest of the caller with the region (round 21)', async () => {
    // Whether the region ran decides whether the rest carries the call's exit taint, so the rest
    // runs under the region's label whichever way it went (red team round 21, finding 1), even
    // where the return was decided only by why the function was called.
    const plan = `const m = await getEmail('m1');
function pick(b, a, d) { if (b) { return a; } return d; }
let to = 'x';
if (m.from.endsWith('attacker.test>')) { to = pick(true, 'a', to); }
await sendEmail({ to: ['omar@northwind.test'], subject: 's', body: 'Text.' });`;
    // The send runs under why the region ran (m1) — a region with a call that may return early
    // keeps its context for the rest of the function, run or not (§3b) — and under nothing more.
    const send = (await reference(plan)).calls.find((c) => c.tool === 'sendEmail');
    expect(send?.context.sources).toEqual(['tool:getEmail:m1']);
    await holdsBoth(plan);
  });

  it('a conditional return taints the rest of the caller with what decided it, not why it was called', async () => {
    // What decided its return (m3) lasts; why `early` ran at all (the loop's order and its
    // `continue`) lasts too, since the call's exit taint is picked up only where it ran (red team
    // round 21, finding 1). The skipped write is seen through both.
    const plan = `const e = await getEmail('m3');
const list = await listEmails({ folder: 'INBOX' });
const g = { x: 'a' };
function early(b) { if (b) { return true; } g.x = 'b'; return false; }
for (const x of list) { if (x.from.endsWith('attacker.test>')) { continue; } early(e.subject.length > 10); }
await labelEmail(e.id, 'seen');
await createDraft({ to: ['priya@northwind.test'], subject: g.x, body: 'Text.' });`;
    const r = await reference(plan);
    const label = r.calls.find((c) => c.tool === 'labelEmail');
    const wrote = r.calls.find((c) => c.tool === 'createDraft');
    expect(label!.context.sources).toContain('tool:getEmail:m3');
    expect(label!.context.sources.some((x) => x.startsWith('tool:listEmails:'))).toBe(true);
    const seen = joinLabels(wrote!.context, ...Object.values(wrote!.named).map(deepLabel)).sources;
    expect(seen).toContain('tool:getEmail:m3');
    expect(seen.filter((x) => x.startsWith('tool:listEmails:')).length).toBeGreaterThan(0);
    await holdsBoth(plan);
  });

  it("a callback's region runs under the answers only when they decide which calls come next", async () => {
    // filter calls back once per element whatever it answers: naming `list` inside reads its
    // items' flags into the answers, not into what the callbacks could have changed.
    const every = `const list = await listEmails({ folder: 'INBOX' });
[3, 1, 2].filter((x) => x > list.filter((y) => y.unread).length);
return list.length;`;
    expect(contentOfListed(await resultSources(every))).toEqual([]);
    await holdsBoth(every);
    // find stops at the first yes: how many pushes ran depends on the answers.
    const stops = `const m = await getEmail('m1');
const g = [];
[1, 2, 3].find((x) => { g.push(x); return m.body.includes('zed'); });
return g.length;`;
    expect(await resultSources(stops)).toContain('tool:getEmail:m1');
    await holdsBoth(stops);
  });

  it('typeof, !, === and !== answer for every value: in a try they decide nothing about what follows', async () => {
    const plan = `const m = await getEmail('m1');
const s = m.body;
let n = 0;
try { n = typeof s; n = !s; n = s === 'a'; n = s !== 'b'; } catch (err) { n = 1; }
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' });
return n;`;
    const r = await reference(plan);
    expect(r.calls.find((c) => c.tool === 'sendEmail')!.context.sources).toEqual([]);
    expect(r.resultLabel!.sources).toContain('tool:getEmail:m1');
    await holdsBoth(plan);
  });
});

/** Plans over labeled arrays, Maps and Sets through every method the precision rules cover. */
const methodPlan = fc
  .tuple(
    fc.constantFrom(
      'xs.map((x) => x.length)',
      'xs.filter((x) => x.length > 3)',
      'xs.find((x) => x.includes("@"))',
      'xs.findIndex((x) => x.length > 5)',
      'xs.some((x) => x === "a")',
      'xs.every((x) => x.length > 0)',
      'xs.flatMap((x) => [x, x])',
      'xs.reduce((a, x) => a + x.length, 0)',
      'xs.toSorted((a, b) => a.length - b.length)',
      'xs.slice(1)',
      'xs.concat(["z"])',
      'xs.at(-1)',
      '[...xs.keys()]',
      '(xs.reverse(), xs)',
      '(xs.push("q"), xs)',
      '(xs.shift(), xs)',
      '(xs.splice(1, 1), xs)',
      '[...new Map([["k", c.email]]).set(m.subject, m.from).keys()]',
      'new Map([[m.subject, 1]]).set("j", c.email).has("j")',
      'new Map([["k", m.from]]).set("k", c.email).get("k")',
      '[...new Set(["a", c.email]).add(m.from)]',
      'new Map([["k", m.from], [c.email, xs]]).get("k")',
      'new Map([[1, xs], [m.subject, 2]]).size',
      '[...new Set(xs)]',
      'Object.keys({ a: m.subject, b: xs })',
      '(xs.push(m.from, c.email), xs.length)',
      '(xs.unshift(m.subject), xs)',
      '(xs.splice(1, 1, m.from), xs.length)',
    ),
    fc.constantFrom('m1', 'm2', 'm3'),
  )
  .map(
    ([call, id]) => `const m = await getEmail('${id}');
const c = (await searchContacts('Omar'))[0];
const xs = [m.subject, 'a', c.email, m.from, 'bcdef'];
return ${call};`,
  );

describe('the precision rules (what a built-in only moves, one entry written) against the plain generic lift', () => {
  it("are exactly the rules the engine's one table names (engine/plan/builtins.ts LABEL_RULES)", () => {
    // A rule the table names that the reference does not read, or one it reads that no built-in
    // uses any more, fails here.
    expect(Object.keys(RULES).sort()).toEqual([...new Set(Object.values(LABEL_RULES))].sort());
  });

  it('gives the same value and a label no less precise, never more restrictive than the lift', async () => {
    await fc.assert(
      fc.asyncProperty(methodPlan, async (plan) => {
        const precise = await reference(plan, world, true);
        const generic = await reference(plan, world, false);
        expect(precise.result).toEqual(generic.result);
        // The generic lift is at least as restrictive: the rule only removes what was not read.
        expect(weaker(generic.resultLabel!, precise.resultLabel!)).toBeNull();
      }),
      { numRuns: 40, seed: 20261127 },
    );
  }, 120_000);
});

describe('a write that changes nothing still happened under the context', () => {
  // Adding a key a Set has, setting a Map entry to the value it holds, deleting a key that is not
  // there, sorting a sorted array: the structure takes the context all the same (that nothing
  // changed depends on it too), in both modes of the lift, as in the engine.
  const plan = `const m = await getEmail('m1');
const st = new Set(['a']);
const mp = new Map([['k', 1]]);
const xs = [1, 2, 3];
function touch() { st.add('a'); mp.set('k', 1); st.delete('z'); xs.sort(); }
const f = m.body.includes('no such text') ? touch : touch;
f();
return [st.size, mp.size, xs.length];`;
  for (const precise of [true, false])
    it(`labels the structure written (${precise ? 'precision rules' : 'plain lift'})`, async () => {
      const r = await reference(plan, world, precise);
      expect(r.resultLabel!.untrusted).not.toEqual([]);
    });
  it('the engine labels it at least as restrictively', () => holdsBoth(plan));
});

describe('the differential harness', () => {
  it('gives each run a fresh world: what one run writes, no later run sees', async () => {
    const before = structuredClone(world);
    const plan = `const ev = await createEvent({ title: 'T', start: '2026-03-20T10:00:00Z', end: '2026-03-20T11:00:00Z' });
const d = await createDraft({ to: ['omar@northwind.test'], subject: 's', body: 'b' });
await archiveEmail('m1');
return [ev.id, d.id];`;
    const first = await runBoth(plan, world, 'default', 'strict');
    const second = await runBoth(plan, world, 'default', 'strict');
    expect(world).toEqual(before);
    // The same new ids every time: no run saw what another one created.
    expect(first.fast.result).toEqual(['ev-new-1', 'draft-1']);
    expect([first.ref.result, second.fast.result, second.ref.result]).toEqual([
      first.fast.result,
      first.fast.result,
      first.fast.result,
    ]);
  });
});

describe('differential: programs generated over the whole grammar (fixed seed)', () => {
  // `npm run fuzz` runs it long (FUZZ_MODE=differential); REFERENCE_SEED and REFERENCE_PROGRAMS
  // run other programs here (`REFERENCE_SEED=7 REFERENCE_PROGRAMS=400`).
  it('the engine agrees with the reference and labels at least as restrictively', async () => {
    await fc.assert(
      fc.asyncProperty(programArb, async (plan) => {
        const d = discrepancies(await runBoth(plan, world, 'minimal', 'strict', { to: 'lena@partner.test' }));
        if (d.length) throw new Error(`${d.join('\n')}\n--- plan ---\n${plan}`);
      }),
      {
        numRuns: Number(process.env.REFERENCE_PROGRAMS ?? 200),
        seed: Number(process.env.REFERENCE_SEED ?? 20261127),
        endOnFailure: true,
      },
    );
  }, 300_000);
});

describe('differential: names declared inside a region, leaving it by every exit (generated)', () => {
  // A `let`/`const` is bound without the context (docs/semantics.md §3, declarations); both
  // sides bind it so, and every way out still carries the region's condition.
  it('the engine agrees with the reference and labels at least as restrictively', async () => {
    await fc.assert(
      fc.asyncProperty(regionLocalArb, async (plan) => {
        const d = discrepancies(await runBoth(plan, world, 'minimal', 'strict', { to: 'lena@partner.test' }));
        if (d.length) throw new Error(`${d.join('\n')}\n--- plan ---\n${plan}`);
      }),
      { numRuns: Number(process.env.REFERENCE_PROGRAMS ?? 60), seed: 20261127, endOnFailure: true },
    );
  }, 300_000);
});
