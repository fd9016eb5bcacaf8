import { join } from 'node:path';
import { EncryptedFileSecretStore } from './encrypted-file';
import { keyFileProvider, passphraseProvider, type KeyProvider } from './key-provider';
import type { SecretStore } from './secret-store';

export { EncryptedFileSecretStore } from './encrypted-file';
export {
  keychainProvider,
  keyFileProvider,
  passphraseProvider,
  writePrivateFile,
  type KeyProvider,
  type KeyWrapper,
} from './key-provider';
export { checkSecretName, type SecretStore } from './secret-store';

/**
 * The secret store of a profile outside Electron: keyed by `ZAMBURAK_PASSPHRASE` when set,
 * else by the profile's key file. (In Electron, main/electron passes a keychain provider.)
 */
export function profileSecretStore(
  files: { secrets: string; secretsKey: string },
  env: NodeJS.ProcessEnv = process.env,
  provider?: KeyProvider,
): SecretStore {
  const keys =
    provider ??
    (env.ZAMBURAK_PASSPHRASE
      ? passphraseProvider(env.ZAMBURAK_PASSPHRASE, join(files.secretsKey, '..', 'secrets.salt'))
      : keyFileProvider(files.secretsKey));
  return new EncryptedFileSecretStore(files.secrets, keys);
}
