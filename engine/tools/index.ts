/**
 * Every tool with an effect outside the run, one module each, in one list. The tool lists the
 * rest of the app uses (which tools send mail, which go to a server) are derived from it.
 */
import type { Effect, EffectLookups } from './effect';
import type { Args } from './args';
import type { ToolKind } from './types';
import { sendEmail } from './send-email';
import { replyToEmail } from './reply-to-email';
import { forwardEmail } from './forward-email';
import { createEvent } from './create-event';
import { updateEvent } from './update-event';
import { respondToEvent } from './respond-to-event';
import { archiveEmail, deleteEmail, labelEmail, markRead, moveEmail } from './organize-email';

/** One tool's effect: its kind and the pure function from its arguments to what it does. */
export interface EffectTool<E extends Effect = Effect> {
  readonly name: string;
  readonly kind: ToolKind;
  readonly effect: E['kind'];
  effectOf(args: Args, lookups: EffectLookups): E;
}

export const EFFECT_TOOLS: readonly EffectTool[] = [
  sendEmail,
  replyToEmail,
  forwardEmail,
  createEvent,
  updateEvent,
  respondToEvent,
  archiveEmail,
  markRead,
  labelEmail,
  moveEmail,
  deleteEmail,
];

const BY_NAME: ReadonlyMap<string, EffectTool> = new Map(EFFECT_TOOLS.map((t) => [t.name, t]));

export const effectToolOf = (tool: string): EffectTool | undefined => BY_NAME.get(tool);

const named = (keep: (t: EffectTool) => boolean): ReadonlySet<string> =>
  new Set(EFFECT_TOOLS.filter(keep).map((t) => t.name));

/** Tools that send a message (the outbox gives them a Message-ID; SMTP carries them). */
export const MAIL_TOOLS = named((t) => t.effect === 'mail');
/** Tools that change a calendar (CalDAV carries them, iTIP mail notifies). */
export const EVENT_TOOLS = named((t) => t.effect === 'event');
/** Tools that change where an email is or how it is marked (IMAP carries them). */
export const ORGANIZE_TOOLS = named((t) => t.effect === 'organize');

export {
  effectOf,
  recipientsOf,
  canonicalEffectBytes,
  effectHash,
  actionHash,
  claimHash,
  hasEffect,
  EffectError,
} from './effect';
export type {
  Effect,
  MailEffect,
  EventEffect,
  OrganizeEffect,
  EffectLookups,
  OriginalEmail,
  AttachmentRef,
} from './effect';
