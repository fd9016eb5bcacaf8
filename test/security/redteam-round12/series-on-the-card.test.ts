/**
 * Red-team round 12 (open risk, closed): a claim on a recurring event says that it repeats, and
 * how, from what will be committed (real Radicale and smtp-server).
 *
 * The engine modelled a series as its first occurrence: "Change “Weekly sync” on Mon 20 Apr,
 * 15:00–16:00 and notify lee@vendor.example" moved, renamed or opened every Monday to the new
 * guest, and "Accept the invitation “Standup”" answered every day of it, with nothing on the card
 * saying so.
 *
 * Closed: a sync keeps each event's series (its RRULE as the server holds it, and whether it has
 * exceptions, main/calendar/ical.ts); the effect carries it (an update's moved as the write moves
 * it, engine/tools/series.ts), so the claim's hash binds it; the card says it in words
 * (engine/claims/repeat-words.ts) and calls the event a series. The write refuses when what it
 * would write repeats otherwise than the card said, and an answer when the server's series changed.
 * Property: for generated weekly and monthly series and moves, the card's words are the words of
 * the series the server holds after the commit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seriesWords } from '../../../engine/claims/repeat-words';
import { syncCalendars } from '../../../main/accounts/calendars';
import { parseEvents } from '../../../main/calendar/ical';
import { explainStored } from '../../../main/claims/explain-stored';
import { approveAndCommit, calendarAccountPerSuite, runStrict } from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';
import { foreignEvent } from './ical-as-read';

/** A series as another calendar app writes it, starting Monday 20 April 2026 at 15:00 UTC. */
const series = (o: { uid: string; title: string; organizer: string; rule: string; extra?: readonly string[] }) =>
  foreignEvent(o.uid, [
    'DTSTART:20260420T150000Z',
    'DTEND:20260420T160000Z',
    `SUMMARY:${o.title}`,
    `RRULE:${o.rule}`,
    ...(o.extra ?? []),
    `ORGANIZER:mailto:${o.organizer}`,
  ]);

const RULES = [
  'FREQ=WEEKLY;BYDAY=MO',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270331T150000Z',
  'FREQ=DAILY;COUNT=10',
  'FREQ=MONTHLY;BYDAY=3MO;UNTIL=20261221T150000Z',
  'FREQ=MONTHLY;BYSETPOS=1;BYDAY=MO,TU',
];
const STYLE = { locale: 'en-GB', timeZone: 'Europe/Berlin' };

const missing = radicaleMissing();

