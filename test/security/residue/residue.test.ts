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
 * asks about; a collection no branch could write keeps none; what no tool can change (an email's
 * subject, sender, date) and a per-item loop that sees no order stay as they were.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate, type RunReport } from '../../../engine';
import { loadPolicy } from '../../../engine/policy';
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

/** The person approves every claim (a run under it does all it asks for). */
const loaded = loadPolicy(
  `version: 1
name: approved
description: every claim approved
settings: { deleteEnabled: true }
rules:
  - id: approved/all
    kinds: [source, extract, sanitizer, display, local, egress, organize, destructive]
    decision: allow
    reason: the person approved it
`,
);
if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
const APPROVED = loaded.policy;

/**
 * The plans one after another, each on the world the one before left (through its file); the
 * first `approved` of them with every claim approved.
 */
async function inSequence(text: string, plans: readonly string[], approved = 0): Promise<Ran> {
  let world = loadWorld(text, DEMO);
  let last: World = world.snapshot();
  const reports: RunReport[] = [];
  for (const [i, plan] of plans.entries()) {
    const r = await simulate({ plan, world, mode: 'strict', ...(i < approved ? { policy: APPROVED } : {}) });
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
/** A run that acts on e01 when a field of it, found by iterating every email, says so. */
function perItem(test: string, act: string): string {
  return `const xs = await listEmails({ folder: 'all' }); for (const m of xs) { if (m.id === 'e01' && ${test}) { ${act}; } }`;
}
/** Archives each newsletter of the inbox, deciding on its subject alone (self-scoped). */
const ROUTINE =
  "const xs = await listEmails({ folder: 'INBOX', limit: 50 }); for (const m of xs) { const s = m.subject.toLowerCase(); if (s.includes('week') || s.includes('digest') || s.includes('newsletter')) { await archiveEmail(m.id); } }";
const RECEIPTS =
  "const xs = await listEmails({ folder: 'INBOX', limit: 50 }); for (const m of xs) { const s = m.subject.toLowerCase(); if (s.includes('receipt') || s.includes('invoice') || s.includes('order')) { await archiveEmail(m.id); } }";
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
const CREATE_FOCUS =
  "await createEvent({ title: 'Focus', start: '2026-03-30T14:00:00Z', end: '2026-03-30T15:00:00Z' })";
const FREE_DAY = `const busy = await getFreeBusy(${WINDOW}); if (busy.length === 0) { await archiveEmail('e01'); }`;
/**
 * What a run may write, each with a run that reads it and acts on what it read — on its own when
 * that is trusted or the item's own — so that a sequence always holds a writer and its reader.
 */
const PAIRS: readonly (readonly [string, string])[] = [
  [HOLD, FREE_DAY],
  [CREATE_FOCUS, `const evs = await listEvents(${WINDOW}); if (evs.length === 0) { await markRead('e01'); }`],
  [
    "await archiveEmail('e01')",
    "const e = await getEmail('e01'); if (e.folder === 'INBOX') { await labelEmail('e01', 'seen'); }",
  ],
  [
    "await archiveEmail('e01')",
    "const xs = await listEmails({ folder: 'Archive' }); if (xs.length === 0) { await markRead('e07'); }",
  ],
  // Per item, on a field a tool may change (self-scoped: on its own unless it was written unseen).
  ["await markRead('e01')", perItem('m.unread', 'await markRead(m.id)')],
  ["await moveEmail('e01', 'Projects')", perItem("m.folder === 'INBOX'", 'await archiveEmail(m.id)')],
  ["await labelEmail('e01', 'later')", perItem('m.labels.length === 0', "await labelEmail(m.id, 'seen')")],
  // A listing's length and order, chosen by the sender address the server authenticated (trusted).
  ["await deleteEmail('e01')", "const xs = await searchEmails({ from: 'bob@acme.test' }); await markRead(xs[0].id);"],
  [
    "await deleteEmail('e01')",
    "const xs = await searchEmails({ from: 'bob@acme.test' }); if (xs.length > 1) { await markRead('e07'); }",
  ],
  // A routine per-item run: each item's own immutable text decides only about that item.
  ["await markRead('e05')", ROUTINE],
  ["await createDraft({ to: 'maya@acme.test', subject: 'note', body: 'x' })", FREE_DAY],
];
/** Runs that read a collection and act on what they read, on their own when it is trusted. */
const READERS = [...new Set(PAIRS.map(([, r]) => r))];

const writing = (x: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...SHAPES), fc.constantFrom(...DECIDERS), x).map(([shape, d, e]) => shape(d, e));
const writer = writing(fc.constantFrom(...new Set(PAIRS.map(([w]) => w))));
const reader = fc.constantFrom(...READERS);
/** Any runs, then one that may write, then one that reads what it may have written. */
const runs = fc
  .tuple(fc.array(fc.oneof(writer, reader), { maxLength: 2 }), fc.constantFrom(...PAIRS))
  .chain(([before, [w, r]]) => writing(fc.constant(w)).map((x) => [...before, x, r]));

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

  it('a run whose claims the person approved leaves the same residue: what it did not write decides nothing later', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAIRS).chain(([w, r]) => writing(fc.constant(w)).map((x) => [x, r])),
        async (plans) => {
          const [a, b] = await Promise.all([inSequence(DEMO_TEXT, plans, 1), inSequence(OTHER_TEXT, plans, 1)]);
          expect(view(a.reports[1]!), 'LEAK: a later run read what the attacker chose not to write').toEqual(
            view(b.reports[1]!),
          );
        },
      ),
      { numRuns: 24, seed: 19 },
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

