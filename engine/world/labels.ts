/**
 * How the world's data is labeled (semantics.md §2). The rules, in one place:
 *
 * - An email returned by tool T has the source `tool:T:<emailId>`, untrusted (its content and
 *   headers are written by whoever sent it). Readers: its from, to, cc and the user.
 *   Every field carries that label; the text fields (from, to, cc, subject, body) also carry the
 *   caps `UNTRUSTED_TEXT`, and `EXTERNAL_CONTENT` unless the sender is the user.
 * - An event has the source `tool:listEvents:<eventId>`, trusted when the user organised it (the
 *   organiser authenticated: a forged invitation naming the user is not the user's), untrusted
 *   otherwise. Readers: organizer, attendees and the user. Caps `PRIVATE_CALENDAR`
 *   (and, for untrusted events, `UNTRUSTED_TEXT` + `EXTERNAL_CONTENT` on title, location and
 *   description).
 * - Free/busy: `tool:getFreeBusy:<from>`, trusted, readers = the user, caps `PRIVATE_CALENDAR`.
 * - Contacts: `system`, trusted, readers = the user (the user's private data).
 * - `now()` and `me()`: `system`, trusted, public.
 * - A list's structure (which items, their count and order) is labeled with the join of its
 *   items' labels and of the arguments that selected them; an empty list with `system`,
 *   trusted, readers = the user (what the mailbox holds is the user's private data).
 * - Every source tool joins the labels of its arguments into its result's structure: what was
 *   returned depends on what was asked. A search by a whole sender address says of that address
 *   only that it was searched (`searchedSender`).
 * - An item an effect call created or changed (an event, a response, an email's folder, label or
 *   read flag) also carries the labels of that call's arguments (`written`): an event created
 *   from an email's text is not the user's trusted event when it comes back from listEvents,
 *   and getFreeBusy joins the written labels of every event, in its window or not (an event
 *   written on another day would be inside had the call that wrote it said so).
 */
import {
  BOTTOM,
  isTrusted,
  joinLabels,
  joinReaders,
  LISTED_MARK,
  sourceLabel,
  type Label,
  type Readers,
} from '../ifc/label';
import { deepLabel, labelDeep, type Json, type LabeledValue } from '../ifc/labeled-value';
import { bareAddress, principals } from './addresses';
import type { MembershipInputs } from './email-source';
import type { CalendarEvent, Email } from './schema';

export const CAPS = {
  UNTRUSTED_TEXT: 'UNTRUSTED_TEXT',
  EXTERNAL_CONTENT: 'EXTERNAL_CONTENT',
  PRIVATE_CALENDAR: 'PRIVATE_CALENDAR',
} as const;

/** Trusted host data that only the user may read (contacts, what the mailbox holds). */
export const userPrivate = (userAddresses: readonly string[]): Label =>
  sourceLabel('system', { trusted: true, readers: [...userAddresses] });

/** Trusted host data anyone may read (`now()`, `me()`). */
export const SYSTEM_PUBLIC: Label = sourceLabel('system', { trusted: true });

/** The join of the labels of every named argument (absent ones count as nothing). */
export function argsLabel(
  labeled: Readonly<Record<string, LabeledValue | undefined>>,
  keys?: readonly string[],
): Label {
  const ls: Label[] = [];
  for (const k of keys ?? Object.keys(labeled)) {
    const v = labeled[k];
    if (v) ls.push(deepLabel(v));
  }
  return ls.length ? joinLabels(...ls) : BOTTOM;
}

export interface EmailLabels {
  /** id, folder, date, unread, threadId, labels, and the item's structure. */
  readonly base: Label;
  /** from, to, cc, subject, body. */
  readonly text: Label;
}

/** What an email's labels read of it: who it is from and to (none of which a run changes). */
type Addressed = Pick<Email, 'id' | 'from' | 'to' | 'cc'>;

