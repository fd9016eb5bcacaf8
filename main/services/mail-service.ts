/**
 * A person's own changes to their mail, for every front end (the app's Inbox, `zamburak mail`):
 * archive, mark read or unread, move to a folder, and undo. On a real account the server does it
 * first and the store follows (main/mail/imap-organize.ts), so the next sync agrees with what the
 * person did; a server that refuses leaves the store as it was and says why. On the demo account
 * the store alone changes. Each change is audited and answered with what undoes it.
 */
import { accountCredential, AccountError, imapConfig } from '../accounts/accounts';
import { MailError } from '../mail/connect';
import { organizeOnServer, type OrganizeAction } from '../mail/imap-organize';
import { OAuthError } from '../oauth/errors';
import type { Profile } from '../profile/profile';
import type { StoredMessage } from '../store/repositories';

/** What undoes a change: the folder it was in, or whether it was unread. */
export interface MailUndo {
  readonly id: string;
  readonly folder?: string;
  readonly unread?: boolean;
}

export class MailServiceError extends Error {
  constructor(
    readonly kind: 'not-found' | 'bad-request' | 'conflict' | 'server',
    message: string,
  ) {
    super(message);
  }
}

const FOLDER = /^[^\0\r\n]{1,200}$/;

export class MailService {
  constructor(private readonly p: Profile) {}

  private message(id: string): StoredMessage {
    const m = this.p.repos.messages.get(id);
    if (!m) throw new MailServiceError('not-found', `no message ${id}`);
    return m;
  }

  /** Does `a` on the message's server when it has one (the store follows), else `local`; audited. */
  private async apply(m: StoredMessage, a: OrganizeAction, local: () => void, change: string): Promise<void> {
    const account = this.p.repos.accounts.get(m.accountId);
    if (account?.transport === 'imap') {
      try {
        const done = await organizeOnServer(
          this.p,
          account,
          imapConfig(account).imap,
          await accountCredential(this.p, account),
          a,
        );
        change = change.replace(/\{folder\}/g, done.folder);
      } catch (e) {
        if (e instanceof MailError || e instanceof AccountError || e instanceof OAuthError)
          throw new MailServiceError('server', `${account.name}: ${e.message}; nothing was changed`);
        throw e;
      }
      this.audited(m.id, change);
      return;
    }
    this.p.db.transaction(() => {
      local();
      this.audited(m.id, change.replace(/\{folder\}/g, 'folder' in a ? a.folder : 'Archive'));
    })();
  }

  private audited(id: string, change: string): void {
    this.p.audit.append({ kind: 'mail.changed', data: { id, change, by: 'user' } });
  }

  async archive(id: string): Promise<MailUndo> {
    const m = this.message(id);
    await this.apply(
      m,
      { kind: 'archive', id },
      () => this.p.repos.messages.move(id, 'Archive'),
      `moved from ${m.folder} to {folder}`,
    );
    return { id, folder: m.folder };
  }

  async move(id: string, folder: string): Promise<MailUndo> {
    if (!FOLDER.test(folder))
      throw new MailServiceError('bad-request', 'a folder name is 1 to 200 characters on one line');
    const m = this.message(id);
    if (m.folder === folder) return { id, folder };
    await this.apply(
      m,
      { kind: 'move', id, folder },
      () => this.p.repos.messages.move(id, folder),
      `moved from ${m.folder} to {folder}`,
    );
    return { id, folder: m.folder };
  }

  async setRead(id: string, read: boolean): Promise<MailUndo> {
    const m = this.message(id);
    await this.apply(
      m,
      { kind: read ? 'seen' : 'unseen', id },
      () => this.p.repos.messages.setUnread(id, !read),
      read ? 'marked read' : 'marked unread',
    );
    return { id, unread: m.unread };
  }

  async undo(u: MailUndo): Promise<void> {
    const m = this.message(u.id);
    if (u.folder !== undefined && u.folder !== m.folder)
      await this.apply(
        m,
        { kind: 'move', id: u.id, folder: u.folder },
        () => this.p.repos.messages.move(u.id, u.folder!),
        `undone (back to {folder})`,
      );
    if (u.unread !== undefined && u.unread !== m.unread)
      await this.apply(
        m,
        { kind: u.unread ? 'unseen' : 'seen', id: u.id },
        () => this.p.repos.messages.setUnread(u.id, u.unread!),
        `undone (${u.unread ? 'unread' : 'read'})`,
      );
  }

  /** The folders a message of this account can be moved to: those synced, and those it has mail in. */
  folders(accountId: string): string[] {
    const synced = this.p.repos.folderState.list(accountId).map((f) => f.folder);
    return [...new Set([...synced, ...this.p.repos.messages.folders(accountId), 'INBOX', 'Archive'])].sort((a, b) =>
      a === 'INBOX' ? -1 : b === 'INBOX' ? 1 : a.localeCompare(b),
    );
  }
}
