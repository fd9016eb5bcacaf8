/**
 * The residue (docs/semantics.md §3c), attacked across runs: a run whose effect the attacker's
 * email decided — taken or not, in a branch, behind an early return, through a function value, or
 * by a throw a `try` catches — leaves the world in one of two states, and the next runs must read
 * both the same way. Two worlds differ only in the attacker's email (e33's subject); after any
 * sequence of runs, each run's trusted calls and what the policy let through on its own (on mail
 * other than the attacker's) are the same in both. Every world goes through its file format
 * between runs (`JSON.stringify`, `parseWorld`), as a profile's does through its store.
 *
 * And the residue stays precise: a run decided by nothing untrusted leaves nothing a later run
 * asks about; a collection no branch could write keeps none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate, type RunReport } from '../../../engine';
import { canonicalJson } from '../../../engine/run/wire';
import { parseWorld, WorldState, type World } from '../../../engine/world';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
const DEMO_TEXT = readFileSync(DEMO, 'utf8');
const ATTACKER = "subject: 'Shipping update: action required'";
const OTHER_TEXT = DEMO_TEXT.replace(ATTACKER, "subject: 'Hello'");

interface Ran {
  readonly reports: RunReport[];
  readonly world: World;
}

/** The plans one after another, each on the world the one before left (through its file). */
async function inSequence(text: string, plans: readonly string[]): Promise<Ran> {
  let world = loadWorld(text, DEMO);
  let last: World = world.snapshot();
  const reports: RunReport[] = [];
  for (const plan of plans) {
    const r = await simulate({ plan, world, mode: 'strict' });
    reports.push(r.report);
    const stored = parseWorld(JSON.stringify(r.world), 'after-run.json');
    if (!stored.ok) throw new Error(JSON.stringify(stored.errors));
    last = stored.world;
    world = new WorldState(stored.world);
  }
  return { reports, world: last };
}

const view = (r: RunReport): string[] => [
  `status ${r.status}`,
  ...r.calls.filter((c) => c.trusted).map((c) => `trusted ${c.tool}(${canonicalJson(c.args)})`),
  ...r.calls
    .filter((c) => c.decision === 'allow' && c.executed && c.args.id !== 'e33')
    .filter((c) => ['archiveEmail', 'markRead', 'labelEmail', 'moveEmail'].includes(c.tool))
    .map((c) => `quiet ${c.tool}(${canonicalJson(c.args)})`),
];

const attacker = "(await getEmail('e33')).subject.includes('Shipping')";
const HOLD = "await createEvent({ title: 'Hold', start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' })";
const WINDOW = "{ from: '2026-03-30T00:00:00Z', to: '2026-03-31T00:00:00Z' }";

/** What a run may do, decided by `d`: directly, behind an early return, through a function value, after a caught throw, behind a return from the plan. */
const SHAPES: readonly ((d: string, x: string) => string)[] = [
  (d, x) => `if (${d}) { ${x}; }`,
  (d, x) => `async function f() { if (${d}) { return; } ${x}; } await f();`,
  (d, x) => `const g = async () => { ${x}; }; let h = async () => 0; if (${d}) { h = g; } await h();`,
  (d, x) => `try { if (${d}) { throw 'stop'; } ${x}; } catch (e) { }`,
  (d, x) => `if (${d}) { return 'early'; } ${x};`,
];
const DECIDERS = [
  attacker,
  `!${attacker}`,
  "(await getEmail('e33')).subject.length > 8",
  "(await now()).startsWith('2026')",
];
const EFFECTS = [
  HOLD,
  "await createEvent({ title: 'Focus', start: '2026-03-30T14:00:00Z', end: '2026-03-30T15:00:00Z' })",
  "await archiveEmail('e01')",
  "await markRead('e05')",
  "await createDraft({ to: 'maya@acme.test', subject: 'note', body: 'x' })",
];
/** Runs that read a collection and act on what they read, on their own when it is trusted. */
const READERS = [
  `const busy = await getFreeBusy(${WINDOW}); if (busy.length === 0) { await archiveEmail('e01'); }`,
  `const evs = await listEvents(${WINDOW}); if (evs.length === 0) { await markRead('e01'); }`,
  "const e = await getEmail('e01'); if (e.folder === 'INBOX') { await labelEmail('e01', 'seen'); }",
  "const xs = await listEmails({ folder: 'Archive' }); if (xs.length === 0) { await markRead('e07'); }",
];

const writer = fc
  .tuple(fc.constantFrom(...SHAPES), fc.constantFrom(...DECIDERS), fc.constantFrom(...EFFECTS))
  .map(([shape, d, x]) => shape(d, x));
const reader = fc.constantFrom(...READERS);
/** Any runs, then one that may write, then one that reads. */
const runs = fc
  .tuple(fc.array(fc.oneof(writer, reader), { maxLength: 2 }), writer, reader)
  .map(([before, w, r]) => [...before, w, r]);

