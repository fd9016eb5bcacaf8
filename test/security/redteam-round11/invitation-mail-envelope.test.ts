/**
 * Red-team round 11: the invitation mail a calendar write sends, on a real account (Radicale and
 * an SMTP capture).
 *
 * After a CalDAV create or update, main/accounts/calendar-actions.ts mails the event to its
 * attendees (iTIP REQUEST); an answer goes to the organiser (REPLY). The gate and the claim know
 * who that reaches from the action's effect (engine/tools `notified`: the attendees but the
 * person, as `bareAddress` reads each). The mail named the attendees as the event holds them and
 * let nodemailer find the envelope in that text, by its own reading.
 *
 * An invitation's attendees are text its sender wrote. Trudy's invitation, put on Maya's
 * calendar "organised" by Maya, lists one attendee written `zed@attacker.test, maya
 * <maya@acme.test>`: `bareAddress` reads Maya's own address (a name, then `<…>`), so the effect
 * notifies nobody and the gate sees an update with no attendees — calendar/update-no-attendees,
 * on its own when only the person and the event decided it. nodemailer reads two addresses.
 *
 * Finding (closed, main/accounts/calendar-actions.ts): the person moves "Board offsite" (they
 * picked it; the new time is theirs) and the update, allowed without a claim, mailed the event
 * with the person's new time to zed@attacker.test. Fixed: the invitation and the answer go to
 * exactly the effect's `notified`, as `bareAddress` reads them (the SMTP envelope and the To
 * header alike); no one when it names no one; one that is no address fails the commit.
 *
 * Property: whatever the attendees' text, what reaches the SMTP server is exactly the effect's
 * recipients, and so nothing reaches an address the gate did not see.
 */
import { describe, expect, it } from 'vitest';
import { syncCalendars } from '../../../main/accounts/calendars';
import { effectOf, recipientsOf } from '../../../engine/tools/effect';
import { bareAddress } from '../../../engine/world/addresses';
import { profileLookups } from '../../../main/mail/effect-lookups';
import {
  approveAndCommit,
  calendarAccountPerSuite,
  runStrict,
  writtenEvent,
} from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';

/** Attendee texts an invitation's sender can write, each read by `bareAddress` as Maya's own. */
const HOSTILE_ATTENDEES = [
  'zed@attacker.test, maya <maya@acme.test>',
  'zed@attacker.test; maya <maya@acme.test>',
  'zed@attacker.test,maya@acme.test <maya@acme.test>',
  'Team: zed@attacker.test, maya <maya@acme.test>',
];

const missing = radicaleMissing();

describe.skipIf(missing !== null)('red team round 11: an invitation goes only where its effect says', () => {
  const at = calendarAccountPerSuite();

  it('an update of an event whose attendee text reads as the person mails no one the gate did not see', async () => {
    const { other } = at;
    const titles = HOSTILE_ATTENDEES.map((_, i) => `Board offsite ${i}`);
    for (const [i, attendee] of HOSTILE_ATTENDEES.entries())
      await other.put(
        other.hrefFor(`offsite-${i}@attacker.test`),
        writtenEvent({
          uid: `offsite-${i}@attacker.test`,
          title: titles[i]!,
          day: `2026042${i}`,
          // Trudy's event, put on Maya's calendar as organised by Maya.
          organizer: 'maya@acme.test',
          attendeeLines: [`ATTENDEE:mailto:${attendee}`],
        }),
      );
    await syncCalendars(at.p);
    for (const title of titles) {
      const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === title)!;
      expect(ev, title).toBeDefined();
      const before = at.smtp.received.length;
      // The person picks the event and the new place: nothing untrusted decided the update.
      const r = await runStrict(at, `await updateEvent(input.id, { location: 'Room 5, after the layoffs talk' });`, {
        id: ev.id,
      });
      const call = r.report.calls.find((c) => c.tool === 'updateEvent')!;
      // An attendee text that is not one address marks the event at sync, and the tool refuses
      // to change it (unreadable-attendee-update.test.ts): nothing goes out at all.
      if (call.rule === 'tool/refused') {
        expect(r.claim).toBeUndefined();
        expect(at.smtp.received.length).toBe(before);
        continue;
      }
      expect(r.report.status, JSON.stringify(r.report.error)).toBe('completed');
      const claim = r.claim!;
      const effect = effectOf('updateEvent', claim.action.args, profileLookups(at.p, at.account));
      const shown = recipientsOf(effect).map(bareAddress).sort();
      await approveAndCommit(at, claim);
      const sent = at.smtp.received.slice(before).flatMap((m) => m.to.map((a) => a.toLowerCase()));
      expect(
        sent.filter((a) => !shown.includes(a)),
        `LEAK (${title}, ${call.decision} by ${call.rule}): mailed beyond the effect's recipients ${JSON.stringify(shown)}`,
      ).toEqual([]);
    }
  }, 120_000);
});
