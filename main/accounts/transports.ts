/**
 * How approved actions leave, per account: the demo account's local transport, and for each
 * real account SMTP (with the IMAP Sent folder for exactly-once) built from its settings, the
 * password read from the secret store only when a commit needs it. Governed drafts of a real
 * account are appended to its Drafts folder.
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { EVENT_TOOLS, MAIL_TOOLS, ORGANIZE_TOOLS } from '../../engine/tools';
import { storeComposer } from '../mail/compose';
import { appendDraft, imapSentFolder } from '../mail/imap-folders';
import { organizeOnServer, type OrganizeAction } from '../mail/imap-organize';
import { localTransport } from '../outbox/local-transport';
import { Outbox } from '../outbox/outbox';
import { smtpTransport } from '../outbox/mail-transport';
import { TransportError, type Transport } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { accountPassword, AccountError, imapConfig } from './accounts';
import { commitCalendarAction } from './calendar-actions';
import { calendarOf } from './calendars';

/** The outbox transport name of an account's actions. */
export const transportNameOf = (a: Account | undefined): string => (a?.transport === 'imap' ? `smtp:${a.id}` : 'local');

/** The password for a commit: missing from the secret store is a failure no retry can mend. */
const passwordOf = (p: Profile, a: Account) => (): Promise<string> =>
  accountPassword(p, a).catch((e: unknown) => {
    throw new TransportError('permanent', (e as Error).message);
  });

function accountTransport(p: Profile, a: Account): Transport | null {
  const c = imapConfig(a);
  if (!c.smtp) return null;
  const password = passwordOf(p, a);
  const smtpOptions = (pass: string): SMTPTransport.Options => ({
    host: c.smtp!.host,
    port: c.smtp!.port,
    secure: c.smtp!.port === 465,
    requireTLS: c.smtp!.port === 587,
    auth: { user: c.imap.user, pass },
    connectionTimeout: 20_000,
  });
  let built: Promise<Transport> | undefined;
  // SMTP needs the password up front; build on first use so listing transports reads no secret.
  const inner = () =>
    (built ??= password().then((pass) =>
      smtpTransport({
        name: transportNameOf(a),
        smtp: smtpOptions(pass),
        composer: storeComposer(p, a),
        sent: imapSentFolder(c.imap, password),
      }),
    ));
  const sendMail = async (m: SendMailOptions) => {
    await nodemailer
      .createTransport(smtpOptions(await password()))
      .sendMail(m)
      .catch((e: unknown) => {
        throw new TransportError('temporary', (e as Error).message);
      });
  };
  return {
    name: transportNameOf(a),
    async commit(req) {
      if (MAIL_TOOLS.has(req.action.tool)) return (await inner()).commit(req);
      if (EVENT_TOOLS.has(req.action.tool)) {
        const cal = await calendarOf(p, a);
        if (!cal) throw new TransportError('permanent', `account ${a.name} has no CalDAV calendar`);
        return commitCalendarAction(p, a, cal, sendMail, req);
      }
      const action = organizeActionOf(req.action.tool, req.action.args);
      if (!action)
        throw new TransportError('permanent', `${req.action.tool} cannot be committed to a real account yet`);
      // Already done by an earlier attempt: the store follows the server only after success.
      const m = p.repos.messages.get(action.id);
      if (m && m.remoteUid === null) return { done: action.kind, reconciled: true };
      await organizeOnServer(p, a, c.imap, await password(), action).catch((e: unknown) => {
        throw new TransportError('temporary', (e as Error).message);
      });
      return { done: action.kind, id: action.id };
    },
    async reconcile(req) {
      return MAIL_TOOLS.has(req.action.tool) ? (await inner()).reconcile(req) : { done: false };
    },
  };
}

/** The server-side change an organising action makes, or null for actions not supported here. */
function organizeActionOf(tool: string, args: Readonly<Record<string, unknown>>): OrganizeAction | null {
  const id = typeof args.id === 'string' ? args.id : null;
  if (!id) return null;
  if (tool === 'archiveEmail') return { kind: 'archive', id };
  if (tool === 'markRead') return { kind: 'seen', id };
  if (tool === 'deleteEmail') return { kind: 'trash', id };
  if (tool === 'moveEmail' && typeof args.folder === 'string') return { kind: 'move', id, folder: args.folder };
  return null;
}

/**
 * The tools whose allowed calls on a real account become outbox entries (see run-on-profile):
 * every tool with an effect a server carries — mail, calendar changes, and the mailbox changes
 * IMAP makes (a label stays in the profile).
 */
export const SERVER_TOOLS: ReadonlySet<string> = new Set([
  ...MAIL_TOOLS,
  ...EVENT_TOOLS,
  ...[...ORGANIZE_TOOLS].filter((t) => organizeActionOf(t, { id: 'x', folder: 'x' }) !== null),
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
  return appendDraft(imapConfig(a).imap, passwordOf(p, a), raw);
}
