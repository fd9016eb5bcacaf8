/**
 * The Inbox screen's calls: the triaged list (keyset pages, or search), one message with its
 * warnings, drafts and claims, triage on demand, and a person's own changes (archive, read,
 * draft edits) — each audited and each answered with what undoes it.
 */
import { KeptDraft, type MessageRow, type MessageView, type ZamburakHandlers } from '../../preload/contract';
import { bareAddress } from '../../engine/world';
import { AccountError, completeBodies } from '../accounts/accounts';
import { messageFindings } from '../assistant/fraud';
import { triageProfile, TriageStopped } from '../assistant/triage';
import type { EngineHost } from '../engine-host/engine-host';
import type { Profile } from '../profile/profile';
import { servicesOf } from '../services/services';
import type { MessageHeader, StoredMessage } from '../store/repositories';
import type { StoredDraft } from '../store/repos/outgoing';
import { safeAttachmentName } from '../mail/attachments';
import { originalEmail, profileLookups } from '../mail/effect-lookups';
import { repliesOf } from '../mail/reply-recipients';
import { readableText, snippet } from '../mail/snippet';
import type { ClaimsService } from '../services/claims-service';
import { highlightTerms, parseSearch } from '../store/repositories';
import { chosenAccount } from './chosen-account';
import { attachmentBytes, invitationOf, respondToInvitation } from './invitations';
import { ServiceError } from './router';

export interface AppContext {
  readonly profile: Profile;
  readonly clock: () => Date;
  /** Where plans run: the engine worker (absent: in this thread). */
  readonly engine?: EngineHost;
  /** Throws when the global pause is on (automatic work must not start). */
  readonly assertRunning: () => void;
}

/** Message ids that a pending claim acts on (the claim's `id` or `inReplyTo` argument). */
function pendingTargets(p: Profile): Set<string> {
  const ids = new Set<string>();
  for (const c of p.claims.list({ state: 'pending', limit: 1000 }))
    for (const k of ['id', 'inReplyTo'] as const) {
      const v = c.action.args[k];
      if (typeof v === 'string') ids.add(v);
    }
  return ids;
}

/** The setting that holds the message being written (KeptDraft as JSON, empty when none). */
const KEPT_DRAFT = 'compose.draft';

const STANDARD_FOLDERS = ['INBOX', 'Archive', 'Sent', 'Drafts', 'Junk', 'Trash'];

const CATEGORY = new Set(['needs-reply', 'meeting', 'fyi', 'newsletter', 'receipt', 'suspicious']);
const category = (c: string | null): MessageRow['category'] =>
  c !== null && CATEGORY.has(c) ? (c as MessageRow['category']) : null;

const row = (m: MessageHeader | StoredMessage, pending: Set<string>, accounts: Map<string, string>): MessageRow => ({
  id: m.id,
  from: m.from,
  subject: m.subject,
  date: m.date,
  preview: snippet('preview' in m ? m.preview : m.body),
  unread: m.unread,
  folder: m.folder,
  category: category(m.category),
  summary: m.summary,
  pendingClaim: pending.has(m.id),
  accountId: m.accountId,
  account: accounts.get(m.accountId) ?? m.accountId,
  hasAttachments: m.attachments.length > 0,
  threadSize: 'threadSize' in m ? m.threadSize : 1,
});

const attachmentView = (a: StoredMessage['attachments'][number]) => ({
  filename: a.filename,
  contentType: a.contentType,
  size: a.size ?? null,
});

const draftView = (d: StoredDraft) => ({
  id: d.id,
  to: [...d.to],
  cc: [...d.cc],
  subject: d.subject,
  body: d.body,
  edited: d.edited,
  updatedAt: d.updatedAt,
});

