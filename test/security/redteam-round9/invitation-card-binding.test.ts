/**
 * Red-team round 9: the invitation card in the Inbox and the answer it commits.
 *
 * Finding (closed, main/app/invitations.ts): an email's text/calendar part decided what the card
 * showed (its own SUMMARY, time, place and ORGANIZER), while the answer went to whichever event
 * on the calendar has the part's UID. A UID is no secret: everyone invited to a meeting has it in
 * their copy. So Trudy, an outsider who got the UID of the board meeting Bob organises, sends
 * Maya "Coffee chat, Friday 12:00, organised by trudy@…" under that UID; Maya clicks Decline on
 * the coffee chat, and the approved answer declines the board meeting, to Bob. The answer is
 * Maya's click, but not bound to what she was shown. Fixed: the card shows the calendar's event
 * (what the answer acts on and who gets it), and a part whose organiser is not that event's
 * organiser is no invitation to it (nothing to answer from this email).
 *
 * Also fixed: on a real account the card never found the synced event (its stored id carries the
 * account's id), so answering always said "not on your calendar yet"; the event is now found by
 * its UID among the account's synced resources, whatever form its stored id has (Radicale).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../main/accounts/calendars';
import { CalDavClient } from '../../../main/calendar/caldav';
import { effectOf, type EventEffect } from '../../../engine/tools/effect';
import { invitationOf, respondToInvitation } from '../../../main/app/invitations';
import { buildEvent, eventIdOf } from '../../../main/calendar/ical';
import { profileLookups } from '../../../main/mail/effect-lookups';
import type { Profile } from '../../../main/profile/profile';
import { ClaimsService } from '../../../main/services/claims-service';
import { calendarAccount, type CalendarAccount } from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';
import { BOARD_MEETING, clock, scratchProfiles } from '../redteam-fixtures';

const scratchProfile = scratchProfiles('zamburak-r9-invite-');

const UID = 'board-2026-03-19@acme.test';
const BOARD = {
  ...BOARD_MEETING,
  id: eventIdOf(UID),
  attendees: ['maya@acme.test', 'bob@acme.test', 'priya@acme.test', 'kira@synergy-labs.test'],
};

/** A demo profile with Bob's board meeting on the calendar and an email whose invitation says `ics`. */
function profileWith(ics: { title: string; start: string; end: string; organizer: string }, from: string) {
  const p = scratchProfile();
  p.repos.calendar.upsert(p.primaryAccount().id, BOARD);
  return invitedIn(p, p.primaryAccount().id, ics, from);
}

/** An email to `accountId` whose invitation (under the board meeting's UID) says `ics`. */
function invitedIn(
  p: Profile,
  accountId: string,
  ics: { title: string; start: string; end: string; organizer: string },
  from: string,
) {
  mkdirSync(p.files.attachments, { recursive: true });
  const text = buildEvent(
    { ...BOARD, ...ics, id: 'x', location: '', description: '', attendees: ['maya@acme.test'] },
    { uid: UID, method: 'REQUEST', now: clock() },
  );
  writeFileSync(join(p.files.attachments, 'invite.ics'), text);
  const e33 = p.repos.messages.get('e33')!;
  p.repos.messages.upsert({
    ...e33,
    accountId,
    id: 'e95',
    from,
    messageId: '<e95@example.test>',
    threadId: 't-e95',
    subject: `Invitation: ${ics.title}`,
    body: 'See you there.',
    attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', path: 'invite.ics' }],
  });
  return { p, m: p.repos.messages.get('e95')!, svc: new ClaimsService(p, undefined, clock) };
}

describe('red team round 9: an invitation card answers exactly the event it shows', () => {
  it("a stranger's invitation under the board meeting's UID: what is shown is what is answered, or nothing is", () => {
    const coffee = {
      title: 'Coffee chat',
      start: '2026-03-20T12:00:00Z',
      end: '2026-03-20T12:30:00Z',
      organizer: 'trudy@parcel-fast.test',
    };
    const { p, m, svc } = profileWith(coffee, 'Trudy Vance <trudy@parcel-fast.test>');
    const shown = invitationOf(p, m);
    let claimId: string | null = null;
    try {
      claimId = respondToInvitation(p, svc, m, 'declined', clock()).claimId;
    } catch {
      // Refusing to answer is fine: nothing was committed in Maya's name.
    }
    if (claimId === null) return;
    const c = p.claims.get(claimId);
    const effect = effectOf(c.action.tool, c.action.args, profileLookups(p, p.primaryAccount())) as EventEffect;
    // Whatever was answered is what the card showed: the event, its time, who gets the answer.
    expect({ title: shown?.title, start: shown?.start, organizer: shown?.organizer }).toEqual({
      title: effect.title,
      start: effect.start,
      organizer: effect.organizer,
    });
    expect(effect.notified).toEqual([shown?.organizer]);
  });

  it("control: Bob's own invitation to the board meeting is shown and answered as the calendar holds it", () => {
    const { p, m, svc } = profileWith(
      { title: BOARD.title, start: BOARD.start, end: BOARD.end, organizer: BOARD.organizer },
      'Bob <bob@acme.test>',
    );
    expect(invitationOf(p, m)).toMatchObject({ eventId: BOARD.id, title: 'Board meeting', organizer: 'bob@acme.test' });
    const { claimId } = respondToInvitation(p, svc, m, 'accepted', clock());
    expect(p.claims.get(claimId).action.args).toEqual({ id: BOARD.id, response: 'accepted' });
  });
});

describe.skipIf(radicaleMissing())('red team round 9: the invitation card on a real account (Radicale)', () => {
  let at: CalendarAccount;
  beforeAll(async () => {
    at = await calendarAccount();
    const bob = new CalDavClient({ url: at.url, user: at.dav.user, password: at.dav.password });
    await bob.put(bob.hrefFor(UID), buildEvent(BOARD, { uid: UID }));
    await (await calendarOf(at.p, at.account))!.sync();
  }, 60_000);
  afterAll(() => at?.stop());

  const bobs = { title: BOARD.title, start: BOARD.start, end: BOARD.end, organizer: BOARD.organizer };

  it('finds the synced event (its id is the account’s) and answers it', () => {
    const [stored] = at.p.repos.calendar.list(at.account.id);
    expect(stored!.id.startsWith(`${at.account.id}:`)).toBe(true);
    const { m, svc } = invitedIn(at.p, at.account.id, bobs, 'Bob <bob@acme.test>');
    expect(invitationOf(at.p, m)).toMatchObject({ eventId: stored!.id, title: 'Board meeting' });
    const { claimId } = respondToInvitation(at.p, svc, m, 'accepted', clock());
    expect(at.p.claims.get(claimId).action.args).toEqual({ id: stored!.id, response: 'accepted' });
  });

  it('finds it under an id stored before ids hashed the UID', () => {
    const [stored] = at.p.repos.calendar.list(at.account.id);
    const old = `${at.account.id}:cal-board-2026-03-19_acme.test`;
    at.p.db.prepare('UPDATE events SET id = ? WHERE id = ?').run(old, stored!.id);
    at.p.db.prepare('UPDATE calendar_resources SET event_id = ? WHERE event_id = ?').run(old, stored!.id);
    const { m } = invitedIn(at.p, at.account.id, bobs, 'Bob <bob@acme.test>');
    expect(invitationOf(at.p, m)).toMatchObject({ eventId: old, title: 'Board meeting' });
  });
});
