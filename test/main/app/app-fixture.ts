/**
 * The app's services on a fresh demo profile under plain Node, behind the router that the IPC
 * bridge and the browser host both reach: one per test, stopped and closed after it. The suites
 * of this folder share it, so each one says only how its profile differs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createApp, type App } from '../../../main/app/app';
import { openProfile, type Profile } from '../../../main/profile/profile';

export interface DemoApp {
  /** Both are filled in by beforeEach: read them inside a test, not when the file loads. */
  readonly profile: Profile;
  readonly app: App;
  /** Calls the router as the IPC bridge would; a refusal throws an Error carrying its `kind`. */
  call(name: string, ...args: unknown[]): Promise<unknown>;
}

export interface DemoAppOptions {
  /** Left at the profile's default when not given. */
  undoWindowSeconds?: number;
  /** False runs plans in this thread, as the send suite needs. */
  engineWorker?: boolean;
  /** Changes the profile before the app starts (a second account, more mail). */
  prepare?: (profile: Profile) => void;
}

/** Registers the hooks that start a demo app before each test of the file and stop it after. */
export function demoApp(o: DemoAppOptions = {}): DemoApp {
  let profile: Profile | undefined;
  let app: App | undefined;
  beforeEach(() => {
    profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-app-')));
    if (o.undoWindowSeconds !== undefined) profile.setSetting('undoWindowSeconds', String(o.undoWindowSeconds));
    o.prepare?.(profile);
    app = createApp(profile, {
      host: 'browser',
      versions: { app: 't', electron: '', chrome: '', node: '' },
      tickMs: 60_000,
      engineWorker: o.engineWorker,
    });
  });
  afterEach(() => {
    app?.stop();
    profile?.close();
  });
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the demo app starts in beforeEach: use it inside a test');
    return v;
  };
  return {
    get profile() {
      return started(profile);
    },
    get app() {
      return started(app);
    },
    async call(name, ...args) {
      const r = await started(app).router.dispatch(name, args, 'ipc');
      if (!r.ok) throw Object.assign(new Error(r.error.message), { kind: r.error.kind });
      return r.value;
    },
  };
}

/** A second, local account ("work"), added after the demo one so the demo stays the primary. */
export const WORK_ACCOUNT = 'work-1';
export function addWorkAccount(profile: Profile): void {
  profile.repos.accounts.insert({
    id: WORK_ACCOUNT,
    name: 'work',
    email: 'me@work.test',
    userName: 'Me at work',
    addresses: ['me@work.test'],
    transport: 'local',
    config: {},
    secret: null,
    createdAt: new Date(Date.now() + 60_000).toISOString(),
  });
}

/**
 * A mail (IMAP) account named `mail` whose server is never reached (a closed port, no password):
 * for what the app shows and changes of an account's settings without a mail server.
 */
export function addMailAccount(profile: Profile, config: Record<string, unknown> = {}): void {
  profile.repos.accounts.insert({
    id: 'acct-mail',
    name: 'mail',
    email: 'me@mail.test',
    userName: '',
    addresses: ['me@mail.test'],
    transport: 'imap',
    config: { imap: { host: '127.0.0.1', port: 9, security: 'plain', user: 'me' }, ...config },
    secret: null,
    createdAt: new Date(Date.now() + 60_000).toISOString(),
  });
}
