/**
 * Attachments on disk: `attachments/<message id>/<name>` in the profile. A name comes from the
 * sender, so it is reduced to a plain file name that cannot leave that folder, hide itself,
 * name a device or collide with another attachment of the same message.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

const WINDOWS_DEVICES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A safe file name for an attachment; `index` names nameless ones. */
export function safeAttachmentName(name: string | null | undefined, index: number): string {
  const cleaned = (name ?? '')
    .normalize('NFC')
    // Path separators, control and bidi-override characters, and characters Windows forbids.
    .replace(/[/\\\p{Cc}\u202a-\u202e\u2066-\u2069<>:"|?*]/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  if (!cleaned || WINDOWS_DEVICES.test(cleaned)) return `attachment-${index + 1}${cleaned ? `-${cleaned}` : ''}`;
  return cleaned;
}

export interface AttachmentFile {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface SavedAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  /** Relative to the profile's attachments folder. */
  readonly path: string;
}

/** Writes a message's attachments under `root/<messageId>/`; the same name twice gets a suffix. */
export function saveAttachments(root: string, messageId: string, files: readonly AttachmentFile[]): SavedAttachment[] {
  if (files.length === 0) return [];
  if (!/^[A-Za-z0-9_-]+$/.test(messageId)) throw new Error(`not a message id: ${JSON.stringify(messageId)}`);
  const dir = join(root, messageId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const used = new Set<string>();
  return files.map((f, i) => {
    const base = safeAttachmentName(f.filename, i);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = base.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
    used.add(name.toLowerCase());
    writeFileSync(join(dir, name), f.content, { mode: 0o600 });
    return { filename: name, contentType: f.contentType, size: f.content.byteLength, path: `${messageId}/${name}` };
  });
}

/** The bytes of a stored attachment (`path` relative to `root`), or null when it is missing or outside `root`. */
export function readAttachment(root: string, path: string | undefined): Buffer | null {
  if (!path) return null;
  const base = resolve(root);
  const full = resolve(join(base, path));
  if (!full.startsWith(base + sep)) return null;
  try {
    return readFileSync(full);
  } catch {
    return null;
  }
}
