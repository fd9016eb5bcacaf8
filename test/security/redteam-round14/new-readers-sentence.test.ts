/**
 * Red-team round 14 (open risk, closed): the card's sentence "Shown for the first time to …: …"
 * (once "It would show … to …, who could not read … before") names exactly who would newly read
 * each thing, nobody who could read it already.
 *
 * The gate gives one reason per recipient and field a recipient may not read. The card put every
 * such field into one list and every such recipient into one count: adding an email's sender to a
 * meeting read "It would show the new guest and the stored event to 3 people, who could not read
 * them before", though the two guests read the meeting's notes already (only the new guest's
 * address was new to them) and only the new guest could not. The person was told the notes go to
 * people who have them, and could not tell who really gets them.
 *
 * Closed (engine/claims/reasons.ts `concernsOf`): each field is said with exactly the
 * recipients the gate found could not read it, fields with the same new readers together.
 * Property over generated reasons: the sentence names each field with exactly its new readers, in
 * correct English (one person / N people, no empty list).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainClaim } from '../../../engine/claims/explain';
import { concernsOf } from '../../../engine/claims/reasons';
import { worldDirectory, worldLookups } from '../../../engine/claims/world-directory';
import { loadWorld, simulate } from '../../../engine';
import { effectOf } from '../../../engine/tools/effect';
import { DEMO, DEMO_TEXT } from '../two-worlds';

const FIELDS = ['body', 'subject', 'description', 'storedEvent', 'addAttendees[0]'] as const;
const NOUNS: Readonly<Record<string, string>> = {
  body: 'the message',
  subject: 'the subject',
  description: 'the notes',
  storedEvent: 'the event with its notes',
  'addAttendees[0]': 'the address of the new guest',
};
const PEOPLE = ['carla@globex.test', 'omar@acme.test', 'trudy@parcel-fast.test', 'zed@attacker.test'];
const NAMES: Readonly<Record<string, string>> = {
  'carla@globex.test': 'Carla Mendes',
  'omar@acme.test': 'Omar Haddad',
};
const person = (a: string) => NAMES[a] ?? a;

/** The gate's reason (engine/policy/analysis.ts readerProblems) for one recipient and field. */
const reason = (who: string, field: string, i: number) =>
  i % 2
    ? `\`to[${i}]\` (${who}) cannot read \`${field}\` (from tool:getEmail:m1): its readers are {maya@acme.test}`
    : `${who} (a participant of \`id\` ev02 "Globex renewal call") cannot read \`${field}\` (from system): its readers are {maya@acme.test, carla@globex.test}`;

const and = (xs: readonly string[]) =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

describe('who sees it for the first time', () => {
  it('for any (recipient, field) pairs the gate finds, each field is said with exactly its new readers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.constantFrom(...PEOPLE), fc.constantFrom(...FIELDS)), {
          minLength: 1,
          maxLength: 12,
          selector: ([w, f]) => `${w} ${f}`,
        }),
        (pairs) => {
          const raw = pairs.map(([w, f], i) => reason(w, f, i));
          const [disclosure, ...rest] = concernsOf(raw, (p) => NOUNS[p]!, person);
          expect(rest).toEqual([]);
          const s = disclosure!.sentence;
          expect(disclosure!.readers!.toSorted()).toEqual([...new Set(pairs.map(([w]) => w))].sort());
          // One clause per set of new readers: "to Y: X", after "Shown for the first time ".
          expect(s).toMatch(/^Shown for the first time to .+\.$/);
          const clauses = s
            .replace(/^Shown for the first time /, '')
            .replace(/\.$/, '')
            .split('; ');
          const said = new Map<string, string>();
          for (const c of clauses) {
            const m = /^to (.+): (.+)$/.exec(c);
            expect(m, `${c} in: ${s}`).not.toBeNull();
            const [, to, things] = m!;
            const nouns = Object.values(NOUNS)
              .filter((n) => things!.includes(n))
              .sort((a, b) => things!.indexOf(a) - things!.indexOf(b));
            expect(and(nouns)).toBe(things);
            // A field is said once, with all of its new readers.
            for (const n of nouns) expect(said.has(n), `${n} twice in: ${s}`).toBe(false);
            for (const n of nouns) said.set(n, to!);
          }
          for (const f of new Set(pairs.map(([, f]) => f))) {
            const who = [...new Set(pairs.filter(([, g]) => g === f).map(([w]) => w))];
            // The names in any order; more than two counted.
            const names = (t: string) => t.split(/, | and /).sort();
            const to = who.length <= 2 ? who.map(person).sort() : [`${who.length} people`];
            expect(names(said.get(NOUNS[f]!)!), s).toEqual(to);
          }
          expect(said.size).toBe(new Set(pairs.map(([, f]) => f)).size);
          expect(s).not.toMatch(/\b1 people\b|\s{2}|,,|\bto ,/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("adding an email's sender to a meeting: the notes go to the sender alone, the address to the guests", async () => {
    const world = loadWorld(DEMO_TEXT, DEMO);
    const plan = `const m = await getEmail('e33'); await updateEvent('ev02', { addAttendees: [m.from] });`;
    const { report } = await simulate({ plan, world });
    const [c] = report.claims;
    const x = explainClaim(c!, worldDirectory(world), { effect: effectOf(c!.tool, c!.args, worldLookups(world)) });
    const [sentence] = x.why.filter((w) => w.startsWith('Shown for the first time'));
    expect(sentence).toMatch(/^Shown for the first time .+\.$/);
    expect(sentence).toContain('to trudy@parcel-fast.test: the event with its notes');
    expect(sentence).toContain('to Carla Mendes and Omar Haddad: the address of the new guest');
  });
});
