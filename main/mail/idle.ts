/**
 * New mail as it arrives: one connection per account idles on the INBOX (IMAP IDLE, RFC 2177);
 * when the server announces new or expunged messages, a sync pass of the INBOX runs and the
 * caller hears what changed. A dropped connection is re-established with backoff until stopped.
 */
import type { ImapFlow } from 'imapflow';
import { connectImap } from './connect';
import { syncAccount, type FolderReport, type SyncDeps, type SyncTarget } from './imap-sync';

export interface InboxWatch {
  stop(): Promise<void>;
}

export function watchInbox(
  d: SyncDeps,
  t: SyncTarget,
  onSynced: (r: FolderReport) => void,
  onError: (e: Error) => void = () => undefined,
): InboxWatch {
  let client: ImapFlow | null = null;
  let stopped = false;
  let syncing: Promise<void> = Promise.resolve();
  let backoff = 1000;

  // Announcements can come in bursts; passes run one after another, never at once.
  const syncInbox = () => {
    syncing = syncing
      .then(async () => {
        const r = await syncAccount(d, t, { folders: ['INBOX'] });
        const inbox = r.folders.find((f) => f.folder === 'INBOX');
        if (inbox) onSynced(inbox);
      })
      .catch((e: unknown) => onError(e as Error));
  };

  const run = async () => {
    while (!stopped) {
      try {
        client = await connectImap(t.settings, t.password, { timeoutMs: 20_000 });
        client.on('exists', syncInbox);
        client.on('expunge', syncInbox);
        await client.mailboxOpen('INBOX', { readOnly: true });
        backoff = 1000;
        syncInbox();
        // idle() returns when the server or a timeout ends the IDLE; loop to idle again.
        while (!stopped && client.usable) await client.idle();
      } catch (e) {
        if (!stopped) onError(e as Error);
      }
      client?.close();
      client = null;
      if (!stopped) {
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 60_000);
      }
    }
  };
  const loop = run();

  return {
    async stop() {
      stopped = true;
      client?.close();
      await loop;
      await syncing;
    },
  };
}
