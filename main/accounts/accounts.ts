/**
 * Real mail accounts of a profile: add, test, list, remove, and sync. The password goes only into
 * the profile's secret store; the account row names that entry (`secret`) and keeps the server
 * settings in `config`. Every change is written to the audit log.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { connectImap, MailError, type Credential, type ImapSettings, type Security } from '../mail/connect';
import { inForeground } from '../mail/foreground';
import type { Parser } from '../mail/parse-pool';
import {
  completeMessages,
  syncAccount,
  type SyncDeps,
  type SyncOptions,
  type SyncReport,
  type SyncTarget,
} from '../mail/imap-sync';
import { withFileLock } from '../profile/file-lock';
import { profileFiles } from '../profile/paths';
import type { Profile } from '../profile/profile';
import { OAuthError } from '../oauth/errors';
import type { Account } from '../store/repositories';
import { accessToken, OAuthConfig, revokeAccountTokens, type TokenDeps } from './oauth-tokens';

export interface NewAccount {
  readonly name: string;
  readonly email: string;
  readonly imap: ImapSettings;
  readonly password: string;
  readonly smtp?: { readonly host: string; readonly port: number };
  readonly caldav?: string;
  /** The Authentication-Results server id(s) of the account's receiving server (`mx.example.com`). */
  readonly authserv?: readonly string[];
  /**
   * Those servers add a verdict to every message they receive, just below their own Received
   * field (main/mail/verdict-trust.ts): a verdict read there counts. Wrong for a server that
   * adds none to some mail, whose sender's forged verdict would count.
   */
  readonly authservEveryMessage?: boolean;
}

const Port = z.number().int().min(1).max(65535);
/** What `config` of an IMAP account holds (never a password); checked when read back. */
const AccountConfig = z.object({
  imap: z.object({
    host: z.string().min(1),
    port: Port,
    security: z.enum(['tls', 'starttls', 'plain']),
    user: z.string(),
  }),
  smtp: z.object({ host: z.string().min(1), port: Port }).optional(),
  caldav: z.string().optional(),
  /** The receiving server's Authentication-Results id(s): only its verdicts authenticate a sender. */
  authserv: z.array(z.string()).optional(),
  /** Those servers add a verdict to every message they receive (main/mail/verdict-trust.ts). */
  authservEveryMessage: z.boolean().optional(),
  /** Present for an account that signs in with OAuth 2 instead of a password. */
  oauth: OAuthConfig.optional(),
});
export type AccountConfig = z.infer<typeof AccountConfig>;

export class AccountError extends Error {}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SECURITY: readonly Security[] = ['tls', 'starttls', 'plain'];

/** The checks every new account passes, however it signs in. */
export function checkNameAndEmail(p: Profile, name: string, email: string): void {
  if (!NAME.test(name)) throw new AccountError(`account name ${JSON.stringify(name)}: use letters, digits, . _ -`);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AccountError(`${JSON.stringify(email)} is not an email address`);
  if (p.repos.accounts.byName(name)) throw new AccountError(`an account named ${name} exists already`);
}

/** The receiving server's ids are host names; "every message" is about them, so it needs one. */
function checkSenderChecks(a: Pick<NewAccount, 'authserv' | 'authservEveryMessage'>): void {
  if (a.authservEveryMessage && !a.authserv?.length)
    throw new AccountError('a server that adds a verdict to every message needs its server id (authserv)');
  for (const id of a.authserv ?? [])
    if (!/^[a-z0-9.-]{1,253}$/i.test(id.trim()))
      throw new AccountError(`${JSON.stringify(id)} is not a server id (an Authentication-Results host name)`);
}

/** The sender-check part of an account's settings, as stored: ids trimmed and lower case, flags only when on. */
const senderChecksConfig = (a: Pick<NewAccount, 'authserv' | 'authservEveryMessage'>) => ({
  ...(a.authserv?.length ? { authserv: a.authserv.map((x) => x.trim().toLowerCase()) } : {}),
  ...(a.authservEveryMessage ? { authservEveryMessage: true } : {}),
});

