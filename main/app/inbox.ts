/**
 * The Inbox screen's calls: the triaged list (keyset pages, or search), one message with its
 * warnings, drafts and claims, triage on demand, and a person's own changes (archive, read,
 * draft edits) — each audited and each answered with what undoes it.
 */
import type { MessageRow, MessageView, ZamburakHandlers } from '../../preload/contract';
import { bareAddress } from '../../engine/world';
import { messageFindings } from '../assistant/fraud';
import { triageProfile } from '../assistant/triage';
import type { EngineHost } from '../engine-host/engine-host';
import type { Profile } from '../profile/profile';
import { servicesOf } from '../services/services';
import type { MessageHeader, StoredMessage } from '../store/repositories';
import type { StoredDraft } from '../store/repos/outgoing';
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

const CATEGORY = new Set(['needs-reply', 'meeting', 'fyi', 'newsletter', 'receipt', 'suspicious']);
const category = (c: string | null): MessageRow['category'] =>
  c !== null && CATEGORY.has(c) ? (c as MessageRow['category']) : null;

const row = (m: MessageHeader | StoredMessage, pending: Set<string>): MessageRow => ({
  id: m.id,
  from: m.from,
  subject: m.subject,
  date: m.date,
  preview: 'preview' in m ? m.preview : m.body.slice(0, 160),
  unread: m.unread,
  folder: m.folder,
  category: category(m.category),
  summary: m.summary,
  pendingClaim: pending.has(m.id),
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

export function inboxHandlers(ctx: AppContext): ZamburakHandlers['inbox'] {
  const p = ctx.profile;
  const message = (id: string): StoredMessage => {
    const m = p.repos.messages.get(id);
    if (!m) throw new ServiceError('not-found', `no message ${id}`);
    return m;
  };
  const mail = servicesOf(p).mail;

  return {
    page(q = {}) {
      const pending = pendingTargets(p);
      if (q.search?.trim()) {
        const items = p.repos.messages.search(q.search, { limit: q.limit ?? 100 });
        return { items: items.map((m) => row(m, pending)), next: null, total: items.length };
      }
      const folder = q.folder ?? 'INBOX';
      const page = p.repos.messages.page({
        folder,
        ...(q.category ? { category: q.category } : {}),
        ...(q.limit ? { limit: q.limit } : {}),
        ...(q.after ? { after: q.after } : {}),
      });
      const counts = p.repos.messages.categoryCounts(folder);
      const total = q.category ? (counts[q.category] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
      return { items: page.items.map((m) => row(m, pending)), next: page.next, total };
    },

    get(id): MessageView {
      const m = message(id);
      const account = p.repos.accounts.get(m.accountId) ?? p.primaryAccount();
      const contacts = p.repos.contacts.list(account.id).map((c) => c.email);
      const claimIds = p.claims
        .list({ limit: 1000 })
        .filter((c) => c.action.args.id === id || c.action.args.inReplyTo === id)
        .map((c) => c.id);
      return {
        ...row(m, pendingTargets(p)),
        to: [...m.to],
        cc: [...m.cc],
        body: m.body,
        html: m.html,
        fromIsContact: contacts.map(bareAddress).includes(bareAddress(m.from)),
        warnings: messageFindings(p, account)(m).map((f) => f.reason),
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
        drafts: p.repos.outgoing.draftsReplyingTo(id).map(draftView),
        claimIds,
      };
    },

    counts: () => p.repos.messages.categoryCounts('INBOX'),

    async triage() {
      ctx.assertRunning();
      const r = await triageProfile(p, ctx.engine ? { engine: ctx.engine } : {});
      const byCategory: Record<string, number> = {};
      for (const e of r.emails) byCategory[e.category] = (byCategory[e.category] ?? 0) + 1;
      return {
        triaged: r.emails.length,
        drafts: r.emails.filter((e) => e.draftId).length,
        claims: r.claims.length,
        byCategory,
      };
    },

    archive: (id) => mail.archive(id),
    markRead: (id, read) => mail.setRead(id, read),
    move: (id, folder) => mail.move(id, folder),
    folders: (id) => mail.folders(message(id).accountId),
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