export function emailLabels(
  tool: string,
  email: Addressed,
  userAddresses: readonly string[],
  written: Label = BOTTOM,
): EmailLabels {
  const base = joinLabels(
    sourceLabel(`tool:${tool}:${email.id}`, {
      trusted: false,
      readers: principals([email.from], email.to, email.cc, userAddresses),
    }),
    written,
  );
  const fromUser = userAddresses.includes(bareAddress(email.from));
  const caps = fromUser ? [CAPS.UNTRUSTED_TEXT] : [CAPS.UNTRUSTED_TEXT, CAPS.EXTERNAL_CONTENT];
  return { base, text: { ...base, caps: [...caps].sort() } };
}

/** The plain shape of an email item as tools return it (contracts.md). */
export const emailJson = (e: Email): { [k: string]: Json } => ({
  id: e.id,
  folder: e.folder,
  from: e.from,
  to: [...e.to],
  cc: [...e.cc],
  subject: e.subject,
  date: e.date,
  body: e.body,
  unread: e.unread,
  threadId: e.threadId,
  labels: [...e.labels],
});

const TEXT_FIELDS = new Set(['from', 'to', 'cc', 'subject', 'body']);

/** An email item, every part labeled; `outer` (the arguments' label) joins the item's structure. */
export function labeledEmail(
  tool: string,
  email: Email,
  userAddresses: readonly string[],
  outer: Label = BOTTOM,
  written: Label = BOTTOM,
): LabeledValue {
  const { base, text } = emailLabels(tool, email, userAddresses, written);
  const entries: Record<string, LabeledValue> = {};
  for (const [k, v] of Object.entries(emailJson(email))) {
    if (Array.isArray(v)) {
      entries[k] = { kind: 'array', label: base, items: v.map((x) => labelDeep(x, TEXT_FIELDS.has(k) ? text : base)) };
    } else entries[k] = labelDeep(v, TEXT_FIELDS.has(k) ? text : base);
  }
  return { kind: 'object', label: joinLabels(base, outer), entries };
}

export interface EventLabels {
  readonly base: Label;
  readonly text: Label;
  readonly trusted: boolean;
}

export function eventLabels(
  event: CalendarEvent,
  userAddresses: readonly string[],
  written: Label = BOTTOM,
): EventLabels {
  const base = joinLabels(
    sourceLabel(`tool:listEvents:${event.id}`, {
      // The organiser field is text the invitation's sender chose unless it was authenticated:
      // an outsider's invitation that names you as its organiser is not your event.
      trusted: event.authenticated !== false && userAddresses.includes(bareAddress(event.organizer)),
      readers: principals([event.organizer], event.attendees, userAddresses),
      caps: [CAPS.PRIVATE_CALENDAR],
    }),
    written,
  );
  const trusted = isTrusted(base);
  // Text the user did not write (an outsider's event, or one created from untrusted data).
  const text = trusted
    ? base
    : { ...base, caps: [...new Set([...base.caps, CAPS.EXTERNAL_CONTENT, CAPS.UNTRUSTED_TEXT])].sort() };
  return { base, text, trusted };
}

export const eventJson = (e: CalendarEvent): { [k: string]: Json } => ({
  id: e.id,
  title: e.title,
  start: e.start,
  end: e.end,
  location: e.location,
  description: e.description,
  organizer: e.organizer,
  attendees: [...e.attendees],
});

const EVENT_TEXT = new Set(['title', 'location', 'description']);

export function labeledEvent(
  event: CalendarEvent,
  userAddresses: readonly string[],
  outer: Label = BOTTOM,
  written: Label = BOTTOM,
): LabeledValue {
  const { base, text } = eventLabels(event, userAddresses, written);
  const entries: Record<string, LabeledValue> = {};
  for (const [k, v] of Object.entries(eventJson(event))) entries[k] = labelDeep(v, EVENT_TEXT.has(k) ? text : base);
  return { kind: 'object', label: joinLabels(base, outer), entries };
}

