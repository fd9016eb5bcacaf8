/** `updateEvent(id, {…, addAttendees?, removeAttendees?})`: the attendees after it get the update. */
import { bareAddress } from '../world/addresses';
import { addressList, optionalText, type Args } from './args';
import type { EffectLookups, EventEffect } from './effect';
import { canonicalTime, notifiedOf, storedEventOf } from './event-parts';
import { movedSeries } from './series';
import type { EffectTool } from './index';

export const updateEvent: EffectTool<EventEffect> = {
  name: 'updateEvent',
  kind: 'egress',
  effect: 'event',
  effectOf(args: Args, lookups: EffectLookups): EventEffect {
    const ev = storedEventOf('updateEvent', args.id, lookups);
    const removed = new Set(addressList(args.removeAttendees).map(bareAddress));
    const attendees = ev.attendees.filter((a) => !removed.has(bareAddress(a)));
    for (const a of addressList(args.addAttendees))
      if (!attendees.some((x) => bareAddress(x) === bareAddress(a))) attendees.push(a);
    const start = canonicalTime(optionalText(args.start) ?? ev.start);
    const end = canonicalTime(optionalText(args.end) ?? ev.end);
    // A series moves as a whole: its rule as the write keeps it in step.
    const moved = Date.parse(start) - Date.parse(canonicalTime(ev.start));
    return {
      kind: 'event',
      tool: 'updateEvent',
      op: 'update',
      eventId: ev.id,
      title: optionalText(args.title) ?? ev.title,
      start,
      end,
      location: optionalText(args.location) ?? ev.location,
      description: optionalText(args.description) ?? ev.description,
      organizer: ev.organizer,
      attendees,
      notified: notifiedOf(attendees, lookups),
      ...(ev.repeats ? { repeats: movedSeries(ev.repeats, Number.isNaN(moved) ? 0 : moved) } : {}),
    };
  },
};