function checkNew(p: Profile, a: NewAccount): void {
  checkNameAndEmail(p, a.name, a.email);
  if (!a.imap.host.trim()) throw new AccountError('the IMAP host is empty');
  const ports: [string, number][] = [
    ['IMAP', a.imap.port],
    ...(a.smtp ? [['SMTP', a.smtp.port] as [string, number]] : []),
  ];
  for (const [what, port] of ports)
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new AccountError(`${what} port ${port} is not a port`);
  if (!SECURITY.includes(a.imap.security)) throw new AccountError(`security must be one of ${SECURITY.join(', ')}`);
  if (!a.imap.user) throw new AccountError('the IMAP user name is empty');
  if (!a.password) throw new AccountError('the password is empty');
  checkSenderChecks(a);
  if (a.caldav !== undefined && !/^https?:\/\//.test(a.caldav))
    throw new AccountError('the CalDAV URL must be http(s)');
}

export function imapConfig(a: Account): AccountConfig {
  if (a.transport !== 'imap') throw new AccountError(`account ${a.name} has no IMAP server`);
  const c = AccountConfig.safeParse(a.config);
  if (!c.success)
    throw new AccountError(`the settings of account ${a.name} are damaged: ${c.error.issues[0]?.message}`);
  return c.data;
}

export function findAccount(p: Profile, name: string): Account {
  const a = p.repos.accounts.byName(name);
  if (!a) throw new AccountError(`no account named ${JSON.stringify(name)}`);
  return a;
}

export const newAccountId = () => `acct-${randomBytes(6).toString('hex')}`;

/**
 * Stores a checked account: its secret first (password or OAuth tokens), then the row and its
 * audit entry in one transaction; a failed insert takes the secret back out.
 */
export async function insertAccount(
  p: Profile,
  o: { id: string; name: string; email: string; config: AccountConfig; secret: { name: string; value: string } },
  clock: () => Date,
): Promise<Account> {
  await p.secrets.set(o.secret.name, o.secret.value);
  const account: Account = {
    id: o.id,
    name: o.name,
    email: o.email,
    userName: '',
    addresses: [o.email],
    transport: 'imap',
    config: { ...o.config },
    secret: o.secret.name,
    createdAt: clock().toISOString(),
  };
  const { host, security } = o.config.imap;
  try {
    p.db.transaction(() => {
      p.repos.accounts.insert(account);
      p.audit.append({
        kind: 'account.changed',
        data: {
          action: 'added',
          account: o.name,
          transport: 'imap',
          host,
          security,
          ...(o.config.oauth ? { oauth: o.config.oauth.issuer } : {}),
        },
      });
    })();
  } catch (e) {
    await p.secrets.delete(o.secret.name);
    throw e;
  }
  return account;
}

export async function addAccount(p: Profile, a: NewAccount, clock: () => Date = () => new Date()): Promise<Account> {
  checkNew(p, a);
  const id = newAccountId();
  const config: AccountConfig = {
    imap: { host: a.imap.host, port: a.imap.port, security: a.imap.security, user: a.imap.user },
    ...(a.smtp ? { smtp: a.smtp } : {}),
    ...(a.caldav ? { caldav: a.caldav } : {}),
    ...senderChecksConfig(a),
  };
  const secret = { name: `account:${id}:password`, value: a.password };
  return insertAccount(p, { id, name: a.name, email: a.email, config, secret }, clock);
}

/**
 * Changes a mail account's sender checks after it was added (main/mail/verdict-trust.ts): which
 * server's verdicts count, and whether that server adds one to every message. Checked as on add;
 * the change is audited. It counts for mail already synced too: a message's stored verdicts are
 * read with the account's settings of the moment (main/profile/world-io.ts).
 */
export function setSenderChecks(
  p: Profile,
  name: string,
  checks: { readonly authserv: readonly string[]; readonly authservEveryMessage: boolean },
): Account {
  const a = findAccount(p, name);
  checkSenderChecks(checks);
  const { authserv: _ids, authservEveryMessage: _every, ...rest } = imapConfig(a);
  const config: AccountConfig = { ...rest, ...senderChecksConfig(checks) };
  p.db.transaction(() => {
    p.repos.accounts.setConfig(a.id, config);
    p.audit.append({
      kind: 'account.changed',
      data: {
        action: 'changed',
        account: a.name,
        authserv: config.authserv ?? [],
        authservEveryMessage: config.authservEveryMessage === true,
      },
    });
  })();
  return { ...a, config };
}

/**
 * The server settings and credential a long-lived watch of this account uses: read at each
 * connection, so an OAuth access token is refreshed as it nears expiry.
 */
export async function syncTarget(p: Profile, a: Account): Promise<SyncTarget> {
  await accountCredential(p, a); // fails now, not at the first reconnect, when there is none
  return { accountId: a.id, settings: imapConfig(a).imap, password: () => accountCredential(p, a) };
}

/** The account's password, from the secret store only (mail, SMTP and CalDAV share it). */
async function accountPassword(p: Profile, a: Account): Promise<string> {
  const password = a.secret ? await p.secrets.get(a.secret) : undefined;
  if (password === undefined) throw new AccountError(`the password of account ${a.name} is not in the secret store`);
  return password;
}

/**
 * How the profile reaches the secret store and the issuer for an account's tokens; a refresh
 * holds a lock file beside the keys, so the app and a CLI command never both spend one refresh
 * token.
 */
export const tokenDeps = (p: Profile): TokenDeps => ({
  secrets: p.secrets,
  lock: (accountId, fn) => withFileLock(join(profileFiles(p.dir).keys, `oauth-refresh-${accountId}.lock`), fn),
});

/**
 * What the account signs in with: its password, or a current OAuth access token (`fresh`
 * refreshes it even when it looks valid: the server has just refused it).
 */
export async function accountCredential(p: Profile, a: Account, o: { fresh?: boolean } = {}): Promise<Credential> {
  const oauth = imapConfig(a).oauth;
  if (!oauth) return accountPassword(p, a);
  return { accessToken: await accessToken(tokenDeps(p), a, oauth, { force: o.fresh === true }) };
}

/**
 * Runs `f` with the account's credential; when the server refuses an OAuth token (expired early,
 * revoked access token), refreshes it once and tries again.
 */
export async function withCredential<T>(p: Profile, a: Account, f: (c: Credential) => Promise<T>): Promise<T> {
  try {
    return await f(await accountCredential(p, a));
  } catch (e) {
    if (!(e instanceof MailError && e.kind === 'auth' && imapConfig(a).oauth)) throw e;
    return f(await accountCredential(p, a, { fresh: true }));
  }
}

/** Logs in and lists the folders; throws a MailError whose `kind` says what is wrong. */
export async function testAccount(
  p: Profile,
  name: string,
  o: { timeoutMs?: number } = {},
): Promise<{ folders: number }> {
  const a = findAccount(p, name);
  return withCredential(p, a, (c) => listFolders(imapConfig(a).imap, c, o.timeoutMs ?? 15_000));
}

/** Logs in and counts the folders: proof that the settings and credential work. */
export async function listFolders(s: ImapSettings, c: Credential, timeoutMs: number): Promise<{ folders: number }> {
  const client = await connectImap(s, c, { timeoutMs });
  try {
    const folders = await client.list();
    await client.logout();
    return { folders: folders.length };
  } catch (e) {
    client.close();
    throw e instanceof MailError ? e : new MailError('protocol', (e as Error).message);
  }
}

/**
 * Removes the account, its mail and its secret. An OAuth account's refresh token is revoked
 * first where the issuer offers revocation (`revoked`); an issuer that cannot be reached does
 * not keep the account (`revokeError` says so, and the token is gone from this computer).
 */
export async function removeAccount(p: Profile, name: string): Promise<{ revoked: boolean; revokeError?: string }> {
  const a = findAccount(p, name);
  if (a.transport === 'local') throw new AccountError('the demo account cannot be removed');
  const oauth = imapConfig(a).oauth;
  const revocation = oauth
    ? await revokeAccountTokens(tokenDeps(p), a.id, oauth).then(
        (revoked) => ({ revoked }),
        (e: unknown) => ({ revoked: false, revokeError: (e as Error).message }),
      )
    : { revoked: false };
  const ids = p.repos.messages.idsOf(a.id);
  p.db.transaction(() => {
    p.repos.accounts.remove(a.id); // messages and folder state go with it (ON DELETE CASCADE)
    p.audit.append({ kind: 'account.changed', data: { action: 'removed', account: a.name, messages: ids.length } });
  })();
  if (a.secret) await p.secrets.delete(a.secret);
  for (const id of ids) rmSync(join(p.files.attachments, id), { recursive: true, force: true });
  return revocation;
}

export interface AccountSync {
  readonly account: string;
  readonly report?: SyncReport;
  readonly error?: { kind: string; message: string };
}

/**
 * One sync pass of the IMAP accounts (or one of them); a failing account does not stop the
 * others. `parse` is where MIME is parsed: in this thread by default (a one-off pass, as the CLI
 * makes, does not pay for starting workers); the app passes its long-lived ParsePool's.
 */
export async function syncAccounts(
  p: Profile,
  o: SyncOptions & { account?: string; parse?: Parser } = {},
): Promise<AccountSync[]> {
  const accounts = o.account
    ? [findAccount(p, o.account)]
    : p.repos.accounts.list().filter((a) => a.transport === 'imap');
  const results: AccountSync[] = [];
  for (const a of accounts) results.push(await syncOne(p, a, o));
  return results;
}

const syncDeps = (p: Profile, parse?: Parser): SyncDeps => ({
  db: p.db,
  repos: p.repos,
  attachmentsDir: p.files.attachments,
  ...(parse ? { parse } : {}),
});

async function syncOne(p: Profile, a: Account, o: SyncOptions & { parse?: Parser }): Promise<AccountSync> {
  try {
    const deps = syncDeps(p, o.parse);
    const settings = imapConfig(a).imap;
    const report = await withCredential(p, a, (password) =>
      syncAccount(deps, { accountId: a.id, settings, password }, o),
    );
    return { account: a.name, report };
  } catch (e) {
    if (!(e instanceof MailError || e instanceof AccountError || e instanceof OAuthError)) throw e;
    return { account: a.name, error: { kind: e instanceof AccountError ? 'account' : e.kind, message: e.message } };
  }
}

/**
 * Makes messages whole that a first sync has stored with their headers and a snippet only (it
 * fills bodies after headers): these ids, or every such message of an account. For readers that
 * show or use a whole message before the body pass reached it. Returns how many were filled; an
 * account whose server cannot be reached fails with an AccountError saying what is missing.
 */
export function completeBodies(
  p: Profile,
  which: { readonly ids: readonly string[] } | { readonly accountId: string },
): Promise<number> {
  // A person waits for these few (a message opened): a sync underway pauses its pages from now
  // until they are in. A whole account's (a plan, triage) is as much work as the body pass itself.
  return 'ids' in which ? inForeground(p.db, () => fillPending(p, which)) : fillPending(p, which);
}

async function fillPending(
  p: Profile,
  which: { readonly ids: readonly string[] } | { readonly accountId: string },
): Promise<number> {
  const pending =
    'ids' in which
      ? which.ids.flatMap((id) => {
          const m = p.repos.messages.get(id);
          return m?.bodyPending && m.remoteUid !== null
            ? [{ accountId: m.accountId, folder: m.folder, uid: m.remoteUid }]
            : [];
        })
      : p.repos.messages.pendingBodies(which.accountId).map((m) => ({ ...m, accountId: which.accountId }));
  const byAccount = new Map<string, Map<string, number[]>>();
  for (const m of pending) {
    const folders = byAccount.get(m.accountId) ?? byAccount.set(m.accountId, new Map()).get(m.accountId)!;
    folders.set(m.folder, [...(folders.get(m.folder) ?? []), m.uid]);
  }
  let filled = 0;
  for (const [accountId, folders] of byAccount) {
    const a = p.repos.accounts.get(accountId);
    if (!a || a.transport !== 'imap') continue;
    const count = [...folders.values()].reduce((n, uids) => n + uids.length, 0);
    try {
      filled += await withCredential(p, a, (password) =>
        completeMessages(syncDeps(p), { accountId, settings: imapConfig(a).imap, password }, folders),
      );
    } catch (e) {
      if (!(e instanceof MailError || e instanceof AccountError || e instanceof OAuthError)) throw e;
      throw new AccountError(
        `${count === 1 ? '1 message' : `${count} messages`} of account ${a.name} ${count === 1 ? 'is' : 'are'} not downloaded whole yet, and its server could not be reached (${e.message}); try again once it can`,
      );
    }
  }
  return filled;
}
