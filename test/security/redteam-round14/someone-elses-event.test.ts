/**
 * Red-team round 14 (open risk, closed): an update of an event the person does not organise is
 * refused at the tool, before the gate, whatever the policy decides; and the commit refuses it
 * too when the server's copy has another organiser by then.
 *
 * `updateEvent` checked the organiser only when it ran, which is only for a call the policy
 * allowed. A call the policy sent for approval (a guest the plan adds, an email deciding the
 * change) became a claim: the card showed "Change “Planning” … and notify …", and approving it
 * rewrote Omar's event on the calendar server and mailed its guests an update in the person's
 * name. A card that should never have been shown, or approved in vain.
 *
 * Closed: the organiser check is `updateEvent`'s refusal (`ToolSpec.refusal`, rule
 * `tool/refused`), so no claim is made; the commit reads the server's text and refuses for good,
 * naming the organiser, when the event is no longer the person's (main/calendar/calendar-sync.ts
 * `update`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syncCalendars } from '../../../main/accounts/calendars';
import {
  approveAndCommit,
  calendarAccountPerSuite,
  runStrict,
  writtenEvent,
} from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';

/** Changes a plan may ask for: some the policy allows on their own, some it asks about. */
const CHANGES = [
  "{ location: 'Room 5' }",
  "{ start: '2026-04-20T16:00:00Z', end: '2026-04-20T17:00:00Z' }",
  "{ title: 'Renamed' }",
  "{ addAttendees: ['lee@vendor.example'] }",
  "{ addAttendees: ['zed@attacker.test'], description: 'Dial-in changed' }",
  "{ removeAttendees: ['omar@acme.test'] }",
];

const missing = radicaleMissing();

describe.skipIf(missing !== null)("red team round 14: an update of someone else's event", () => {
  const at = calendarAccountPerSuite();
  const serverText = async () => new Map((await at.other.list()).map((x) => [x.href, x.text]));

  it('for any change, the run gets an error naming the organiser; no claim, no write, no mail', async () => {
    const uid = 'omars-planning@acme.test';
    await at.other.put(
      at.other.hrefFor(uid),
      writtenEvent({
        uid,
        title: 'Planning',
        day: '20260420',
        organizer: 'omar@acme.test',
        attendeeLines: ['ATTENDEE:mailto:maya@acme.test', 'ATTENDEE:mailto:omar@acme.test'],
      }),
    );
    await syncCalendars(at.p);
    const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === 'Planning')!;
    const held = await serverText();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANGES), async (change) => {
        const sent = at.smtp.received.length;
        const r = await runStrict(
          at,
          `try { await updateEvent(input.id, ${change}); return 'changed'; } catch (e) { return e.message; }`,
          { id: ev.id },
        );
        expect(r.claim, `${change}: a claim was made`).toBeUndefined();
        expect(r.report.calls.map((c) => [c.rule, c.reasons.join()])).toEqual([
          ['tool/refused', expect.stringContaining('omar@acme.test')],
        ]);
        // What the person reads, and can act on: whose event it is and what they can do instead.
        expect(String(r.report.result)).toBe(
          `updateEvent: you can only change events you organise; omar@acme.test organises "Planning" (${ev.id}): ` +
            'ask them to change it, or answer the invitation with respondToEvent',
        );
        expect(at.smtp.received.length).toBe(sent);
        expect(await serverText()).toEqual(held);
      }),
      { numRuns: 12 },
    );
  });

  it('an approved update fails for good when the server says someone else organises it by now', async () => {
    const uid = 'mayas-review@acme.test';
    const href = at.other.hrefFor(uid);
    const mine = (organizer: string) =>
      writtenEvent({
        uid,
        title: 'Review',
        day: '20260421',
        organizer,
        attendeeLines: ['ATTENDEE:mailto:maya@acme.test', 'ATTENDEE:mailto:omar@acme.test'],
      });
    await at.other.put(href, mine('maya@acme.test'));
    await syncCalendars(at.p);
    const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === 'Review')!;
    // A guest from outside: the policy asks.
    const { claim } = await runStrict(at, `await updateEvent(input.id, { addAttendees: ['lee@vendor.example'] });`, {
      id: ev.id,
    });
    expect(claim?.state).toBe('pending');
    // Behind the app's back, after the card was made: the event is handed to Omar.
    const [before] = await at.other.get([href]);
    await at.other.put(href, mine('omar@acme.test'), before!.etag);
    const held = await serverText();
    const sent = at.smtp.received.length;
    await approveAndCommit(at, claim!);
    const after = at.p.claims.get(claim!.id);
    expect(after.state).toBe('failed');
    expect(after.error).toBe(
      'you can only change events you organise; the calendar server now says omar@acme.test organises ' +
        `"Review" (${ev.id}): sync to see it as it is`,
    );
    expect(at.smtp.received.length).toBe(sent);
    expect(await serverText()).toEqual(held);
  });
});
