/**
 * Calendar actions on a real account (Radicale for CalDAV, an SMTP server on loopback): what the
 * policy allows (an event without attendees) is written to the server by the outbox; an
 * invitation a person approves lands on the server and its attendees get an iTIP REQUEST by
 * mail; answering an invitation mails the organiser a REPLY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCalendars } from '../../../main/accounts/calendars';
import { CalDavClient } from '../../../main/calendar/caldav';
import { buildEvent, parseEvents } from '../../../main/calendar/ical';
import { readItip } from '../../../main/calendar/itip';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { effectHash, effectOf, recipientsOf } from '../../../engine/tools/effect';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { ClaimsService } from '../../../main/services/claims-service';
import type { Account } from '../../../main/store/repositories';
import { radicaleMissing, type RadicaleServer } from '../servers/radicale';
import type { SmtpCapture } from '../servers/smtp';
import { calendarAccount, type CalendarAccount } from './fixtures';

const missing = radicaleMissing();

describe.skipIf(missing !== null)(
  `calendar actions on a real account${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let fixture: CalendarAccount | undefined;
    let dav: RadicaleServer;
    let smtp: SmtpCapture;
    let p: Profile;
    let account: Account;
    let url: string;

    beforeAll(async () => {
      fixture = await calendarAccount();
      ({ dav, smtp, p, account, url } = fixture);
    }, 30_000);
    afterAll(() => fixture?.stop());

    const onServer = async () =>
      (await new CalDavClient({ url, user: dav.user, password: dav.password }).list()).flatMap((r) =>
        parseEvents(r.text),
      );

    it('an allowed event without attendees is written to the CalDAV server', async () => {
      const plan = `await createEvent({ title: 'Focus time', start: '2026-03-26T09:00:00Z', end: '2026-03-26T11:00:00Z' });`;
      const r = await runOnProfile(p, { plan, accountId: account.id });
      expect(r.report.calls.map((c) => [c.tool, c.decision])).toEqual([['createEvent', 'allow']]);
      expect((await onServer()).map((e) => e.title)).toEqual(['Focus time']);
      expect(smtp.received).toHaveLength(0);
      // The store follows the server (one event, not a second copy from the simulator).
      expect(p.repos.calendar.list(account.id).map((e) => e.title)).toEqual(['Focus time']);
    });

    it('an invitation lands on the server and its attendees get a REQUEST by mail', async () => {
      const plan = `await createEvent({ title: 'Vendor call', start: '2026-03-27T15:00:00Z', end: '2026-03-27T16:00:00Z', attendees: ['sales@vendor.example'] });`;
      const r = await runOnProfile(p, { plan, accountId: account.id });
      // Allowed or approved, it is committed by the outbox either way.
      const id = r.report.claims[0]?.id ?? p.claims.list({ limit: 100 }).find((c) => c.runId === r.runId)!.id;
      const svc = new ClaimsService(p);
      if (p.claims.get(id).state === 'pending') {
        svc.approve(id, { by: 'test', expectedHash: p.claims.get(id).contentHash, undoWindowMs: 0 });
        await svc.commitDue();
      }
      expect(p.claims.get(id).state).toBe('committed');
      expect((await onServer()).find((e) => e.title === 'Vendor call')).toMatchObject({
        organizer: 'maya@acme.test',
        attendees: ['sales@vendor.example'],
      });
      expect(smtp.received.map((m) => m.to)).toEqual([['sales@vendor.example']]);
      const itip = await readItip(smtp.received[0]!.raw);
      expect(itip).toMatchObject({ method: 'REQUEST', event: { title: 'Vendor call' } });
    });

    it("an update reaches exactly its effect's attendees: the ones added, not the one removed", async () => {
      const event = p.repos.calendar.list(account.id).find((e) => e.title === 'Vendor call')!;
      const r = await runOnProfile(p, {
        plan: `await updateEvent(input.id, { location: 'Room 2', addAttendees: ['ops@vendor.example', 'lee@acme.test'], removeAttendees: ['SALES@vendor.example'] });`,
        input: { id: event.id },
        accountId: account.id,
      });
      const id = r.report.claims[0]?.id ?? p.claims.list({ limit: 100 }).find((c) => c.runId === r.runId)!.id;
      const claim = p.claims.get(id);
      const effect = effectOf(claim.action.tool, claim.action.args, profileLookups(p, account));
      expect(effectHash(effect)).toBe(claim.contentHash);
      const before = smtp.received.length;
      const svc = new ClaimsService(p);
      if (claim.state === 'pending') {
        svc.approve(id, { by: 'test', expectedHash: claim.contentHash, undoWindowMs: 0 });
        await svc.commitDue();
      }
      expect(p.claims.get(id).state).toBe('committed');
      const sent = smtp.received.slice(before);
      expect(sent).toHaveLength(1);
      expect([...sent[0]!.to].sort()).toEqual([...recipientsOf(effect)].sort());
      expect(recipientsOf(effect).sort()).toEqual(['lee@acme.test', 'ops@vendor.example']);
      expect((await onServer()).find((e) => e.title === 'Vendor call')).toMatchObject({ location: 'Room 2' });
    });

    it('answering an invitation mails the organiser a REPLY', async () => {
      const client = new CalDavClient({ url, user: dav.user, password: dav.password });
      await client.put(
        client.hrefFor('offsite'),
        buildEvent(
          {
            id: '',
            title: 'Offsite',
            start: '2026-04-02T09:00:00Z',
            end: '2026-04-02T17:00:00Z',
            location: '',
            description: '',
            organizer: 'lena@acme.test',
            attendees: ['maya@acme.test'],
          },
          { uid: 'offsite', method: undefined },
        ),
      );
      await syncCalendars(p);
      const event = p.repos.calendar.list(account.id).find((e) => e.title === 'Offsite')!;
      const r = await runOnProfile(p, {
        plan: `await respondToEvent(input.id, 'accepted');`,
        input: { id: event.id },
        accountId: account.id,
      });
      const [claim] = r.report.claims;
      if (claim) {
        const svc = new ClaimsService(p);
        svc.approve(claim.id, { by: 'test', expectedHash: p.claims.get(claim.id).contentHash, undoWindowMs: 0 });
        await svc.commitDue();
      }
      const reply = smtp.received.at(-1)!;
      expect(reply.to).toEqual(['lena@acme.test']);
      expect(await readItip(reply.raw)).toMatchObject({
        method: 'REPLY',
        uid: 'offsite',
        event: { answers: { 'maya@acme.test': 'accepted' } },
      });
    });
  },
);
