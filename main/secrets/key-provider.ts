/**
 * The 32-byte key that encrypts the secrets file. Three sources, strongest first:
 * - a wrapped key (Electron: safeStorage encrypts it with the OS keychain; main/electron passes
 *   it to openProfile);
 * - a passphrase from `ZAMBURAK_PASSPHRASE`, stretched with scrypt and a per-profile salt;
 * - a random key in a 0600 file in the profile (the CLI and browser host's default): it keeps
 *   secrets out of the database and its backups, but not from someone who can read the whole
 *   profile folder — the OS keychain or a passphrase is what protects against that.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Where the keychain-wrapped form of the key file `path` lives. */
const wrappedPath = (path: string) => `${path}.keychain`;

const readKey = (path: string, text: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${path}: not a 32-byte key`);
  return key;
};

/** A random key kept in `path` (created on first use). */
export function keyFileProvider(path: string): KeyProvider {
  let cached: Buffer | undefined;
  return {
    kind: 'key-file',
    key() {
      if (cached) return cached;
      // A new key here would make everything sealed with the wrapped one unreadable.
      if (!existsSync(path) && existsSync(wrappedPath(path)))
        throw new Error(
          `${path}: this profile's key is held by the OS keychain of Zamburak's desktop app; open the profile there`,
        );
      if (!existsSync(path)) writePrivateFile(path, randomBytes(32).toString('base64') + '\n');
      return (cached = readKey(path, readFileSync(path, 'utf8')));
    },
  };
}

/** The shape of Electron's safeStorage: encryption by the OS keychain (Keychain, DPAPI, libsecret). */
export interface KeyWrapper {
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

/**
 * The key of `path` kept wrapped by the OS keychain, in `path.keychain`. A profile that had a
 * plain key file moves to the keychain on first use: the same key is wrapped (so everything
 * sealed with it stays readable) and the plain file is removed.
 */
export function keychainProvider(path: string, wrapper: KeyWrapper): KeyProvider {
  let cached: Buffer | undefined;
  return {
    kind: 'keychain',
    key() {
      if (cached) return cached;
      const wrapped = wrappedPath(path);
      if (existsSync(wrapped)) return (cached = readKey(wrapped, wrapper.decryptString(readFileSync(wrapped))));
      const key = existsSync(path) ? readKey(path, readFileSync(path, 'utf8')) : randomBytes(32);
      writePrivateFile(wrapped, wrapper.encryptString(key.toString('base64')));
      rmSync(path, { force: true });
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
