/**
 * Calendar actions on a real account, committed by the outbox: the event is written to the
 * account's CalDAV calendar first, then its attendees get the iTIP message by mail (an
 * invitation or update from the organiser, or the person's answer to the organiser). The new
 * event's UID derives from the claim, so a retry finds the first attempt instead of making a
 * second event.
 */
import type { SendMailOptions } from 'nodemailer';
import type { Json } from '../../engine/ifc/labeled-value';
import type { EventEffect } from '../../engine/tools/effect';
import { profileLookups } from '../mail/effect-lookups';
import { CalDavError } from '../calendar/caldav';
import type { CalendarAccount } from '../calendar/calendar-sync';
import { ICalError } from '../calendar/ical';
import { invitationMail, replyMail } from '../calendar/itip';
import { envelopeTo } from '../outbox/mail-transport';
import type { CommitRequest } from '../outbox/transport';
import { TransportError } from '../outbox/transport';
import { writtenOfClaim } from '../claims/written-label';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { approvedEffect } from './approved-effect';

export async function commitCalendarAction(
  p: Profile,
  a: Account,
  cal: CalendarAccount,
  sendMail: (m: SendMailOptions) => Promise<void>,
  req: CommitRequest,
): Promise<Json> {
  // An event that cannot be written as it stands (an attendee that is not one address) fails for
  // good, as does a server's refusal; only a server out of reach is tried again.
  const failure = (e: unknown): never => {
    if (e instanceof ICalError || (e instanceof CalDavError && e.kind !== 'unreachable' && e.kind !== 'timeout'))
      throw new TransportError('permanent', (e as Error).message);
    throw new TransportError('temporary', (e as Error).message);
  };
  // What happens is the action's effect (engine/tools): the same event and attendees the claim
  // was approved at, worked out now and only if still the one approved (./approved-effect.ts).
  const e = approvedEffect(p, a, req, (x) => `the event ${x.kind === 'event' ? JSON.stringify(x.title) : '?'}`);
  if (e.kind !== 'event') throw new TransportError('permanent', `${req.action.tool} is not a calendar action`);
  const effect: EventEffect = e;
  const lookups = profileLookups(p, a);
  // Who is mailed: the effect's recipients as the gate and the claim read them, nobody else.
  const to = envelopeTo(effect);
  const fields = {
    title: effect.title,
    start: effect.start,
    end: effect.end,
    location: effect.location,
    description: effect.description,
    attendees: [...effect.attendees],
    // The series as the card showed it; the write checks it is what it writes.
    ...(effect.repeats ? { repeats: effect.repeats } : {}),
  };
  switch (req.action.tool) {
    case 'createEvent': {
      const uid = `${req.claimId}@zamburak`;
      if (p.repos.calendarSync.resources(a.id).some((r) => r.uid === uid)) return { uid, reconciled: true };
      // The event keeps the label of what wrote it (the claim's lineage), through later syncs.
      const written = writtenOfClaim(p.claims.get(req.claimId));
      const event = await cal
        .create({ ...fields, organizer: a.email, ...(written ? { written } : {}) }, uid)
        .catch(failure);
      if (to.length) await sendMail(invitationMail(event, { uid, from: a.email, to }));
      return { uid, id: event.id, invited: event.attendees.length };
    }
    case 'updateEvent': {
      const id = effect.eventId ?? '';
      const uid = p.repos.calendarSync.byEvent(id)?.uid;
      if (!uid) throw new TransportError('permanent', `event ${id} is not on this account's calendar`);
      // What wrote into it before stays, joined with what writes now.
      const written = writtenOfClaim(p.claims.get(req.claimId), p.repos.calendar.get(id)?.written);
      const { event, resource } = await cal
        .update(id, { ...fields, ...(written ? { written } : {}) }, lookups.account.addresses)
        .catch(failure);
      if (to.length) await sendMail(invitationMail(event, { uid, from: a.email, to, resource }));
      return { id, updated: true };
    }
    case 'respondToEvent': {
      const id = effect.eventId ?? '';
      const event = p.repos.calendar.get(id);
      const uid = p.repos.calendarSync.byEvent(id)?.uid;
      const answer = effect.response;
      if (!event || !uid || !answer) throw new TransportError('permanent', `cannot answer event ${id}`);
      // The answer is to the event as its server holds it now, and only if that is what the
      // claim showed (the store is as old as the last sync).
      const resource = await cal.heldAsShown(id, effect).catch(failure);
      await sendMail(replyMail(event, { uid, attendee: a.email, answer, to, resource }));
      return { id, response: answer };
    }
    default:
      throw new TransportError('permanent', `${req.action.tool} is not a calendar action`);
  }
}
