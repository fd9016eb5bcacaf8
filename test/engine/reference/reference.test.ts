/**
 * The reference monitor on its own: the rules it states (branches not taken, exceptions as
 * control flow, abrupt completion), its one precision rule compared with the plain generic lift,
 * and generated programs over the whole grammar run by the engine and by it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalGate, toolRegistry, type ToolSpec } from '../../../engine';
import { referenceRun, type ReferenceReport } from '../../../engine/reference';
import { sanitizerTools } from '../../../engine/sanitizers';
import { WorldState, worldTools, type World } from '../../../engine/world';
import { discrepancies, loadWorldFile, runBoth, weaker } from './differential';
import { programArb } from './programs';

const world = loadWorldFile('test/fixtures/laundering-world.yaml');

async function reference(plan: string, w: World = world, precise = true): Promise<ReferenceReport> {
  const state = new WorldState(w);
  const contacts = state.contacts.map((c) => c.email);
  const s = sanitizerTools({ userAddresses: state.userAddresses, contacts, recipientPatterns: [], urlPatterns: [] });
  const tools = toolRegistry([...worldTools(state), s.verifyEmailAddress] as ToolSpec[]);
  return referenceRun({ plan, tools, gate: minimalGate, userAddresses: state.userAddresses, contacts, precise });
}

const untrustedSend = async (plan: string): Promise<boolean> => {
  const r = await reference(plan);
  const send = r.calls.find((c) => c.tool === 'sendEmail');
  return send?.decision === 'deny';
};

describe('the reference monitor states the rules of docs/semantics.md', () => {
  it('a branch not taken still taints what it would have written', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
let to = 'omar@northwind.test';
if (m.body.includes('no such text')) { to = 'priya@northwind.test'; }
await sendEmail({ to: [to], subject: 'x', body: 'y' });`),
    ).toBe(true);
  });

  it('an alias made in a branch not taken exposes the container it names', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
const xs = [];
let t = [];
if (m.body.includes('no such text')) { t = xs || []; }
t.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: String(xs.length), body: 'y' });`),
    ).toBe(true);
  });

  it('a call after an operation that may throw in the same try runs under its inputs', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
try { JSON.parse(String(m.body.length)); await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' }); } catch (e) { }`),
    ).toBe(true);
  });

  it('a conditional return taints the rest of the caller', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
function f() { if (m.body.includes('zed')) { return 1; } return 2; }
f();
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: 'y' });`),
    ).toBe(true);
  });

  it('a trusted flow stays trusted', async () => {
    expect(
      await untrustedSend(`const m = await getEmail('m1');
const n = m.body.length;
await sendEmail({ to: ['omar@northwind.test'], subject: 'fixed', body: 'text' });`),
    ).toBe(false);
  });
});

/** Plans over labeled arrays through every method the precision rule covers. */
const methodPlan = fc
  .tuple(
    fc.constantFrom(
      'xs.map((x) => x.length)',
      'xs.filter((x) => x.length > 3)',
      'xs.find((x) => x.includes("@"))',
      'xs.findIndex((x) => x.length > 5)',
      'xs.some((x) => x === "a")',
      'xs.every((x) => x.length > 0)',
      'xs.flatMap((x) => [x, x])',
      'xs.reduce((a, x) => a + x.length, 0)',
      'xs.toSorted((a, b) => a.length - b.length)',
      'xs.slice(1)',
      'xs.concat(["z"])',
      'xs.at(-1)',
      '[...xs.keys()]',
      '(xs.reverse(), xs)',
      '(xs.push("q"), xs)',
      '(xs.shift(), xs)',
      '(xs.splice(1, 1), xs)',
    ),
    fc.constantFrom('m1', 'm2', 'm3'),
  )
  .map(
    ([call, id]) => `const m = await getEmail('${id}');
const c = (await searchContacts('Omar'))[0];
const xs = [m.subject, 'a', c.email, m.from, 'bcdef'];
return ${call};`,
  );

describe('the one precision rule (elements moved, not read) against the plain generic lift', () => {
  it('gives the same value and a label no less precise, never more restrictive than the lift', async () => {
    await fc.assert(
      fc.asyncProperty(methodPlan, async (plan) => {
        const precise = await reference(plan, world, true);
        const generic = await reference(plan, world, false);
        expect(precise.result).toEqual(generic.result);
        // The generic lift is at least as restrictive: the rule only removes what was not read.
        expect(weaker(generic.resultLabel!, precise.resultLabel!)).toBeNull();
      }),
      { numRuns: 40, seed: 20261127 },
    );
  }, 120_000);
});

describe('differential: programs generated over the whole grammar (fixed seed)', () => {
  // While the engine has the gaps of gaps.test.ts, generated programs find them: this fails now
  // and passes when they are fixed (then make it a plain `it`). `npm run fuzz` runs it long.
  it.fails(
    'the engine agrees with the reference and labels at least as restrictively',
    async () => {
      await fc.assert(
        fc.asyncProperty(programArb, async (plan) => {
          const d = discrepancies(await runBoth(plan, world, 'minimal', 'strict', { to: 'lena@partner.test' }));
          if (d.length) throw new Error(`${d.join('\n')}\n--- plan ---\n${plan}`);
        }),
        { numRuns: Number(process.env.REFERENCE_PROGRAMS ?? 200), seed: 20261127, endOnFailure: true },
      );
    },
    300_000,
  );
});
