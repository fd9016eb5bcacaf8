/**
 * Settings, policies and accounts: the person's switches (the global pause, the undo window,
 * the theme), the policy editor's validate → preview → save, and the account list.
 */
import type { OAuthSignInInput, Settings, ZamburakHandlers } from '../../preload/contract';
import {
  addAccount,
  AccountError,
  imapConfig,
  removeAccount,
  setSenderChecks,
  testAccount,
  tokenDeps,
} from '../accounts/accounts';
import { discoverServers } from '../accounts/discover';
import { addOAuthAccount, signInAgain, type SignInOptions } from '../accounts/oauth-account';
import { signInAgainReason } from '../accounts/oauth-tokens';
import { PendingSignIns } from '../accounts/sign-ins';
import { unresolvedHost } from '../accounts/host-check';
import { MailError } from '../mail/connect';
import { OAuthError } from '../oauth/errors';
import type { Profile } from '../profile/profile';
import { DEMO_ACCOUNT_ID } from '../profile/profile';
import { accountConfig } from '../profile/world-io';
import type { Account } from '../store/repositories';
import { policyTextForPeople } from './policy-text';
import { ServiceError } from './router';
import { ruleWords } from '../../engine/policy/rule-words';
import { toolWordsFirst } from '../../engine/tools/tool-words';
import { readSettings as readProfileSettings, writeSettings } from '../services/settings-service';
import type { PoliciesService } from '../services/policies-service';
import type { AppContext } from './inbox';

export const readSettings = (ctx: AppContext): Settings => readProfileSettings(ctx.profile);

export function settingsHandlers(ctx: AppContext): ZamburakHandlers['settings'] {
  return {
    get: () => readSettings(ctx),
    set: (patch) => writeSettings(ctx.profile, patch, 'user'),
  };
}

export function policiesHandlers(policies: PoliciesService): ZamburakHandlers['policies'] {
  const errors = (e: readonly { line: number; column: number; message: string }[]) =>
    e.map(({ line, column, message }) => ({ line, column, message }));
  return {
    current: () => {
      const c = policies.current();
      return { ...c, yaml: policyTextForPeople(c.yaml) };
    },
    validate(yaml) {
      const r = policies.validate(yaml);
      return r.ok ? { ok: true, rules: r.rules, errors: [] } : { ok: false, rules: 0, errors: errors(r.errors) };
    },
    preview(yaml) {
      const r = policies.preview(yaml);
      return r.ok
        ? {
            ok: true,
            errors: [],
            replayed: r.replayed,
            changed: r.changed.map((c) => ({
              ...c,
              what: toolWordsFirst(c.tool),
              before: { ...c.before, ruleWords: ruleWords(c.before.rule) },
              after: { ...c.after, ruleWords: ruleWords(c.after.rule) },
            })),
          }
        : { ok: false, errors: errors(r.errors), replayed: 0, changed: [] };
    },
    save(yaml, note) {
      const r = policies.save(yaml, { by: 'user', ...(note.trim() ? { note: note.trim() } : {}) });
      return 'errors' in r
        ? { ok: false, version: policies.current().version, errors: errors(r.errors) }
        : { ok: true, version: `v${r.version}`, errors: [] };
    },
  };
}

/** What a sign-in from Settings runs: a new account (servers found when not given), or again. */
function signInRun(n: OAuthSignInInput, clock: () => Date) {
  return async (p: Profile, open: SignInOptions['open']) => {
    if (n.kind === 'again') return signInAgain(p, n.name, { open });
    const preset = n.provider !== 'other';
    let imap = n.imapHost ? { host: n.imapHost, port: n.imapPort ?? 993, security: n.security ?? 'tls' } : undefined;
    let smtp = n.smtpHost ? { host: n.smtpHost, port: n.smtpPort ?? 587 } : undefined;
    if (!imap && !preset) {
      const d = await discoverServers(n.email);
      if (!d) throw new AccountError(`found no mail servers for ${n.email}: fill in the IMAP and SMTP servers`);
      imap = { host: d.imap.host, port: d.imap.port, security: d.imap.security };
      smtp ??= d.smtp && { host: d.smtp.host, port: d.smtp.port };
    }
    if (!preset && !n.issuer) throw new AccountError('sign-in with another provider needs its issuer URL');
    return addOAuthAccount(
      p,
      {
        name: n.name,
        email: n.email,
        oauth: preset ? n.provider : n.issuer!,
        open,
        ...(n.clientId ? { clientId: n.clientId } : {}),
        ...(n.scopes?.length ? { scopes: n.scopes } : {}),
        ...(imap ? { imap } : {}),
        ...(smtp ? { smtp } : {}),
      },
      clock,
    );
  };
}

