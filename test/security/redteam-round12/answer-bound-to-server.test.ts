/**
 * Red-team round 12 (open risk, closed): an answer to an invitation commits only what the person
 * approved, as the calendar server holds it when it goes out.
 *
 * `respondToEvent` built its REPLY from the store's copy of the event, and the store is only as
 * new as the last sync. Between the sync and the commit the organiser (or whoever shares the
 * calendar: the attacker's own client) could move the meeting to 2 a.m., rename it or hand it to
 * another organiser; the person approved (or the policy allowed) "Accept: Planning, Monday 15:00,
 * from omar", and the
 * REPLY (same UID) accepted the event as the server then held it, which the organiser's calendar
 * records as the person's yes to the new time.
 *
 * Closed (main/calendar/calendar-sync.ts `answer`, ical.ts `replyOf`): the commit reads the
 * server's copy first and refuses for good, naming what changed, when its title, time, place or
 * organiser differs from what the claim showed; otherwise the REPLY is built from the server's
 * text (its SEQUENCE, its times) with only the person's answer. Property: for any change of the
 * server's copy after the claim, a REPLY goes out exactly when nothing the card showed changed,
 * and then names the event as the server holds it.
 */
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { syncCalendars } from '../../../main/accounts/calendars';
import { parseEvents } from '../../../main/calendar/ical';
import { readItip } from '../../../main/calendar/itip';
import { approveAndCommit, calendarAccountPerSuite, runStrict } from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';
import { foreignEvent } from './ical-as-read';

/** Omar's invitation as his calendar client wrote it, with what the server now holds changed. */
const invitation = (uid: string, c: Partial<Record<Field, string>>): string =>
  foreignEvent(uid, [
    `SEQUENCE:${c.sequence ?? '0'}`,
    `DTSTART:${c.start ?? '20260420T150000Z'}`,
    `DTEND:${c.end ?? '20260420T160000Z'}`,
    `SUMMARY:${c.title ?? 'Planning'}`,
    `LOCATION:${c.location ?? 'Room 2'}`,
    `DESCRIPTION:${c.description ?? 'Agenda to follow'}`,
    `ORGANIZER:mailto:${c.organizer ?? 'omar@acme.test'}`,
  ]);

type Field = 'start' | 'end' | 'title' | 'location' | 'organizer' | 'description' | 'sequence';
/** What the server's copy may become; the first five are on the card. */
const CHANGES: Readonly<Record<Field, string>> = {
  start: '20260421T020000Z',
  end: '20260420T170000Z',
  title: 'Planning (budget sign-off)',
  location: 'Offsite, Building 9',
  organizer: 'zed@attacker.test',
  description: 'Agenda: roadmap',
  sequence: '3',
};
const SHOWN: ReadonlySet<Field> = new Set(['start', 'end', 'title', 'location', 'organizer']);

/** The text/calendar part of a mail, as its reader decodes it. */
async function calendarPart(raw: string): Promise<string> {
  const part = (await PostalMime.parse(raw)).attachments.find((a) => /^text\/calendar/i.test(a.mimeType))!;
  return typeof part.content === 'string' ? part.content : Buffer.from(part.content as ArrayBuffer).toString('utf8');
}

const missing = radicaleMissing();

describe.skipIf(missing !== null)('red team round 12: an answer is bound to the event as the server holds it', () => {
  const at = calendarAccountPerSuite();
  let n = 0;

  it('for any change after the claim, the REPLY goes out exactly when nothing shown changed, and names the server copy', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(Object.keys(CHANGES) as Field[]),
        fc.constantFrom('accepted', 'tentative', 'declined'),
        async (changed, answer) => {
          const uid = `invite-${++n}@acme.test`;
          const href = at.other.hrefFor(uid);
          await at.other.put(href, invitation(uid, {}));
          await syncCalendars(at.p);
          const ev = parseEvents(invitation(uid, {}))[0]!;
          const id = at.p.repos.calendar.list(at.account.id).find((e) => e.id.includes(`invite-${n}_`))!.id;
          // Behind the app's back, after the sync: the server's copy changes.
          const now = invitation(uid, Object.fromEntries(changed.map((f) => [f, CHANGES[f]])));
          const [held] = await at.other.get([href]);
          await at.other.put(href, now, held!.etag);
          const sent = at.smtp.received.length;
          // The claim shows the event as the store has it; allowed, it commits at the run's end.
          const { claim } = await runStrict(at, `await respondToEvent(input.id, input.answer);`, { id, answer });
          await approveAndCommit(at, claim!);
          const after = at.p.claims.get(claim!.id);
          if (changed.some((f) => SHOWN.has(f))) {
            expect(after.state, changed.join()).toBe('failed');
            expect(after.error).toMatch(/changed on the calendar server/);
            expect(after.error).toContain(JSON.stringify(ev.title));
            expect(at.smtp.received.length).toBe(sent);
            return;
          }
          expect(after.state, changed.join()).toBe('committed');
          const mail = at.smtp.received.at(-1)!;
          expect(mail.to).toEqual(['omar@acme.test']);
          const itip = (await readItip(mail.raw))!;
          const server = parseEvents(now)[0]!;
          expect(itip).toMatchObject({ method: 'REPLY', uid });
          expect(itip.event).toMatchObject({
            title: server.title,
            start: server.start,
            end: server.end,
            organizer: 'omar@acme.test',
            attendees: ['maya@acme.test'],
            answers: { 'maya@acme.test': answer },
          });
          expect(await calendarPart(mail.raw)).toMatch(
            new RegExp(`^SEQUENCE:${changed.includes('sequence') ? 3 : 0}\\r?$`, 'm'),
          );
        },
      ),
      { numRuns: 14 },
    );
  }, 120_000);
});
