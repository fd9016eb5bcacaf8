/**
 * Mail actions (sendEmail, replyToEmail, forwardEmail) over SMTP with nodemailer. The message is
 * the claim's effect, composed once from the stored action only, with the Message-ID fixed at
 * approval; its envelope goes to exactly `recipientsOf(effect)`:
 * the same bytes go to the SMTP server and to the Sent folder, and a retry after a crash can
 * find the first attempt in Sent by that Message-ID before sending again.
 */
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { recipientsOf, type Effect, type MailEffect } from '../../engine/tools/effect';
import { bareAddress, recipientRefusal } from '../../engine/world/addresses';
import type { ClaimAction } from '../claims/claim-store';
import { TransportError, type CommitRequest, type Transport } from './transport';

/**
 * A stored action as the message that leaves: its effect (engine/tools/effect.ts — recipients,
 * subject, body, threading, attachments by content) and the bytes of each attachment, in order.
 */
export interface OutgoingMail {
  readonly effect: MailEffect;
  readonly files: readonly Uint8Array[];
}

/** Turns a stored mail action into its message: the store knows what `replyToEmail(id)` replies to. */
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

/** The message's bytes: exactly the effect (Bcc only on the envelope, never in a header). */
async function build(mail: OutgoingMail, messageId: string): Promise<Buffer> {
  const e = mail.effect;
  const composer = new MailComposer({
    from: e.from,
    to: [...e.to],
    cc: [...e.cc],
    subject: e.subject,
    text: e.body,
    messageId,
    ...(e.inReplyTo ? { inReplyTo: e.inReplyTo } : {}),
    ...(e.references.length ? { references: [...e.references] } : {}),
    attachments: e.attachments.map((a, i) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(mail.files[i]!),
    })),
  });
  return composer.compile().build();
}

/**
 * An SMTP failure as the outbox reads it: reply codes 5xx, refused recipients and a refused login
 * will not get better by retrying; the rest (4xx, the network) may.
 */
export function smtpFailure(e: unknown): TransportError {
  const err = e as { responseCode?: number; code?: string; message?: string };
  const permanent =
    (err.responseCode !== undefined && err.responseCode >= 500) || err.code === 'EENVELOPE' || err.code === 'EAUTH';
  return new TransportError(permanent ? 'permanent' : 'temporary', err.message ?? String(e));
}

/**
 * The envelope's recipients of an effect (a message, or the invitation or answer a calendar
 * action mails): each as `bareAddress` reads it, the reading that labels, policy and the
 * person's card were shown. Left to nodemailer, a recipient written
 * `Bob <bob@boss.test> <eve@evil.test>` (an attacker's From whose display name holds an address)
 * went to bob@boss.test, and an invitation's attendee `zed@evil.test, maya <maya@acme.test>`
 * (the person's own address to every check) reached zed, while everything checked named the
 * whole text; one that is no address, or that a relay may route elsewhere (`%`: the percent hack),
 * is refused instead.
 */
export function envelopeTo(e: Effect): string[] {
  const to = recipientsOf(e).map(bareAddress);
  for (const a of to) {
    const why = recipientRefusal(a);
    if (why) throw new TransportError('permanent', `recipient ${JSON.stringify(a)} ${why}`);
  }
  return to;
}

export function smtpTransport(o: SmtpTransportOptions): Transport {
  const smtp = nodemailer.createTransport(o.smtp);
  return {
    name: o.name ?? 'smtp',
    async commit(req: CommitRequest) {
      if (!req.messageId) throw new TransportError('permanent', 'a mail action needs a Message-ID');
      const mail = o.composer.compose(req.action);
      const to = envelopeTo(mail.effect);
      const raw = await build(mail, req.messageId);
      let info: SMTPTransport.SentMessageInfo;
      try {
        info = await smtp.sendMail({ envelope: { from: bareAddress(mail.effect.from), to }, raw });
      } catch (e) {
        throw smtpFailure(e);
      }
      const sent = {
        messageId: req.messageId,
        accepted: info.accepted.map(String),
        rejected: info.rejected.map(String),
      };
      // The message has left: a Sent folder that refuses the copy (full, out of reach) must not
      // make it a failure, which the outbox would retry — finding no copy in Sent, it would send
      // the message again. The result says the copy is missing instead.
      try {
        await o.sent.append(raw, req.messageId);
        return sent;
      } catch (e) {
        return { ...sent, sentCopy: `not filed in Sent: ${(e as Error).message}` };
      }
    },
    async reconcile(req: CommitRequest) {
      if (req.messageId && (await o.sent.has(req.messageId)))
        return { done: true, result: { messageId: req.messageId, reconciled: true } };
      return { done: false };
    },
  };
}