describe.skipIf(missing !== null)('red team round 12: a series on the card', () => {
  const at = calendarAccountPerSuite();
  let n = 0;

  it("for any series of the person's and any move, the card says how the committed series repeats", async () => {
    at.p.setSetting('timeZone', STYLE.timeZone);
    at.p.setSetting('locale', STYLE.locale);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RULES),
        fc.integer({ min: -3, max: 3 }),
        fc.boolean(),
        async (rule, days, cancelled) => {
          const uid = `series-${++n}@acme.test`;
          const href = at.other.hrefFor(uid);
          const extra = cancelled ? ['EXDATE:20260427T150000Z'] : [];
          await at.other.put(href, series({ uid, title: `Sync ${n}`, organizer: 'maya@acme.test', rule, extra }));
          await syncCalendars(at.p);
          const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === `Sync ${n}`)!;
          const start = new Date(Date.parse('2026-04-20T15:00:00Z') + days * 86_400_000).toISOString();
          const end = new Date(Date.parse(start) + 3_600_000).toISOString();
          // A guest from outside: the policy asks, and the card is what the person reads.
          const { claim } = await runStrict(
            at,
            `await updateEvent(input.id, { start: input.start, end: input.end, addAttendees: ['lee@vendor.example'] });`,
            { id: ev.id, start, end },
          );
          const { x } = explainStored(at.p, at.p.claims.get(claim!.id));
          expect(x.what).toMatch(new RegExp(`^Change the series “Sync ${n}” starting `));
          const shown = x.preview.kind === 'event' ? x.preview.repeats : undefined;
          await approveAndCommit(at, claim!);
          expect(at.p.claims.get(claim!.id).state, at.p.claims.get(claim!.id).error ?? '').toBe('committed');
          const [held] = await at.other.get([href]);
          const written = parseEvents(held!.text).find((e) => e.uid === uid)!;
          expect(written.repeats).toBeDefined();
          expect(shown).toBe(seriesWords(written.repeats!, STYLE));
          if (cancelled) expect(shown).toMatch(/, with some occurrences changed, added or cancelled$/);
          if (rule.includes('BYSETPOS'))
            expect(shown).toMatch(/^Repeats \(rule: FREQ=MONTHLY;BYSETPOS=1;BYDAY=MO,TU\)/);
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);

  it('an answer to a series says so, and fails when the series changed on the server since', async () => {
    const uid = 'standup@acme.test';
    const href = at.other.hrefFor(uid);
    await at.other.put(
      href,
      series({ uid, title: 'Standup', organizer: 'omar@acme.test', rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' }),
    );
    await syncCalendars(at.p);
    const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === 'Standup')!;
    const answer = async () => {
      const { claim } = await runStrict(at, `await respondToEvent(input.id, 'accepted');`, { id: ev.id });
      return claim!;
    };
    const first = await answer();
    const { x } = explainStored(at.p, at.p.claims.get(first.id));
    expect(x.what).toMatch(/^Accept the invitation to the series “Standup”/);
    expect(x.preview).toMatchObject({
      kind: 'event',
      repeats: 'Every Monday, Tuesday, Wednesday, Thursday and Friday',
    });
    await approveAndCommit(at, first);
    expect(at.p.claims.get(first.id).state).toBe('committed');
    // Behind the app's back, after the sync: the series now runs every day, weekends too.
    const [held] = await at.other.get([href]);
    await at.other.put(
      href,
      series({ uid, title: 'Standup', organizer: 'omar@acme.test', rule: 'FREQ=DAILY' }),
      held!.etag,
    );
    const sent = at.smtp.received.length;
    // Answered as the store shows it (allowed, it commits at the run's end; asked, on approval).
    const second = await answer();
    await approveAndCommit(at, second);
    const after = at.p.claims.get(second.id);
    expect(after.state).toBe('failed');
    expect(after.error).toMatch(/its series is now "FREQ=DAILY"; sync and answer it again$/);
    expect(at.smtp.received.length).toBe(sent);
  });

  it('the write refuses a series other than the card said', async () => {
    const uid = 'said-weekly@acme.test';
    await at.other.put(
      at.other.hrefFor(uid),
      series({ uid, title: 'Said weekly', organizer: 'maya@acme.test', rule: 'FREQ=DAILY' }),
    );
    await syncCalendars(at.p);
    const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === 'Said weekly')!;
    // The store (what the card reads) says otherwise than the server, which did not change.
    at.p.repos.calendar.upsert(at.account.id, { ...ev, repeats: { rule: 'FREQ=WEEKLY;BYDAY=MO', exceptions: false } });
    const { claim } = await runStrict(at, `await updateEvent(input.id, { addAttendees: ['lee@vendor.example'] });`, {
      id: ev.id,
    });
    const sent = at.smtp.received.length;
    await approveAndCommit(at, claim!);
    const after = at.p.claims.get(claim!.id);
    expect(after.state).toBe('failed');
    expect(after.error).toBe(
      `event "Said weekly" (${ev.id}) would repeat by "FREQ=DAILY" on the calendar server, ` +
        'not by "FREQ=WEEKLY;BYDAY=MO" as shown; sync and try again',
    );
    expect(at.smtp.received.length).toBe(sent);
  });

  it('a new event is no series: its card says nothing of repeating', async () => {
    const { claim } = await runStrict(
      at,
      `await createEvent({ title: 'Kickoff', start: '2026-05-04T09:00:00Z', end: '2026-05-04T10:00:00Z', attendees: ['lee@vendor.example'] });`,
    );
    const { x } = explainStored(at.p, at.p.claims.get(claim!.id));
    expect(x.preview.kind === 'event' && x.preview.repeats).toBeUndefined();
    expect(x.what).not.toMatch(/series/);
  });
});
