/**
 * The grammar the other generators miss (programs.ts `grammarArb`: `in`, optional chains,
 * `do…while`, `**` and bitwise operators, closures, `finally` overriding a completion, and the
 * rest of what the front end accepts), run by the engine and by the reference monitor: the
 * differential property (docs/semantics.md §8), and noninterference of the engine over two
 * worlds that differ only in untrusted content. Each divergence the generator found is first a
 * minimal plan here (it failed before its fix).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discrepancies, loadWorldFile, runBoth } from './differential';
import { grammarArb } from './programs';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');
const holds = async (plan: string): Promise<void> => {
  expect(discrepancies(await runBoth(plan, world, 'minimal', 'strict'))).toEqual([]);
};

describe('divergences the grammar generator found, minimised', () => {
  // The reference shared one binding of a `for (let …)` head across iterations: a closure made in
  // an iteration saw the last value, not its own iteration's (JavaScript copies the binding per
  // iteration, as the engine does).
  it('a closure made in an iteration of for (let …) sees that iteration’s variable', () =>
    holds(`let h = () => 9;
for (let i = 0; i < 3; i++) { if (i === 1) { h = () => i; } }
return h();`));
});

describe('a name declared inside a region dies with it (docs/semantics.md §3b)', () => {
  // The reference named every variable a local's value was built from, though nothing the region
  // stores exposes the local: the send after a branch that only built `[o]` was denied.
  const send = `await sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(o), body: 'x' });`;
  for (const body of ['const t = [o];', 'for (const ov of [o]) { }', 'for (const ov of Object.values(o)) { }'])
    it(`a local built from a container, never exposed: ${body}`, () =>
      holds(`const e = await getEmail('m1');
let o = { a: 1, b: 'x' };
if (e.unread) { ${body} }
${send}`));
});
