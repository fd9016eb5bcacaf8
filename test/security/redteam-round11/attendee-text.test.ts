/**
 * Red-team round 11 (open risk, closed): an attendee whose `mailto:` is not exactly one address,
 * on a real account (Radicale and an SMTP capture).
 *
 * The envelope fix (invitation-mail-envelope.test.ts) mails only the effect's recipients, but the
 * attendee text stayed on the CalDAV server as its sender wrote it, and an update wrote it back:
 * a server that schedules on its own (RFC 6638) reads `mailto:zed@attacker.test, maya@acme.test`
 * its own way, and the store handed the same text to plans, where each reader has its own reading.
 *
 * Closed in main/calendar/ical.ts (read) and buildEvent (write):
 * - read (sync): an ATTENDEE that is not `mailto:` and one clean address is left out of what plans
 *   see (attendees, answers) and marked on the event in the store; the event and its other
 *   attendees are kept;
 * - write (the outbox's calendar commit): every attendee must be exactly one address, written as
 *   `mailto:` and the bare address; anything else fails the commit, naming the event and the
 *   attendee, and nothing reaches the server or the mail. An event marked at sync is not rewritten
 *   (that would drop a person someone invited, or keep the text): the update fails the same way,
 *   and the run's `updateEvent` refuses it before any claim (unreadable-attendee-update.test.ts).
 *
 * Property: whatever an invitation's attendee text, every attendee the store holds is one clean
 * address, read alike by every reader; the event is never lost; a write never puts anything else
 * on the server.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarOf, syncCalendars } from '../../../main/accounts/calendars';
import { parseEvents } from '../../../main/calendar/ical';
import { parseAddress as policyAddress } from '../../../engine/policy/match';
import { bareAddress, isCleanAddress } from '../../../engine/world/addresses';
import {
  approveAndCommit,
  calendarAccountPerSuite,
  runStrict,
  writtenEvent,
} from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';

/** ATTENDEE values (after `ATTENDEE`, as the line is written) no reader may take as one person. */
const HOSTILE = [
  ':mailto:zed@attacker.test, maya@acme.test',
  ':mailto:zed@attacker.test,maya@acme.test',
  ':mailto:zed@attacker.test; maya@acme.test',
  ':mailto:Maya <maya@acme.test>',
  ':mailto:"Maya, M" <maya@acme.test>',
  ':mailto:zed@attacker.test <maya@acme.test>',
  ':mailto:<zed@attacker.test>',
  ':mailto:zed%40attacker.test',
  ':mailto:zed@attacker.test%2Cmaya@acme.test',
  ':mailto:maya@acme.test?cc=zed@attacker.test',
  ':mailto:zed@attacker.test\\r\\nBcc: maya@acme.test',
  ':mailto:=?utf-8?q?zed=40attacker.test?= <maya@acme.test>',
  ':mailto:',
  ':',
  ':urn:uuid:0d3e1c2a-5a8b-4a55-9a2e-0000000000aa',
  ':mailto:Team: zed@attacker.test, maya@acme.test;',
];

/** Trudy's event on 20 April, with these attendee lines. */
const ics = (uid: string, title: string, attendeeLines: readonly string[]): string =>
  writtenEvent({ uid, title, day: '20260420', organizer: 'trudy@partner.test', attendeeLines });