export function inboxHandlers(ctx: AppContext, claims: ClaimsService): ZamburakHandlers['inbox'] {
  const p = ctx.profile;
  const accountNames = () => new Map(p.repos.accounts.list().map((a) => [a.id, a.name]));
  const message = (id: string): StoredMessage => {
    const m = p.repos.messages.get(id);
    // Gone since the page listed it (deleted on the server, or another window moved it).
    if (!m) throw new ServiceError('not-found', 'this email is no longer here: it was moved or deleted meanwhile');
    return m;
  };
  const mail = servicesOf(p).mail;

  return {
    page(q = {}) {
      const pending = pendingTargets(p);
      const names = accountNames();
      if (q.search?.trim()) {
        const items = p.repos.messages.search(q.search, {
          limit: q.limit ?? 100,
          threads: true,
          ...(q.account ? { accountId: q.account } : {}),
        });
        const highlight = highlightTerms(parseSearch(q.search));
        return { items: items.map((m) => row(m, pending, names)), next: null, total: items.length, highlight };
      }
      const folder = q.folder ?? 'INBOX';
      const page = p.repos.messages.page({
        folder,
        threads: true,
        ...(q.account ? { accountId: q.account } : {}),
        ...(q.category ? { category: q.category } : {}),
        ...(q.limit ? { limit: q.limit } : {}),
        ...(q.after ? { after: q.after } : {}),
      });
      const total = p.repos.messages.folderTotal(folder, q.account, q.category);
      return { items: page.items.map((m) => row(m, pending, names)), next: page.next, total, highlight: [] };
    },

    async get(id): Promise<MessageView> {
      // The reading pane shows whole messages: the message and its conversation, completed
      // first when a first sync has listed them but not yet downloaded their bodies.
      const listed = message(id);
      try {
        await completeBodies(p, { ids: [id, ...p.repos.messages.conversation(listed).map((t) => t.id)] });
      } catch (e) {
        if (e instanceof AccountError) throw new ServiceError('conflict', e.message);
        throw e;
      }
      const m = message(id);
      const account = p.repos.accounts.get(m.accountId) ?? p.primaryAccount();
      const contacts = p.repos.contacts.list(account.id).map((c) => c.email);
      const claimIds = p.claims
        .list({ limit: 1000 })
        .filter((c) => c.state === 'pending' && (c.action.args.id === id || c.action.args.inReplyTo === id))
        .map((c) => c.id);
      return {
        ...row(m, pendingTargets(p), accountNames()),
        to: [...m.to],
        cc: [...m.cc],
        body: readableText(m.body),
        html: m.html,
        fromIsContact: contacts.map(bareAddress).includes(bareAddress(m.from)),
        warnings: messageFindings(p, account)(m).map((f) => f.reason),
        attachments: m.attachments.map(attachmentView),
        drafts: p.repos.outgoing.draftsReplyingTo(id).map(draftView),
        claimIds,
        thread: p.repos.messages.conversation(m).map((t) => ({
          id: t.id,
          from: t.from,
          to: [...t.to],
          date: t.date,
          subject: t.subject,
          body: readableText(t.body),
          preview: snippet(t.body),
          folder: t.folder,
          attachments: t.attachments.map(attachmentView),
        })),
        invitation: invitationOf(p, m),
        // Computed by the reply's effect, as the send computes it: the composer shows exactly this.
        replies: repliesOf(
          { ...profileLookups(p, account), email: (x) => (x === m.id ? originalEmail(p, m, false) : undefined) },
          m.id,
        ),
      };
    },

    counts: (account) => p.repos.messages.categoryCounts('INBOX', account),

    async triage(accountId) {
      ctx.assertRunning();
      const one = chosenAccount(p, accountId);
      // The unified inbox shows every account's mail: triage each in turn.
      const summary = { triaged: 0, drafts: 0, claims: 0, byCategory: {} as Record<string, number> };
      for (const account of one ? [one] : p.repos.accounts.list()) {
        const r = await triageProfile(p, { account, ...(ctx.engine ? { engine: ctx.engine } : {}) }).catch(
          (e: unknown) => {
            throw e instanceof TriageStopped ? new ServiceError('conflict', e.sentence) : e;
          },
        );
        for (const e of r.emails) summary.byCategory[e.category] = (summary.byCategory[e.category] ?? 0) + 1;
        summary.triaged += r.emails.length;
        summary.drafts += r.emails.filter((e) => e.draftId).length;
        summary.claims += r.claims.length;
      }
      return summary;
    },

    archive: (id) => mail.archive(id),
    markRead: (id, read) => mail.setRead(id, read),
    move: (id, folder) => mail.move(id, folder),
    folders: (id) => mail.folders(message(id).accountId),
    folderList(account) {
      const counts = new Map(p.repos.messages.folderCounts(account).map((c) => [c.folder, c]));
      // The standard folders first, in the order mail clients show them; Inbox and Archive always.
      const rank = (f: string) => {
        const i = STANDARD_FOLDERS.indexOf(f);
        return i < 0 ? STANDARD_FOLDERS.length : i;
      };
      // Folders the server has, synced but empty, are listed too.
      const synced = (account ? [account] : p.repos.accounts.list().map((a) => a.id)).flatMap((a) =>
        p.repos.folderState.list(a).map((f) => f.folder),
      );
      return [...new Set(['INBOX', 'Archive', ...counts.keys(), ...synced])]
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
        .map((name) => ({ name, total: counts.get(name)?.total ?? 0, unread: counts.get(name)?.unread ?? 0 }));
    },
    attachment(id, index) {
      const m = message(id);
      const a = m.attachments[index];
      if (!a) throw new ServiceError('not-found', `the email “${m.subject}” has no attachment ${index + 1}`);
      const bytes = attachmentBytes(p, a.path);
      if (!bytes) throw new ServiceError('not-found', `the attachment “${a.filename}” is not stored on this computer`);
      return {
        filename: safeAttachmentName(a.filename, index),
        contentType: a.contentType,
        dataBase64: bytes.toString('base64'),
      };
    },
    keepDraft(d) {
      p.setSetting(KEPT_DRAFT, d ? JSON.stringify(d) : '');
      return { ok: true as const };
    },
    keptDraft() {
      const text = p.setting(KEPT_DRAFT);
      if (!text) return null;
      try {
        const d = KeptDraft.safeParse(JSON.parse(text));
        return d.success ? d.data : null;
      } catch {
        return null;
      }
    },
    respond: (id, answer) => respondToInvitation(p, claims, message(id), answer, ctx.clock()),
    async undo(u) {
      await mail.undo(u);
      return { ok: true as const };
    },

    editDraft(id, patch) {
      if (!p.repos.outgoing.draft(id)) throw new ServiceError('not-found', `no draft ${id}`);
      p.db.transaction(() => {
        p.repos.outgoing.editDraft(id, patch, ctx.clock().toISOString());
        p.audit.append({ kind: 'draft.edited', data: { id, by: 'user' } });
      })();
      return draftView(p.repos.outgoing.draft(id)!);
    },
  };
}
