/**
 * How approved actions leave, per account: the demo account's local transport, and for each
 * real account SMTP (with the IMAP Sent folder for exactly-once) built from its settings, the
 * password read from the secret store only when a commit needs it. Governed drafts of a real
 * account are appended to its Drafts folder.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { storeComposer } from '../mail/compose';
import { appendDraft, imapSentFolder } from '../mail/imap-folders';
import { localTransport } from '../outbox/local-transport';
import { smtpTransport } from '../outbox/mail-transport';
import { TransportError, type Transport } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { AccountError, imapConfig } from './accounts';

/** The outbox transport name of an account's actions. */
export const transportNameOf = (a: Account | undefined): string => (a?.transport === 'imap' ? `smtp:${a.id}` : 'local');

const passwordOf = (p: Profile, a: Account) => async (): Promise<string> => {
  const pw = a.secret ? await p.secrets.get(a.secret) : undefined;
  if (pw === undefined)
    throw new TransportError('permanent', `the password of account ${a.name} is not in the secret store`);
  return pw;
};

function accountTransport(p: Profile, a: Account): Transport | null {
  const c = imapConfig(a);
  if (!c.smtp) return null;
  const password = passwordOf(p, a);
  let built: Promise<Transport> | undefined;
  // SMTP needs the password up front; build on first use so listing transports reads no secret.
  const inner = () =>
    (built ??= password().then((pass) =>
      smtpTransport({
        name: transportNameOf(a),
        smtp: {
          host: c.smtp!.host,
          port: c.smtp!.port,
          secure: c.smtp!.port === 465,
          requireTLS: c.smtp!.port === 587,
          auth: { user: c.imap.user, pass },
          connectionTimeout: 20_000,
        },
        composer: storeComposer(p, a),
        sent: imapSentFolder(c.imap, password),
      }),
    ));
  return {
    name: transportNameOf(a),
    commit: async (req) => (await inner()).commit(req),
    reconcile: async (req) => (await inner()).reconcile(req),
  };
}

export function accountTransports(p: Profile, clock: () => Date = () => new Date()): Map<string, Transport> {
  const map = new Map<string, Transport>([['local', localTransport(p, clock)]]);
  for (const a of p.repos.accounts.list())
    if (a.transport === 'imap') {
      const t = accountTransport(p, a);
      if (t) map.set(t.name, t);
    }
  return map;
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
