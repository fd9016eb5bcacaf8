/**
 * Where a profile lives: `--profile DIR`, else `ZAMBURAK_PROFILE`, else the OS's app-data
 * folder for Zamburak (what Electron's `app.getPath('userData')` gives, computed here without
 * Electron so the CLI and the app agree).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function defaultProfileDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Zamburak');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Zamburak');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Zamburak');
}

export function resolveProfileDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env.ZAMBURAK_PROFILE) return resolve(env.ZAMBURAK_PROFILE);
  return defaultProfileDir(env);
}

/** The files of a profile folder. */
export function profileFiles(dir: string) {
  return {
    database: join(dir, 'zamburak.db'),
    attachments: join(dir, 'attachments'),
    keys: join(dir, 'keys'),
    /** HMAC key of the audit log (0600), where no OS keychain holds it. */
    auditKey: join(dir, 'keys', 'audit.hmac'),
    /** The sealed head of the audit log (sequence and hash, with its MAC). */
    auditHead: join(dir, 'keys', 'audit.head'),
    /** Secrets (account passwords, API keys), encrypted. */
    secrets: join(dir, 'keys', 'secrets.enc'),
    /** The key of `secrets`, where no OS keychain or passphrase provides one (0600). */
    secretsKey: join(dir, 'keys', 'secrets.key'),
  };
}
