/**
 * Round 19: the ideas that held, kept as properties. Listing loops and deciding choices over the
 * demo world (the attacker writes e33: its text, or its Date so that it comes first), in both modes:
 * the same allowed changes to other mail. The rest over the laundering world (the attacker writes
 * m1): each plan computes `v` from m1's text and then sends it in a trusted-looking call; two
 * versions of m1 make the same trusted calls (STRICT).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TEXT, E33_NEWEST, E33_QUIET, eachHeld, inDemo, quietEffects } from '../two-worlds';

const INBOX = "const xs = await listEmails({ folder: 'INBOX', limit: 50 });\n";
const E33 = "const a = await getEmail('e33');\n";

const DEMO_PLANS: Record<string, string> = {
  '5 a member target whose key reads the previous iteration': `${INBOX}const o = { k: 0 }; for (o[o.k === 1 ? 'y' : 'k'] of xs) { if (o.k === 0) await archiveEmail(xs[0].id); }`,
  '7 a g regex made outside the loop': `${INBOX}const re = /customs|Release/g; for (const x of xs) { if (re.test(x.body + ' ' + x.subject)) await archiveEmail(x.id); }`,
  '9 a container a function writes through its parameter': `${INBOX}const seen = []; function add(l) { l.push(1); } for (const x of xs) { if (seen.length > 0) await archiveEmail(x.id); if (x.body.includes('customs')) add(seen); }`,
  '10 a parameter default reads what the body carries': `${INBOX}let n = 0; const g = (p = n) => p; for (const x of xs) { if (g() === 1) await archiveEmail(x.id); if (x.body.includes('customs')) n = 1; }`,
  '11 an alias of a function that reads and writes': `${INBOX}let n = 0; async function f(x) { if (n === 1) await archiveEmail(x.id); if (x.body.includes('customs')) n = 1; } const h = f; for (const x of xs) await h(x);`,
  '12 a callback written in the body reads a flag': `${INBOX}let n = 0; for (const x of xs) { if ([n].map((v) => v)[0] === 1) await archiveEmail(x.id); if (x.body.includes('customs')) n = 1; }`,
  '13 forEach with a carried flag': `${INBOX}let n = 0; xs.forEach((x) => { if (n === 1) archiveEmail(x.id); if (x.body.includes('customs')) n = 1; });`,
  '14 an index loop with a carried flag': `${INBOX}let n = 0; for (let i = 0; i < xs.length; i++) { const x = xs[i]; if (n === 1) await archiveEmail(x.id); if (x.body.includes('customs')) n = 1; }`,
  '18 the right side of a && kept as data': `${E33}const r = a.body.includes('customs') && await archiveEmail('e01');`,
  '19 an arm of a ?: kept as data': `${E33}const r = a.body.includes('customs') ? await archiveEmail('e01') : 0;`,
  '20 an array pattern default that calls a tool': `${E33}const [, k = await archiveEmail('e01')] = a.body.split('customs');`,
  '21 a parameter default that calls a tool': `${E33}function f(k = archiveEmail('e01')) { return k; } await f(a.body.split('customs')[1]);`,
  '22 an optional call whose argument calls a tool': `${E33}const ms = a.body.match(/customs/); ms?.push(await archiveEmail('e01'));`,
  '26 a comparator that calls a tool': `${E33}const ws = a.body.split(' '); ws.sort((p, q) => { archiveEmail('e01'); return p < q ? -1 : 1; });`,
  '43 a function made in the first iteration, called after the loop': `${INBOX}let f = null; for (const x of xs) { if (f === null) f = () => x.id; } await archiveEmail(f());`,
  '44 the first id kept in a Map': `${INBOX}const m = new Map(); for (const x of xs) { if (!m.has('k')) m.set('k', x.id); } await archiveEmail(m.get('k'));`,
  '45 a listing spliced at an index the mail chose': `${INBOX}xs.splice(xs.findIndex((x) => x.body.includes('customs')) + 1, 1); for (const x of xs) await archiveEmail(x.id);`,
  '46 a call in a head’s computed member key': `${INBOX}const o = { x: null, n: 0 }; for (o[o.x === null ? 'x' : o.n++ === 0 ? (await archiveEmail(o.x.id), 'y') : 'y'] of xs) { }`,
  '33 a continue in a switch in a listing loop': `${INBOX}let n = 0; for (const x of xs) { switch (n) { case 1: continue; } await archiveEmail(x.id); if (x.body.includes('customs')) n = 1; }`,
};

describe('listing loops and deciding choices (demo world, both modes)', () => {
  for (const mode of ['strict', 'normal'] as const)
    for (const [name, plan] of Object.entries(DEMO_PLANS))
      it(`[${mode}] ${name}`, async () => {
        const runs = await Promise.all([DEMO_TEXT, E33_QUIET, E33_NEWEST].map((w) => inDemo(plan, w, mode)));
        for (const r of runs) expect(r.error?.kind, r.error?.fullMessage).not.toBe('PlanRejected');
        const [a, ...others] = runs.map(quietEffects);
        for (const o of others) expect(o, `LEAK: e33 changed what other mail underwent\n${plan}`).toEqual(a);
      });
});

/** NORMAL lets these pass by design (the choice's value goes on as data, §3 NORMAL); STRICT holds. */
const STRICT_ONLY: Record<string, string> = {
  '39 an optional chain whose receiver is a choice': `${E33}(a.body.includes('customs') && true ? [] : null)?.push(await archiveEmail('e01'));`,
  '40 a destructuring default chosen by a choice': `${E33}const { k = await archiveEmail('e01') } = a.body.includes('customs') && true ? {} : { k: 1 };`,
  '42 a listing spliced in a branch the mail decided': `${INBOX}if (xs[0].body.includes('customs')) xs.splice(1, 1); for (const x of xs) await archiveEmail(x.id);`,
  '41 a choice stored, then tested': `${E33}const r = (await (a.body.includes('customs') && true)) ? 1 : 0; if (r) await archiveEmail('e01');`,
};

