/**
 * `zamburak account add|signin|list|test|remove`: real IMAP accounts. A password is read from an
 * environment variable (never a command-line argument, which other users can see in `ps`); an
 * OAuth sign-in happens in the browser. Either goes only into the profile's secret store. Without
 * `--imap`, the servers are found from the address.
 */
import {
  AccountError,
  addAccount,
  findAccount,
  imapConfig,
  removeAccount,
  testAccount,
  tokenDeps,
} from '../../../main/accounts/accounts';
import { discoverServers, trustedForPassword, type Discovered } from '../../../main/accounts/discover';
import { addOAuthAccount, signInAgain, type SignInOptions } from '../../../main/accounts/oauth-account';
import { signInAgainReason } from '../../../main/accounts/oauth-tokens';
import { MailError, type Security } from '../../../main/mail/connect';
import { OAuthError } from '../../../main/oauth/errors';
import type { Profile } from '../../../main/profile/profile';
import type { Account } from '../../../main/store/repositories';
import { InputError, str, UsageError, type Parsed } from '../args';
import { withProfile } from '../profile-arg';
import { openBrowser } from './serve';
import type { Command } from './types';
import { accountSpec } from './specs';

function portOf(p: Parsed, flag: string): number | undefined {
  const v = str(p, flag);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new UsageError(`${flag} takes a port number (1-65535)`);
  return n;
}

function required(p: Parsed, flag: string): string {
  const v = str(p, flag);
  if (!v) throw new UsageError(`account add needs ${flag}`);
  return v;
}

function security(p: Parsed): Security {
  const named = str(p, '--security');
  const chosen = [
    ...(named !== undefined ? [named === 'none' ? 'plain' : named] : []),
    ...(['tls', 'starttls', 'plain'] as const).filter((f) => p.flags.has(`--${f}`)),
  ];
  if (chosen.length > 1) throw new UsageError('choose one security: --security tls|starttls|none');
  const s = chosen[0] ?? 'tls';
  if (s !== 'tls' && s !== 'starttls' && s !== 'plain')
    throw new UsageError(`--security takes tls, starttls or none (not ${JSON.stringify(named)})`);
  return s;
}

/** `--imap HOST:PORT` (contracts.md), or the long form `--imap-host H [--imap-port N]`. */
function server(p: Parsed, kind: 'imap' | 'smtp'): { host: string; port: number | undefined } | undefined {
  const joined = str(p, `--${kind}`);
  if (joined !== undefined) {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(joined);
    if (!m) throw new UsageError(`--${kind} takes HOST:PORT`);
    const port = m[2] === undefined ? undefined : Number(m[2]);
    if (port !== undefined && (port < 1 || port > 65535)) throw new UsageError(`--${kind}: ${m[2]} is not a port`);
    return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
  }
  const host = str(p, `--${kind}-host`);
  const port = portOf(p, `--${kind}-port`);
  if (port !== undefined && !host) throw new UsageError(`--${kind}-port needs --${kind}-host`);
  return host ? { host, port } : undefined;
}

/** Why an OAuth account must sign in again, or null. */
const reasonOf = async (profile: Profile, a: Account): Promise<string | null> =>
  a.transport === 'imap' && imapConfig(a).oauth ? signInAgainReason(tokenDeps(profile), a.id) : null;

const summary = (a: Account, signIn: string | null = null) => {
  if (a.transport === 'local') return { name: a.name, email: a.email, transport: a.transport };
  const c = imapConfig(a);
  return {
    name: a.name,
    email: a.email,
    transport: a.transport,
    imap: c.imap,
    smtp: c.smtp ?? null,
    caldav: c.caldav ?? null,
    ...(c.oauth ? { oauth: c.oauth.issuer, signInAgain: signIn !== null } : {}),
  };
};

const line = (a: Account, signIn: string | null = null): string => {
  if (a.transport === 'local') return `${a.name}  <${a.email}>  demo (nothing leaves this computer)`;
  const { imap, oauth } = imapConfig(a);
  const how = oauth ? `signed in with ${oauth.issuer}` : `as ${imap.user}`;
  const again = signIn !== null ? `  sign in again: zamburak account signin ${a.name}` : '';
  return `${a.name}  <${a.email}>  imap ${imap.security} ${imap.host}:${imap.port} ${how}${again}`;
};

