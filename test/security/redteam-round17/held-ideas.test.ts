/**
 * Round 17: the ideas that held, kept as properties over the laundering world (the attacker
 * writes m1). Each plan computes `v` from m1 and then makes a trusted-looking send of it (or
 * sends a fixed text after code m1's text steered). Three properties: the engine labels every
 * call at least as restrictively as the reference monitor (both modes); the fast paths on and
 * off give the same report; and worlds that differ only in m1's text make the same trusted
 * calls (STRICT; up to where one run stopped: termination is out of scope). A second table runs
 * plans that use m1's subject as a key, a pattern, a number or a date over subjects chosen to
 * hit the runtime's special cases (`__proto__`, `constructor`, `toString`, `length`, numbers;
 * six in `npm test`, all under `npm run fuzz`). Both tables held on the engine as it was.
 */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../../engine';
import { discrepancies, loadWorldFile, runBoth } from '../../engine/reference/differential';
import { grid } from '../../setup/budget';
import { inLaunderingWorld, LAUNDERING, LAUNDERING_OTHER, shownRun, trustedView } from '../two-worlds';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
/** The trusted calls two runs both made (all of them when both ended alike). */
function sameTrusted(a: RunReport, b: RunReport, plan: string): void {
  const [ta, tb] = [trustedView(a), trustedView(b)];
  const n = a.status === b.status ? Math.max(ta.length, tb.length) : Math.min(ta.length, tb.length);
  expect(ta.slice(0, n), `LEAK: a trusted call the attacker’s text changed\n${plan}`).toEqual(tb.slice(0, n));
}

const SEND = "\nawait sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });";
const HELD: readonly (readonly [string, string])[] = [
  ['d01-error-message', 'let v = "ok"; try { JSON.parse(m.body); } catch (e) { v = "bad"; }'],
  ['d02-error-after', 'let v = 0; try { const o = JSON.parse(m.body); v = 1; } catch (e) { }'],
  [
    'd03-sort-throw',
    'let v = 0; try { [3, 1, 2].sort((a, b) => { if (m.body.length > 20) { JSON.parse("{"); } return a - b; }); v = 1; } catch (e) { v = 2; }',
  ],
  [
    'd04-keyed-count',
    'const counts = {}; for (const w of m.subject.split(" ")) { counts[w] = (counts[w] || 0) + 1; } const v = Object.keys(counts).length;',
  ],
  ['d05-split-read', 'const v = m.subject.split(":")[0] === "Urgent" ? 1 : 0;'],
  [
    'd06-search-loop',
    'let v = false; const words = ["zed", "Urgent", "b"]; const t = m.subject; for (const w of words) if (t.includes(w)) { v = true; break; }',
  ],
  [
    'd07-collect',
    'const out = []; for (const w of m.subject.split(" ")) if (w.length > 3) out.push(w.toLowerCase()); const v = out.length > 0;',
  ],
  ['d08-has', 'const s = new Set(); if (m.subject.length > 3) s.add("k"); let v = 0; if (!s.has("k")) { v = 1; }'],
  ['d09-switch', 'let v = 0; switch (m.subject.length) { case 1: v = 1; case 2: v += 2; break; default: v = 9; }'],
  ['d10-date', 'const d = new Date(m.subject); const v = isNaN(d.getTime()) ? "nan" : "date";'],
  [
    'd11-fromentries-order',
    'const o = Object.fromEntries([[m.subject.length > 3 ? "b" : "a", 1], ["c", 2]]); const v = Object.keys(o).length;',
  ],
  [
    'd12-map-order',
    'const mp = new Map(); mp.set("x", 1); if (m.subject.length > 3) { mp.delete("x"); } mp.set("y", 2); mp.set("x", 3); const v = [...mp.keys()].length;',
  ],
  ['d13-optional', 'const o = m.subject.length > 3 ? { a: { b: 1 } } : null; let v = 0; const r = o?.a.b; v = 5;'],
  ['d14-default-destr', 'let v = "n"; try { const { n = 5 } = JSON.parse(m.body); v = "y"; } catch (e) { }'],
  [
    'd15-finally',
    'function f() { try { if (m.subject.length > 3) { return 1; } } finally { } return 2; } const k = f(); const v = "const";',
  ],
  [
    'd16-plain-loop',
    'let n = 0; for (let i = 0; i < m.subject.length; i++) { n++; } const v = n > 3 ? "big" : "small";',
  ],
  ['d17-closure', 'let g = () => 1; if (m.subject.length > 3) { g = () => 2; } const v = g();'],
  ['d18-filter-field', 'const xs = [m, m]; const v = xs.filter((e) => e.unread).length;'],
  ['d19-do-while', 'let v = 0; let i = 0; do { i++; if (m.subject.length > 3) continue; v++; } while (i < 3);'],
  ['d20-template-try', 'let v = 0; try { const t = `${m.subject}`; v = 1; } catch (e) { }'],
  ['d21-smT-try', 'let v = 0; try { if (m.subject.includes("zed")) { v = 1; } } catch (e) { }'],
  [
    'd24-counts-reread',
    'const counts = {}; counts[m.subject.length > 3 ? "a" : "b"] = 1; let v = 0; if (counts.a === 1) { v = 1; }',
  ],
  [
    'd25-pushT-try',
    'const out = []; try { for (const w of m.subject.split(" ")) if (w.length > 3) out.push(w); } catch (e) {} const v = out.length;',
  ],
  [
    'd26-anyT-fn',
    'function f(t) { let hit = false; for (const w of ["zed", "x"]) if (t.includes(w)) { hit = true; break; } return hit; } const v = f(m.subject);',
  ],
  ['d27-label-count', 'let v = 0; for (let i = 0; i < 3; i++) { if (m.subject.length > 3) { v = v + 1; } }'],
  ['d28-splitAt-try', 'let v = "x"; try { v = m.subject.split(" ")[5]; } catch (e) {} v = 1;'],
  [
    'd29-exc-in-callback',
    'let v = 0; try { [1].forEach(() => { if (m.subject.length > 3) throw 1; }); v = 1; } catch (e) { v = 2; }',
  ],
  ['d30-typeof', 'let v = typeof (m.subject.length > 3 ? {} : "s");'],
];

