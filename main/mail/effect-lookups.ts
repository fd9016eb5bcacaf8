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
import type { Profile } from '../profile/profile';
import type { Account, StoredMessage } from '../store/repositories';

/** The Message-IDs of `m`'s thread before it, oldest first. */
function referencesOf(p: Profile, m: StoredMessage): string[] {
  const ids = p.repos.messages
    .thread(m.threadId)
    .filter((x) => x.date < m.date && x.messageId && x.id !== m.id)
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
