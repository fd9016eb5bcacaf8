/**
 * What an effect may read (engine/tools/effect.ts), from a profile: the account's addresses, an
 * original email with its thread's Message-IDs and its attachments by content, a stored event.
 * Every caller that needs an action's effect — the claim's hash, the transports, the person's
 * own sends — asks through here, so they all see the same thing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttachmentRef, EffectLookups, OriginalEmail } from '../../engine/tools/effect';
import { bareAddress } from '../../engine/world/addresses';
import type { Profile } from '../profile/profile';
import type { Account, StoredMessage } from '../store/repositories';
import { threadIdOf } from './parse';

/** Everyone a message went between, bare: its readers. */
const participants = (m: StoredMessage): Set<string> => new Set([m.from, ...m.to, ...m.cc].map(bareAddress));

/**
 * The Message-IDs of `m`'s thread before it, oldest first: those its recipients already know.
 * The thread is the root `m`'s own References names, which its sender chose, and the store keeps
 * no References, so a message of the thread counts only when `m` names it (the root) or every
 * participant of `m` took part in it: a reply to a stranger who names a conversation's root
 * never tells them the Message-IDs (how many, from which hosts, when) of the mail that followed
 * without them, nor of another account's.
 */
function referencesOf(p: Profile, m: StoredMessage): string[] {
  const readers = [...participants(m)];
  const known = (x: StoredMessage): boolean =>
    threadIdOf({ messageId: x.messageId }, '') === m.threadId ||
    (x.accountId === m.accountId && readers.every((r) => participants(x).has(r)));
  const ids = p.repos.messages
    .thread(m.threadId)
    .filter((x) => x.date < m.date && x.messageId && x.id !== m.id && known(x))
    .map((x) => x.messageId!);
  return [...new Set(ids)];
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A stored message's attachments by content (those whose file is on disk). */
function attachmentsOf(p: Profile, m: StoredMessage): AttachmentRef[] {
  return m.attachments.flatMap((a) => {
    const file = a.path ? join(p.files.attachments, a.path) : null;
    if (!file || !existsSync(file)) return [];
    const bytes = readFileSync(file);
    return [{ filename: a.filename, contentType: a.contentType, size: bytes.byteLength, sha256: sha256Hex(bytes) }];
  });
}

/** `withFiles: false` skips reading the attachments (a reply carries none of the original's). */
export function originalEmail(p: Profile, m: StoredMessage, withFiles = true): OriginalEmail {
  return {
    id: m.id,
    from: m.from,
    to: [...m.to],
    cc: [...m.cc],
    subject: m.subject,
    date: m.date,
    body: m.body,
    messageId: m.messageId,
    references: referencesOf(p, m),
    attachments: withFiles ? attachmentsOf(p, m) : [],
  };
}

export function profileLookups(p: Profile, account: Account): EffectLookups {
  return {
    account: { from: account.email, addresses: [account.email, ...account.addresses] },
    email(id) {
      const m = p.repos.messages.get(id);
      return m ? originalEmail(p, m) : undefined;
    },
    event(id) {
      return p.repos.calendar.get(id);
    },
  };
}
