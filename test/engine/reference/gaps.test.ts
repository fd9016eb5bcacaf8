/**
 * Known discrepancies between the engine and the reference monitor, each minimised to the plan
 * that shows it. Each case asserts the differential property and is expected to fail
 * (`it.fails`) while the engine has the gap: when the engine is fixed, the case starts failing —
 * move it into the passing suite then. One line per case names the mechanism.
 */
import { describe, expect, it } from 'vitest';
import { discrepancies, loadWorldFile, runBoth } from './differential';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const holds = async (plan: string, mode: 'strict' | 'normal' = 'strict'): Promise<void> => {
  expect(discrepancies(await runBoth(plan, world, 'minimal', mode))).toEqual([]);
};

describe('known gaps of the engine against the reference monitor (STRICT)', () => {
  // A: a call after an operation that may throw in the same try is gated with pc alone (here: allowed).
  it.fails('A: a call after a parse of untrusted data in the same try', () =>
    holds(`const m = await getEmail('m1');
try { JSON.parse(String(m.body.length)); await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' }); } catch (e) { }`),
  );

  // A: an argument that may throw (stringify of a labeled container) is not in the call's control context.
  it.fails('A: a call whose own argument may throw, in a try', () =>
    holds(`const m = await getEmail('m1');
const xs = [m.body.length];
try { await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(xs), body: 'x' }); } catch (err) { }`),
  );

  // G: an operator (a template literal) on untrusted data may throw, yet the try does not accumulate it.
  it.fails('G: a call after a template literal in the same try', () =>
    holds(`const m = await getEmail('m1');
try { const t = \`\${m.subject}\`; await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' }); } catch (e) { }`),
  );

  // Abrupt completion: a conditional continue does not taint the rest of the loop (semantics §3, early exits).
  it.fails('a conditional continue leaves later iterations untainted', () =>
    holds(`const list = await listEmails({ folder: 'INBOX' });
for (const x of list) { if (x.from.endsWith('attacker.test>')) { continue; } await getEmail('m2'); }`),
  );

  // E: `{...v}` of a labeled null/undefined drops v's label from the new object's structure.
  it.fails('E: spreading a labeled null into an object', () =>
    holds(`const m = await getEmail('m1');
const v = m.body.includes('zed') ? null : undefined;
const o = { ...v };
await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(o), body: 'y' });`),
  );

  // F: a push skipped in a branch on untrusted data leaves the listing mark: later iterations run per item.
  it.fails('F: a listing upgraded at a merge keeps its per-item context', () =>
    holds(`const list = await listEmails({ folder: 'INBOX' });
const m = await getEmail('m1');
if (m.body.includes('nothing-like-this')) { list.push(list[0]); }
for (const x of list) { await archiveEmail(x.id); }`),
  );

  // H: a sort comparator returning a container over labeled elements: the engine does not sort (JavaScript does).
  it.fails('H: a comparator that returns a container gives a different order', () =>
    holds(`const m = await getEmail('m1');
const xs = [m.body.length, 1];
xs.sort((a, b) => [a - b]);
return xs;`),
  );

  // H: flat(depth) with a container depth converts it differently from JavaScript (a different result).
  it.fails('H: flat with a container depth', () =>
    holds(`const m = await getEmail('m1');
const d = [m.body.length > 10 ? 1 : 0];
const r = [[1, [2]]].flat(d);
await sendEmail({ to: ['omar@northwind.test'], subject: String(r.length), body: 'y' });`),
  );

  // C: the engine refuses a labeled reference to a regex passed to replace (fails closed: a different result).
  it.fails('C: a regex chosen by an expression in replace', () =>
    holds(`const m = await getEmail('m1');
const re = /a/y;
const other = /b/y;
if (m.body.includes('zed')) { 'aaa'.replace(m.body.length > 0 ? re : other, 'x'); }
await sendEmail({ to: ['omar@northwind.test'], subject: String(re.test('ba')), body: 'y' });`),
  );

  // NORMAL keeps the control context too: a catch runs under what decided that the throwing read ran
  // (the throw in the last operand of a chain of && after a plain read).
  it.fails("NORMAL: a catch's context lacks the condition of a short-circuit that threw", () =>
    holds(
      `const m = await getEmail('m1');
const c = m.body.includes('zed');
const o = { a: 1 };
try { const v = c && o.k === undefined && o[[1]]; } catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'thrown' });
}`,
      'normal',
    ),
  );
});