/**
 * A list whose membership and order depend on every item it was chosen from (and on the
 * arguments): an email is in a search result because of what it says, and absent for the same
 * reason. The structure label joins, per candidate, a *membership* label (`membershipOf` its
 * label): its sources marked `#listed` (still untrusted: an attacker decides that its email
 * exists and what it matches), its readers, no caps. Marked sources let a policy tell "which
 * items the listing holds" from "what an item says" (self-scoping in loops). With no candidates
 * at all, the list is the user's private, trusted `system` knowledge joined with `outer`.
 * `memberships` may also hold memberships already decided by trusted metadata
 * (`attestedMembership`); each is joined as it is.
 */
export function labeledList(
  items: readonly LabeledValue[],
  outer: Label,
  userAddresses: readonly string[],
  memberships: readonly Label[],
): LabeledValue {
  const structure = memberships.length
    ? joinLabels(...memberships, outer)
    : joinLabels(userPrivate(userAddresses), outer);
  return { kind: 'array', label: structure, items };
}

/**
 * The membership of an email in a listing that only attested metadata selected — the sender
 * address the receiving server authenticated (see searchEmails): trusted, because no text of
 * the email decided that it is listed (nor, for the emails left out, that they are not). Its
 * readers stay the email's, and what effect calls wrote on it (`written`) keeps its own label.
 */
export function attestedMembership(
  tool: string,
  email: Addressed,
  userAddresses: readonly string[],
  written: Label,
): Label {
  return joinLabels(
    sourceLabel(`tool:${tool}:${email.id}${LISTED_MARK}`, {
      trusted: true,
      readers: principals([email.from], email.to, email.cc, userAddresses),
    }),
    membershipOf(written),
  );
}

/** The person's own data: the request (`user`) and the contacts (`system`); the plan has no source. */
const PERSONS_OWN = new Set(['user', 'system']);

/**
 * What a search filtered on the whole sender address `address` (searchEmails `from`) reveals of
 * that argument, whose label is `from`: that the address searched is `address`. When only the
 * person's own data chose it (the request, the plan, the address book: no tool's output and
 * nothing untrusted), `address` may read that too — it is what an invitation or a mail to that
 * address says by naming them (semantics.md §3, _A search by sender_). Otherwise `from` as it is.
 */
export function searchedSender(from: Label, address: string): Label {
  if (from.readers === 'public' || from.readers.includes(address)) return from;
  if (from.untrusted.length || !from.sources.every((s) => PERSONS_OWN.has(s))) return from;
  return {
    sources: from.sources,
    untrusted: from.untrusted,
    readers: [...from.readers, address].sort(),
    caps: from.caps,
  };
}

const listed = (s: string): string => (s.startsWith('tool:') ? s + LISTED_MARK : s);
/**
 * A candidate's membership in a listing, from its label. It maps a join to the join of the
 * memberships, so a listing may join the memberships of its items' parts separately.
 */
export function membershipOf(l: Label): Label {
  return {
    sources: l.sources.map(listed).sort(),
    untrusted: l.untrusted.map(listed).sort(),
    readers: l.readers,
    caps: [],
  };
}

/**
 * The join of `membershipOf(emailLabels(tool, e, userAddresses).base)` over every email the
 * summary describes (`null` when there is none), made without one label per email: the sources
 * are the ids marked `#listed` (all untrusted), the readers those of every distinct address set.
 * What effect calls wrote on the emails is joined apart (WorldState `writtenOnEmails`).
 */
export function mailboxMembership(
  tool: string,
  inputs: MembershipInputs,
  userAddresses: readonly string[],
): Label | null {
  if (!inputs.ids.length) return null;
  const sources = inputs.ids.map((id) => `tool:${tool}:${id}${LISTED_MARK}`).sort();
  let readers: Readers = 'public';
  for (const a of inputs.addressed) {
    // Normalised as emailLabels' source label normalises them.
    const one = sourceLabel('', { trusted: false, readers: principals([a.from], a.to, a.cc, userAddresses) });
    readers = joinReaders(readers, one.readers);
  }
  return { sources, untrusted: [...sources], readers, caps: [] };
}
