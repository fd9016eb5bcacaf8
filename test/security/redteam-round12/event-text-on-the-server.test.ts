/**
 * Red-team round 12: the iCalendar text a calendar claim writes to the server (and mails as the
 * invitation) says exactly the claim's effect, whatever the attacker's text in it.
 *
 * A plan books a meeting with the sender of an email about its subject: `createEvent({ title:
 * m.subject, attendees: [m.from], description: m.body })`. The sender wrote all three. The gate,
 * the card, the hash and the invitation's envelope read the attendee with `bareAddress`; the event
 * itself was written by `main/calendar/ical.ts` with ical.js, which escapes a line feed in a TEXT
 * value but not a carriage return, and nothing at all in a CAL-ADDRESS (`mailto:` + the text).
 * A display name decoded from an encoded word (`=?utf-8?q?Trudy=0D=0AATTENDEE...?=`) keeps its
 * CR LF (main/mail/parse.ts quotes it, which `bareAddress` reads past), so the attendee's text
 * started new lines in the event: the person approved "invite trudy@evil.test" and the calendar
 * server (and every attendee's client, through the invitation's text/calendar part) got an event
 * that also lists eve@evil.test as having accepted; a subject with a bare CR did the same to the
 * lines a reader that breaks lines at CR (as most do) sees.
 *
 * Property: for each hostile message, read by a lenient line reader (CR, LF or CR LF ends a line)
 * from what the server holds and from the invitation mailed, the event has one VEVENT, the person
 * as its one organiser and exactly the effect's attendees (as `bareAddress` reads them).
 */
import { describe, expect, it } from 'vitest';
import { effectOf } from '../../../engine/tools/effect';
import { bareAddress } from '../../../engine/world/addresses';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { parseMessage, pickHeaderFields } from '../../../main/mail/parse';
import { approveAndCommit, calendarAccountPerSuite, runStrict } from '../../integration/calendar/fixtures';
import { radicaleMissing } from '../../integration/servers/radicale';
import { lenient } from './ical-as-read';

/** Headers an attacker writes: a From whose name, or a Subject, decodes to line breaks. */
const HOSTILE: Record<string, { from: string; subject: string; body?: string }> = {
  'CR LF in the name': {
    from: '=?utf-8?q?Trudy=0D=0AATTENDEE=3BPARTSTAT=3DACCEPTED=3Amailto=3Aeve=40evil=2Etest=0D=0AX-A=3A?= <trudy@evil.test>',
    subject: 'Quick sync',
  },
  'LF in the name': {
    from: '=?utf-8?q?Trudy=0AATTENDEE=3Amailto=3Aeve=40evil=2Etest=0AX-A=3A?= <trudy@evil.test>',
    subject: 'Quick sync',
  },
  'CR in the name': {
    from: '=?utf-8?q?Trudy=0DORGANIZER=3Amailto=3Aeve=40evil=2Etest=0DX-A=3A?= <trudy@evil.test>',
    subject: 'Quick sync',
  },
  'CR in the subject': {
    from: 'Trudy <trudy@evil.test>',
    subject: '=?utf-8?q?Quick_sync=0DATTENDEE=3Amailto=3Aeve=40evil=2Etest?=',
  },
  'CR LF in the subject, a second event': {
    from: 'Trudy <trudy@evil.test>',
    subject:
      '=?utf-8?q?Sync=0D=0AEND=3AVEVENT=0D=0ABEGIN=3AVEVENT=0D=0AUID=3Ax=0D=0AATTENDEE=3Amailto=3Aeve=40evil=2Etest?=',
  },
  'a Unicode line separator in the subject': {
    from: 'Trudy <trudy@evil.test>',
    subject: '=?utf-8?b?' + Buffer.from('Quick sync\u2028ATTENDEE:mailto:eve@evil.test').toString('base64') + '?=',
  },
  'CR in the body': {
    from: 'Trudy <trudy@evil.test>',
    subject: 'Quick sync',
    body: 'Agenda attached.\rATTENDEE:mailto:eve@evil.test\rX-A: ok',
  },
};

const raw = (h: { from: string; subject: string; body?: string }, i: number): Uint8Array =>
  new TextEncoder().encode(
    [
      `From: ${h.from}`,
      'To: maya@acme.test',
      `Subject: ${h.subject}`,
      'Date: Mon, 16 Mar 2026 09:00:00 +0000',
      `Message-ID: <r12-${i}@evil.test>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      h.body ?? 'Can we meet on Friday?',
      '',
    ].join('\r\n'),
  );

const missing = radicaleMissing();

describe.skipIf(missing !== null)('red team round 12: an event on the server is its effect', () => {
  const at = calendarAccountPerSuite();

  it('whatever the sender wrote, the server and the invitation hold exactly the approved attendees', async () => {
    const demo = at.p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items[0]!;
    const template = at.p.repos.messages.get(demo.id)!;
    const { other } = at;
    const seen: Record<string, unknown> = {};
    const shownAll: Record<string, unknown> = {};
    for (const [i, [name, headers]] of Object.entries(HOSTILE).entries()) {
      const parsed = await parseMessage(raw(headers, i), { date: new Date(), key: `r12-${i}` });
      const id = `r12-${i}`;
      at.p.repos.messages.upsert({
        ...template,
        ...pickHeaderFields(parsed),
        id,
        accountId: at.account.id,
        threadId: `t-${id}`,
        body: parsed.body,
      });
      const day = `2026-04-${String(10 + i).padStart(2, '0')}`;
      const r = await runStrict(
        at,
        `const m = await getEmail(input.id);
await createEvent({ title: m.subject, start: '${day}T10:00:00Z', end: '${day}T11:00:00Z', attendees: [m.from], description: m.body });`,
        { id },
      );
      expect(r.report.status, `${name}: ${JSON.stringify(r.report.error)}`).toBe('completed');
      const claim = r.claim!;
      expect(claim, name).toBeDefined();
      const effect = effectOf('createEvent', claim.action.args, profileLookups(at.p, at.account));
      if (effect.kind !== 'event') throw new Error('not an event');
      const shown = {
        vevents: 1,
        organizers: ['maya@acme.test'],
        attendees: effect.attendees.map(bareAddress).sort(),
      };
      const before = at.smtp.received.length;
      expect(at.p.claims.get(claim.id).state, name).toBe('pending');
      const outcomes = await approveAndCommit(at, claim);
      const [stored] = await other.get([other.hrefFor(`${claim.id}@zamburak`)]);
      const mailed = at.smtp.received.slice(before).map((m) => m.raw.replace(/=\r\n/g, ''));
      seen[name] = {
        failed: outcomes.filter((o) => o.outcome === 'failed').map((o) => JSON.stringify(o)),
        server: stored ? lenient(stored.text) : null,
        invitation: mailed.map((m) => lenient(m.slice(m.indexOf('BEGIN:VCALENDAR')))),
      };
      shownAll[name] = { failed: [], server: shown, invitation: [shown] };
    }
    expect(seen, 'committed beyond the approved effect').toEqual(shownAll);
  }, 180_000);
});
