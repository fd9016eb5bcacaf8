/**
 * How approved actions leave, per account: the demo account's local transport, and for each
 * real account SMTP (with the IMAP Sent folder for exactly-once) built from its settings, the
 * password read from the secret store only when a commit needs it. Governed drafts of a real
 * account are appended to its Drafts folder.
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import {
  effectOf,
  EVENT_TOOLS,
  MAIL_TOOLS,
  ORGANIZE_TOOLS,
  type Effect,
  type OrganizeEffect,
} from '../../engine/tools';
import { storeComposer } from '../mail/compose';
import { appendDraft, imapSentFolder } from '../mail/imap-folders';
import { organizeOnServer, type OrganizeAction } from '../mail/imap-organize';
import { localTransport } from '../outbox/local-transport';
import { Outbox } from '../outbox/outbox';
import { smtpFailure, smtpTransport } from '../outbox/mail-transport';
import { TransportError, type CommitRequest, type Transport } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { MailError, type Credential } from '../mail/connect';
import { accountCredential, AccountError, imapConfig } from './accounts';
import { approvedEffect } from './approved-effect';
import { commitCalendarAction } from './calendar-actions';
import { calendarOf } from './calendars';
import { smtpAuth } from './smtp-auth';

/** The outbox transport name of an account's actions. */
export const transportNameOf = (a: Account | undefined): string => (a?.transport === 'imap' ? `smtp:${a.id}` : 'local');

/**
 * The credential for a commit (a password, or an OAuth access token refreshed when due):
 * missing from the secret store, or a sign-in the issuer no longer accepts, is a failure no
 * retry can mend.
 */
const credentialOf =
  (p: Profile, a: Account) =>
  (o: { fresh?: boolean } = {}): Promise<Credential> =>
    accountCredential(p, a, o).catch((e: unknown) => {
      throw new TransportError('permanent', (e as Error).message);
    });

function accountTransport(p: Profile, a: Account): Transport | null {
  const c = imapConfig(a);
  if (!c.smtp) return null;
  const smtp = c.smtp;
  const credential = credentialOf(p, a);
  let tokenRefused = false;
  const smtpOptions = (cred: Credential): SMTPTransport.Options => ({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    requireTLS: smtp.port === 587,
    ...smtpAuth(`${smtp.host}:${smtp.port}`, c.imap.user, cred, () => (tokenRefused = true)),
    connectionTimeout: 20_000,
  });
  /**
   * Runs `f` with SMTP options for the current credential; when the server refused an OAuth
   * token (nothing was sent), refreshes it and tries once more.
   */
  const withSmtp = async <T>(f: (o: SMTPTransport.Options) => Promise<T>): Promise<T> => {
    tokenRefused = false;
    try {
      return await f(smtpOptions(await credential()));
    } catch (e) {
      if (!tokenRefused) throw e;
      tokenRefused = false;
      return f(smtpOptions(await credential({ fresh: true })));
    }
  };
  // Built per commit, reading the secret only then: an OAuth token may have been refreshed since.
  const inner = (o: SMTPTransport.Options, approvedHash?: string) =>
    smtpTransport({
      name: transportNameOf(a),
      smtp: o,
      composer: storeComposer(p, a, approvedHash),
      sent: imapSentFolder(c.imap, () => credential()),
    });
  // A calendar action's iTIP mail: who the server refused, if it took the message for the others.
  const sendMail = (m: SendMailOptions) =>
    withSmtp((o) =>
      nodemailer
        .createTransport(o)
        .sendMail(m)
        .then((info) => ({ rejected: info.rejected.map((r) => (typeof r === 'string' ? r : r.address)) }))
        .catch((e: unknown) => {
          throw smtpFailure(e);
        }),
    );
  return {
    name: transportNameOf(a),
    async commit(req) {
      if (MAIL_TOOLS.has(req.action.tool)) return withSmtp((o) => inner(o, req.contentHash).commit(req));
      if (EVENT_TOOLS.has(req.action.tool)) {
        const cal = await calendarOf(p, a);
        if (!cal) throw new TransportError('permanent', `account ${a.name} has no CalDAV calendar`);
        return commitCalendarAction(p, a, cal, sendMail, req);
      }
      const action = organizeActionOf(approvedOrganize(p, a, req));
      if (!action)
        throw new TransportError('permanent', `${req.action.tool} cannot be committed to a real account yet`);
      // Already done by an earlier attempt: the store follows the server only after success.
      const m = p.repos.messages.get(action.id);
      if (m && m.remoteUid === null) return { done: action.kind, reconciled: true };
      await organizeOnServer(p, a, c.imap, await credential(), action).catch((e: unknown) => {
        const refused = e instanceof MailError && e.kind === 'refused';
        throw new TransportError(refused ? 'permanent' : 'temporary', (e as Error).message);
      });
      return { done: action.kind, id: action.id };
    },
    async reconcile(req) {
      return MAIL_TOOLS.has(req.action.tool) ? withSmtp((o) => inner(o).reconcile(req)) : { done: false };
    },
  };
}