const decisions = (r: RunReport, tool: string): string[] =>
  r.calls.filter((c) => c.tool === tool).map((c) => `${c.decision} ${canonicalJson(c.args)}`);

describe('the residue guards what a tool could have changed, not what no tool changes', () => {
  it('a routine per-item run after another still archives on its own (self-scoped, as on a fresh world)', async () => {
    const fresh = await inSequence(DEMO_TEXT, [RECEIPTS]);
    const after = await inSequence(DEMO_TEXT, [ROUTINE, RECEIPTS]);
    const first = after.reports[0]!;
    expect(first.calls.filter((c) => c.tool === 'archiveEmail').length).toBeGreaterThan(0);
    expect(first.calls.every((c) => c.decision === 'allow')).toBe(true);
    // The first run leaves a residue: its emails' subjects decided whether it archived.
    expect(after.world.residue?.mailbox?.untrusted.length).toBeGreaterThan(0);
    const second = decisions(after.reports[1]!, 'archiveEmail');
    expect(second.length).toBeGreaterThan(0);
    expect(second).toEqual(decisions(fresh.reports[0]!, 'archiveEmail'));
    expect(second.every((d) => d.startsWith('allow'))).toBe(true);
  });

  // Run 1 would have changed e01 had the attacker's email said so; run 2 decides on that field,
  // about e01 itself: on its own on a fresh world, asked after the run whose branch was not taken.
  const FIELDS: readonly [string, string][] = [
    ["await labelEmail('e01', 'later')", perItem("!m.labels.includes('later')", "await labelEmail(m.id, 'seen')")],
    ["await moveEmail('e01', 'Projects')", perItem("m.folder === 'INBOX'", 'await archiveEmail(m.id)')],
    ["await markRead('e01')", perItem('m.unread', 'await markRead(m.id)')],
  ];
  for (const [write, read] of FIELDS)
    it(`a field a tool could have changed unseen carries the residue: ${write}`, async () => {
      const fresh = await inSequence(OTHER_TEXT, [read]);
      const after = await inSequence(OTHER_TEXT, [`if (${attacker}) { ${write}; }`, read]);
      const acts = (r: RunReport): string[] => r.calls.filter((c) => c.args.id === 'e01').map((c) => c.decision);
      expect(acts(fresh.reports[0]!)).toEqual(['allow']);
      expect(acts(after.reports[1]!)).toEqual(['confirm']);
    });

  it('what no tool changes does not: a per-item loop deciding on e01’s id, subject, sender and date acts on its own', async () => {
    const plans = [
      `if (${attacker}) { await markRead('e01'); await labelEmail('e01', 'later'); await moveEmail('e01', 'Projects'); }`,
      "const xs = await listEmails({ folder: 'all' }); for (const e of xs) { if (e.id === 'e01' && e.subject.length > 0 && e.from.length > 0 && e.date.length > 0) { await markRead(e.id); } }",
    ];
    for (const text of [DEMO_TEXT, OTHER_TEXT]) {
      const first = await inSequence(text, plans.slice(0, 1));
      expect(first.world.residue?.mailbox?.untrusted).toContain('tool:getEmail:e33');
      const { reports } = await inSequence(text, plans);
      expect(decisions(reports[1]!, 'markRead')).toEqual(['allow {"id":"e01"}']);
    }
  });

  it('whether an id exists carries the residue: getEmail by id answers only for an email that is there', async () => {
    const plans = [
      `if (${attacker}) { await deleteEmail('e01'); }`,
      "const e = await getEmail('e01'); if (e.subject.length > 0) { await markRead(e.id); }",
    ];
    const { reports } = await inSequence(OTHER_TEXT, plans);
    expect(decisions(reports[1]!, 'markRead')).toEqual(['confirm {"id":"e01"}']);
  });

  // The listing is chosen by the sender address the server authenticated: on a fresh world its
  // length and order are the person's own knowledge; run 1 may have trashed e01 (Bob's) unseen.
  const STRUCTURE = [
    "const xs = await searchEmails({ from: 'bob@acme.test' }); await markRead(xs[0].id);",
    "const xs = await searchEmails({ from: 'bob@acme.test' }); if (xs.length > 1) { await markRead('e07'); }",
    "const xs = await searchEmails({ from: 'bob@acme.test' }); let n = 0; for (const m of xs) { if (n === 0) { await markRead(m.id); } n++; }",
  ];
  for (const read of STRUCTURE)
    it(`the listing's length and order carry the residue: ${read}`, async () => {
      const fresh = await inSequence(OTHER_TEXT, [read]);
      const after = await inSequence(OTHER_TEXT, [`if (${attacker}) { await deleteEmail('e01'); }`, read]);
      expect(decisions(fresh.reports[0]!, 'markRead').map((d) => d.split(' ')[0])).toEqual(['allow']);
      expect(decisions(after.reports[1]!, 'markRead').map((d) => d.split(' ')[0])).toEqual(['confirm']);
    });
});
