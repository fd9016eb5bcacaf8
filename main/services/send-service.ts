/**
 * A person's own messages: send, reply (to one or all), forward, and a governed draft sent as
 * theirs. What a person writes is trusted, so it is a claim made by `you` and already approved:
 * it goes through the same outbox as an approved claim (the same undo window, exactly once
 * across processes, a Sent copy), and its recipients, subject and threading come from the
 * effect of the tool it is (engine/tools), like every other send. One audit entry per send.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Json } from '../../engine/ifc/labeled-value';
import { EffectError, effectOf, recipientsOf, type MailEffect } from '../../engine/tools/effect';
import type { AttachmentRef } from '../../engine/tools/effect';
import { recipientRefusal } from '../../engine/world/addresses';
import {
  base64Bytes,
  MAX_ATTACHMENT_BYTES,
  type QueuedSend,
  type SendInput as BridgeSendInput,
  type SendResult,
} from '../../preload/contract';
import { smtpSizeLimit } from '../accounts/smtp-size';
import { transportNameOf } from '../accounts/transports';
import { attributeDraft } from '../mail/draft-words';
import { profileLookups } from '../mail/effect-lookups';
import { putOutgoing } from '../mail/outgoing-files';
import { shownDifference } from '../mail/reply-recipients';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { OWN_RULE, type ClaimsService } from './claims-service';
import { MailServiceError } from './mail-service';

/** A file the CLI names by path (the bridge only ever passes bytes). */
export type PathAttachment = { readonly path: string };
export type SendInput = Omit<BridgeSendInput, 'attachments'> & {
  readonly attachments?: readonly (NonNullable<BridgeSendInput['attachments']>[number] | PathAttachment)[];
};
export type { SendResult, QueuedSend };

/** Which field of the input named the email an effect could not find. */
const FIELD_OF: Readonly<Record<string, string>> = {
  replyToEmail: 'replyTo.id',
  forwardEmail: 'forwardOf',
  sendEmail: 'fromDraft',
};

/** Refuses a recipient no mail should go to (engine/world/addresses.ts `recipientRefusal`), at its field. */
function refuseRecipient(field: string, address: string): void {
  const why = recipientRefusal(address);
  if (why) throw new SendError(field, `${JSON.stringify(address)} ${why}`);
}

/** Refused input, naming the field it is about. */
export class SendError extends MailServiceError {
  constructor(
    readonly field: string,
    message: string,
    kind: 'bad-request' | 'not-found' | 'conflict' = 'bad-request',
  ) {
    super(kind, `${field}: ${message}`);
  }
}

/** Base64 turns 3 bytes into 4 (and breaks lines): what a file weighs inside a message. */
const encodedSize = (bytes: number): number => Math.ceil(bytes / 3) * 4 * (78 / 76);
/**
 * The largest message when the server names no limit: the files the composer promises
 * (`MAX_ATTACHMENT_BYTES` of them) once encoded, and a megabyte for the text. Providers that say
 * "25 MB of attachments" accept about 35 MB encoded; a smaller default refused 19–25 MB of files
 * the composer had let the person attach.
 */
const DEFAULT_MAX_BYTES = Math.ceil(encodedSize(MAX_ATTACHMENT_BYTES)) + 1024 * 1024;

const TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
  ics: 'text/calendar',
  html: 'text/html',
  json: 'application/json',
};
const typeOf = (filename: string): string =>
  TYPES[filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export class SendService {
  constructor(
    private readonly p: Profile,
    private readonly claims: ClaimsService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private account(name: string | undefined): Account {
    if (name === undefined) return this.p.primaryAccount();
    const a = this.p.repos.accounts.list().find((x) => x.name === name || x.id === name);
    if (!a) throw new SendError('account', `no account named ${JSON.stringify(name)}`, 'not-found');
    return a;
  }

  /**
   * Reads, checks and stores each attachment in the profile; returns them by content. The
   * message with its attachments must fit the server's limit: the first file that does not is
   * refused, by name.
   */
  private attachments(input: SendInput, maxMessageBytes: number): AttachmentRef[] {
    let total = input.body.length;
    return (input.attachments ?? []).map((a, i) => {
      const field = `attachments[${i}]`;
      const fits = (filename: string, size: number) => {
        total += encodedSize(size);
        if (total > maxMessageBytes) throw new SendError(field, tooLarge(filename, maxMessageBytes));
      };
      if ('path' in a) {
        const filename = basename(a.path);
        let bytes: Buffer;
        try {
          fits(filename, statSync(a.path).size);
          bytes = readFileSync(a.path);
        } catch (e) {
          if (e instanceof SendError) throw e;
          throw new SendError(
            field,
            `cannot read ${a.path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
          );
        }
        return putOutgoing(this.p, filename, typeOf(filename), bytes);
      }
      // Weighed from its length before it is decoded: a file over the limit is never allocated.
      fits(a.filename, base64Bytes(a.dataBase64));
      const bytes = Buffer.from(a.dataBase64, 'base64');
      return putOutgoing(this.p, a.filename, a.contentType || typeOf(a.filename), bytes);
    });
  }

  /** The largest message the account's server accepts, when it says (see smtp-size.ts). */
  async sizeLimit(account?: string): Promise<number | null> {
    return smtpSizeLimit(this.account(account));
  }

  /** The call the message is: which tool, with which arguments (its effect says the rest). */
  private action(input: SendInput, attachments: AttachmentRef[]): { tool: string; args: Record<string, Json> } {
    const files: Record<string, Json> = attachments.length ? { attachments: attachments as unknown as Json } : {};
    const copies: Record<string, Json> = {
      ...(input.cc?.length ? { cc: [...input.cc] } : {}),
      ...(input.bcc?.length ? { bcc: [...input.bcc] } : {}),
    };
    if (input.replyTo && input.forwardOf)
      throw new SendError('forwardOf', 'a message is a reply or a forward, not both');
    if (input.replyTo)
      return {
        tool: 'replyToEmail',
        args: { id: input.replyTo.id, body: input.body, ...(input.replyTo.all ? { replyAll: true } : {}), ...files },
      };
    if (input.forwardOf)
      return {
        tool: 'forwardEmail',
        args: {
          id: input.forwardOf,
          to: [...input.to],
          ...copies,
          ...(input.body ? { body: input.body } : {}),
          ...files,
        },
      };
    const draft = input.fromDraft ? this.p.repos.outgoing.draft(input.fromDraft) : undefined;
    return {
      tool: 'sendEmail',
      args: {
        to: [...input.to],
        ...copies,
        subject: input.subject,
        body: input.body,
        ...(draft?.inReplyTo ? { inReplyTo: draft.inReplyTo } : {}),
        ...files,
      },
    };
  }

  private effect(tool: string, args: Record<string, Json>, account: Account): MailEffect {
    try {
      return effectOf(tool, args, profileLookups(this.p, account)) as MailEffect;
    } catch (e) {
      if (e instanceof EffectError) throw new SendError(FIELD_OF[tool] ?? 'id', e.reason, 'not-found');
      throw e;
    }
  }

  /** Queues the message; it leaves once the undo window has passed (`sendAt`). */
  send(input: SendInput, o: { by: string; maxMessageBytes?: number }): SendResult {
    const account = this.account(input.account);
    const draft = input.fromDraft ? this.p.repos.outgoing.draft(input.fromDraft) : undefined;
    if (input.fromDraft && !draft) throw new SendError('fromDraft', `no draft ${input.fromDraft}`, 'not-found');
    if (draft && this.p.repos.outgoing.draftSentBy(draft.id))
      throw new SendError(
        'fromDraft',
        `the draft ${draft.id} was sent already; undo that send to send it again`,
        'conflict',
      );
    for (const field of ['to', 'cc', 'bcc'] as const) for (const a of input[field] ?? []) refuseRecipient(field, a);
    const action = this.action(input, this.attachments(input, o.maxMessageBytes ?? DEFAULT_MAX_BYTES));
    const effect = this.effect(action.tool, action.args, account);
    // A person's reply passes no gate: what the composer showed is its only card, so a reply that
    // would now reach anyone else (or miss someone shown) is refused, and the draft stays.
    const differs = input.replyTo?.shown && shownDifference(effect, input.replyTo.shown);
    if (differs) throw new SendError('replyTo', differs, 'conflict');
    const recipients = recipientsOf(effect);
    // A reply's or a forward's recipients come from the original too (its From, its Cc).
    for (const a of recipients) refuseRecipient(input.replyTo ? 'replyTo' : 'to', a);
    if (recipients.length === 0) throw new SendError('to', 'at least one recipient is needed');
    const id = `send-${randomUUID()}`;
    const now = this.clock();
    // The draft is taken in the same transaction as the send is queued: a reload offers it no more.
    const queue = () =>
      this.p.claims.createApproved(
        {
          id,
          seq: 0,
          accountId: account.id,
          action,
          rule: OWN_RULE,
          reasons: ['you wrote it'],
          risk: 'low',
          fields: [],
          context: [],
          createdAt: now.toISOString(),
        },
        {
          by: o.by,
          now,
          undoWindowMs: this.claims.undoWindowMs(),
          transport: transportNameOf(account),
          messageIdDomain: account.email.split('@')[1] ?? 'zamburak.invalid',
        },
        {
          kind: 'mail.sent',
          data: {
            sentence: `You sent "${effect.subject}" to ${recipients.join(', ')}.`,
            recipients,
            subject: effect.subject,
            attachments: effect.attachments.map((a) => a.filename),
            ...(draft
              ? {
                  fromDraft: {
                    id: draft.id,
                    runId: draft.runId,
                    editedBefore: draft.edited,
                    ...attributeDraft(draft.body, input.body),
                  } as unknown as Json,
                }
              : {}),
          },
        },
      );
    const { notBefore } = this.p.db.transaction(() => {
      const queued = queue();
      if (draft) this.p.repos.outgoing.markDraftSent(draft.id, id);
      return queued;
    })();
    return { id, status: 'queued', sendAt: notBefore };
  }

  /** Cancels a send still inside its undo window (nothing leaves). */
  undo(id: string, by: string): void {
    const c = this.claims.get(id);
    if (c.rule !== OWN_RULE) throw new SendError('id', `${id} is not a message you sent`, 'not-found');
    this.claims.undo(id, by);
  }

  /** The person's messages still waiting out their undo window, or leaving now. */
  queued(): QueuedSend[] {
    return this.p.claims.queuedOwn(OWN_RULE).map((q) => {
      const account = (q.accountId && this.p.repos.accounts.get(q.accountId)) || this.p.primaryAccount();
      let e: MailEffect | undefined;
      try {
        e = effectOf(q.action.tool, q.action.args, profileLookups(this.p, account)) as MailEffect;
      } catch {
        e = undefined;
      }
      return {
        id: q.id,
        to: e ? recipientsOf(e) : [],
        subject: e?.subject ?? '',
        sendAt: q.notBefore,
        status: q.outboxState === 'waiting' ? 'queued' : 'sending',
      };
    });
  }
}

const megabytes = (n: number): string => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
const tooLarge = (filename: string, max: number): string =>
  `${filename} makes the message larger than the ${megabytes(max)} the mail server accepts`;