describe('the residue: what a run did not write decides nothing in later runs', () => {
  it('any sequence of runs reads the same in two worlds that differ only in the attacker’s text', async () => {
    await fc.assert(
      fc.asyncProperty(runs, async (plans) => {
        const [a, b] = await Promise.all([inSequence(DEMO_TEXT, plans), inSequence(OTHER_TEXT, plans)]);
        expect(a.reports.map(view), 'LEAK: a later run read what the attacker chose not to write').toEqual(
          b.reports.map(view),
        );
      }),
      { numRuns: 16, seed: 19 },
    );
  }, 300_000);

  // Each way of deciding that an effect did not happen, against each way of reading it later.
  for (const [i, shape] of SHAPES.entries())
    it(`shape ${i + 1}: the attacker decides, by not matching, nothing about the next run`, async () => {
      const plans = [shape(attacker, HOLD), READERS[0]!];
      const [a, b] = await Promise.all([inSequence(DEMO_TEXT, plans), inSequence(OTHER_TEXT, plans)]);
      expect(a.reports.map(view)).toEqual(b.reports.map(view));
      for (const w of [a.world, b.world]) expect(w.residue?.calendar?.untrusted).toContain('tool:getEmail:e33');
    });

  it('a run the attacker’s email ends with an uncaught error decides nothing about the next run', async () => {
    const plans = [`if (${attacker}) { throw 'stop'; } ${HOLD};`, READERS[0]!];
    const [a, b] = await Promise.all([inSequence(DEMO_TEXT, plans), inSequence(OTHER_TEXT, plans)]);
    expect([a.reports[0]!.status, b.reports[0]!.status]).toEqual(['failed', 'completed']);
    expect(view(a.reports[1]!)).toEqual(view(b.reports[1]!));
  });

  it('a trusted-only sequence still acts without asking (control)', async () => {
    const plans = [`if ((await now()).startsWith('2026')) { ${HOLD}; }`, READERS[0]!];
    const { reports, world } = await inSequence(DEMO_TEXT, plans);
    // The hold exists: free/busy is not empty, so the reader does nothing.
    expect(reports[0]!.calls.find((c) => c.tool === 'createEvent')).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    expect(reports[1]!.calls.map((c) => c.tool)).toEqual(['getFreeBusy']);
    // Decided by `now()` alone (trusted, public): nothing is kept.
    expect(world.residue).toBeUndefined();
    const quiet = await inSequence(DEMO_TEXT, [`if ((await now()).startsWith('1999')) { ${HOLD}; }`, READERS[0]!]);
    expect(quiet.reports[1]!.calls.find((c) => c.tool === 'archiveEmail')).toMatchObject({
      decision: 'allow',
      executed: true,
    });
  });

  it('a run decided by the person’s own calendar keeps nothing: the next run acts on its own', async () => {
    const plans = [`const b = await getFreeBusy(${WINDOW}); if (b.length > 0) { ${HOLD}; }`, READERS[0]!];
    const { reports, world } = await inSequence(DEMO_TEXT, plans);
    expect(world.residue).toBeUndefined();
    expect(reports[1]!.calls.find((c) => c.tool === 'archiveEmail')).toMatchObject({
      decision: 'allow',
      executed: true,
    });
  });

  it('a collection no branch could write keeps no residue: mail read after a calendar branch acts on its own', async () => {
    const written = await inSequence(DEMO_TEXT, [`if (${attacker}) { ${HOLD}; }`]);
    expect(Object.keys(written.world.residue ?? {})).toEqual(['calendar']);
    const { reports } = await inSequence(DEMO_TEXT, [`if (${attacker}) { ${HOLD}; }`, READERS[2]!]);
    expect(reports[1]!.calls.find((c) => c.tool === 'labelEmail')).toMatchObject({ decision: 'allow', executed: true });
  });

  it('the residue reaches what a later run reads of the collection: listings, free/busy, a missing id, a new id', async () => {
    const r = await inSequence(DEMO_TEXT, [
      `if (${attacker}) { await archiveEmail('e01'); ${HOLD}; await createDraft({ to: 'maya@acme.test', subject: 's', body: 'b' }); }`,
      `const a = await listEmails({ folder: 'Archive' }); const b = await getFreeBusy(${WINDOW}); const c = await listEvents(${WINDOW}); let d = 'found'; try { await getEmail('e99'); } catch (e) { d = e.name; } const n = await createDraft({ to: 'maya@acme.test', subject: 's', body: 'b' }); return { a: a.length, b: b.length, c: c.length, d: d, n: n.id };`,
    ]);
    const parts = r.reports[1]!.resultParts ?? [];
    for (const k of ['a', 'b', 'c', 'd', 'n'])
      expect(parts.find((p) => p.path === k)?.label.untrusted, k).toContain('tool:getEmail:e33');
    expect(Object.keys(r.world.residue ?? {}).sort()).toEqual(['calendar', 'drafts', 'mailbox']);
  });
});
