/**
 * Red-team round 14: what an event update sends that its card did not show.
 *
 * An update mails the event as it will be to everyone it notifies (iTIP REQUEST: title, time,
 * place and the notes, `DESCRIPTION`), and writes it to the calendar. The claim card showed the
 * title, time, place and guests (engine/claims/explain.ts `previewOf`, "the event as its guests
 * will see it"), never the notes: an email asking "add me to your Globex call" became a claim
 * "Change Globex renewal call and notify zed@…", and approving it sent zed the meeting's private
 * notes, which the person was never shown. The notes are part of the effect (and of its hash),
 * not of the call's arguments, so the card's field list did not name them either.
 *
 * Property: for an update or a new event, every text the effect carries to its guests is on the
 * card's preview.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectOf, type EventEffect } from '../../../engine/tools/effect';
import { explainStored } from '../../../main/claims/explain-stored';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { demoApp } from '../../main/app/app-fixture';

const demo = demoApp({ undoWindowSeconds: 0 });

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0 && !/['\\\n\r]/.test(s));

describe("an event update's card shows everything its guests get", () => {
  it('the notes of the event go on the card, as the guests will read them', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.boolean(), async (notes, create) => {
        const p = demo.profile;
        const ev = p.repos.calendar.get('ev02')!;
        p.repos.calendar.upsert(p.primaryAccount().id, { ...ev, description: `PRIVATE ${notes}` });
        // What an email asked for: a guest it names added to one of the person's meetings (or a
        // new event with notes of its own).
        const plan = create
          ? `const m = await getEmail('e33'); await createEvent({ title: 'Sync', start: '2026-03-20T10:00:00Z', end: '2026-03-20T10:30:00Z', attendees: [m.from], description: 'PRIVATE ${notes}' });`
          : `const m = await getEmail('e33'); await updateEvent('ev02', { addAttendees: [m.from] });`;
        const r = await runOnProfile(p, { plan, kind: 'plan' });
        expect(
          r.report.claims,
          JSON.stringify([r.report.status, r.report.calls.map((x) => [x.tool, x.decision, x.rule])]),
        ).toHaveLength(1);
        const c = p.claims.get(r.report.claims[0]!.id);
        const effect = effectOf(c.action.tool, c.action.args, profileLookups(p, p.primaryAccount())) as EventEffect;
        expect(effect.description).toBe(`PRIVATE ${notes}`);
        const { x } = explainStored(p, c);
        expect(x.preview).toMatchObject({ kind: 'event', description: effect.description });
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
