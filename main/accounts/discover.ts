/**
 * The mail servers of an address, found the way Thunderbird finds them: the provider's own
 * autoconfig file (`autoconfig.DOMAIN`, then `DOMAIN/.well-known/…`), a built-in table of the
 * large providers, RFC 6186 SRV records, and last a guess from the MX host. Each answer says
 * where it came from. A file fetched over plain HTTP is marked `insecure`: anyone on the network
 * could have written it, so it is never trusted with a password.
 */
import { promises as dns } from 'node:dns';
import type { Security } from '../mail/connect';
import type { Fetch } from '../oauth/errors';
import { AccountError } from './accounts';
import { parseAutoconfig, type Autoconfig, type ServerEntry } from './autoconfig';
import { boundedText } from '../net/bounded-body';

/** DNS lookups, a seam so tests answer from a table. */
export interface Resolver {
  srv(name: string): Promise<readonly { name: string; port: number; priority: number; weight: number }[]>;
  mx(domain: string): Promise<readonly { exchange: string; priority: number }[]>;
}

export const systemResolver: Resolver = { srv: (n) => dns.resolveSrv(n), mx: (d) => dns.resolveMx(d) };

export interface Discovered {
  readonly imap: ServerEntry;
  readonly smtp?: ServerEntry;
  /** How they were found. */
  readonly source: 'autoconfig' | 'built-in' | 'srv' | 'mx';
  /** Where: the file's URL, the provider's name, the DNS names asked. */
  readonly where: string;
  /** Read over plain HTTP: not to be trusted with a password. */
  readonly insecure: boolean;
  /** `google` or `microsoft` when the address belongs to one of them: sign in with OAuth. */
  readonly oauth?: 'google' | 'microsoft';
}

export interface DiscoverDeps {
  readonly fetch?: Fetch;
  readonly resolver?: Resolver;
  /** Per request. Default 8 s. */
  readonly timeoutMs?: number;
}

interface Provider {
  readonly name: string;
  readonly imap: readonly [string, number];
  readonly smtp: readonly [string, number, Security];
  readonly oauth?: 'google' | 'microsoft';
  /** Mail domains served, and MX host suffixes that betray a hosted domain. */
  readonly domains: readonly string[];
  readonly mx: readonly string[];
}

/** The large providers (a small ISPDB): their servers need no lookup. */
const PROVIDERS: readonly Provider[] = [
  {
    name: 'Google',
    imap: ['imap.gmail.com', 993],
    smtp: ['smtp.gmail.com', 465, 'tls'],
    oauth: 'google',
    domains: ['gmail.com', 'googlemail.com'],
    mx: ['google.com', 'googlemail.com'],
  },
  {
    name: 'Microsoft',
    imap: ['outlook.office365.com', 993],
    smtp: ['smtp.office365.com', 587, 'starttls'],
    oauth: 'microsoft',
    domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'outlook.de', 'hotmail.co.uk'],
    mx: ['protection.outlook.com', 'olc.protection.outlook.com'],
  },
  {
    name: 'Yahoo',
    imap: ['imap.mail.yahoo.com', 993],
    smtp: ['smtp.mail.yahoo.com', 465, 'tls'],
    domains: ['yahoo.com', 'ymail.com', 'rocketmail.com'],
    mx: ['yahoodns.net'],
  },
  {
    name: 'iCloud',
    imap: ['imap.mail.me.com', 993],
    smtp: ['smtp.mail.me.com', 587, 'starttls'],
    domains: ['icloud.com', 'me.com', 'mac.com'],
    mx: ['mail.icloud.com'],
  },
  {
    name: 'Fastmail',
    imap: ['imap.fastmail.com', 993],
    smtp: ['smtp.fastmail.com', 465, 'tls'],
    domains: ['fastmail.com', 'fastmail.fm'],
    mx: ['messagingengine.com'],
  },
  {
    name: 'AOL',
    imap: ['imap.aol.com', 993],
    smtp: ['smtp.aol.com', 465, 'tls'],
    domains: ['aol.com'],
    mx: ['mx.aol.com'],
  },
];

const fromProvider = (p: Provider, email: string, source: 'built-in' | 'mx', where: string): Discovered => ({
  imap: { host: p.imap[0], port: p.imap[1], security: 'tls', user: email, oauth: !!p.oauth },
  smtp: { host: p.smtp[0], port: p.smtp[1], security: p.smtp[2], user: email, oauth: !!p.oauth },
  source,
  where,
  insecure: false,
  ...(p.oauth ? { oauth: p.oauth } : {}),
});

