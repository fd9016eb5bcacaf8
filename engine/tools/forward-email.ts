/** `forwardEmail(id, {to, cc?, body?})`: the original, quoted below the words, with its attachments. */
import { addressList, attachmentList, optionalText, type Args } from './args';
import type { EffectLookups, MailEffect } from './effect';
import { originalOf, prefixed, quotedOriginal } from './mail-parts';
import type { EffectTool } from './index';

export const forwardEmail: EffectTool<MailEffect> = {
  name: 'forwardEmail',
  kind: 'egress',
  effect: 'mail',
  effectOf(args: Args, lookups: EffectLookups): MailEffect {
    const m = originalOf('forwardEmail', args.id, lookups);
    const words = optionalText(args.body);
    const quoted = quotedOriginal(m);
    return {
      kind: 'mail',
      tool: 'forwardEmail',
      from: lookups.account.from,
      to: addressList(args.to),
      cc: addressList(args.cc),
      bcc: addressList(args.bcc),
      subject: prefixed('Fwd', m.subject),
      body: words ? `${words}\n\n${quoted}` : quoted,
      // A forward starts a conversation with new people: it answers nothing.
      inReplyTo: null,
      references: [],
      attachments: [...m.attachments, ...attachmentList(args.attachments)],
    };
  },
};