/** The sentence that says what was found for an address, and where. */
const foundLine = (email: string, d: Discovered): string =>
  `Found the servers of ${email} in ${d.where}: IMAP ${d.imap.host}:${d.imap.port} (${d.imap.security})` +
  (d.smtp ? `, SMTP ${d.smtp.host}:${d.smtp.port} (${d.smtp.security})` : ', no SMTP server') +
  (d.insecure ? ' (over plain HTTP)' : '');

async function discover(email: string, json: boolean): Promise<Discovered> {
  const found = await discoverServers(email);
  if (!found)
    throw new AccountError(
      `found no mail servers for ${email} (autoconfig, SRV and MX records): pass --imap HOST:PORT and --smtp HOST:PORT`,
    );
  (json ? process.stderr : process.stdout).write(foundLine(email, found) + '\n');
  return found;
}

/**
 * Shows the sign-in URL: the system browser opens it, or (with --no-browser, or without a
 * desktop) one line on stdout says where to go.
 */
function signInOptions(p: Parsed): SignInOptions {
  const seconds = str(p, '--timeout');
  if (seconds !== undefined && !/^\d{1,5}$/.test(seconds)) throw new UsageError('--timeout takes seconds');
  return {
    open: (url) => {
      if (!p.flags.has('--no-browser') && openBrowser(url))
        process.stderr.write(`Opened your browser to sign in. If it did not open, go to: ${url}\n`);
      else process.stdout.write(`Open this URL to sign in: ${url}\n`);
    },
    ...(seconds ? { timeoutMs: Number(seconds) * 1000 } : {}),
  };
}

function secretFromEnv(p: Parsed, flag: string): string | undefined {
  const env = str(p, flag);
  if (env === undefined) return undefined;
  const v = process.env[env];
  if (!v) throw new InputError(`zamburak: the environment variable ${env} is not set or empty`);
  return v;
}

async function addWithOAuth(p: Parsed, profile: Profile, json: boolean): Promise<Account> {
  const provider = str(p, '--oauth')!;
  const email = required(p, '--email');
  const preset = provider === 'google' || provider === 'microsoft';
  let imap = server(p, 'imap');
  let smtp = server(p, 'smtp');
  const sec = security(p);
  if (!imap && !preset) {
    const d = await discover(email, json);
    imap = { host: d.imap.host, port: d.imap.port };
    smtp ??= d.smtp && { host: d.smtp.host, port: d.smtp.port };
  }
  const scopes = str(p, '--scope');
  const clientId = str(p, '--client-id');
  const clientSecret = secretFromEnv(p, '--client-secret-env');
  const caldav = str(p, '--caldav');
  return addOAuthAccount(profile, {
    name: required(p, '--name'),
    email,
    oauth: provider,
    ...signInOptions(p),
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(scopes ? { scopes: scopes.split(/[\s,]+/).filter(Boolean) } : {}),
    ...(imap ? { imap: { host: imap.host, port: imap.port ?? (sec === 'tls' ? 993 : 143), security: sec } } : {}),
    ...(smtp ? { smtp: { host: smtp.host, port: smtp.port ?? 587 } } : {}),
    ...(caldav ? { caldav } : {}),
  });
}

async function addWithPassword(p: Parsed, profile: Profile, json: boolean): Promise<Account> {
  const env = required(p, '--password-env');
  const password = process.env[env];
  if (!password) throw new InputError(`zamburak: the environment variable ${env} is not set or empty`);
  const email = required(p, '--email');
  let imap = server(p, 'imap');
  let smtp = server(p, 'smtp');
  let sec = security(p);
  let user = str(p, '--user');
  if (!imap) {
    const d = trustedForPassword(await discover(email, json));
    imap = { host: d.imap.host, port: d.imap.port };
    sec = d.imap.security;
    smtp ??= d.smtp && { host: d.smtp.host, port: d.smtp.port };
    user ??= d.imap.user;
  }
  if (!user) throw new UsageError('account add needs --user');
  const caldav = str(p, '--caldav');
  const authserv = str(p, '--authserv-id');
  const accountName = str(p, '--name');
  if (!accountName) throw new UsageError('account add needs --name NAME');
  return addAccount(profile, {
    name: accountName,
    email,
    imap: { host: imap.host, port: imap.port ?? (sec === 'tls' ? 993 : 143), security: sec, user },
    password,
    ...(smtp ? { smtp: { host: smtp.host, port: smtp.port ?? 587 } } : {}),
    ...(caldav ? { caldav } : {}),
    ...(authserv ? { authserv: authserv.split(',').map((x) => x.trim()) } : {}),
    ...(p.flags.has('--authserv-every-message') ? { authservEveryMessage: true } : {}),
  });
}

