/**
 * Invitations by mail (iTIP over iMIP, RFC 6047): a REQUEST sent with nodemailer's `icalEvent`
 * (a text/calendar part every mail client understands), and the REPLY an attendee sends back,
 * read from the raw message and applied to our copy of the event on the server.
 */
import type { SendMailOptions } from 'nodemailer';
import PostalMime from 'postal-mime';
import type { CalendarEvent } from '../../engine/world';
import type { CalDavClient } from './caldav';
import { buildEvent, methodOf, parseEvents, replyOf, requestOf, withAnswer, type PartStat } from './ical';

/**
 * Who a REQUEST or REPLY goes to: exactly `to` (bare addresses, the calendar action's effect
 * recipients), as the To header and the SMTP envelope alike. An attendee or organiser as the
 * event holds it is text its sender wrote, which nodemailer would read its own way.
 */
const addressed = (from: string, to: readonly string[]): Pick<SendMailOptions, 'from' | 'to' | 'envelope'> => ({
  from,
  to: [...to],
  envelope: { from, to: [...to] },
});

/**
 * The mail that invites the event's attendees `to` (method REQUEST): the calendar resource the
 * server now holds (`resource`, after an update: the series as it is, `requestOf`), or the event.
 */
export function invitationMail(
  e: CalendarEvent,
  o: { uid: string; from: string; to: readonly string[]; now?: Date; resource?: string },
): SendMailOptions {
  const content =
    o.resource !== undefined
      ? requestOf(o.resource)
      : buildEvent(e, { uid: o.uid, method: 'REQUEST', now: o.now ?? new Date() });
  return {
    ...addressed(o.from, o.to),
    subject: `Invitation: ${e.title}`,
    text: `${e.title}\n${e.start} – ${e.end}${e.location ? `\n${e.location}` : ''}\n\n${e.description}`,
    icalEvent: { method: 'REQUEST', content },
  };
}

/**
 * An attendee's answer, as mail to the organiser `to`: a REPLY carrying only their own PARTSTAT,
 * naming the event as the server holds it (`resource`, the calendar resource's text: its
 * SEQUENCE and times, `replyOf`), or as `e` says.
 */
export function replyMail(
  e: CalendarEvent,
  o: { uid: string; attendee: string; answer: PartStat; to: readonly string[]; now?: Date; resource?: string },
): SendMailOptions {
  const now = o.now ?? new Date();
  const content =
    o.resource !== undefined
      ? replyOf(o.resource, o.uid, { attendee: o.attendee, answer: o.answer, now })
      : buildEvent(
          { ...e, attendees: [o.attendee] },
          { uid: o.uid, method: 'REPLY', answers: { [o.attendee.toLowerCase()]: o.answer }, now },
        );
  return {
    ...addressed(o.attendee, o.to),
    subject: `${o.answer === 'accepted' ? 'Accepted' : o.answer === 'declined' ? 'Declined' : 'Tentative'}: ${e.title}`,
    text: `${o.attendee} has ${o.answer} ${e.title}.`,
    icalEvent: { method: 'REPLY', content },
  };
}

export interface ItipMessage {
  readonly method: string;
  readonly uid: string;
  readonly event: ReturnType<typeof parseEvents>[number];
}

/** The calendar part of a raw mail (alternative or attachment), if it has one. */
export async function readItip(raw: string | Buffer): Promise<ItipMessage | null> {
  const mail = await PostalMime.parse(raw);
  const parts = mail.attachments
    .filter((a) => /^text\/calendar/i.test(a.mimeType))
    .map((a) => (typeof a.content === 'string' ? a.content : Buffer.from(a.content as ArrayBuffer).toString('utf8')));
  for (const text of parts) {
    const method = methodOf(text);
    const [event] = parseEvents(text);
    if (method && event) return { method, uid: event.uid, event };
  }
  return null;
}

/**
 * Applies a REPLY to the organiser's copy on the server: only the replying attendee's answer
 * changes, in the server's text as it is (`withAnswer`), and only if they were invited (a reply
 * from a stranger adds no one). A copy naming an attendee that is not one address is left alone.
 */
export async function applyReply(client: CalDavClient, href: string, reply: ItipMessage): Promise<PartStat | null> {
  const [current] = await client.get([href]);
  if (!current) return null;
  const [event] = parseEvents(current.text);
  if (!event || event.uid !== reply.uid || event.unreadableAttendees.length) return null;
  const [who, answer] = Object.entries(reply.event.answers)[0] ?? [];
  if (!who || !answer || !event.attendees.includes(who)) return null;
  const text = withAnswer(current.text, event.uid, who, answer);
  if (text === null) return null;
  await client.put(href, text, current.etag);
  return answer;
}
