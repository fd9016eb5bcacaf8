/**
 * A region that calls a function value the effect analysis cannot name (`tick`, a counter's
 * closure) is opaque: the rest of the plan runs under what decided it (semantics.md §3b). That
 * context is a whole label: when the attacker's text (m1) decides the region, a recipient the plan
 * may have changed through `setLater` carries the text's caps (UNTRUSTED_TEXT, EXTERNAL_CONTENT)
 * as well as its source, so no policy rule that lets a send through when no untrusted text goes
 * out can let it through. Property, under the default policy: two worlds that differ only in m1's
 * text give the send the same decision and the same sources on its recipient, and the engine labels
 * it at least as restrictively as the reference monitor.
 */
import { describe, expect, it } from 'vitest';
import { discrepancies, runBoth } from '../../engine/reference/differential';
import { parseWorld, type World } from '../../../engine/world';
import { LAUNDERING, LAUNDERING_OTHER } from '../two-worlds';

const worldOf = (text: string): World => {
  const r = parseWorld(text, 'laundering-world.yaml');
  if (!r.ok) throw new Error('bad world');
  return r.world;
};

const DECIDE: Record<string, string> = {
  if: "if (m.body.includes('needs')) { tick(); }",
  loop: "for (const w of m.subject.split(' ')) { if (w.length > 6) { tick(); } }",
  try: "try { if (m.subject.startsWith('Urgent')) { throw tick(); } } catch (err) { n = 1; }",
  while: 'let j = 0; while (j < 2 && m.body.length > j * 40) { j++; n = n + tick(); }',
};

describe('an opaque region decided by untrusted text taints with its caps (default policy)', () => {
  for (const [name, decide] of Object.entries(DECIDE))
    it(name, async () => {
      const plan = `const m = await getEmail('m1');
let later = 'priya@northwind.test';
let n = 0;
function counter() { let c0 = 0; return function () { c0 += 1; return c0; }; }
const tick = counter();
function setLater(a) { later = a; }
${decide}
await sendEmail({ to: [later], subject: 'Later', body: 'Fixed.' });`;
      const runs = await Promise.all(
        [LAUNDERING, LAUNDERING_OTHER].map((t) => runBoth(plan, worldOf(t), 'default', 'strict')),
      );
      const sends = runs.map(({ fast }) => fast.calls.find((c) => c.tool === 'sendEmail'));
      for (const [i, r] of runs.entries()) {
        expect(discrepancies(r), plan).toEqual([]);
        expect(sends[i]?.fields[0]?.caps, plan).toEqual(expect.arrayContaining(['UNTRUSTED_TEXT', 'EXTERNAL_CONTENT']));
        expect(sends[i]?.decision, plan).not.toBe('allow');
      }
      // (The firewall's caps, PII_EMAIL and the like, name what each text holds: not compared.)
      const seen = sends.map((c) => [c?.decision, c?.fields[0]?.sources]);
      expect(seen[0], 'LEAK: the attacker’s text changed how the send was decided').toEqual(seen[1]);
    });
});