/** One clean address, read alike by the store, the policy and the tools. */
const clean = (a: string): boolean =>
  isCleanAddress(a) && policyAddress(a) === a && bareAddress(a) === a && !/[,;<>"%?\s]/.test(a);

const missing = radicaleMissing();

describe.skipIf(missing !== null)('red team round 11: an attendee is one address or none', () => {
  const at = calendarAccountPerSuite();

  const onServer = async (title: string) =>
    (await at.other.list()).flatMap((r) => parseEvents(r.text)).find((e) => e.title === title);
  const rawOnServer = async (title: string) => (await at.other.list()).find((r) => r.text.includes(`SUMMARY:${title}`));

  it('a synced event keeps its clean attendees, leaves out and marks the rest, and is never lost', async () => {
    for (const [i, value] of HOSTILE.entries())
      await at.other.put(
        at.other.hrefFor(`hostile-${i}@attacker.test`),
        ics(`hostile-${i}@attacker.test`, `Hostile ${i}`, ['ATTENDEE;CN=Bob:mailto:Bob@Acme.test', `ATTENDEE${value}`]),
      );
    const [r] = await syncCalendars(at.p);
    expect(r?.result?.errors).toEqual([]);
    const events = at.p.repos.calendar.list(at.account.id);
    for (const [i, value] of HOSTILE.entries()) {
      const ev = events.find((e) => e.title === `Hostile ${i}`);
      expect(ev, `the event with ATTENDEE${value} was lost`).toBeDefined();
      expect(ev!.attendees, `ATTENDEE${value}`).toEqual(['bob@acme.test']);
      expect(at.p.repos.calendar.unreadableAttendees(ev!.id), `ATTENDEE${value}`).toHaveLength(1);
      const marked = r!.result!.attendeesLeftOut.find((x) => x.eventId === ev!.id);
      expect(marked?.attendees, `ATTENDEE${value}`).toHaveLength(1);
    }
  });

  it('for any attendee text, every attendee the store keeps is one clean address', async () => {
    const part = fc.constantFrom(
      'zed@attacker.test',
      'maya@acme.test',
      'Maya',
      ' ',
      ',',
      ';',
      '<',
      '>',
      '"',
      '%40',
      '%2C',
      '?cc=',
      '\\n',
      ':',
      '=?utf-8?b?em',
      'mailto:',
    );
    await fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
        const text = ics('p@attacker.test', 'P', [`ATTENDEE:mailto:${parts.join('')}`]);
        let events;
        try {
          events = parseEvents(text);
        } catch {
          return; // Text ical.js cannot read is the resource's error, never an attendee.
        }
        for (const e of events) {
          for (const a of e.attendees) expect(clean(a), JSON.stringify(a)).toBe(true);
          expect(e.attendees.length + e.unreadableAttendees.length).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a write names every attendee as one bare address; anything else fails the commit, naming event and attendee', async () => {
    const attendeeArgs = [
      'zed@attacker.test, maya@acme.test',
      'Maya <maya@acme.test>\r\nBcc: zed@attacker.test',
      'maya@acme.test?cc=zed@attacker.test',
      'zed%40attacker.test',
      '',
    ];
    for (const [i, attendee] of attendeeArgs.entries()) {
      const title = `Planning ${i}`;
      const before = at.smtp.received.length;
      const { claim } = await runStrict(
        at,
        `await createEvent({ title: input.title, start: '2026-05-0${i + 1}T09:00:00Z', end: '2026-05-0${i + 1}T10:00:00Z', attendees: ['bob@acme.test', input.attendee] });`,
        { title, attendee },
      );
      if (claim) {
        await approveAndCommit(at, claim);
        const after = at.p.claims.get(claim.id);
        expect(after.state, JSON.stringify(attendee)).toBe('failed');
        expect(after.error).toContain(JSON.stringify(title));
        expect(after.error).toContain(JSON.stringify(attendee));
      }
      expect(await onServer(title), JSON.stringify(attendee)).toBeUndefined();
      expect(at.smtp.received.length).toBe(before);
    }
    // A clean one, written with a name, reaches the server as `mailto:` and the bare address.
    const claim = (
      await runStrict(
        at,
        `await createEvent({ title: 'Planning ok', start: '2026-05-09T09:00:00Z', end: '2026-05-09T10:00:00Z', attendees: ['Bob Lee <Bob@acme.test>'] });`,
      )
    ).claim!;
    await approveAndCommit(at, claim);
    expect(at.p.claims.get(claim.id).state).toBe('committed');
    const raw = (await rawOnServer('Planning ok'))!.text.replace(/\r\n[ \t]/g, '');
    expect(raw.match(/^ATTENDEE[^\r\n]*$/gm)).toEqual([expect.stringMatching(/:mailto:bob@acme\.test$/)]);
  });

  it('an event marked at sync is not rewritten: the tool refuses it, and the commit refuses it too', async () => {
    const title = 'Hostile 0';
    const ev = at.p.repos.calendar.list(at.account.id).find((e) => e.title === title)!;
    const before = (await rawOnServer(title))!.text;
    const sent = at.smtp.received.length;
    // The run: refused before the gate, no claim (unreadable-attendee-update.test.ts).
    const r = await runStrict(at, `await updateEvent(input.id, { location: 'Room 5' });`, { id: ev.id });
    expect(r.claim).toBeUndefined();
    // What the person reads of the run (the plan's own error is withheld: it quotes the event's text).
    expect(r.report.calls.map((c) => [c.rule, c.reasons.join()])).toEqual([
      ['tool/refused', expect.stringContaining(JSON.stringify(title))],
    ]);
    // The commit's own check, the last line: the calendar's write refuses it, naming it.
    const cal = (await calendarOf(at.p, at.account))!;
    const refused = await cal.update(ev.id, { location: 'Room 5' }, [at.account.email]).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refused).toContain(JSON.stringify(title));
    expect(refused).toContain(JSON.stringify('mailto:zed@attacker.test, maya@acme.test'));
    expect((await rawOnServer(title))!.text).toBe(before);
    expect(at.smtp.received.length).toBe(sent);
  });
});
