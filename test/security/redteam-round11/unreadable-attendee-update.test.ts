/**
 * Red-team round 11 (open risk, closed): an update of an event whose server copy names an
 * attendee that is not one address is refused at the tool, before the gate and before any claim.
 *
 * attendee-text.test.ts made the commit refuse such an update (rewriting the event would drop a
 * person someone invited, or keep text a server may read as others). But the run did not know:
 * with no clean attendee the gate saw no recipient, so `calendar/update-no-attendees` allowed the
 * update on its own and it failed only in the outbox; with clean attendees the gate made a claim,
 * and the person approved a card that could never commit. The attacker who wrote the attendee
 * text decided that the person's approval is wasted, or that a change the person asked for
 * silently never happens.
 *
 * Closed: the world's event carries the mark (`unreadableAttendees`), and `updateEvent` refuses
 * such an event before the gate (`ToolSpec.refusal`): a plan error naming the event and the
 * attendee, no claim, no allowed call, nothing on the server or in the mail. The commit's own
 * check stays as the last line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syncCalendars } from '../../../main/accounts/calendars';
import { calendarAccountPerSuite, runStrict, writtenEvent } from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';

/** Attendee values no reader may take as one person (a few of attendee-text.test.ts's kinds). */
const HOSTILE = [
  'mailto:zed@attacker.test, maya@acme.test',
  'mailto:Maya <maya@acme.test>',
  'mailto:maya@acme.test?cc=zed@attacker.test',
  'urn:uuid:0d3e1c2a-5a8b-4a55-9a2e-0000000000aa',
];

/** Changes a plan may ask for (each alone allowed or confirmed, depending on the attendees). */
const CHANGES = [
  "{ location: 'Room 5' }",
  "{ start: '2026-04-20T16:00:00Z', end: '2026-04-20T17:00:00Z' }",
  "{ title: 'Renamed' }",
  "{ addAttendees: ['bob@acme.test'] }",
  "{ removeAttendees: ['omar@acme.test'] }",
];

const missing = radicaleMissing();

describe.skipIf(missing !== null)(
  'red team round 11: an event that cannot be written is refused before any claim',
  () => {
    const at = calendarAccountPerSuite();

    it('for any marked event and any change, the run gets an error naming the event; no claim, no write, no mail', async () => {
      // Maya's own events (she organises them), each with one hostile attendee, with or without Omar.
      for (const [i, value] of HOSTILE.entries())
        for (const withOmar of [false, true]) {
          const uid = `marked-${i}-${withOmar}@acme.test`;
          await at.other.put(
            at.other.hrefFor(uid),
            writtenEvent({
              uid,
              title: `Marked ${i} ${withOmar}`,
              day: '20260420',
              organizer: 'maya@acme.test',
              attendeeLines: [...(withOmar ? ['ATTENDEE:mailto:omar@acme.test'] : []), `ATTENDEE:${value}`],
            }),
          );
        }
      await syncCalendars(at.p);
      const held = new Map((await at.other.list()).map((r) => [r.href, r.text]));
      const events = at.p.repos.calendar.list(at.account.id).filter((e) => e.title.startsWith('Marked'));
      expect(events).toHaveLength(HOSTILE.length * 2);

      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...events), fc.constantFrom(...CHANGES), async (ev, change) => {
          const sent = at.smtp.received.length;
          const r = await runStrict(
            at,
            `try { await updateEvent(input.id, ${change}); return 'changed'; } catch (e) { return e.message; }`,
            { id: ev.id },
          );
          expect(r.claim, `${ev.title} ${change}: a claim was made`).toBeUndefined();
          // The person reads it in the run's record, the plan in its error.
          expect(r.report.calls.map((c) => [c.rule, c.reasons.join()])).toEqual([
            ['tool/refused', expect.stringContaining(JSON.stringify(ev.title))],
          ]);
          const message = String(r.report.result);
          expect(message).toContain(JSON.stringify(ev.title));
          expect(message).toContain(ev.id);
          expect(message).toMatch(/is not one email address/);
          expect(at.smtp.received.length).toBe(sent);
          expect(new Map((await at.other.list()).map((x) => [x.href, x.text]))).toEqual(held);
        }),
        { numRuns: 20 },
      );
    });

    it('an event with only clean attendees is still changed as before', async () => {
      const uid = 'clean@acme.test';
      await at.other.put(
        at.other.hrefFor(uid),
        writtenEvent({
          uid,
          title: 'Clean',
          day: '20260421',
          organizer: 'maya@acme.test',
          attendeeLines: [],
        }),
      );
      await syncCalendars(at.p);
      const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === 'Clean')!;
      const r = await runStrict(at, `await updateEvent(input.id, { location: 'Room 5' }); return 'changed';`, {
        id: ev.id,
      });
      expect(r.report.result).toBe('changed');
    });
  },
);
