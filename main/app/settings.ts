/**
 * Settings, policies and accounts: the person's switches (the global pause, the undo window,
 * the theme), the policy editor's validate → preview → save, and the account list.
 */
import type { Settings, ZamburakHandlers } from '../../preload/contract';
import { addAccount, AccountError, removeAccount, testAccount } from '../accounts/accounts';
import { unresolvedHost } from '../accounts/host-check';
import { MailError } from '../mail/connect';
import { DEMO_ACCOUNT_ID } from '../profile/profile';
import type { Account } from '../store/repositories';
import { ServiceError } from './router';
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
    current: () => policies.current(),
    validate(yaml) {
      const r = policies.validate(yaml);
      return r.ok ? { ok: true, rules: r.rules, errors: [] } : { ok: false, rules: 0, errors: errors(r.errors) };
    },
    preview(yaml) {
      const r = policies.preview(yaml);
      return r.ok
        ? { ok: true, errors: [], replayed: r.replayed, changed: r.changed }
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

export function accountsHandlers(ctx: AppContext): ZamburakHandlers['accounts'] {
  const p = ctx.profile;
  const view = (a: Account) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    transport: a.transport,
    demo: a.id === DEMO_ACCOUNT_ID,
  });
  const refusal = (e: unknown): never => {
    if (e instanceof AccountError) throw new ServiceError('bad-request', e.message);
    throw e;
  };
  return {
    list: () => p.repos.accounts.list().map(view),
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
        },
        ctx.clock,
      ).catch(refusal);
      return view(a);
    },
    async test(name) {
      try {
        const r = await testAccount(p, name);
        return { ok: true, kind: null, message: `Logged in: ${r.folders} folders.`, folders: r.folders };
      } catch (e) {
        if (e instanceof MailError) return { ok: false, kind: e.kind, message: e.message, folders: 0 };
        return refusal(e);
      }
    },
    async remove(name) {
      await removeAccount(p, name).catch(refusal);
      return { ok: true as const };
    },
  };
}
