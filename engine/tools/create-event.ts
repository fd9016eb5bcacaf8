/** `createEvent({title, start, end, attendees?, location?, description?})`: attendees get invitations. */
import { addressList, optionalText, textArg, type Args } from './args';
import type { EffectLookups, EventEffect } from './effect';
import { canonicalTime, notifiedOf } from './event-parts';
import type { EffectTool } from './index';

export const createEvent: EffectTool<EventEffect> = {
  name: 'createEvent',
  kind: 'egress',
  effect: 'event',
  effectOf(args: Args, lookups: EffectLookups): EventEffect {
    const attendees = addressList(args.attendees);
    return {
      kind: 'event',
      tool: 'createEvent',
      op: 'create',
      eventId: null,
      title: textArg(args.title),
      start: canonicalTime(textArg(args.start)),
      end: canonicalTime(textArg(args.end)),
      location: optionalText(args.location) ?? '',
      description: optionalText(args.description) ?? '',
      organizer: lookups.account.from,
      attendees,
      notified: notifiedOf(attendees, lookups),
    };
  },
};
