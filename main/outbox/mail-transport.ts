/**
 * Mail actions (sendEmail, replyToEmail, forwardEmail) over SMTP with nodemailer. The message is
 * composed once, from the claim's stored action only, with the Message-ID fixed at approval:
 * the same bytes go to the SMTP server and to the Sent folder, and a retry after a crash can
 * find the first attempt in Sent by that Message-ID before sending again.
 */
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ClaimAction } from '../claims/claim-store';
import { TransportError, type CommitRequest, type Transport } from './transport';

/** A concrete outgoing message, resolved from an action (a reply needs the original's headers). */
export interface OutgoingMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly inReplyTo?: string;
  readonly references?: readonly string[];
}

/** Turns a stored mail action into a message: the store knows what `replyToEmail(id)` replies to. */
export interface MailComposerSource {
  compose(action: ClaimAction): OutgoingMail;
}

/** The account's Sent folder: where a sent message is kept and looked up after a crash. */
export interface SentFolder {
  has(messageId: string): Promise<boolean>;
  append(raw: Buffer, messageId: string): Promise<void>;
}

export interface SmtpTransportOptions {
  readonly smtp: SMTPTransport.Options;
  readonly composer: MailComposerSource;
  readonly sent: SentFolder;
  readonly name?: string;
}

async function build(mail: OutgoingMail, messageId: string): Promise<Buffer> {
  const composer = new MailComposer({
    from: mail.from,
    to: [...mail.to],
    cc: [...mail.cc],
    subject: mail.subject,
    text: mail.text,
    messageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references?.length ? { references: [...mail.references] } : {}),
  });
  return composer.compile().build();
}

/** SMTP reply codes 5xx and refused recipients will not get better by retrying. */
function classify(e: unknown): TransportError {
  const err = e as { responseCode?: number; code?: string; message?: string };
  const permanent =
    (err.responseCode !== undefined && err.responseCode >= 500) || err.code === 'EENVELOPE' || err.code === 'EAUTH';
  return new TransportError(permanent ? 'permanent' : 'temporary', err.message ?? String(e));
}

export function smtpTransport(o: SmtpTransportOptions): Transport {
  const smtp = nodemailer.createTransport(o.smtp);
  return {
    name: o.name ?? 'smtp',
    async commit(req: CommitRequest) {
      if (!req.messageId) throw new TransportError('permanent', 'a mail action needs a Message-ID');
      const mail = o.composer.compose(req.action);
      const raw = await build(mail, req.messageId);
      try {
        const info = await smtp.sendMail({
          envelope: { from: mail.from, to: [...mail.to, ...mail.cc] },
          raw,
        });
        await o.sent.append(raw, req.messageId);
        return { messageId: req.messageId, accepted: info.accepted.map(String), rejected: info.rejected.map(String) };
      } catch (e) {
        throw classify(e);
      }
    },
    async reconcile(req: CommitRequest) {
      if (req.messageId && (await o.sent.has(req.messageId)))
        return { done: true, result: { messageId: req.messageId, reconciled: true } };
      return { done: false };
    },
  };
}
