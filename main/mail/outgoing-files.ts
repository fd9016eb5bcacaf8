/**
 * The bytes of what a message attaches, kept in the profile by content
 * (`attachments/outgoing/<sha256>`): a person's file is copied in when the send is queued, so a
 * crash, a moved file or an edit after "Send" changes nothing that leaves. A forward's
 * attachments are the original message's own files, found by the same hash.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttachmentRef } from '../../engine/tools/effect';
import type { Profile } from '../profile/profile';
import { sha256Hex } from './effect-lookups';

const dirOf = (p: Profile): string => join(p.files.attachments, 'outgoing');

/** Stores the bytes (once per content) and returns their reference. */
export function putOutgoing(p: Profile, filename: string, contentType: string, bytes: Uint8Array): AttachmentRef {
  const sha256 = sha256Hex(bytes);
  const dir = dirOf(p);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, sha256);
  if (!existsSync(file)) writeFileSync(file, bytes, { mode: 0o600 });
  return { filename, contentType, size: bytes.byteLength, sha256 };
}

/**
 * The bytes of an attachment: from the outgoing store, or among the stored message's files
 * (a forward). Null when neither holds these exact bytes.
 */
export function outgoingBytes(p: Profile, ref: AttachmentRef, originalId?: string): Buffer | null {
  if (!/^[0-9a-f]{64}$/.test(ref.sha256)) return null;
  const stored = join(dirOf(p), ref.sha256);
  if (existsSync(stored)) return readFileSync(stored);
  const m = originalId ? p.repos.messages.get(originalId) : undefined;
  for (const a of m?.attachments ?? []) {
    const file = a.path ? join(p.files.attachments, a.path) : null;
    if (!file || !existsSync(file)) continue;
    const bytes = readFileSync(file);
    if (sha256Hex(bytes) === ref.sha256) return bytes;
  }
  return null;
}
