/**
 * Calendar actions on a real account, committed by the outbox: the event is written to the
 * account's CalDAV calendar first, then its attendees get the iTIP message by mail (an
 * invitation or update from the organiser, or the person's answer to the organiser). The new
 * event's UID derives from the claim, so a retry finds the first attempt's write instead of making
 * a second event, and resumes with the invitations: the write is committed, the mail is not yet.
 */
import type { SendMailOptions } from 'nodemailer';
import type { Json } from '../../engine/ifc/labeled-value';
import type { EventEffect } from '../../engine/tools/effect';
import { profileLookups } from '../mail/effect-lookups';
import { CalDavError } from '../calendar/caldav';
import type { CalendarAccount } from '../calendar/calendar-sync';
import type { CalendarEvent } from '../../engine/world';
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
  /** Sends an iTIP message; says which recipients the server refused while taking it for the rest. */
  sendMail: (m: SendMailOptions) => Promise<{ rejected: string[] }>,
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
  /**
   * Mails the attendees once the calendar holds the write (`what`), and says who was not reached.
   * A failure says the write stands and names the guests it did not reach: a retry resumes with
   * this mail, and a last failure is what the person reads — never that they were invited.
   */
  const mailAfterWrite = async (
    what: string,
    missed: string,
    m: SendMailOptions,
  ): Promise<{ notReached: string[] } | Record<string, never>> => {
    if (!to.length) return {};
    const { rejected } = await sendMail(m).catch((err: unknown) => {
      const t = err instanceof TransportError ? err : new TransportError('temporary', (err as Error).message);
      throw new TransportError(t.kind, `${what} is on the calendar, but ${to.join(', ')} ${missed}: ${t.message}`);
    });
    return rejected.length ? { notReached: rejected } : {};
  };
  const title = JSON.stringify(effect.title);
  switch (req.action.tool) {
    case 'createEvent': {
      const uid = `${req.claimId}@zamburak`;
      // The event keeps the label of what wrote it (the claim's lineage), through later syncs.
      const written = writtenOfClaim(p.claims.get(req.claimId));
      const event = { ...fields, organizer: a.email, ...(written ? { written } : {}) };
      // The write is committed once the store holds the UID (stored right after the server took
      // it, or brought in by a sync): an attempt after that one — its invitations failed, or its
      // process died — writes nothing again and resumes with the invitations. Reporting it done
      // instead told the person the meeting was set up while its guests were never invited.
      const heldId = () => p.repos.calendarSync.byUid(a.id, uid)?.eventId;
      let resumed = heldId() !== undefined;
      const made = resumed
        ? { ...event, id: heldId()! }
        : await cal.create(event, uid).catch(async (err: unknown): Promise<CalendarEvent> => {
            // The PUT only creates (If-None-Match): refused, the server already holds the claim's
            // UID — an attempt that died between the server's write and the store's. A sync
            // brings it in, and the invitations follow.
            if (!(err instanceof CalDavError && err.kind === 'conflict')) return failure(err);
            await cal.sync().catch(failure);
            const id = heldId();
            if (id === undefined) return failure(err);
            resumed = true;
            return { ...event, id };
          });
      const mailed = await mailAfterWrite(
        `the event ${title}`,
        to.length === 1 ? 'was not invited' : 'were not invited',
        invitationMail(made, { uid, from: a.email, to }),
      );
      return { uid, id: made.id, invited: to.length, ...mailed, ...(resumed ? { resumed: true } : {}) };
    }
    case 'updateEvent': {
      const id = effect.eventId ?? '';
      const uid = p.repos.calendarSync.byEvent(id)?.uid;
      if (!uid) throw new TransportError('permanent', `event ${id} is not on this account's calendar`);
      // What wrote into it before stays, joined with what writes now.
      const written = writtenOfClaim(p.claims.get(req.claimId), p.repos.calendar.get(id)?.written);
      // A retry writes the same change again (the store's ETag is the first write's) and mails.
      const { event, resource } = await cal
        .update(id, { ...fields, ...(written ? { written } : {}) }, lookups.account.addresses)
        .catch(failure);
      const mailed = await mailAfterWrite(
        `the change to the event ${title}`,
        'did not get the update',
        invitationMail(event, { uid, from: a.email, to, resource }),
      );
      return { id, updated: true, ...mailed };
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
