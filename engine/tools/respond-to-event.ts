/** `respondToEvent(id, response)`: the answer goes to the event's organiser. */
import type { Args } from './args';
import type { EffectLookups, EventEffect } from './effect';
import { canonicalTime, storedEventOf } from './event-parts';
import type { EffectTool } from './index';

const RESPONSES = ['accepted', 'declined', 'tentative'] as const;

export const respondToEvent: EffectTool<EventEffect> = {
  name: 'respondToEvent',
  kind: 'egress',
  effect: 'event',
  effectOf(args: Args, lookups: EffectLookups): EventEffect {
    const ev = storedEventOf('respondToEvent', args.id, lookups);
    const response = RESPONSES.find((r) => r === args.response) ?? 'declined';
    return {
      kind: 'event',
      tool: 'respondToEvent',
      op: 'respond',
      eventId: ev.id,
      title: ev.title,
      start: canonicalTime(ev.start),
      end: canonicalTime(ev.end),
      location: ev.location,
      description: ev.description,
      organizer: ev.organizer,
      attendees: [...ev.attendees],
      // The answer goes to the organiser, whoever that is (your own event's answer comes to you).
      notified: [ev.organizer],
      response,
      ...(ev.repeats ? { repeats: ev.repeats } : {}),
    };
  },
};
