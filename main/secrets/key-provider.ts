/**
 * The 32-byte key that encrypts the secrets file. Three sources, strongest first:
 * - a wrapped key (Electron: safeStorage encrypts it with the OS keychain; main/electron);
 * - a passphrase from `ZAMBURAK_PASSPHRASE`, stretched with scrypt and a per-profile salt;
 * - a random key in a 0600 file in the profile (the CLI and browser host's default): it keeps
 *   secrets out of the database and its backups, but not from someone who can read the whole
 *   profile folder — the OS keychain or a passphrase is what protects against that.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface KeyProvider {
  /** A stable name for where the key comes from (shown in Settings, never the key). */
  readonly kind: 'keychain' | 'passphrase' | 'key-file';
  key(): Buffer;
}

/** Writes a file only the owner can read, creating its folder (0700). */
export function writePrivateFile(path: string, data: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, data, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** A random key kept in `path` (created on first use). */
export function keyFileProvider(path: string): KeyProvider {
  let cached: Buffer | undefined;
  return {
    kind: 'key-file',
    key() {
      if (cached) return cached;
      if (!existsSync(path)) writePrivateFile(path, randomBytes(32).toString('base64') + '\n');
      const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
      if (key.length !== 32) throw new Error(`${path}: not a 32-byte key`);
      return (cached = key);
    },
  };
}

/** A key derived from a passphrase; the salt is random per profile, kept beside the secrets. */
export function passphraseProvider(passphrase: string, saltPath: string): KeyProvider {
  let cached: Buffer | undefined;
  return {
    kind: 'passphrase',
    key() {
      if (!existsSync(saltPath)) writePrivateFile(saltPath, randomBytes(16).toString('base64') + '\n');
      const salt = Buffer.from(readFileSync(saltPath, 'utf8').trim(), 'base64');
      cached ??= scryptSync(passphrase, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
      return cached;
    },
  };
}
