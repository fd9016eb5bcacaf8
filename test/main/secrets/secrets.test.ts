import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileFiles } from '../../../main/profile/paths';
import { openProfile } from '../../../main/profile/profile';
import { profileSecretStore, type KeyWrapper } from '../../../main/secrets';

const profile = () => profileFiles(mkdtempSync(join(tmpdir(), 'zamburak-secrets-')));

describe('the encrypted secrets file', () => {
  it('keeps values only encrypted on disk, in 0600 files', async () => {
    const files = profile();
    const s = profileSecretStore(files, {});
    await s.set('account:work:password', 'hunter2-correct-horse');
    expect(await s.get('account:work:password')).toBe('hunter2-correct-horse');
    expect(readFileSync(files.secrets, 'utf8')).not.toContain('hunter2');
    expect(statSync(files.secrets).mode & 0o777).toBe(0o600);
    expect(statSync(files.secretsKey).mode & 0o777).toBe(0o600);
    expect(await s.names()).toEqual(['account:work:password']);
    await s.delete('account:work:password');
    expect(await s.get('account:work:password')).toBeUndefined();
  });

  it('refuses a tampered file instead of resetting it', async () => {
    const files = profile();
    const s = profileSecretStore(files, {});
    await s.set('provider:openai:key', 'sk-test-123');
    const f = JSON.parse(readFileSync(files.secrets, 'utf8'));
    const data = Buffer.from(f.data, 'base64');
    data[0]! ^= 1;
    writeFileSync(files.secrets, JSON.stringify({ ...f, data: data.toString('base64') }));
    await expect(s.get('provider:openai:key')).rejects.toThrow(/does not decrypt/);
  });

  it('a passphrase-derived key cannot be opened with another passphrase', async () => {
    const files = profile();
    await profileSecretStore(files, { ZAMBURAK_PASSPHRASE: 'right' }).set('account:a:password', 'pw');
    expect(await profileSecretStore(files, { ZAMBURAK_PASSPHRASE: 'right' }).get('account:a:password')).toBe('pw');
    await expect(profileSecretStore(files, { ZAMBURAK_PASSPHRASE: 'wrong' }).get('account:a:password')).rejects.toThrow(
      /does not decrypt/,
    );
  });

  it('refuses malformed names', async () => {
    const s = profileSecretStore(profile(), {});
    await expect(s.set('../../etc/passwd', 'x')).rejects.toThrow(/invalid secret name/);
  });
});

describe('keys held by the OS keychain', () => {
  // Stands in for Electron's safeStorage: what it writes is useless without it.
  const keychain: KeyWrapper = {
    encryptString: (s) => Buffer.from(`sealed:${Buffer.from(s).reverse().toString('base64')}`),
    decryptString: (b) => {
      const t = b.toString();
      if (!t.startsWith('sealed:')) throw new Error('not sealed by this keychain');
      return Buffer.from(t.slice(7), 'base64').reverse().toString();
    },
  };

  it('move a profile from its key files to the keychain, keeping every secret and the audit chain', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-keychain-')), 'p');
    const before = openProfile(dir);
    await before.secrets.set('llm:hosted:key', 'sk-live-abc');
    const plainKey = readFileSync(before.files.secretsKey, 'utf8').trim();
    before.close();

    const after = openProfile(dir, { keychain });
    expect(await after.secrets.get('llm:hosted:key')).toBe('sk-live-abc');
    expect(after.audit.verify().ok).toBe(true);
    expect(existsSync(after.files.secretsKey)).toBe(false);
    expect(existsSync(after.files.auditKey)).toBe(false);
    const wrapped = readFileSync(`${after.files.secretsKey}.keychain`);
    expect(wrapped.toString()).not.toContain(plainKey);
    expect(statSync(`${after.files.secretsKey}.keychain`).mode & 0o777).toBe(0o600);
    after.close();

    // Without the keychain the profile's keys cannot be read, and no new key replaces them.
    expect(() => openProfile(dir)).toThrow(/held by the OS keychain/);
    expect(existsSync(after.files.auditKey)).toBe(false);
    const again = openProfile(dir, { keychain });
    expect(await again.secrets.get('llm:hosted:key')).toBe('sk-live-abc');
    again.close();
  });
});
