/**
 * An invitation in the Inbox: the event a message invites its reader to, and the person's
 * answer to it. The answer is the calendar's own `respondToEvent` action, made by the person
 * and approved by them at once, so it takes the path every answer takes (the outbox, its undo
 * window, the iTIP REPLY to the organiser by mail; the world simulator on the demo account).
 */
import { randomUUID } from 'node:crypto';
import { BOTTOM } from '../../engine/ifc/label';
import type { Json } from '../../engine/ifc/labeled-value';
import type { CalendarEvent } from '../../engine/world';
import { bareAddress } from '../../engine/world';
import type { Invitation, InvitationAnswer } from '../../preload/contract';
import { eventIdOf, methodOf, parseEvents, type ParsedEvent } from '../calendar/ical';
import { readAttachment } from '../mail/attachments';
import type { Profile } from '../profile/profile';
import type { ClaimsService } from '../services/claims-service';
import type { StoredMessage } from '../store/repositories';
import { ServiceError } from './router';

/** The bytes of a stored attachment, or null when it is missing or outside the profile's attachments folder. */
export const attachmentBytes = (p: Profile, path: string | undefined): Buffer | null =>
  readAttachment(p.files.attachments, path);

/**
 * The calendar's event a text/calendar part names: the one with its UID on the message's account
 * (a synced calendar's resource with that UID, whatever form its stored id has; else, for a
 * calendar kept in the profile like the demo's, the id `eventIdOf` gives the UID), organised by
 * whoever the part says organises it. A UID is known to everyone invited to a meeting: a part
 * under another event's UID with another organiser is no invitation to that event.
 */
function calendarEventOf(p: Profile, accountId: string, parsed: ParsedEvent): CalendarEvent | null {
  const synced = p.repos.calendarSync.byUid(accountId, parsed.uid);
  const event = p.repos.calendar.get(synced?.eventId ?? eventIdOf(parsed.uid));
  if (!event || bareAddress(event.organizer) !== bareAddress(parsed.organizer)) return null;
  const holder = synced ?? p.repos.calendarSync.byEvent(event.id);
  return holder && holder.uid !== parsed.uid ? null : event;
}

/**
 * The event a message invites to: its text/calendar part (METHOD:REQUEST, the event found by its
 * UID), or, for mail without one, an "Invitation: TITLE" from the organiser of an event on the
 * account's calendar with that title (how the demo world's invitations arrive).
 */
function invitedEvent(p: Profile, m: StoredMessage): { event: CalendarEvent | null; parsed: CalendarEvent } | null {
  for (const a of m.attachments) {
    if (!/^text\/calendar/i.test(a.contentType)) continue;
    const text = attachmentBytes(p, a.path)?.toString('utf8');
    if (!text || methodOf(text) !== 'REQUEST') continue;
    const [parsed] = parseEvents(text);
    if (parsed) return { event: calendarEventOf(p, m.accountId, parsed), parsed };
  }
  if (!/^\s*invitation\s*:/i.test(m.subject)) return null;
  const sender = bareAddress(m.from);
  const event = p.repos.calendar
    .list(m.accountId)
    .find((e) => bareAddress(e.organizer) === sender && m.subject.toLowerCase().includes(e.title.toLowerCase()));
  return event ? { event, parsed: event } : null;
}

/** The person's latest answer to an event: a respondToEvent claim approved, not one still waiting, rejected or failed. */
function answerOf(p: Profile, eventId: string): string | null {
  const c = p.claims.list({ limit: 1000 }).find(
    (x) =>
      x.action.tool === 'respondToEvent' &&
      x.action.args.id === eventId &&
      // A pending answer is one the assistant proposed and nobody approved yet: shown in Review,
      // not on the card as the person's own (the person's own click is approved at once).
      !['pending', 'rejected', 'failed', 'expired'].includes(x.state),
  );
  return typeof c?.action.args.response === 'string' ? c.action.args.response : null;
}

export function invitationOf(p: Profile, m: StoredMessage): Invitation | null {
  const found = invitedEvent(p, m);
  if (!found) return null;
  // What the answer acts on and who gets it: the calendar's event once it is there, not the
  // email's words about it.
  const e = found.event ?? found.parsed;
  return {
    eventId: found.event?.id ?? null,
    title: e.title,
    start: e.start,
    end: e.end,
    location: e.location,
    organizer: e.organizer,
    response: found.event ? answerOf(p, found.event.id) : null,
  };
}

/** Answers the invitation `m` carries: a respondToEvent claim by the person, approved by them. */
export function respondToInvitation(
  p: Profile,
  claims: ClaimsService,
  m: StoredMessage,
  answer: InvitationAnswer,
  now: Date,
): { claimId: string; state: string } {
  const invitation = invitationOf(p, m);
  if (!invitation) throw new ServiceError('bad-request', `the email “${m.subject}” carries no invitation`);
  if (!invitation.eventId)
    throw new ServiceError(
      'conflict',
      `“${invitation.title}” is not on your calendar yet: sync the calendar, then answer the invitation`,
    );
  const claimId = `answer-${randomUUID()}`;
  p.claims.create({
    id: claimId,
    seq: 0,
    accountId: m.accountId,
    action: { tool: 'respondToEvent', args: { id: invitation.eventId, response: answer } },
    rule: 'you',
    reasons: [`You answered the invitation “${invitation.title}” in the Inbox.`],
    risk: 'low',
    // No field came from anywhere but the person's click: no lineage (an array, as every claim's).
    fields: [],
    // The control context, as a label (the outbox reads it for what the answer writes): the
    // person's own click, so nothing but them decided it.
    context: BOTTOM as unknown as Json,
    createdAt: now.toISOString(),
  });
  claims.approve(claimId, { by: 'user' });
  return { claimId, state: claims.get(claimId).state };
}