/** What the account's row shows of its sender checks: the server ids, and whether they check every message. */
const senderChecksView = (c: ReturnType<typeof accountConfig>) => ({
  authserv: [...(c.authserv ?? [])],
  authservEveryMessage: c.authservEveryMessage === true,
});

export function accountsHandlers(ctx: AppContext): ZamburakHandlers['accounts'] {
  const p = ctx.profile;
  const signIns = new PendingSignIns();
  const view = (a: Account) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    transport: a.transport,
    demo: a.id === DEMO_ACCOUNT_ID,
    ...(a.transport === 'imap' ? senderChecksView(accountConfig(a)) : {}),
  });
  /** The view, with "sign in again" for an OAuth account whose issuer refused its refresh. */
  const withSignIn = async (a: Account) =>
    a.transport === 'imap' && imapConfig(a).oauth
      ? { ...view(a), signInAgain: (await signInAgainReason(tokenDeps(p), a.id)) !== null }
      : view(a);
  const refusal = (e: unknown): never => {
    if (e instanceof AccountError || e instanceof OAuthError) throw new ServiceError('bad-request', e.message);
    throw e;
  };
  return {
    list: () => Promise.all(p.repos.accounts.list().map(withSignIn)),
    signIn: (n) => signIns.start(p, signInRun(n, ctx.clock)).catch(refusal),
    async signInStatus(id) {
      const s = signIns.status(id);
      if (!s) throw new ServiceError('not-found', `no sign-in ${id}`);
      if (s.state === 'done')
        return { state: s.state, message: `Signed in as ${s.account.email}.`, account: await withSignIn(s.account) };
      return { state: s.state, message: s.state === 'failed' ? s.message : 'Waiting for the browser…', account: null };
    },
    async add(n) {
      // Said at the field it is about ("imapHost: …"), before anything is stored.
      for (const [field, host] of [
        ['imapHost', n.imapHost],
        ['smtpHost', n.smtpHost],
      ] as const) {
        const problem = host ? await unresolvedHost(host) : null;
        if (problem) throw new ServiceError('bad-request', `${field}: ${problem}`);
      }
      const a = await addAccount(
        p,
        {
          name: n.name,
          email: n.email,
          imap: { host: n.imapHost, port: n.imapPort, security: n.security, user: n.user },
          password: n.password,
          ...(n.smtpHost ? { smtp: { host: n.smtpHost, port: n.smtpPort ?? 587 } } : {}),
          ...(n.caldav ? { caldav: n.caldav } : {}),
          ...(n.authserv?.length ? { authserv: n.authserv } : {}),
          ...(n.authservEveryMessage ? { authservEveryMessage: true } : {}),
        },
        ctx.clock,
      ).catch(refusal);
      return view(a);
    },
    async test(name) {
      try {
        const r = await testAccount(p, name);
        return {
          ok: true,
          kind: null,
          message: `Logged in: ${r.folders} ${r.folders === 1 ? 'folder' : 'folders'}.`,
          folders: r.folders,
        };
      } catch (e) {
        if (e instanceof MailError) return { ok: false, kind: e.kind, message: e.message, folders: 0 };
        return refusal(e);
      }
    },
    async setSenderChecks(n) {
      try {
        return await withSignIn(setSenderChecks(p, n.name, n));
      } catch (e) {
        return refusal(e);
      }
    },
    async remove(name) {
      await removeAccount(p, name).catch(refusal);
      return { ok: true as const };
    },
  };
}
