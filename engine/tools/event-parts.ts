/** What every calendar tool shares: canonical times and who is notified. */
import { bareAddress } from '../world/addresses';
import { isoOf, msOf } from '../world/time';
import { EffectError, type EffectLookups, type StoredEvent } from './effect';

/** An ISO time as the calendar stores it (`…T15:00:00.000Z`), whatever form the call used. */
export const canonicalTime = (s: string): string => {
  const ms = msOf(s);
  return Number.isNaN(ms) ? s : isoOf(ms);
};

/** Everyone in `list` but the person, each once. */
export function notifiedOf(list: readonly string[], lookups: EffectLookups): string[] {
  const own = new Set(lookups.account.addresses.map(bareAddress));
  const seen = new Set<string>();
  return list.filter((a) => {
    const b = bareAddress(a);
    if (!b || own.has(b) || seen.has(b)) return false;
    seen.add(b);
    return true;
  });
}

export function storedEventOf(tool: string, id: unknown, lookups: EffectLookups): StoredEvent {
  const ev = typeof id === 'string' ? lookups.event(id) : undefined;
  if (!ev) throw new EffectError(tool, `the event ${JSON.stringify(id)} is not in the calendar`);
  return ev;
}

/**
 * Why an event whose calendar server holds attendee text that is not one address cannot be
 * changed (the tool's refusal and the commit's, in the same words): rewriting it would drop a
 * person someone invited, or keep text a server may read as others.
 */
export const unreadableAttendeeRefusal = (ev: { id: string; title: string }, attendee: string): string =>
  `event ${JSON.stringify(ev.title)} (${ev.id}) cannot be changed here: its attendee ${JSON.stringify(attendee)} ` +
  'on the calendar server is not one email address (change or remove it in the calendar app that wrote it)';

/**
 * Why an update of an event someone else organises is refused: only the organiser's changes
 * reach its guests (an attendee's edit would go out in the person's name as the organiser's).
 * `now`: the calendar server's copy says so at commit time, though the store did not.
 */
export const notYourEventRefusal = (ev: { id: string; title: string }, organizer: string, now = false): string =>
  `you can only change events you organise; ${now ? 'the calendar server now says ' : ''}${organizer || 'someone else'} ` +
  `organises ${JSON.stringify(ev.title)} (${ev.id})` +
  (now ? ': sync to see it as it is' : ': ask them to change it, or answer the invitation with respondToEvent');