describe('implicit flows NORMAL lets pass by design (demo world, STRICT)', () => {
  for (const [name, plan] of Object.entries(STRICT_ONLY))
    it(`[strict] ${name}`, async () => {
      const runs = await Promise.all([DEMO_TEXT, E33_QUIET, E33_NEWEST].map((w) => inDemo(plan, w, 'strict')));
      for (const r of runs) expect(r.status, r.error?.fullMessage).toBe('completed');
      expect(quietEffects(runs[1]!), `LEAK: e33 changed what other mail underwent\n${plan}`).toEqual(
        quietEffects(runs[0]!),
      );
    });
});

describe('values computed from the attacker’s text (laundering world, STRICT)', () => {
  eachHeld([
    // 27: a finally that returns over a throw m1 decided.
    'let v = 0; function f() { try { if (m.subject.length > 3) throw 1; v = 1; } finally { return 2; } } f();',
    // 28 (repeat, rounds 14 and 16): a g regex's lastIndex moved in a branch m1 decided.
    'const re = /Urgent/g; if (m.subject.length > 3) re.test("Urgent Urgent"); const v = re.test("Urgent");',
    // 29 (repeat, round 17 d12): a Map's order after a delete m1 decided.
    'const mp = new Map([["a", 1], ["b", 2]]); if (m.subject.length > 3) { mp.delete("a"); mp.set("a", 1); } const v = [...mp.keys()][0];',
    // 30: the key order of an object written in a branch m1 decided, read by JSON.stringify.
    'const o = {}; if (m.subject.length > 3) o.b = 1; o.a = 2; o.b = 3; const v = JSON.stringify(o);',
    // 31: a function made in an iteration m1 decided, called after the loop.
    'let f = () => 0; for (let i = 0; i < 3; i++) { if (m.subject.length > i) f = () => i; } const v = f();',
    // 34: an async function that returns early because of m1, awaited.
    'async function g() { if (m.subject.length > 3) return 1; await getEmail("m2"); return 2; } const r = await g(); const v = 5;',
    // 35: a built-in on m1's text that throws, caught.
    'let v = "ok"; try { v = new Date(m.subject).toISOString(); } catch (e) { v = "bad"; }',
    // 36: a break out of a try with a finally that writes.
    'let v = 0; for (const k of [1, 2]) { try { if (m.subject.length > 3) break; } finally { v = k; } }',
    // 37: a catch binding's label when the error names m1's text.
    'let v = 0; try { JSON.parse(m.subject); } catch (e) { v = e.message.length > 0 ? 1 : 2; }',
  ]);
});

describe('a limit reached because of the attacker’s text ends the run (termination is not a channel)', () => {
  it('32 a string past its limit inside a try cannot be caught', async () => {
    const { inLaundering, LAUNDERING } = await import('../two-worlds');
    const r = await inLaundering(
      'let v = 0; try { v = "x".repeat(m.subject.length * 1e8).length; } catch (e) { v = 1; }',
      LAUNDERING,
      'strict',
    );
    expect(r.status).toBe('limit');
    expect(r.calls.filter((c) => c.tool === 'sendEmail')).toEqual([]);
  });
});