/** What `account remove` says about the sign-in it took back. */
const revocationLine = (r: { revoked: boolean; revokeError?: string }): string =>
  r.revoked ? '; its sign-in was revoked' : r.revokeError ? `; its sign-in could not be revoked: ${r.revokeError}` : '';

async function account(p: Parsed): Promise<number> {
  const [sub, name, extra] = p.positional;
  const json = p.flags.has('--json');
  if (extra) throw new UsageError(`account ${sub} takes one NAME`);
  if (sub === 'add' && name && str(p, '--name') === undefined) p.flags.set('--name', name);
  if (sub !== 'list' && sub !== 'add' && !name)
    throw new UsageError(`account ${sub ?? ''} needs a NAME`.replace('  ', ' '));
  return withProfile(p, async (profile) => {
    try {
      switch (sub) {
        case 'add': {
          if (str(p, '--oauth') !== undefined && str(p, '--password-env') !== undefined)
            throw new UsageError('choose one: --oauth PROVIDER or --password-env VAR');
          const a = str(p, '--oauth') ? await addWithOAuth(p, profile, json) : await addWithPassword(p, profile, json);
          process.stdout.write(json ? JSON.stringify(summary(a)) + '\n' : `Added ${line(a)}\n`);
          return 0;
        }
        case 'signin': {
          const a = await signInAgain(profile, name!, signInOptions(p));
          process.stdout.write(json ? JSON.stringify(summary(a)) + '\n' : `Signed in ${line(a)}\n`);
          return 0;
        }
        case 'list': {
          const all = await Promise.all(
            profile.repos.accounts.list().map(async (a) => ({ a, again: await reasonOf(profile, a) })),
          );
          process.stdout.write(
            json
              ? JSON.stringify(all.map((x) => summary(x.a, x.again))) + '\n'
              : all.map((x) => line(x.a, x.again) + '\n').join(''),
          );
          return 0;
        }
        case 'test': {
          const a = findAccount(profile, name!);
          if (a.transport === 'local') throw new AccountError('the demo account has no server to test');
          try {
            const r = await testAccount(profile, name!);
            process.stdout.write(
              json
                ? JSON.stringify({ account: name, ok: true, ...r }) + '\n'
                : `${name}: logged in, ${r.folders} folders\n`,
            );
            return 0;
          } catch (e) {
            if (!(e instanceof MailError || e instanceof OAuthError)) throw e;
            if (json)
              process.stdout.write(
                JSON.stringify({ account: name, ok: false, error: { kind: e.kind, message: e.message } }) + '\n',
              );
            process.stderr.write(`zamburak account test ${name}: ${e.kind}: ${e.message}\n`);
            return 1;
          }
        }
        case 'remove': {
          const r = await removeAccount(profile, name!);
          process.stdout.write(
            json ? JSON.stringify({ removed: name, ...r }) + '\n' : `Removed account ${name}${revocationLine(r)}\n`,
          );
          return 0;
        }
        default:
          throw new UsageError('account takes add, signin, list, test or remove');
      }
    } catch (e) {
      if (e instanceof AccountError) throw new InputError(`zamburak account ${sub}: ${e.message}`);
      // The sign-in or the server said no: exit 1, naming what to do (as `account test` does).
      if (!(e instanceof OAuthError || e instanceof MailError)) throw e;
      process.stderr.write(`zamburak account ${sub}: ${e.message}\n`);
      return 1;
    }
  });
}

export const accountCommand: Command = {
  ...accountSpec,
  run: account,
};
