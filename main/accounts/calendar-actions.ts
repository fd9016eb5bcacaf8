/**
 * Calendar actions on a real account, committed by the outbox: the event is written to the
 * account's CalDAV calendar first, then its attendees get the iTIP message by mail (an
 * invitation or update from the organiser, or the person's answer to the organiser). The new
 * event's UID derives from the claim, so a retry finds the first attempt instead of making a
 * second event.
 */
import type { SendMailOptions } from 'nodemailer';
import type { Json } from '../../engine/ifc/labeled-value';
import { CalDavError } from '../calendar/caldav';
import type { CalendarAccount } from '../calendar/calendar-sync';
import { invitationMail, replyMail } from '../calendar/itip';
import type { CommitRequest } from '../outbox/transport';
import { TransportError } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';

const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const strs = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export async function commitCalendarAction(
  p: Profile,
  a: Account,
  cal: CalendarAccount,
  sendMail: (m: SendMailOptions) => Promise<void>,
  req: CommitRequest,
): Promise<Json> {
  const args = req.action.args;
  const temporary = (e: unknown): never => {
    if (e instanceof CalDavError && e.kind !== 'unreachable' && e.kind !== 'timeout')
      throw new TransportError('permanent', e.message);
    throw new TransportError('temporary', (e as Error).message);
  };
  switch (req.action.tool) {
    case 'createEvent': {
      const uid = `${req.claimId}@zamburak`;
      if (p.repos.calendarSync.resources(a.id).some((r) => r.uid === uid)) return { uid, reconciled: true };
      const event = await cal
        .create(
          {
            title: str(args.title) ?? '',
            start: str(args.start) ?? '',
            end: str(args.end) ?? '',
            location: str(args.location) ?? '',
            description: str(args.description) ?? '',
            organizer: a.email,
            attendees: strs(args.attendees),
          },
          uid,
        )
        .catch(temporary);
      if (event.attendees.length) await sendMail(invitationMail(event, { uid, from: a.email }));
      return { uid, id: event.id, invited: event.attendees.length };
    }
    case 'updateEvent': {
      const id = str(args.id) ?? '';
      const current = p.repos.calendar.get(id);
      const uid = p.repos.calendarSync.byEvent(id)?.uid;
      if (!current || !uid) throw new TransportError('permanent', `event ${id} is not on this account's calendar`);
      const removed = new Set(strs(args.removeAttendees).map((x) => x.toLowerCase()));
      const attendees = [...new Set([...current.attendees.filter((x) => !removed.has(x)), ...strs(args.addAttendees)])];
      const patch = {
        ...(str(args.title) !== undefined ? { title: str(args.title)! } : {}),
        ...(str(args.start) !== undefined ? { start: str(args.start)! } : {}),
        ...(str(args.end) !== undefined ? { end: str(args.end)! } : {}),
        ...(str(args.location) !== undefined ? { location: str(args.location)! } : {}),
        ...(str(args.description) !== undefined ? { description: str(args.description)! } : {}),
        attendees,
      };
      const event = await cal.update(id, patch).catch(temporary);
      if (event.attendees.length) await sendMail(invitationMail(event, { uid, from: a.email }));
      return { id, updated: true };
    }
    case 'respondToEvent': {
      const id = str(args.id) ?? '';
      const event = p.repos.calendar.get(id);
      const uid = p.repos.calendarSync.byEvent(id)?.uid;
      const answer = str(args.response);
      if (!event || !uid || (answer !== 'accepted' && answer !== 'declined' && answer !== 'tentative'))
        throw new TransportError('permanent', `cannot answer event ${id}`);
      await sendMail(replyMail(event, { uid, attendee: a.email, answer }));
      return { id, response: answer };
    }
    default:
      throw new TransportError('permanent', `${req.action.tool} is not a calendar action`);
  }
}
