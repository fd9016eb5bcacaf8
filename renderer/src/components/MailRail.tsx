/**
 * The rail's mail part: the account switcher (every account's mail, the unified inbox, by
 * default; the demo account named as such) and the folders of the chosen account(s) with their
 * unread counts. Choosing either opens the Inbox on it.
 */
import { useEffect, useState } from 'react';
import type { FolderView } from '../../../preload/contract';
import { api } from '../api';
import { go } from '../route';
import { useApp } from '../store';

/** How a folder reads in the list ("INBOX" is the Inbox). */
export const folderLabel = (name: string): string => (name.toUpperCase() === 'INBOX' ? 'Inbox' : name);

export function MailRail({ onInbox }: { onInbox: boolean }) {
  const { accounts, mailbox, setMailbox, report, info } = useApp();
  const [folders, setFolders] = useState<FolderView[]>([]);
  useEffect(() => {
    // Not before the app's first answer: the Inbox's first page goes first (counting every
    // folder of a large mailbox is the slowest call at start).
    if (!info) return;
    let live = true;
    (mailbox.account === null ? api.inbox.folderList() : api.inbox.folderList(mailbox.account))
      .then((f) => live && setFolders(f))
      .catch(report);
    return () => {
      live = false;
    };
    // info changes every few seconds (the rail's refresh): the counts follow the mail.
  }, [mailbox.account, info, report]);
  const open = (patch: Parameters<typeof setMailbox>[0]) => {
    setMailbox(patch);
    go('inbox');
  };
  return (
    <div className="mail-rail">
      <label className="account-switch">
        <span>Account</span>
        <select
          value={mailbox.account ?? ''}
          onChange={(e) => open({ account: e.target.value || null, folder: 'INBOX' })}
        >
          {accounts.length > 1 && <option value="">All accounts</option>}
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.demo ? 'Demo account' : `${a.name} · ${a.email}`}
            </option>
          ))}
        </select>
      </label>
      <ul className="folders" aria-label="Folders">
        {folders.map((f) => (
          <li key={f.name}>
            <button
              type="button"
              className="folder"
              aria-current={onInbox && mailbox.folder === f.name ? 'true' : undefined}
              onClick={() => open({ folder: f.name })}
            >
              <span>{folderLabel(f.name)}</span>
              {f.unread > 0 && <span className="unread-count">{f.unread.toLocaleString('en')} unread</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
