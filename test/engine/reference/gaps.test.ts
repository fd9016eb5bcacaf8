/**
 * Discrepancies the engine had against the reference monitor, each minimised to the plan that
 * showed it. Each case asserts the differential property. A gap still open is `it.fails`; when
 * the engine is fixed, the case starts failing: make it `it`, so the gap cannot come back. One
 * line per case names the mechanism.
 */
import { describe, expect, it } from 'vitest';
import { discrepancies, loadWorldFile, runBoth } from './differential';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const holds = async (plan: string, mode: 'strict' | 'normal' = 'strict'): Promise<void> => {
  expect(discrepancies(await runBoth(plan, world, 'minimal', mode))).toEqual([]);
};

describe('gaps of the engine against the reference monitor, now closed', () => {
  // A: a call after an operation that may throw in the same try is gated with pc alone (here: allowed).
  it('A: a call after a parse of untrusted data in the same try', () =>
    holds(`const m = await getEmail('m1');
try { JSON.parse(String(m.body.length)); await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' }); } catch (e) { }`));

  // A: an argument that may throw (stringify of a labeled container) is not in the call's control context.
  it('A: a call whose own argument may throw, in a try', () =>
    holds(`const m = await getEmail('m1');
const xs = [m.body.length];
try { await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(xs), body: 'x' }); } catch (err) { }`));

  // G: an operator (a template literal) on untrusted data may throw, yet the try did not accumulate it
  // (R.tpl now joins its parts' labels into the try, as `+` does).
  it('G: a call after a template literal in the same try', () =>
    holds(`const m = await getEmail('m1');
try { const t = \`\${m.subject}\`; await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' }); } catch (e) { }`));

  // Abrupt completion: a conditional continue did not taint the rest of the loop on the path that jumped
  // (semantics §3, early exits; emit-statements.ts jump now raises the loop's accumulator before it).
  it('a conditional continue leaves later iterations untainted', () =>
    holds(`const list = await listEmails({ folder: 'INBOX' });
for (const x of list) { if (x.from.endsWith('attacker.test>')) { continue; } await getEmail('m2'); }`));

  // E: `{...v}` of a labeled null/undefined drops v's label from the new object's structure.
  it('E: spreading a labeled null into an object', () =>
    holds(`const m = await getEmail('m1');
const v = m.body.includes('zed') ? null : undefined;
const o = { ...v };
await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(o), body: 'y' });`));

  // F: a push skipped in a branch on untrusted data leaves the listing mark: later iterations run per item.
  it('F: a listing upgraded at a merge keeps its per-item context', () =>
    holds(`const list = await listEmails({ folder: 'INBOX' });
const m = await getEmail('m1');
if (m.body.includes('nothing-like-this')) { list.push(list[0]); }
for (const x of list) { await archiveEmail(x.id); }`));

  // H: a sort comparator returning a container over labeled elements: the engine does not sort (JavaScript does).
  it('H: a comparator that returns a container gives a different order', () =>
    holds(`const m = await getEmail('m1');
const xs = [m.body.length, 1];
xs.sort((a, b) => [a - b]);
return xs;`));

  // H: flat(depth) with a container depth converts it differently from JavaScript (a different result).
  it('H: flat with a container depth', () =>
    holds(`const m = await getEmail('m1');
const d = [m.body.length > 10 ? 1 : 0];
const r = [[1, [2]]].flat(d);
await sendEmail({ to: ['omar@northwind.test'], subject: String(r.length), body: 'y' });`));

  // C: the engine refuses a labeled reference to a regex passed to replace (fails closed: a different result).
  it('C: a regex chosen by an expression in replace', () =>
    holds(`const m = await getEmail('m1');
const re = /a/y;
const other = /b/y;
if (m.body.includes('zed')) { 'aaa'.replace(m.body.length > 0 ? re : other, 'x'); }
await sendEmail({ to: ['omar@northwind.test'], subject: String(re.test('ba')), body: 'y' });`));

  // NORMAL keeps the control context too: a catch runs under what decided that the throwing read ran
  // (the throw in the last operand of a chain of && after a plain read; closed by the rule for regions
  // that may throw, skipped or not, §3a).
  it("NORMAL: a catch's context lacks the condition of a short-circuit that threw", () =>
    holds(
      `const m = await getEmail('m1');
const c = m.body.includes('zed');
const o = { a: 1 };
try { const v = c && o.k === undefined && o[[1]]; } catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'thrown' });
}`,
      'normal',
    ));

  // A callback over a slice of a listing, in an iteration over that listing decided by the item:
  // the reference named every element the slice holds (whose structure then took each item's
  // condition), though the new array is dropped and the callback writes nothing through them.
  // Closed in the reference (scan.ts: a subset handed to a method that only answers names each
  // element only through the callback's parameters, as the engine's write analysis does).
  it('a write in a callback over a slice of the listing, inside an iteration over it', () =>
    holds(`const list = await listEmails({ folder: 'INBOX' });
let to = 'priya@northwind.test';
for (const e of list) { if (e.subject.length > 10) { list.slice(0, 1).forEach((x) => { to = 'omar@northwind.test'; }); } }
await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' });`));
});
