/**
 * `zamburak account add|list|test|remove`: real IMAP accounts. The password is read from an
 * environment variable (never a command-line argument, which other users can see in `ps`) and
 * goes only into the profile's secret store.
 */
import {
  AccountError,
  addAccount,
  findAccount,
  imapConfig,
  removeAccount,
  testAccount,
} from '../../../main/accounts/accounts';
import { MailError, type Security } from '../../../main/mail/connect';
import type { Account } from '../../../main/store/repositories';
import { InputError, str, UsageError, type Parsed } from '../args';
import { PROFILE_FLAGS, withProfile } from '../profile-arg';
import type { Command } from './types';

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

const summary = (a: Account) => {
  if (a.transport === 'local') return { name: a.name, email: a.email, transport: a.transport };
  const c = imapConfig(a);
  return {
    name: a.name,
    email: a.email,
    transport: a.transport,
    imap: c.imap,
    smtp: c.smtp ?? null,
    caldav: c.caldav ?? null,
  };
};

const line = (a: Account): string => {
  if (a.transport === 'local') return `${a.name}  <${a.email}>  demo (nothing leaves this computer)`;
  const { imap } = imapConfig(a);
  return `${a.name}  <${a.email}>  imap ${imap.security} ${imap.host}:${imap.port} as ${imap.user}`;
};

async function account(p: Parsed): Promise<number> {
  const [sub, name, extra] = p.positional;
  const json = p.flags.has('--json');
  if (extra) throw new UsageError(`account ${sub} takes one NAME`);
  if (sub !== 'list' && sub !== 'add' && !name)
    throw new UsageError(`account ${sub ?? ''} needs a NAME`.replace('  ', ' '));
  return withProfile(p, async (profile) => {
    try {
      switch (sub) {
        case 'add': {
          const env = required(p, '--password-env');
          const password = process.env[env];
          if (!password) throw new InputError(`zamburak: the environment variable ${env} is not set or empty`);
          const imap = server(p, 'imap');
          if (!imap) throw new UsageError('account add needs --imap HOST:PORT');
          const smtp = server(p, 'smtp');
          const caldav = str(p, '--caldav');
          const authserv = str(p, '--authserv-id');
          const sec = security(p);
          const accountName = str(p, '--name') ?? name;
          if (!accountName) throw new UsageError('account add needs --name NAME');
          const a = await addAccount(profile, {
            name: accountName,
            email: required(p, '--email'),
            imap: {
              host: imap.host,
              port: imap.port ?? (sec === 'tls' ? 993 : 143),
              security: sec,
              user: required(p, '--user'),
            },
            password,
            ...(smtp ? { smtp: { host: smtp.host, port: smtp.port ?? 587 } } : {}),
            ...(caldav ? { caldav } : {}),
            ...(authserv ? { authserv: authserv.split(',').map((x) => x.trim()) } : {}),
          });
          process.stdout.write(json ? JSON.stringify(summary(a)) + '\n' : `Added ${line(a)}\n`);
          return 0;
        }
        case 'list': {
          const all = profile.repos.accounts.list();
          process.stdout.write(
            json ? JSON.stringify(all.map(summary)) + '\n' : all.map((a) => line(a) + '\n').join(''),
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
            if (!(e instanceof MailError)) throw e;
            if (json)
              process.stdout.write(
                JSON.stringify({ account: name, ok: false, error: { kind: e.kind, message: e.message } }) + '\n',
              );
            process.stderr.write(`zamburak account test ${name}: ${e.kind}: ${e.message}\n`);
            return 1;
          }
        }
        case 'remove':
          await removeAccount(profile, name!);
          process.stdout.write(json ? JSON.stringify({ removed: name }) + '\n' : `Removed account ${name}\n`);
          return 0;
        default:
          throw new UsageError('account takes add, list, test or remove');
      }
    } catch (e) {
      if (e instanceof AccountError) throw new InputError(`zamburak account ${sub}: ${e.message}`);
      throw e;
    }
  });
}

export const accountCommand: Command = {
  name: 'account',
  help: `  zamburak account add --name NAME --email ADDR --imap HOST:PORT [--smtp HOST:PORT]
          [--security tls|starttls|none] --user USER --password-env VAR [--caldav URL]
          [--authserv-id MX_HOST[,…]]
  zamburak account list|test NAME|remove NAME [--json] [--profile DIR]
      IMAP accounts. The password is read from the environment variable VAR and kept only in the
      profile's secret store. TLS is the default (port 993); --starttls requires the upgrade.`,
  valueFlags: [
    ...PROFILE_FLAGS,
    '--name',
    '--imap',
    '--smtp',
    '--security',
    '--imap-host',
    '--imap-port',
    '--user',
    '--password-env',
    '--email',
    '--smtp-host',
    '--smtp-port',
    '--caldav',
    '--authserv-id',
  ],
  boolFlags: ['--json', '--tls', '--starttls', '--plain'],
  run: account,
};
