/**
 * A profile account as a world, and a run's effects back into the store. Runs over a profile
 * use the very tools, labels and policy gate of the world simulator (engine/world), so a plan
 * cannot tell the demo account, a real mailbox or a test world apart; this file is the only
 * translation between the two shapes.
 */
import type { Email, SentEmail, World, WorldEffects } from '../../engine/world';
import { senderAuthenticated } from '../mail/parse';
import type { Account, Repositories, WorldMessage } from '../store/repositories';
import { madeLocally } from '../store/repos/messages';

interface AccountConfig {
  /** A fixed clock (the demo account lives on the demo world's Monday morning). */
  readonly now?: string;
  readonly allowlists?: { recipients: string[]; urls: string[] };
  /** The receiving server's Authentication-Results ids (main/accounts): whose verdicts count. */
  readonly authserv?: readonly string[];
  /** Those servers add a verdict to every message they receive (main/mail/verdict-trust.ts). */
  readonly authservEveryMessage?: boolean;
}

export const accountConfig = (a: Account): AccountConfig => a.config as AccountConfig;

/** Whether the receiving server authenticated a message's From, by the servers the account trusts. */
export const senderVerified = (account: Account, m: Pick<WorldMessage, 'auth' | 'from'>): boolean =>
  senderAuthenticated(m.auth, accountConfig(account), m.from);

/** A stored message as a world's email. */
export function emailOf(account: Account, m: WorldMessage): Email {
  return {
    id: m.id,
    folder: m.folder,
    from: m.from,
    to: [...m.to],
    cc: [...m.cc],
    subject: m.subject,
    date: m.date,
    body: m.body,
    unread: m.unread,
    threadId: m.threadId,
    labels: [...m.labels],
    authenticated: senderVerified(account, m),
  };
}

/**
 * The account as a world: by default its whole mailbox (listEmails/searchEmails page through all
 * of it with `before`); `mail: false` none, for a run that reads the mail from the store as it
 * goes (main/runs/store-email-source.ts).
 */
export function worldOf(repos: Repositories, account: Account, clock: () => Date, o: { mail?: boolean } = {}): World {
  const cfg = accountConfig(account);
  const messages = o.mail === false ? [] : repos.worldMail.forWorld(account.id);
  const toEmail = (m: WorldMessage): Email => emailOf(account, m);
  return {
    user: { name: account.userName, email: account.email, addresses: [...account.addresses] },
    now: cfg.now ?? clock().toISOString(),
    contacts: repos.contacts.list(account.id),
    emails: messages.filter((m) => m.folder !== 'Trash').map(toEmail),
    trash: messages.filter((m) => m.folder === 'Trash').map(toEmail),
    // A calendar server keeps no verdict on who organised an invitation, so a synced event's
    // organiser is not authenticated (an invitation can name you as its organiser). The demo
    // account's events are the demo world's, which states none forged.
    events: repos.calendar.list(account.id).map((e) => ({ ...e, authenticated: account.transport === 'local' })),
    allowlists: cfg.allowlists ?? { recipients: [], urls: [] },
    freeBusy: repos.calendar.busy(account.id),
    // Past drafts and sends keep new ids unique across runs (the world numbers them).
    sent: repos.outgoing.sent(account.id),
    drafts: repos.outgoing.drafts(account.id),
    responses: repos.outgoing.responses(account.id),
    changes: [],
    transcript: [],
    // Drafts, sends and events of every account share their tables' keys.
    numberedAfter: { ...repos.outgoing.numberedAfter(), event: repos.calendar.numberedAfter() },
  };
}

/**
 * Writes what a run (or a committed claim) did into the store. For the demo account (`local`
 * transport) sends go to its Sent folder and the local outbox (`fileLocalSend`).
 */
export function applyEffects(
  repos: Repositories,
  account: Account,
  fx: WorldEffects,
  o: { runId?: string; claimId?: string; messageId?: string } = {},
): void {
  for (const d of fx.drafts) repos.outgoing.addDraft(account.id, d, o.runId ?? null);
  // A real account's sends, mail changes and calendar changes happen on its servers, through the
  // outbox; the store follows from there (and from sync), never ahead of it.
  const local = account.transport === 'local';
  for (const s of local ? fx.sent : []) fileLocalSend(repos, account, s, o);
  for (const e of local ? fx.events : []) repos.calendar.upsert(account.id, e);
  for (const r of local ? fx.responses : []) repos.outgoing.addResponse(account.id, r);
  for (const c of local ? fx.changes : []) {
    const m = repos.messages.get(c.emailId);
    if (!m) continue;
    if (c.action === 'archive') repos.messages.move(c.emailId, 'Archive');
    else if (c.action === 'move' && c.to) repos.messages.move(c.emailId, c.to);
    else if (c.action === 'delete') repos.messages.move(c.emailId, 'Trash');
    else if (c.action === 'markRead') repos.messages.setUnread(c.emailId, false);
    else if (c.action === 'label' && c.label && !m.labels.includes(c.label))
      repos.messages.setLabels(c.emailId, [...m.labels, c.label]);
  }
}

/**
 * A send of the demo account, kept where a real account's send ends up: in its Sent folder (as
 * SMTP's copy appended to IMAP Sent comes back with the next sync), so the person finds it there
 * and a plan's `listEmails({folder: 'Sent'})` reads it; and in the local outbox (`sent`), where a
 * retry after a crash looks its Message-ID up. Called inside the caller's transaction: a send is
 * in both or in neither, so a retry neither misses a filed message nor skips an unfiled one.
 */
export function fileLocalSend(
  repos: Repositories,
  account: Account,
  s: SentEmail,
  o: { runId?: string; claimId?: string; messageId?: string } = {},
): void {
  repos.outgoing.addSent(account.id, s, {
    ...(o.runId ? { runId: o.runId } : {}),
    ...(o.claimId ? { claimId: o.claimId } : {}),
    ...(o.messageId ? { messageId: o.messageId } : {}),
  });
  repos.messages.upsert({
    id: s.id,
    accountId: account.id,
    folder: 'Sent',
    // A run's own send has no Message-ID fixed at approval: it is named as the demo's mail is.
    messageId: o.messageId ?? `<${s.id}@demo.zamburak.invalid>`,
    threadId: s.threadId ?? s.id,
    from: s.from || account.email,
    to: s.to,
    cc: s.cc,
    subject: s.subject,
    date: s.date,
    body: s.body,
    html: null,
    unread: false,
    labels: [],
    ...madeLocally(),
  });
}
