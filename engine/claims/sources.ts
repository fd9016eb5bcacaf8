/** Source ids (`tool:getEmail:e12`, `tool:listEvents:ev3#listed`) and the items they name, in words. */
import { bareAddress as bare } from '../world';
import type { Directory } from './explain';
import { formatSpan } from './when';

export const emailIdOf = (source: string): string | null =>
  /^tool:(?:getEmail|listEmails|searchEmails):(.+?)(#listed)?$/.exec(source)?.[1] ?? null;
export const eventIdOf = (source: string): string | null =>
  /^tool:listEvents:(.+?)(#listed)?$/.exec(source)?.[1] ?? null;

// An item gone from the store is said to be gone: its id would tell a person nothing.
const GONE_EMAIL = 'an email no longer in your mailbox';
const GONE_EVENT = 'an event no longer in your calendar';
const GONE_ITEM = 'an item no longer in your mailbox or calendar';

/** `unknownSender`: say when the sender is not a contact (where the email is a source of data). */
function emailName(id: string, dir: Directory, unknownSender: boolean): string | null {
  const ref = dir.email(id);
  if (!ref) return null;
  const note = unknownSender && !ref.fromIsContact ? ' (not in your contacts)' : '';
  return `“${ref.subject}” from ${bare(ref.from)}${note}`;
}

/**
 * “Standup” (Thu, 19 Mar 2026, 16:00–16:30) organised by bob@…: when it is, in the person's zone
 * (`dated` false: without the time, where the card shows it beside).
 */
function eventName(id: string, dir: Directory, dated = true): string | null {
  const ref = dir.event(id);
  if (!ref) return null;
  const when = dated && ref.start ? ` (${formatSpan(ref.start, ref.end ?? ref.start, dir.timeStyle ?? {})})` : '';
  return `“${ref.title}”${when} organised by ${bare(ref.organizer)}`;
}

/** The email or event a source names, in words; null for anything else. */
export function describeSource(source: string, dir: Directory): string | null {
  const e = emailIdOf(source);
  if (e) {
    const name = emailName(e, dir, true);
    return name ? `the email ${name}` : GONE_EMAIL;
  }
  const ev = eventIdOf(source);
  if (!ev) return null;
  const name = eventName(ev, dir);
  return name ? `the event ${name}` : GONE_EVENT;
}

/**
 * An item by its id (an email's or an event's, whichever the store holds) as what it is, for a
 * field that names one: "“Invoice” from bob@…", "“Standup” (Thu, …) organised by …"; null when
 * the store holds neither.
 */
export function itemName(id: string, dir: Directory): string | null {
  return emailName(id, dir, false) ?? eventName(id, dir);
}

/**
 * The item a call chose, short, for a chip or a line that names it beside the card's details:
 * "“Invoice” from bob@…", "“Standup” organised by bob@…"; null when the store holds neither.
 */
export function chosenItemName(id: string, dir: Directory): string | null {
  return emailName(id, dir, false) ?? eventName(id, dir, false);
}

/** The item a call acts on, in a sentence: "the email “Invoice” from bob@…". */
export function itemWords(id: string, dir: Directory): string {
  const email = emailName(id, dir, false);
  if (email) return `the email ${email}`;
  const event = eventName(id, dir);
  return event ? `the event ${event}` : GONE_ITEM;
}

/** Longest subject or title a lineage node says whole; a longer one is cut at a word. */
const SHORT_TITLE = 28;

/** "UPDATED bank details: Invoice INV-2026-0311" → "UPDATED bank details…". */
export function shortTitle(s: string): string {
  if (s.length <= SHORT_TITLE) return s;
  const cut = s.slice(0, SHORT_TITLE);
  const word = cut.lastIndexOf(' ');
  return `${(word > SHORT_TITLE / 2 ? cut.slice(0, word) : cut).replace(/[\s:;,.–-]+$/, '')}…`;
}

/**
 * The directory with each email's subject and event's title shortened (`shortTitle`), for the
 * lineage's small nodes: the sender, the point of the node, stays whole; the item opens on click.
 */
export function withShortTitles(dir: Directory): Directory {
  return {
    ...dir,
    email: (id) => {
      const r = dir.email(id);
      return r && { ...r, subject: shortTitle(r.subject) };
    },
    event: (id) => {
      const r = dir.event(id);
      return r && { ...r, title: shortTitle(r.title) };
    },
  };
}
