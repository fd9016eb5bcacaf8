/**
 * Red-team round 6, read from semantics.md and the compiler rather than from earlier rounds: the
 * rules themselves — a listing's per-item contexts, the branch-write rule's aliases, the
 * exception rule's operations that "cannot throw", early exits through `finally`, destructuring
 * defaults — attacked as noninterference. Two worlds differ only in what the attacker controls
 * (the text of their email, or its Date header, which decides where it sorts in a listing); what
 * a policy lets through on its own must be the same in both.
 *
 * Finding (closed): a loop over a listing runs each iteration under its own item's label (so that
 * `archiveEmail(x.id)` is self-scoped), unless the body "sees the order". The test for that was
 * syntactic and too narrow: a carried variable read through a function the body calls, a
 * container the body fills (`seen.push(x.id)` … `seen.length === 0`), or the world the body
 * changes and then reads (`archiveEmail`, then `getEmail`), the number of a claim an effect call
 * answered (`claim-2-…` only in the first iteration) all let the first iteration see "no
 * iteration before me" under its own item's label alone. Which item comes first is the listing's
 * order, and the attacker's Date header sets it: their email decided whether a colleague's mail
 * was archived without asking. So did an error that ends the loop early when a try (in the plan
 * or a caller) catches it. Fixed in listing-order.ts `listingOrder` (effects.ts `observes`) and, for
 * the try, at run time (runtime.embed.js `R.iter`: a body that may throw, with a try open).
 *
 * Finding (closed): after a tool call, the guest resumes in a callback of the host (the tool's
 * reply). A native stack overflow there — QuickJS's recursive JSON.parse of an email body nested
 * ten thousand deep — was an unhandled rejection: the process running the engine died (the CLI,
 * a test runner) instead of the run ending at a limit (§7, Bounded). Fixed in sandbox/quickjs.ts.
 *
 * Finding (open, `it.fails`): the world as a channel between runs, by what was NOT written. In
 * one run, an effect in a branch the attacker's email decided (taken or not) taints every later
 * read of the world (R.wt). Across runs only what was written is stored with its label: when the
 * branch was not taken, the next run reads an untouched world as trusted, so the attacker's email
 * decided, by not matching, that a later run's archive happens without asking.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_TEXT, E33_NEWEST, eachHeld, inDemo, inLaundering, LAUNDERING, quietEffects } from '../two-worlds';
import { loadWorld, simulate, type RunReport } from '../../../engine';
import { parseWorld, WorldState } from '../../../engine/world';

// ---- the demo world under the default policy: the attacker's email e33 ------------------------

const INBOX = "const xs = await listEmails({ folder: 'INBOX', limit: 50 });";

describe('red team round 6: the attacker’s place in a listing decides nothing about other mail', () => {
  const plans: readonly (readonly [string, string])[] = [
    // The control: the loop does not see the order in any form.
    [
      'the order seen in the body itself (control)',
      `${INBOX} let last = ''; for (const x of xs) { if (last === '') { await archiveEmail(x.id); } last = x.id; }`,
    ],
    [
      'a carried variable read through a closure',
      `${INBOX} let last = ''; const first = () => last === ''; for (const x of xs) { if (first()) { await archiveEmail(x.id); } last = x.id; }`,
    ],
    [
      'a counter read through a function declaration',
      `${INBOX} let n = 0; function first() { return n === 0; } for (const x of xs) { if (first()) { await archiveEmail(x.id); } n++; }`,
    ],
    [
      'a container the body fills',
      `${INBOX} const seen = []; for (const x of xs) { if (seen.length === 0) { await archiveEmail(x.id); } seen.push(x.id); }`,
    ],
    [
      'a Set the body fills',
      `${INBOX} const seen = new Set(); for (const x of xs) { if (seen.size === 0) { await markRead(x.id); } seen.add(x.id); }`,
    ],
    [
      'the world the body changed and then reads',
      `${INBOX} for (const x of xs) { const e = await getEmail('e47'); if (e.folder === 'INBOX') { await archiveEmail(x.id); } }`,
    ],
    [
      'the number of a claim an effect answered (it counts the calls before it)',
      `${INBOX} for (const x of xs) { const h = await archiveEmail('e01'); if (h.claimId !== undefined && h.claimId.startsWith('claim-2-')) { await markRead(x.id); } }`,
    ],
    // A throw leaves the loop early when a try around it catches it: only the first item ran.
    [
      'an error that ends the loop inside a try',
      `${INBOX} try { for (const x of xs) { if (x.id === 'e47') { await archiveEmail(x.id); } JSON.parse(x.subject); } } catch (e) { }`,
    ],
    [
      'an error that ends the loop inside a try in the caller',
      `${INBOX} async function each() { for (const x of xs) { await archiveEmail(x.id); x.subject.repeat(-1); } } try { await each(); } catch (e) { }`,
    ],
  ];
  for (const mode of ['strict', 'normal'] as const)
    for (const [what, plan] of plans)
      it(`[${mode}] ${what}`, async () => {
        const [a, b] = await Promise.all([inDemo(plan, DEMO_TEXT, mode), inDemo(plan, E33_NEWEST, mode)]);
        for (const r of [a, b]) expect(r.status, r.error?.fullMessage).toBe('completed');
        expect(quietEffects(a), 'LEAK: the attacker’s Date header decided an effect on other mail').toEqual(
          quietEffects(b),
        );
      });

  // Ordinary triage stays self-scoped: each email decides only its own archiving.
  it.each(['strict', 'normal'] as const)('[%s] a triage loop still archives each email on its own', async (mode) => {
    const plan = `${INBOX} const isBad = (e) => e.subject.includes('Shipping') || e.subject.includes('Release'); for (const x of xs) { if (isBad(x)) { await archiveEmail(x.id); await markRead(x.id); } }`;
    for (const text of [DEMO_TEXT, E33_NEWEST]) {
      const r = await inDemo(plan, text, mode);
      const organised = r.calls.filter((c) => c.tool === 'archiveEmail' || c.tool === 'markRead');
      expect(organised.map((c) => c.args.id).sort()).toEqual(['e01', 'e01', 'e33', 'e33']);
      expect(organised.every((c) => c.decision === 'allow' && c.rule === 'organize/self-scoped')).toBe(true);
    }
  });
});

describe('red team round 6: what a run did not write, read by the next run', () => {
  const write = `const e = await getEmail('e33'); if (e.subject.includes('Shipping')) { await createEvent({ title: 'Hold', start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' }); }`;
  const read = `const busy = await getFreeBusy({ from: '2026-03-30T00:00:00Z', to: '2026-03-31T00:00:00Z' }); if (busy.length === 0) { await archiveEmail('e01'); }`;
  const OTHER = DEMO_TEXT.replace("subject: 'Shipping update: action required'", "subject: 'Hello'");
  const quietAfter = async (text: string, runs: readonly string[]): Promise<string[]> => {
    let world = loadWorld(text, DEMO);
    let last: RunReport | null = null;
    for (const plan of runs) {
      const r = await simulate({ plan, world, mode: 'strict' });
      last = r.report;
      const stored = parseWorld(JSON.stringify(r.world), 'after-run.json');
      if (!stored.ok) throw new Error(JSON.stringify(stored.errors));
      world = new WorldState(stored.world);
    }
    return quietEffects(last!);
  };

  it('in one run, the branch not taken still decides (control)', async () => {
    const one = [`${write}\n${read}`];
    expect(await quietAfter(DEMO_TEXT, one)).toEqual(await quietAfter(OTHER, one));
  });

  // OPEN: only written items keep a label across runs (engine/world `written`); the run's
  // "effects may have happened under this context" (runtime R.wt) is not stored, so the next run
  // cannot tell an untouched world from one the attacker's email chose to leave untouched.
  it.fails('across runs, the branch not taken decides nothing either', async () => {
    expect(await quietAfter(DEMO_TEXT, [write, read])).toEqual(await quietAfter(OTHER, [write, read]));
  });
});

// ---- the laundering world: the attacker's email m1, everything else trusted --------------------

/**
 * Attempts that held: each plan ends with `v`, which the harness sends in a trusted-looking call.
 * Kept so that they stay held. (STRICT: each flows through a branch, an alias, an exception or
 * an early exit, which NORMAL lets pass by design.)
 */
