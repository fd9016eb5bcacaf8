/**
 * The account's Sent and Drafts folders over IMAP: what the outbox appends after a send (and
 * looks up by Message-ID before retrying, so a crash never sends twice), and where governed
 * drafts go so every other mail client sees them. Folders are found by their special-use flag
 * (RFC 6154), else by the usual name, and created when missing.
 */
import type { ImapFlow } from 'imapflow';
import type { SentFolder } from '../outbox/mail-transport';
import { connectImap, type Credential, type ImapSettings } from './connect';

type Use = '\\Sent' | '\\Drafts' | '\\Archive' | '\\Trash';
const DEFAULT_NAME: Record<Use, string> = {
  '\\Sent': 'Sent',
  '\\Drafts': 'Drafts',
  '\\Archive': 'Archive',
  '\\Trash': 'Trash',
};

/** The folder with this special use, else the one with the usual name; null when there is none. */
export async function findSpecialFolder(client: ImapFlow, use: Use): Promise<string | null> {
  const folders = await client.list();
  const found = folders.find((f) => f.specialUse === use) ?? folders.find((f) => f.path === DEFAULT_NAME[use]);
  return found?.path ?? null;
}

/** The folder with this special use, else the one with the usual name, created when missing. */
export async function specialFolder(client: ImapFlow, use: Use): Promise<string> {
  const found = await findSpecialFolder(client, use);
  if (found) return found;
  await client.mailboxCreate(DEFAULT_NAME[use]);
  return DEFAULT_NAME[use];
}

/** Runs `f` on a fresh logged-in connection, always logging out. */
async function withImap<T>(
  s: ImapSettings,
  password: () => Promise<Credential>,
  f: (c: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = await connectImap(s, await password(), { timeoutMs: 20_000 });
  try {
    return await f(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export function imapSentFolder(s: ImapSettings, password: () => Promise<Credential>): SentFolder {
  return {
    has: (messageId) =>
      withImap(s, password, async (c) => {
        const path = await specialFolder(c, '\\Sent');
        const lock = await c.getMailboxLock(path);
        try {
          const uids = await c.search({ header: { 'message-id': messageId } }, { uid: true });
          return Array.isArray(uids) && uids.length > 0;
        } finally {
          lock.release();
        }
      }),
    append: (raw) =>
      withImap(s, password, async (c) => {
        await c.append(await specialFolder(c, '\\Sent'), raw, ['\\Seen']);
      }),
  };
}

/** Appends a composed draft to Drafts; returns the folder it went to. */
export function appendDraft(s: ImapSettings, password: () => Promise<Credential>, raw: Buffer): Promise<string> {
  return withImap(s, password, async (c) => {
    const path = await specialFolder(c, '\\Drafts');
    await c.append(path, raw, ['\\Draft', '\\Seen']);
    return path;
  });
}
