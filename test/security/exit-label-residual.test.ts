/**
 * The residual of the STRICT exit-label rule (docs/semantics.md §3b, "Conditional returns"): a
 * region the attacker decides calls a plan function whose `return` or `throw` is decided by other
 * data (the trusted email m2). Where the region ran, the caller takes the part of the callee's exit
 * label beyond the region's context (m2) for the rest of the function; where it did not run, that
 * part is absent. Not a leak: the region keeps its own context (the attacker's email) for the rest
 * of the function whichever way it went, so every later call is under the attacker's email in both
 * worlds, and the only difference is seen under it. Property, engine and reference monitor: the two
 * versions of the attacker's email give the same trusted calls, and the send after the region is
 * untrusted in both.
 */
import { describe, expect, it } from 'vitest';
import { referenceRun } from '../../engine/reference';
import { WorldState } from '../../engine/world';
import { inLaundering, LAUNDERING, LAUNDERING_OTHER, onLaundering, trustedView } from './two-worlds';

const PLANS: Record<string, string> = {
  'a return decided by m2': `const c = await getEmail('m2');
function f(b) { if (b) { return 1; } return 0; }
let v = 0;
if (m.body.includes('zed')) { v = f(c.unread); }`,
  'a throw decided by m2, caught in the region': `const c = await getEmail('m2');
function f(b) { if (b) { throw 'no'; } return 0; }
let v = 0;
if (m.body.includes('zed')) { try { v = f(c.unread); } catch (err) { v = 1; } }`,
  'a throw decided by m2, left uncaught by the region': `const c = await getEmail('m2');
function f(b) { if (b) { throw 'no'; } return 0; }
let v = 0;
try { if (m.body.includes('zed')) { f(!c.unread); f(c.unread); } } catch (err) { v = 1; }`,
  'an async function awaited in the region': `const c = await getEmail('m2');
async function f(b) { if (b) { return 1; } return 0; }
let v = 0;
if (m.body.includes('zed')) { v = await f(c.unread); }`,
};

const SEND = `\nawait sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });`;

async function inReference(plan: string, text: string) {
  const state = WorldState.fromText(text, 'laundering-world.yaml');
  return referenceRun({ plan: `const m = await getEmail('m1');\n${plan}${SEND}`, ...onLaundering(state) });
}

describe('a region the attacker decides, calling a function whose exit another source decides (§3b)', () => {
  for (const [name, plan] of Object.entries(PLANS)) {
    it(`[engine] ${name}`, async () => {
      const [a, b] = await Promise.all([
        inLaundering(plan, LAUNDERING, 'strict'),
        inLaundering(plan, LAUNDERING_OTHER, 'strict'),
      ]);
      for (const r of [a, b]) expect(r.error?.kind, r.error?.fullMessage).not.toBe('PlanRejected');
      expect(trustedView(a), 'LEAK: a trusted call the attacker’s text changed').toEqual(trustedView(b));
      // The send runs in both worlds, under the attacker's email: what differs is seen only there.
      for (const r of [a, b])
        expect(r.calls.filter((c) => c.tool === 'sendEmail').map((c) => c.trusted)).toEqual([false]);
    });
    it(`[reference] ${name}`, async () => {
      const [a, b] = await Promise.all([inReference(plan, LAUNDERING), inReference(plan, LAUNDERING_OTHER)]);
      for (const r of [a, b]) expect(r.error?.kind, r.error?.message).not.toBe('PlanRejected');
      for (const r of [a, b]) {
        const send = r.calls.filter((c) => c.tool === 'sendEmail');
        expect(send).toHaveLength(1);
        expect(send[0]!.context.untrusted, 'the send is under the attacker’s email').not.toEqual([]);
      }
    });
  }
});
