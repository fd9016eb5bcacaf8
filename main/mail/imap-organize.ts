/**
 * Organising a real account's mail on the server — archive, move, mark read — for actions the
 * policy allowed or a person approved. The message is found by its UID in its folder, checked
 * against the folder's UIDVALIDITY from the last sync (a UID that may now name another message is
 * refused), and moved to the folder with the matching special use (\Archive, \Trash) when there
 * is one. The store follows once the server has done it; a moved message keeps its new UID (from
 * the server's COPYUID answer) so that it can be moved back at once, without a sync.
 */
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { connectImap, MailError, type Credential, type ImapSettings } from './connect';
import { findSpecialFolder, specialFolder } from './imap-folders';

export type OrganizeAction =
  /** `byPlan`: a plan's `moveEmail`, refused into the server's trash (that is `deleteEmail`'s). */
  | { readonly kind: 'move'; readonly id: string; readonly folder: string; readonly byPlan?: boolean }
  | { readonly kind: 'archive'; readonly id: string }
  | { readonly kind: 'trash'; readonly id: string }
  | { readonly kind: 'seen'; readonly id: string }
  | { readonly kind: 'unseen'; readonly id: string };

export async function organizeOnServer(
  p: Profile,
  account: Account,
  s: ImapSettings,
  password: Credential,
  a: OrganizeAction,
): Promise<{ readonly folder: string }> {
  const m = p.repos.messages.get(a.id);
  if (!m || m.accountId !== account.id)
    throw new MailError('protocol', `message ${a.id} is not a message of this account`);
  if (m.remoteUid === null) throw new MailError('protocol', `message ${a.id} has no UID on the server (sync first)`);
  const where = { folder: m.folder, uid: m.remoteUid };
  const client = await connectImap(s, password, { timeoutMs: 20_000 });
  let done = m.folder;
  try {
    const lock = await client.getMailboxLock(where.folder);
    try {
      const known = p.repos.folderState.get(account.id, where.folder)?.uidValidity;
      if (known !== Number(client.mailbox ? client.mailbox.uidValidity : -1))
        throw new MailError('protocol', `${where.folder} changed on the server since the last sync; sync first`);
      const uid = String(where.uid);
      if (a.kind === 'seen' || a.kind === 'unseen') {
        const flagged =
          a.kind === 'seen'
            ? await client.messageFlagsAdd(uid, ['\\Seen'], { uid: true })
            : await client.messageFlagsRemove(uid, ['\\Seen'], { uid: true });
        // Like a refused MOVE below, imapflow answers a STORE the server refused (or a flag a
        // read-only folder does not keep) with false: recorded as done, it would be read here
        // and unread on the server, and the claim would say committed.
        if (!flagged)
          throw new MailError(
            'refused',
            `the server did not mark message ${a.id} as ${a.kind === 'seen' ? 'read' : 'unread'} in ${m.folder}`,
          );
        p.repos.messages.setUnread(a.id, a.kind === 'unseen');
        done = m.folder;
      } else {
        const target =
          a.kind === 'move' ? a.folder : await specialFolder(client, a.kind === 'archive' ? '\\Archive' : '\\Trash');
        // A plan's move into the trash would be a deletion the policy never weighed as one,
        // whatever the server names its trash ("Deleted Items", "[Gmail]/Bin").
        if (a.kind === 'move' && a.byPlan && target === (await findSpecialFolder(client, '\\Trash')))
          throw new MailError(
            'refused',
            `${target} is the trash: a plan deletes mail with deleteEmail, which asks first`,
          );
        const moved = await client.messageMove(uid, target, { uid: true });
        // imapflow answers a MOVE the server refused (no such folder: "Projcts", "Trash/") with
        // false, not an error: recorded as done, the message would vanish here while it stays
        // where it was on the server, and the claim would say committed.
        if (!moved) throw new MailError('refused', `the server did not move message ${a.id} into ${target}`);
        const newUid = moved.uidMap?.get(where.uid) ?? null;
        p.db.transaction(() => {
          p.repos.messages.movedOnServer(a.id, target, newUid);
          // The new UID is only meaningful with the destination's UIDVALIDITY; a folder the last
          // sync knew with another one will be reset by the next sync anyway.
          const known = p.repos.folderState.get(account.id, target);
          if (newUid !== null && moved.uidValidity !== undefined && !known)
            p.repos.folderState.put({
              accountId: account.id,
              folder: target,
              uidValidity: Number(moved.uidValidity),
              updatedAt: new Date().toISOString(),
            });
        })();
        done = target;
      }
    } finally {
      lock.release();
    }
    await client.logout();
    return { folder: done };
  } catch (e) {
    client.close();
    throw e;
  }
}
