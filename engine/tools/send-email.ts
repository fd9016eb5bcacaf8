/** `sendEmail({to, cc?, subject, body, inReplyTo?})`: a new message (or one that joins a thread). */
import { addressList, attachmentList, textArg, type Args } from './args';
import type { EffectLookups, MailEffect } from './effect';
import { originalOf, threadingOf } from './mail-parts';
import type { EffectTool } from './index';

export const sendEmail: EffectTool<MailEffect> = {
  name: 'sendEmail',
  kind: 'egress',
  effect: 'mail',
  effectOf(args: Args, lookups: EffectLookups): MailEffect {
    const parent = args.inReplyTo === undefined ? undefined : originalOf('sendEmail', args.inReplyTo, lookups);
    return {
      kind: 'mail',
      tool: 'sendEmail',
      from: lookups.account.from,
      to: addressList(args.to),
      cc: addressList(args.cc),
      bcc: addressList(args.bcc),
      subject: textArg(args.subject),
      body: textArg(args.body),
      ...(parent ? threadingOf(parent) : { inReplyTo: null, references: [] }),
      attachments: attachmentList(args.attachments),
    };
  },
};
