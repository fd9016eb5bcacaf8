/**
 * Round 13's open risk, closed: a plain loop or plain function (engine/plan/plain-loops.ts,
 * plain-functions.ts) inside a `try`, where an operation on the attacker's email that may throw
 * raises the context (what follows runs only because it did not throw). The native copies are
 * refused while a try is open; either way every call must carry what the reference monitor gives
 * it. Generated from the attacker's side: where the operation stands (before the loop, in it
 * before or after the number it counts, in the plain function), which operation (one that throws
 * on m1 or one that could), and how the count then picks the recipient, STRICT and NORMAL.
 * Compared exactly: the label of each named argument as the gate sees it, the call's context, the
 * decision, and the result's label.
 */
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, toolRegistry, type Gate, type Label } from '../../../engine';
import { deepLabel } from '../../../engine/ifc/labeled-value';
import { referenceRun } from '../../../engine/reference';
import { WorldState, worldTools } from '../../../engine/world';
import { loadWorldFile } from '../../engine/reference/differential';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');

/** Operations on the attacker's email that may throw (the last one does, on m1's body). */
const OPS = ['m.subject.length', "m.body.indexOf('code')", 'm.from.toLowerCase()', 'JSON.parse(m.body)'];
const WHERE = ['before', 'inside-first', 'inside-last', 'function'] as const;
const LOOPS = ['for', 'while'] as const;

function plan(op: string, where: (typeof WHERE)[number], loop: (typeof LOOPS)[number]): string {
  const before = where === 'before' ? `const k = ${op}; ` : '';
  const first = where === 'inside-first' ? `const k = ${op}; ` : '';
  const last = where === 'inside-last' ? ` const k = ${op};` : '';
  const body = `${first}n = n + 1;${last}`;
  const counting =
    where === 'function'
      ? `const k = ${op}; n = count(n);`
      : loop === 'for'
        ? `for (let i = 0; i < 2; i++) { ${body} }`
        : `let i = 0; while (i < 2) { ${body} i = i + 1; }`;
  return `const m = await getEmail('m1');
const to = ['omar@northwind.test', 'priya@northwind.test', 'lena@partner.test'];
function count(x) { let y = x; for (let j = 0; j < 2; j++) { y = y + 1; } return y; }
let n = 0;
try {
  ${before}${counting}
  await sendEmail({ to: [to[n - 2]], subject: 'count', body: String(n) });
} catch (e) {
  n = n + 10;
}
await sendEmail({ to: [to[n > 5 ? 2 : 1]], subject: 'after', body: 'n' });
return { n: n };`;
}

interface Seen {
  readonly tool: string;
  readonly args: Record<string, Label>;
  readonly context: Label;
}
function setup(seen: Seen[]) {
  const state = new WorldState(world);
  const gate: Gate = (c) => {
    const args = Object.fromEntries(Object.entries(c.args).map(([k, v]) => [k, deepLabel(v)]));
    seen.push({ tool: c.tool, args, context: c.context });
    return minimalGate(c);
  };
  const tools = toolRegistry(worldTools(state));
  return { tools, gate, userAddresses: state.userAddresses, contacts: state.contacts.map((c) => c.email) };
}

describe('a plain loop or function inside a try, after an operation on the attacker’s email', () => {
  for (const mode of ['strict', 'normal'] as const)
    it(`[${mode}] every call and the result are labeled as the reference monitor labels them`, async () => {
      let sends = 0;
      for (const op of OPS)
        for (const where of WHERE)
          for (const loop of where === 'function' ? (['for'] as const) : LOOPS) {
            const p = plan(op, where, loop);
            const fast: Seen[] = [];
            const ref: Seen[] = [];
            const f = await runPlan({ ...setup(fast), plan: p, mode });
            const r = await referenceRun({ ...setup(ref), plan: p, mode });
            expect(f.status, p).toBe(r.status);
            expect(f.result, p).toEqual(r.result);
            expect(fast, p).toEqual(ref);
            expect(
              f.calls.map((c) => c.decision),
              p,
            ).toEqual(r.calls.map((c) => c.decision));
            expect(f.resultLabel, p).toEqual(r.resultLabel);
            sends += fast.filter((s) => s.tool === 'sendEmail').length;
          }
      // Every program reached a send (the one in the try, unless the operation threw first).
      expect(sends).toBeGreaterThanOrEqual(OPS.length * 7);
    }, 120_000);
});
