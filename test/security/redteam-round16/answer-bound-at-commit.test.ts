/**
 * Red-team round 16: an answer to an invitation commits the event the person approved, even when
 * the store changes while the commit is under way. The outbox checks a claim's hash against the
 * store before it takes the row; the calendar transport (main/accounts/calendar-actions.ts) then
 * awaits the account's calendar and credential (an OAuth refresh goes to the network) and works
 * the effect out again from the store — which the app's calendar sync may have changed
 * meanwhile. The organiser moves the meeting on the server; the sync brings the new time in; the
 * answer is written against the store as it now is, and `heldAsShown` compares the server with
 * that new effect, not with what was approved: the person's "yes" to Monday 15:00 went out as a
 * "yes" to the meeting at its new time. (The organize path already re-checks the hash just before
 * it touches the server; the calendar path did not.)
 *
 * Property: whatever the store holds when the transport runs, what it sends is the effect the
 * person approved, or nothing.
 */
import { describe, expect, it } from 'vitest';
import { effectHash, effectOf, type EventEffect } from '../../../engine/tools/effect';
import { accountTransports, transportNameOf } from '../../../main/accounts/transports';
import { syncCalendars } from '../../../main/accounts/calendars';
import { readItip } from '../../../main/calendar/itip';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { Outbox } from '../../../main/outbox/outbox';
import type { Transport } from '../../../main/outbox/transport';
import { ClaimsService } from '../../../main/services/claims-service';
import { radicaleMissing } from '../../integration/servers/radicale';
import { calendarAccountPerSuite, runStrict, writtenEvent } from '../../integration/calendar/fixtures';

const missing = radicaleMissing();
const ORGANISER = 'lena@partner.example';

describe.skipIf(missing !== null)(
  `an answer commits the event approved${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const at = calendarAccountPerSuite();
    const invitation = (day: string) =>
      writtenEvent({
        uid: 'board-rt16',
        title: 'Board prep',
        day,
        organizer: ORGANISER,
        attendeeLines: [`ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${at.account.email}`],
      });

    it('the organiser moving the meeting while the commit runs changes nothing that is sent', async () => {
      const href = at.other.hrefFor('board-rt16');
      await at.other.put(href, invitation('20260420'));
      await syncCalendars(at.p);
      // Found by its title in a listing: the person approves the answer on its card.
      const { claim } = await runStrict(
        at,
        `const evs = await listEvents({ from: '2026-04-01T00:00:00Z', to: '2026-05-01T00:00:00Z' });
await respondToEvent(evs.find((e) => e.title === 'Board prep').id, 'accepted');`,
      );
      expect(claim?.state).toBe('pending');
      const approved = effectOf(
        claim!.action.tool,
        claim!.action.args,
        profileLookups(at.p, at.account),
      ) as EventEffect;
      expect(effectHash(approved)).toBe(claim!.contentHash);
      new ClaimsService(at.p).approve(claim!.id, { by: 'test', expectedHash: claim!.contentHash, undoWindowMs: 0 });

      // The real transport, reached after the outbox's check while the calendar sync runs (as it
      // may while the transport awaits the credential): the organiser has moved the meeting.
      const real = accountTransports(at.p).get(transportNameOf(at.account))!;
      const racing: Transport = {
        name: real.name,
        async commit(req) {
          const [held] = await at.other.get([href]);
          await at.other.put(href, invitation('20260421'), held!.etag);
          await syncCalendars(at.p);
          return real.commit(req);
        },
        reconcile: (req) => real.reconcile(req),
      };
      const before = at.smtp.received.length;
      await new Outbox(at.p.claims, new Map([[real.name, racing]])).processDue();

      const sent = at.smtp.received.slice(before);
      for (const m of sent) {
        const itip = (await readItip(m.raw))!;
        expect(Date.parse(itip.event.start), 'the answer is to a time the person did not approve').toBe(
          Date.parse(approved.start),
        );
      }
      if (sent.length === 0) {
        // Nothing left: the claim failed, saying why (the person answers the meeting as it now is).
        const after = at.p.claims.get(claim!.id);
        expect(after.state).toBe('failed');
        expect(after.error).toMatch(/"Board prep" is not the one approved/);
      }
    }, 60_000);
  },
);
