/**
 * Red-team round 16: an approved event with guests is written to the calendar and its guests are
 * invited, each once, even when the invitations' mail fails after the CalDAV write. The calendar
 * transport (main/accounts/calendar-actions.ts) wrote the event, then mailed the invitations; when
 * the mail failed (a temporary SMTP refusal) the outbox retried, and the retry found the event's
 * UID in the store and reported it done ("reconciled") without mailing anyone: the person was told
 * the meeting was set up and its guests were never invited.
 *
 * Property: whatever the SMTP server does after the write, either every guest gets exactly one
 * invitation and the claim is committed, or the claim ends failed with a message naming the
 * guests not invited — never committed without them.
 */
import { describe, expect, it } from 'vitest';
import { accountTransports } from '../../../main/accounts/transports';
import { readItip } from '../../../main/calendar/itip';
import { parseEvents } from '../../../main/calendar/ical';
import { Outbox } from '../../../main/outbox/outbox';
import { ClaimsService } from '../../../main/services/claims-service';
import { radicaleMissing } from '../../integration/servers/radicale';
import { calendarAccountPerSuite, runStrict } from '../../integration/calendar/fixtures';

const missing = radicaleMissing();
const GUESTS = ['sales@vendor.example', 'ops@vendor.example'];

describe.skipIf(missing !== null)(
  `invitations after the calendar write${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const at = calendarAccountPerSuite();

    /**
     * A new event with GUESTS titled `title`, committed by the outbox (retried on a clock that moves
     * past every backoff) while the SMTP server refuses the first `refusals` messages with `code`;
     * `afterFirst` runs between the first attempt and the retries.
     */
    async function commitWhileMailRefused(
      title: string,
      refusals: number,
      code: number,
      afterFirst?: (uid: string) => void,
    ) {
      const before = at.smtp.received.length;
      at.smtp.refuseNext(refusals, code);
      // A new event with guests is allowed in strict mode: the run's end commits it (its first
      // attempt); one the gate left pending is approved as in Review.
      const { claim } = await runStrict(
        at,
        `await createEvent({ title: ${JSON.stringify(title)}, start: '2026-05-04T15:00:00Z', end: '2026-05-04T16:00:00Z', attendees: ${JSON.stringify(GUESTS)} });`,
      );
      if (at.p.claims.get(claim!.id).state === 'pending')
        new ClaimsService(at.p).approve(claim!.id, { by: 'test', expectedHash: claim!.contentHash, undoWindowMs: 0 });
      afterFirst?.(`${claim!.id}@zamburak`);
      // The retries, on a clock that moves past each one's backoff.
      let clock = new Date(Date.now() + 60 * 60_000);
      const outbox = new Outbox(
        at.p.claims,
        accountTransports(at.p, () => clock),
        {
          now: () => clock,
          backoffMs: 1000,
          maxAttempts: 4,
        },
      );
      for (let i = 0; i < 6; i++) {
        await outbox.processDue();
        clock = new Date(clock.getTime() + 10 * 60_000);
      }
      at.smtp.refuseNext(0);
      const invitations = [];
      for (const m of at.smtp.received.slice(before)) {
        const itip = await readItip(m.raw);
        if (itip?.event.title === title) invitations.push({ to: m.to, method: itip.method });
      }
      const onServer = (await at.other.list()).flatMap((r) => parseEvents(r.text)).filter((e) => e.title === title);
      return { id: claim!.id, invitations, onServer, entry: outbox.entry(claim!.id) };
    }

    it('a temporary refusal after the write: the retry invites every guest, once', async () => {
      const r = await commitWhileMailRefused('Vendor review', 1, 451);
      expect(r.onServer, 'the event is written once').toHaveLength(1);
      const invited = r.invitations.flatMap((i) => i.to).sort();
      expect(invited, 'each guest is invited exactly once').toEqual([...GUESTS].sort());
      expect(r.invitations.every((i) => i.method === 'REQUEST')).toBe(true);
      expect(at.p.claims.get(r.id).state).toBe('committed');
      expect(r.entry?.result, 'the retry resumed after the write').toMatchObject({
        invited: GUESTS.length,
        resumed: true,
      });
    }, 60_000);

    it('the process died between the server taking the event and the store recording it', async () => {
      const r = await commitWhileMailRefused('Vendor review (crash)', 1, 451, (uid) => {
        // What the store would hold had the first attempt died right after the PUT: nothing.
        const held = at.p.repos.calendarSync.byUid(at.account.id, uid)!;
        at.p.repos.calendarSync.remove(at.account.id, held.href);
        at.p.repos.calendar.remove(held.eventId);
      });
      expect(r.onServer, 'the event is written once').toHaveLength(1);
      expect(r.invitations.flatMap((i) => i.to).sort(), 'each guest is invited exactly once').toEqual(
        [...GUESTS].sort(),
      );
      expect(at.p.claims.get(r.id).state).toBe('committed');
      expect(r.entry?.result).toMatchObject({ invited: GUESTS.length, resumed: true });
    }, 60_000);

    for (const [refusals, code] of [
      [100, 451],
      [1, 550],
    ] as const)
      it(`invitations that cannot be sent (${code}, ${refusals}×): failed, naming the guests not invited`, async () => {
        const title = `Vendor review ${code}`;
        const r = await commitWhileMailRefused(title, refusals, code);
        expect(r.onServer, 'the event is written once').toHaveLength(1);
        expect(r.invitations).toEqual([]);
        const claim = at.p.claims.get(r.id);
        expect(claim.state, 'told it is done while no guest was invited').toBe('failed');
        for (const g of GUESTS) expect(claim.error).toContain(g);
        expect(claim.error).toMatch(/is on the calendar, but .* were not invited/);
      }, 60_000);
  },
);
