/**
 * Where account passwords and API keys live. Never in the database, never in logs: in the OS
 * keychain (Electron's safeStorage wraps the file key, main/electron) or, where there is none
 * (the CLI, the browser host), in an AES-256-GCM encrypted file in the profile.
 */
export interface SecretStore {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Names only, never values. */
  names(): Promise<string[]>;
}

/** Secret names are namespaced ids (`account:work:password`, `provider:openai:key`). */
export function checkSecretName(name: string): string {
  if (!/^[a-z][a-z0-9-]*:[A-Za-z0-9._@-]{1,128}(:[a-z-]+)?$/.test(name))
    throw new Error(`invalid secret name ${JSON.stringify(name)} (expected kind:id or kind:id:field)`);
  return name;
}
