/**
 * Opening a profile folder: its database (checked, migrated), repositories, the audit log with
 * its key and sealed head, claims, and secrets. A folder that does not exist yet becomes a new
 * profile holding the demo account.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWorld } from '../../engine/run/simulate';
import { machineFields } from '../../engine/world';
import { AuditLog } from '../audit/audit-log';
import { ClaimStore } from '../claims/claim-store';
import { claimHashOf } from '../claims/effect-hash';
import {
  keychainProvider,
  keyFileProvider,
  profileSecretStore,
  type KeyProvider,
  type KeyWrapper,
  type SecretStore,
} from '../secrets';
import { sanitizeHtml } from '../mail/html';
import { readHtml } from '../mail/html-reading';
import { looksLikeHtml } from '../mail/snippet';
import { MIGRATIONS, openDatabase, StoreError, type Db } from '../store';
import { repositories, type Account, type Repositories } from '../store/repositories';
import { madeLocally } from '../store/repos/messages';
import { profileFiles } from './paths';

export const DEMO_ACCOUNT_ID = 'demo';
export const DEMO_WORLD = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'demo-world.yaml');

export interface Profile {
  readonly dir: string;
  readonly files: ReturnType<typeof profileFiles>;
  readonly db: Db;
  readonly repos: Repositories;
  readonly audit: AuditLog;
  readonly claims: ClaimStore;
  readonly secrets: SecretStore;
  /** Was it created by this open? */
  readonly created: boolean;
  /** The account runs use by default: the first real account, else the demo account. */
  primaryAccount(): Account;
  setting(key: string): string | undefined;
  setSetting(key: string, value: string): void;
  close(): void;
}

export interface OpenProfileOptions {
  /** Create the profile (with the demo account) when the folder is new. Default true. */
  readonly create?: boolean;
  /**
   * The OS keychain (Electron's safeStorage), when there is one: it then holds the audit HMAC
   * key and the secrets key. Default: the profile's key files (or ZAMBURAK_PASSPHRASE).
   */
  readonly keychain?: KeyWrapper;
  readonly clock?: () => Date;
  /** The world a new profile's demo account holds (default: resources/demo-world.yaml). */
  readonly demoWorld?: string;
}

export function openProfile(dir: string, o: OpenProfileOptions = {}): Profile {
  const files = profileFiles(dir);
  const isNew = !existsSync(files.database);
  if (isNew) {
    if (o.create === false)
      throw new StoreError('io', files.database, 'no Zamburak profile here (zamburak init creates one)');
    if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(files.keys))
      throw new StoreError(
        'foreign',
        dir,
        'the folder is not empty and is not a Zamburak profile; choose another folder',
      );
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    mkdirSync(files.keys, { recursive: true, mode: 0o700 });
    mkdirSync(files.attachments, { recursive: true, mode: 0o700 });
    // The database holds all the mail: its owner's alone, even in a folder the person made
    // readable to others. SQLite gives its -wal and -shm files the database's permissions.
    closeSync(openSync(files.database, 'a', 0o600));
  }
  const db = openDatabase(files.database, { migrations: MIGRATIONS });
  const clock = o.clock ?? (() => new Date());
  const keyOf = (path: string): KeyProvider =>
    o.keychain ? keychainProvider(path, o.keychain) : keyFileProvider(path);
  const repos = repositories(db);
  const audit = new AuditLog(db, keyOf(files.auditKey), files.auditHead, clock);
  audit.recover();
  // A claim's hash is its effect's, which the profile's own store works out (only called once
  // `profile` below exists).
  const claims = new ClaimStore(db, audit, (action, accountId) => claimHashOf(profile, action, accountId));
  const profile: Profile = {
    dir,
    files,
    db,
    repos,
    audit,
    claims,
    secrets: profileSecretStore(files, process.env, o.keychain && keyOf(files.secretsKey)),
    created: isNew,
    primaryAccount() {
      const all = repos.accounts.list();
      const a = all.find((x) => x.transport !== 'local') ?? all[0];
      if (!a) throw new Error('the profile has no account');
      return a;
    },
    setting: (key) => repos.settings.get(key),
    setSetting: (key, value) => repos.settings.set(key, value),
    close() {
      audit.sealHeadNow();
      db.close();
    },
  };
  if (isNew || !repos.accounts.get(DEMO_ACCOUNT_ID)) {
    if (repos.accounts.list().length === 0)
      db.transaction(() => addDemoAccount(profile, clock(), o.demoWorld)).immediate();
  }
  return profile;
}

/** The demo world, loaded into the store as an account whose sends never leave the computer. */
export function addDemoAccount(p: Profile, now: Date, worldPath = DEMO_WORLD): Account {
  const world = loadWorld(readFileSync(worldPath, 'utf8'), worldPath).snapshot();
  const account: Account = {
    id: DEMO_ACCOUNT_ID,
    name: 'demo',
    email: world.user.email,
    userName: world.user.name,
    addresses: world.user.addresses.length ? world.user.addresses : [world.user.email],
    transport: 'local',
    config: { now: world.now, allowlists: world.allowlists, demo: true },
    secret: null,
    createdAt: now.toISOString(),
  };
  p.repos.accounts.insert(account);
  for (const c of world.contacts) p.repos.contacts.upsert(account.id, c);
  for (const e of [...world.emails, ...world.trash.map((t) => ({ ...t, folder: 'Trash' }))]) {
    // The demo world writes some bodies as HTML: the reading pane shows them sanitised, in its
    // frame, as it shows synced HTML mail (hidden text made visible), never as markup.
    const html = looksLikeHtml(e.body) ? sanitizeHtml(e.body) : null;
    p.repos.messages.upsert({
      id: e.id,
      accountId: account.id,
      folder: e.folder,
      messageId: `<${e.id}@demo.zamburak.invalid>`,
      threadId: e.threadId,
      from: e.from,
      replyTo: e.replyTo ?? null,
      to: e.to,
      cc: e.cc,
      subject: e.subject,
      date: e.date,
      body: e.body,
      html,
      htmlReading: readHtml(html),
      unread: e.unread,
      labels: e.labels,
      machineHeaders: machineFields(e),
      ...madeLocally(),
    });
  }
  for (const ev of world.events) p.repos.calendar.upsert(account.id, ev);
  for (const b of world.freeBusy) p.repos.calendar.addBusy(account.id, b);
  p.audit.append({
    kind: 'account.changed',
    data: { action: 'added', account: account.name, transport: 'local', messages: world.emails.length },
  });
  return account;
}