/** The mailbox change an approved claim makes, as its effect says (the card showed the same effect). */
function approvedOrganize(p: Profile, a: Account, req: CommitRequest): OrganizeEffect {
  const effect = approvedEffect(p, a, req, (e) => `the change to email ${e.kind === 'organize' ? e.emailId : '?'}`);
  if (effect.kind !== 'organize') throw new TransportError('permanent', `${req.action.tool} does not change a mailbox`);
  return effect;
}

/** The server-side change of a mailbox effect, or null for one IMAP does not carry (a label). */
function organizeActionOf(e: OrganizeEffect): OrganizeAction | null {
  const id = e.emailId;
  if (!id || e.label !== undefined) return null;
  if (e.tool === 'archiveEmail') return { kind: 'archive', id };
  if (e.tool === 'deleteEmail') return { kind: 'trash', id };
  if (e.tool === 'markRead') return { kind: 'seen', id };
  if (e.folder !== undefined) return { kind: 'move', id, folder: e.folder, byPlan: true };
  return null;
}

/** What an organizing tool does to a sample email: decides whether IMAP carries the tool. */
const sampleOrganize = (tool: string): Effect =>
  effectOf(
    tool,
    { id: 'x', folder: 'x', label: 'x' },
    { account: { from: '', addresses: [] }, email: () => undefined, event: () => undefined },
  );

/**
 * The tools whose allowed calls on a real account become outbox entries (see run-on-profile):
 * every tool with an effect a server carries — mail, calendar changes, and the mailbox changes
 * IMAP makes (a label stays in the profile).
 */
export const SERVER_TOOLS: ReadonlySet<string> = new Set([
  ...MAIL_TOOLS,
  ...EVENT_TOOLS,
  ...[...ORGANIZE_TOOLS].filter((t) => {
    const e = sampleOrganize(t);
    return e.kind === 'organize' && organizeActionOf(e) !== null;
  }),
]);

/**
 * The outbox's transports: `local`, and `smtp:<account id>` for each real account — built when
 * first asked for, so an account added while the app runs is served without a restart.
 */
class AccountTransports extends Map<string, Transport> {
  constructor(
    private readonly p: Profile,
    clock: () => Date,
  ) {
    super([['local', localTransport(p, clock)]]);
  }

  override get(name: string): Transport | undefined {
    if (!super.has(name) && name.startsWith('smtp:')) {
      const a = this.p.repos.accounts.get(name.slice('smtp:'.length));
      const t = a?.transport === 'imap' ? accountTransport(this.p, a) : null;
      if (t) super.set(name, t);
    }
    return super.get(name);
  }
}

export function accountTransports(p: Profile, clock: () => Date = () => new Date()): Map<string, Transport> {
  return new AccountTransports(p, clock);
}

const outboxes = new WeakMap<Profile, Outbox>();

/**
 * The one outbox of this process for an open profile: the app's scheduler, an approval, a
 * person's send and a run's end all commit through it. Built with the account transports on
 * first use, unless `transports` are given (the app's, a test's), which replace it.
 */
export function outboxOf(
  p: Profile,
  o: { transports?: ReadonlyMap<string, Transport>; clock?: () => Date } = {},
): Outbox {
  const existing = outboxes.get(p);
  if (existing && !o.transports) return existing;
  const clock = o.clock ?? (() => new Date());
  const outbox = new Outbox(p.claims, o.transports ?? accountTransports(p, clock), { now: clock });
  outboxes.set(p, outbox);
  return outbox;
}

/** Puts a stored draft into its account's Drafts folder, where every mail client sees it. */
export async function pushDraft(p: Profile, draftId: string): Promise<string> {
  const d = p.repos.outgoing.draft(draftId);
  if (!d) throw new AccountError(`no draft ${draftId}`);
  const a = p.repos.accounts.get(d.accountId);
  if (!a || a.transport !== 'imap') throw new AccountError(`draft ${draftId} does not belong to a real account`);
  const reply = d.inReplyTo ? p.repos.messages.get(d.inReplyTo) : undefined;
  const raw = await new MailComposer({
    from: a.email,
    to: [...d.to],
    cc: [...d.cc],
    subject: d.subject,
    text: d.body,
    ...(reply?.messageId ? { inReplyTo: reply.messageId, references: [reply.messageId] } : {}),
  })
    .compile()
    .build();
  return appendDraft(imapConfig(a).imap, () => credentialOf(p, a)(), raw);
}
