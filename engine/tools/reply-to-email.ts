/** `replyToEmail(id, {body, replyAll?})`: an answer in the original's thread. */
import { attachmentList, textArg, type Args } from './args';
import type { EffectLookups, MailEffect } from './effect';
import { originalOf, prefixed, replyRecipients, threadingOf } from './mail-parts';
import type { EffectTool } from './index';

export const replyToEmail: EffectTool<MailEffect> = {
  name: 'replyToEmail',
  kind: 'egress',
  effect: 'mail',
  effectOf(args: Args, lookups: EffectLookups): MailEffect {
    const m = originalOf('replyToEmail', args.id, lookups);
    return {
      kind: 'mail',
      tool: 'replyToEmail',
      from: lookups.account.from,
      ...replyRecipients(m, args.replyAll === true, lookups),
      bcc: [],
      subject: prefixed('Re', m.subject),
      body: textArg(args.body),
      ...threadingOf(m),
      attachments: attachmentList(args.attachments),
    };
  },
};
