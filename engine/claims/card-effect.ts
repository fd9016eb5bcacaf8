/**
 * What a claim does, as the card shows it: the mail as its recipients will see it or the event
 * as its guests will. The shapes are the effect seam's (`engine/tools/effect.ts`, owned by the
 * tools); until every tool has its `effectOf`, `effectFromArgs` reads the same facts from the
 * call's arguments and the directory, and the card takes the real effect whenever it is given.
 */
import type { Json } from '../ifc/labeled-value';
import { bareAddress } from '../world';
import type { Directory } from './explain';

export interface MailEffect {
  readonly kind: 'mail';
  readonly tool: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly bcc: readonly string[];
  readonly subject: string;
  readonly body: string;
  readonly attachments: readonly { filename: string; contentType: string; size: number }[];
}
export interface EventEffect {
  readonly kind: 'event';
  readonly tool: string;
  readonly op: 'create' | 'update' | 'respond' | 'delete';
  readonly title: string;
  readonly start: string;
  readonly end: string;
  readonly location: string;
  readonly description: string;
  readonly organizer: string;
  readonly attendees: readonly string[];
  readonly notified: readonly string[];
  readonly response?: string;
}
export interface OrganizeEffect {
  readonly kind: 'organize';
  readonly tool: string;
  readonly emailId: string;
  readonly folder?: string;
  readonly label?: string;
}
export type CardEffect = MailEffect | EventEffect | OrganizeEffect;

/** Every address the effect reaches: bare, lower-cased, each once. */
export function effectRecipients(e: CardEffect): string[] {
  const all = e.kind === 'mail' ? [...e.to, ...e.cc, ...e.bcc] : e.kind === 'event' ? [...e.notified] : [];
  return [...new Set(all.map(bareAddress).filter(Boolean))];
}

const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');
const list = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
const prefixed = (prefix: string, subject: string): string =>
  new RegExp(`^${prefix}:`, 'i').test(subject) ? subject : `${prefix}: ${subject}`;

export function effectFromArgs(tool: string, args: Readonly<Record<string, Json>>, dir: Directory): CardEffect {
  const from = dir.userAddresses[0] ?? '';
  const email = dir.email(str(args.id));
  const event = dir.event(str(args.id));
  const mail = (m: Partial<MailEffect>): MailEffect => ({
    kind: 'mail',
    tool,
    from,
    to: [],
    cc: [],
    bcc: [],
    subject: '',
    body: str(args.body),
    attachments: [],
    ...m,
  });
  const ev = (m: Partial<EventEffect> & Pick<EventEffect, 'op'>): EventEffect => ({
    kind: 'event',
    tool,
    title: str(args.title) || (event?.title ?? ''),
    start: str(args.start),
    end: str(args.end),
    location: str(args.location),
    description: str(args.description),
    organizer: event?.organizer ?? from,
    attendees: [],
    notified: [],
    ...m,
  });
  switch (tool) {
    case 'sendEmail':
      return mail({ to: list(args.to), cc: list(args.cc), bcc: list(args.bcc), subject: str(args.subject) });
    case 'replyToEmail':
      return mail({ to: email ? [email.from] : [], subject: prefixed('Re', email?.subject ?? '') });
    case 'forwardEmail':
      return mail({ to: list(args.to), cc: list(args.cc), subject: prefixed('Fwd', email?.subject ?? '') });
    case 'createEvent': {
      const attendees = list(args.attendees);
      return ev({ op: 'create', attendees, notified: attendees });
    }
    case 'updateEvent': {
      const added = list(args.addAttendees);
      return ev({ op: 'update', attendees: added, notified: added });
    }
    case 'respondToEvent':
      return ev({ op: 'respond', notified: event ? [event.organizer] : [], response: str(args.response) });
    default:
      return {
        kind: 'organize',
        tool,
        emailId: str(args.id),
        ...(args.folder !== undefined ? { folder: str(args.folder) } : {}),
        ...(args.label !== undefined ? { label: str(args.label) } : {}),
      };
  }
}