/** The autoconfig file at `url`, or null when there is none there (or it is not one). */
async function autoconfigAt(url: string, email: string, d: DiscoverDeps): Promise<Autoconfig | null> {
  const res = await (d.fetch ?? fetch)(url, {
    redirect: 'error',
    signal: AbortSignal.timeout(d.timeoutMs ?? 8000),
  }).catch(() => null);
  if (!res?.ok) return null;
  // Read up to the limit as it arrives: over plain HTTP anyone on the network may answer.
  const text = await boundedText(res, 200_000).catch(() => null);
  return text === null ? null : parseAutoconfig(text, email);
}

async function fromAutoconfig(email: string, domain: string, d: DiscoverDeps): Promise<Discovered | null> {
  const q = `emailaddress=${encodeURIComponent(email)}`;
  const places = [
    `autoconfig.${domain}/mail/config-v1.1.xml?${q}`,
    `${domain}/.well-known/autoconfig/mail/config-v1.1.xml?${q}`,
  ];
  // HTTPS at both places first; plain HTTP only after, and marked as such.
  for (const scheme of ['https', 'http'] as const)
    for (const place of places) {
      const url = `${scheme}://${place}`;
      const c = await autoconfigAt(url, email, d);
      if (!c?.imap) continue;
      const oauth = PROVIDERS.find((p) => p.imap[0] === c.imap!.host)?.oauth;
      return {
        imap: c.imap,
        ...(c.smtp ? { smtp: c.smtp } : {}),
        source: 'autoconfig',
        where: url,
        insecure: scheme === 'http',
        ...(oauth ? { oauth } : {}),
      };
    }
  return null;
}

/** The best SRV target for `name`, or null; a "." target means the service is not offered. */
async function srvOf(r: Resolver, name: string): Promise<{ host: string; port: number } | null> {
  const records = await r.srv(name).catch(() => []);
  const best = [...records].sort((a, b) => a.priority - b.priority || b.weight - a.weight)[0];
  return best && best.name !== '.' && best.name !== '' ? { host: best.name.replace(/\.$/, ''), port: best.port } : null;
}

async function fromSrv(email: string, domain: string, r: Resolver): Promise<Discovered | null> {
  const imaps = await srvOf(r, `_imaps._tcp.${domain}`);
  const imap = imaps ?? (await srvOf(r, `_imap._tcp.${domain}`));
  if (!imap) return null;
  const submissions = await srvOf(r, `_submissions._tcp.${domain}`);
  const submission = submissions ?? (await srvOf(r, `_submission._tcp.${domain}`));
  return {
    imap: { ...imap, security: imaps ? 'tls' : 'starttls', user: email, oauth: false },
    ...(submission
      ? { smtp: { ...submission, security: submissions ? 'tls' : 'starttls', user: email, oauth: false } }
      : {}),
    source: 'srv',
    where: `DNS SRV records of ${domain}`,
    insecure: false,
  };
}

/** The MX host's provider, or a guess of `imap.` and `smtp.` under its domain. */
async function fromMx(email: string, domain: string, r: Resolver): Promise<Discovered | null> {
  const records = await r.mx(domain).catch(() => []);
  const mx = [...records]
    .sort((a, b) => a.priority - b.priority)[0]
    ?.exchange.replace(/\.$/, '')
    .toLowerCase();
  if (!mx) return null;
  const known = PROVIDERS.find((p) => p.mx.some((s) => mx === s || mx.endsWith(`.${s}`)));
  if (known) return fromProvider(known, email, 'mx', `the MX host ${mx} of ${domain} (${known.name})`);
  const base = mx.split('.').slice(-2).join('.');
  return {
    imap: { host: `imap.${base}`, port: 993, security: 'tls', user: email, oauth: false },
    smtp: { host: `smtp.${base}`, port: 465, security: 'tls', user: email, oauth: false },
    source: 'mx',
    where: `a guess from the MX host ${mx} of ${domain}`,
    insecure: false,
  };
}

/** The servers of `email`, or null when nothing was found anywhere. */
export async function discoverServers(email: string, d: DiscoverDeps = {}): Promise<Discovered | null> {
  const domain = email.split('@')[1]?.toLowerCase();
  if (!domain || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain)) return null;
  const r = d.resolver ?? systemResolver;
  const builtIn = PROVIDERS.find((p) => p.domains.includes(domain));
  return (
    (await fromAutoconfig(email, domain, d)) ??
    (builtIn ? fromProvider(builtIn, email, 'built-in', `Zamburak's list of providers (${builtIn.name})`) : null) ??
    (await fromSrv(email, domain, r)) ??
    (await fromMx(email, domain, r))
  );
}

/**
 * The servers, if they may be trusted with a password: not when they came over plain HTTP,
 * where anyone on the network could have written them to collect it.
 */
export function trustedForPassword(d: Discovered): Discovered {
  if (d.insecure)
    throw new AccountError(
      `${d.where} came over plain HTTP, so anyone on the network could have written it; a password is never sent on its word: pass --imap HOST:PORT and --smtp HOST:PORT`,
    );
  return d;
}