const HELD: readonly string[] = [
  // A write in a branch not taken, through a function it calls (named, passed, returned, reassigned).
  `let c = 'a'; function setB() { c = 'b'; } if (m.body.length > 10) { setB(); } const v = c;`,
  `let c = 'a'; function setB() { c = 'b'; } function call(f) { f(); } if (m.body.length > 10) { call(setB); } const v = c;`,
  `let c = 'a'; function setB() { c = 'b'; } function pick() { return setB; } if (m.body.length > 10) { pick()(); } const v = c;`,
  `let c = 'a'; function setB() { c = 'b'; } let h = () => 0; h = setB; if (m.body.length > 10) { h(); } const v = c;`,
  // A write in a branch not taken, through an alias any built-in may hand back.
  `const xs = [1, 2]; if (m.body.length > 10) { [xs][0].reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { Object.values({ a: xs })[0].reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { new Map([['k', xs]]).get('k').reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { [[xs]].flat()[0].reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { [xs].reduce((a, b) => b, 0).reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { [...new Set([xs])][0].reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { [0].map(() => xs)[0].reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { ({ ...{ a: xs } }).a.reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; if (m.body.length > 10) { [xs].splice(0, 1)[0].reverse(); } const v = xs[0];`,
  `const xs = [1, 2]; const es = Object.entries({ k: xs }); if (m.body.length > 10) { es[0][1].reverse(); } const v = xs[0];`,
  `const o = { inner: [] }; const alias = o.inner; if (m.body.length > 10) { o.inner.push(1); } const v = alias.length;`,
  `const xs = []; const g = () => xs; if (m.body.length > 10) { g().push(1); } const v = xs.length;`,
  `const rs = [/a/g]; if (m.body.length > 10) { rs[0].test('a'); } const v = rs[0].test('a');`,
  // Array holes: how many times a callback runs.
  `const xs = []; xs[m.body.length % 3] = 1; xs[2] = 2; let c = 0; xs.forEach(() => { c = c + 1; }); const v = c;`,
  // Spreads and keys that overwrite a trusted one; integer keys that sort first.
  `const p = { to: 'me', ...JSON.parse(m.body.match(/\\{.*\\}/)[0]) }; const v = p.to;`,
  `const o = Object.fromEntries([['U', 'good'], [m.subject[0], 'evil']]); const v = o.U === 'good';`,
  `const o = {}; o[m.subject.slice(0, 1) === 'U' ? '1' : 'z'] = 1; o.b = 2; const v = Object.keys(o)[0];`,
  // Exceptions: a null chosen by the email; finally, break and continue overriding a throw or return.
  `let v = 0; try { const o = m.body.length > 10 ? null : {}; o.x; v = 1; } catch (e) { v = 2; }`,
  `let v = 'a'; for (const i of [1]) { try { if (m.body.length > 10) { throw 1; } } finally { break; } } v = 'b';`,
  `let v = 'a'; for (const i of [1, 2]) { try { if (m.body.length > 10) { throw 1; } } finally { continue; } } v = 'b';`,
  `let v = 'a'; function f() { for (const i of [1]) { try { if (m.body.length > 10) { return 'r'; } } finally { break; } } return 'n'; } v = f();`,
  `let v = 'a'; function f() { try { if (m.body.length > 10) { throw 1; } } finally { return 'fin'; } } f(); v = 'b';`,
  `let v = 'a'; function f() { try { if (m.body.length > 10) { return 1; } } finally { v = 'f'; } v = 'after'; return 2; } f();`,
  `let v = 'a'; try { try { if (m.body.length > 10) { throw 1; } } catch (e) { throw 2; } } catch (e) { } v = 'b';`,
  `let v = 'a'; async function g(s) { if (s) { throw 1; } return 2; } try { await g(m.body.length > 10); } catch (e) { } v = 'b';`,
  // Early exits that leave loops; a switch case chosen by the email.
  `let v = 'a'; let n = 0; while (true) { n = n + 1; if (n > 2) { break; } if (m.body.length > 10) { continue; } v = 'c'; }`,
  `let v = 'a'; switch (1) { case (m.body.length > 10 ? 1 : 2): v = 'one'; break; default: v = 'other'; }`,
  `let v = 'a'; function f(x) { if (x) { return; } v = 'b'; } f(m.body.length > 10);`,
  // Defaults chosen by the email's JSON.
  `let v = 'a'; function f({ a = 1 } = {}) { return a; } v = f(JSON.parse(m.body.match(/\\{.*\\}/)[0]));`,
  `const { n = 5 } = JSON.parse(m.body.match(/\\{.*\\}/)[0]); const v = n;`,
  `const [x = 'dflt'] = m.subject.split('Urgent'); const v = x;`,
];

describe('red team round 6: attempts that held (two versions of the attacker’s email, same trusted calls)', () => {
  eachHeld(HELD);
});

describe('red team round 6: an email nested deeper than the host’s stack', () => {
  it('ends the run at a limit after a tool call, and the next run works', async () => {
    const deep = LAUNDERING.replace(/body: 'zed@attacker\.test needs[^\n]*/, `body: '${'['.repeat(12000)}'`);
    const r = await inLaundering('let v = 0; try { JSON.parse(m.body); } catch (e) { v = 1; }', deep, 'strict');
    expect(r.status, r.error?.fullMessage).toBe('limit');
    expect(r.calls.filter((c) => c.tool === 'sendEmail')).toEqual([]);
    const next = await inLaundering('const v = 1;', LAUNDERING, 'strict');
    expect(next.status, next.error?.fullMessage).toBe('completed');
  });
});
