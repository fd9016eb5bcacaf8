/**
 * Where a reply to a message goes, computed once by the reply's own effect (engine/tools): the
 * reading pane hands it to the composer, which shows exactly that, and the send service checks
 * the reply it queues against what was shown. No second copy of the reply-all rules.
 */
import { effectOf, type EffectLookups, type MailEffect } from '../../engine/tools/effect';
import { bareAddress } from '../../engine/world/addresses';
import type { MessageView, ReplyRecipients } from '../../preload/contract';

/** The bare addresses a reply (or reply-all) to the email `id` goes to, by its effect. */
export function replyRecipientsOf(lookups: EffectLookups, id: string, all: boolean): ReplyRecipients {
  const e = effectOf('replyToEmail', { id, body: '', ...(all ? { replyAll: true } : {}) }, lookups) as MailEffect;
  return { to: e.to.map(bareAddress), cc: e.cc.map(bareAddress) };
}

export function repliesOf(lookups: EffectLookups, id: string): MessageView['replies'] {
  return { reply: replyRecipientsOf(lookups, id, false), replyAll: replyRecipientsOf(lookups, id, true) };
}

type Lists = { readonly to: readonly string[]; readonly cc: readonly string[] };

/** The first difference between where a reply goes and what was shown, as a sentence; null when none. */
export function shownDifference(sent: Lists, shown: Lists): string | null {
  const norm = (xs: readonly string[]) => [...new Set(xs.map(bareAddress).filter(Boolean))].sort();
  for (const field of ['to', 'cc'] as const) {
    const a = norm(sent[field]);
    const b = norm(shown[field]);
    if (a.join(',') === b.join(',')) continue;
    const say = (xs: string[]) => (xs.length ? xs.join(', ') : 'nobody');
    return `this reply would go to ${say(a)} in ${field === 'to' ? 'To' : 'Cc'}, but the message showed ${say(b)}; open the reply again to see who it goes to`;
  }
  return null;
}
