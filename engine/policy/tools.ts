/**
 * What the policy engine knows about the built-in tools (contracts.md): their kinds, and where
 * each egress tool's recipients are. A policy can name the recipient arguments of other tools
 * with `recipientArgs`.
 */
import type { ToolKind } from '../tools/types';

/** The tools every installation has, with the kind contracts.md gives them. */
export const BUILTIN_TOOL_KINDS: Readonly<Record<string, ToolKind>> = Object.freeze({
  now: 'source',
  me: 'source',
  listEmails: 'source',
  getEmail: 'source',
  searchEmails: 'source',
  searchContacts: 'source',
  listEvents: 'source',
  getFreeBusy: 'source',
  extract: 'extract',
  summarize: 'extract',
  classify: 'extract',
  verifyEmailAddress: 'sanitizer',
  verifyUrl: 'sanitizer',
  createDraft: 'local',
  sendEmail: 'egress',
  replyToEmail: 'egress',
  forwardEmail: 'egress',
  createEvent: 'egress',
  updateEvent: 'egress',
  respondToEvent: 'egress',
  archiveEmail: 'organize',
  markRead: 'organize',
  labelEmail: 'organize',
  moveEmail: 'organize',
  deleteEmail: 'destructive',
  log: 'display',
});

export const BUILTIN_TOOLS: readonly string[] = Object.freeze(Object.keys(BUILTIN_TOOL_KINDS));

/**
 * Where a tool's recipients are:
 * - `fields`: argument names whose string leaves are addresses (`to`, `cc`, `attendees`);
 * - `item`: the recipients are the participants of the item named by the `id` argument (a reply
 *   goes to the email's sender and, with replyAll, its other participants; an RSVP goes to the
 *   event's organizer). The gate does not see those addresses; see `evaluate.ts`.
 */
export type RecipientShape = { readonly fields: readonly string[] } | { readonly item: string };

export const BUILTIN_RECIPIENTS: Readonly<Record<string, RecipientShape>> = Object.freeze({
  sendEmail: { fields: ['to', 'cc', 'bcc'] },
  createDraft: { fields: ['to', 'cc', 'bcc'] },
  createEvent: { fields: ['attendees'] },
  forwardEmail: { fields: ['to', 'cc'] },
  replyToEmail: { item: 'id' },
  respondToEvent: { item: 'id' },
  // The event's attendees after the change (the world resolves them; see simulate.ts).
  updateEvent: { item: 'id' },
});

/** The tools whose items are calendar events (their sources name an event; its author is its organiser). */
export const EVENT_SOURCES: ReadonlySet<string> = new Set(['listEvents']);