describe('round 17 ideas that held: m1 steers nothing trusted', () => {
  for (const [name, body] of HELD) {
    const plan = `const m = await getEmail('m1');\n${body}${SEND}`;
    it(name, async () => {
      for (const mode of ['strict', 'normal'] as const) {
        expect(discrepancies(await runBoth(plan, world, 'minimal', mode)), `${mode}\n${plan}`).toEqual([]);
        const [fast, slow] = [
          await inLaunderingWorld(plan, LAUNDERING, mode),
          await inLaunderingWorld(plan, LAUNDERING, mode, true),
        ];
        expect(shownRun(fast), `${mode}, fast paths on and off\n${plan}`).toBe(shownRun(slow));
      }
      sameTrusted(
        await inLaunderingWorld(plan, LAUNDERING, 'strict'),
        await inLaunderingWorld(plan, LAUNDERING_OTHER, 'strict'),
        plan,
      );
    });
  }
});

/** Subjects that hit the runtime's special cases: refused keys, inherited names, numbers, JSON, dates. */
const ALL_SUBJECTS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'length',
  '0',
  '1',
  '-1',
  'NaN',
  '1e400',
  '',
  ' ',
  'true',
  '[1,2]',
  '{"__proto__":{"a":1}}',
  '2026-04-07T10:00:00Z',
  'b',
];
/** `npm test`: the refused keys, an inherited name, a number and plain text (`npm run fuzz`: all). */
const SUBJECTS = grid(['__proto__', 'constructor', 'toString', 'length', '1', 'b'], ALL_SUBJECTS);
const withSubject = (s: string): string =>
  LAUNDERING.replace("subject: 'Urgent: zed@attacker.test'", `subject: ${JSON.stringify(s)}`);
const KEYED: readonly (readonly [string, string])[] = [
  ['e01-keyed', 'const counts = {}; try { counts[m.subject] = 1; } catch (e) {}'],
  [
    'e02-keyed-notry',
    'const counts = {}; counts[m.subject] = (counts[m.subject] || 0) + 1; const n = Object.keys(counts).length;',
  ],
  ['e03-index', 'const xs = [1, 2]; try { const y = xs[m.subject]; } catch (e) {}'],
  ['e04-in', 'const xs = [1, 2]; try { const y = m.subject in xs; } catch (e) {}'],
  ['e05-hasown', 'const o = { a: 1 }; try { const y = o.hasOwnProperty(m.subject); } catch (e) {}'],
  ['e06-json', 'try { const o = JSON.parse(m.subject); const k = Object.keys(o); } catch (e) {}'],
  ['e07-number', 'const n = Number(m.subject); const p = parseInt(m.subject); const q = parseFloat(m.subject);'],
  ['e08-date', 'try { const d = new Date(m.subject).toISOString(); } catch (e) {}'],
  ['e09-map', 'const mp = new Map(); mp.set(m.subject, 1); const z = mp.get("b");'],
  ['e10-set-spread', 'const s = new Set(m.subject); const a = [...s];'],
  ['e11-fromentries', 'const o = Object.fromEntries([[m.subject, 1]]);'],
  ['e12-obj-literal-computed', 'try { const o = { [m.subject]: 1 }; } catch (e) {}'],
  ['e13-destructure-computed', 'try { const { [m.subject]: z } = { a: 1 }; } catch (e) {}'],
  ['e14-split-read', 'const a = m.subject.split(":")[1];'],
  ['e15-template', 'const t = `${m.subject}`;'],
  ['e16-localecompare', 'const c = m.subject.localeCompare("b");'],
  ['e17-counts-get', 'const counts = { b: 1 }; const z = counts[m.subject];'],
  ['e18-spread-string', 'const cs = [...m.subject]; const l = cs.length;'],
  ['e19-repeat', 'try { const r = "x".repeat(m.subject.length); } catch (e) {}'],
  ['e20-normalize', 'try { const r = "x".normalize(m.subject); } catch (e) {}'],
  ['e21-obj-set-then-read', 'const o = {}; try { o[m.subject] = 1; } catch (e) {} const ks = Object.keys(o);'],
  ['e22-array-set', 'const xs = []; try { xs[m.subject] = 1; } catch (e) {}'],
];

describe('round 17: m1’s subject as a key, a number, a date or a pattern', () => {
  for (const [name, body] of KEYED) {
    const plan = `const m = await getEmail('m1');\n${body}\nawait sendEmail({ to: ['omar@northwind.test'], subject: 'fixed', body: 'x' });`;
    it(name, async () => {
      const runs: RunReport[] = [];
      for (const s of SUBJECTS) runs.push(await inLaunderingWorld(plan, withSubject(s), 'strict'));
      for (const r of runs.slice(1)) sameTrusted(runs[0]!, r, plan);
    });
  }
});
