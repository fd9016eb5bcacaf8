/**
 * Round 17, observations (not leaks): plans on which the differential property (semantics §8)
 * fails because the reference monitor is coarser than the engine's named rules, or reads a value
 * the engine hides. The engine is the sound side in each: `concat`'s `elements` rule moves an
 * array argument's elements (the reference joins that argument's deep label into the result's
 * structure), a Set's `has` with a container key compares identity under the `entry` rule (the
 * reference joins the key's deep label), and a regex's `lastIndex` is not readable in the engine
 * (undefined; the reference answers the number, so the two send different arguments). Kept as
 * expected failures, as gaps.test.ts keeps the engine's: when the reference learns these rules,
 * a case starts failing; make it `it` then (as `in` on a listing now is: the reference reads the
 * engine's operator rules).
 */
import { describe, expect, it } from 'vitest';
import { discrepancies, loadWorldFile, runBoth } from '../../engine/reference/differential';

const demo = loadWorldFile('resources/demo-world.yaml');
const laundering = loadWorldFile('test/fixtures/laundering-world.yaml');
const send = "\nawait sendEmail({ to: ['bob@acme.test'], subject: JSON.stringify(v), body: 'x' });";
const holds = async (plan: string, world = demo): Promise<void> => {
  expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
};

describe('the reference monitor is coarser than the engine (expected failures)', () => {
  it.fails('concat with a listing as argument: its elements are moved, its length is structure', () =>
    holds(`const xs = await listEmails({ limit: 3 });\nconst v = [].concat(xs).length;${send}`),
  );
  it.fails('Set has with an item as key: identity, under the entry rule', () =>
    holds(`const xs = await listEmails({ limit: 3 });\nconst s = new Set(xs);\nconst v = s.has(xs[1]);${send}`),
  );
  it.fails('a regex’s lastIndex: hidden by the engine, a number in the reference', () =>
    holds(
      `const m = await getEmail('m1');\nconst re = /zed/g;\nre.test(m.subject);\nconst v = re.lastIndex;\nawait sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });`,
      laundering,
    ),
  );
});

// Once coarser, now read as the engine reads it (the reference's `in` takes the shape rule).
describe('the reference monitor reads as finely as the engine', () => {
  it('`in` on a listing: the shape rule reads its structure, not its items', () =>
    holds(`const xs = await listEmails({ limit: 3 });\nconst v = 1 in xs;${send}`));
});
