/**
 * The URL sanitizer's check: is this string an absolute web URL whose scheme and host the policy
 * allowlists? Used by the `verifyUrl` tool (tools.ts).
 *
 * What it defends against: script and local schemes (`javascript:`, `data:`, `file:`), plain
 * http unless a pattern asks for it, credentials (`https://acme.test@evil.test`), IP literals
 * in every spelling the WHATWG parser accepts (`http://2130706433`, `0x7f.1`, `0177.0.0.1`,
 * `[::ffff:7f00:1]`), homograph hosts, and whitespace or invisible characters that make the
 * URL a person sees differ from the one a parser reads.
 */
import { canonicalDomain, lookalikeOf, withinDomain, type KnownDomain } from './domain';

export interface UrlAllowlist {
  /**
   * Host patterns: `acme.test`, `*.acme.test` (subdomains only), optionally with a scheme
   * (`http://intranet.test` allows http as well as https), a port (`acme.test:8443`) and a path
   * prefix (`https://acme.test/docs/`). Without a port only the scheme's default port matches.
   */
  readonly patterns: readonly string[];
  /** IP literal hosts are refused unless this is set; even then a pattern must name the address. */
  readonly allowIpLiterals?: boolean;
}

export type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

export interface UrlPattern {
  readonly source: string;
  readonly allowHttp: boolean;
  /** Canonical host: ASCII domain, IPv4 dotted quad or `[v6]`. */
  readonly host: string;
  readonly subdomains: boolean;
  /** '' for the default port. */
  readonly port: string;
  readonly pathPrefix: string;
}

const MAX_URL = 4096;
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const DANGEROUS_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'blob',
  'filesystem',
  'about',
  'view-source',
]);

const isIpHost = (host: string): boolean => IPV4.test(host) || host.startsWith('[');

/** Parses a URL pattern; patterns with anything else (query, credentials, other schemes) are refused. */
export function parseUrlPattern(source: string): { ok: true; pattern: UrlPattern } | { ok: false; reason: string } {
  const bad = (why: string): { ok: false; reason: string } => ({
    ok: false,
    reason: `URL pattern "${source}": ${why}`,
  });
  let rest = source.trim();
  let allowHttp = false;
  const scheme = SCHEME.exec(rest);
  if (scheme && rest.slice(scheme[0].length).startsWith('//')) {
    const s = (scheme[1] ?? '').toLowerCase();
    if (s !== 'https' && s !== 'http') return bad('only https:// or http:// may be given');
    allowHttp = s === 'http';
    rest = rest.slice(scheme[0].length + 2);
  }
  if (/[?#@\s\\]/.test(rest)) return bad('a pattern is a host with an optional port and path prefix');
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const pathPrefix = slash < 0 ? '' : rest.slice(slash);
  const portMatch = /^(.*?)(?::(\d{1,5}))?$/.exec(authority);
  let host = portMatch?.[1] ?? '';
  const port = portMatch?.[2] ?? '';
  const subdomains = host.startsWith('*.');
  if (subdomains) host = host.slice(2);
  if (host.includes('*')) return bad('"*" may only be a leading "*." of the host');
  if (host.length === 0) return bad('no host');
  let canonical: string;
  if (isIpHost(host) || /^\d+$/.test(host)) {
    if (subdomains) return bad('an IP address has no subdomains');
    try {
      canonical = new URL(`https://${host}/`).hostname;
    } catch {
      return bad('not a valid IP address');
    }
  } else {
    const d = canonicalDomain(host);
    if (!d.ok) return bad(d.reason);
    if (d.mixedScript) return bad(d.mixedScript);
    canonical = d.ascii;
  }
  let normalizedPath = '';
  if (pathPrefix) {
    try {
      normalizedPath = new URL(`https://x.test${pathPrefix}`).pathname;
    } catch {
      return bad('not a valid path prefix');
    }
  }
  return {
    ok: true,
    pattern: {
      source,
      allowHttp,
      host: canonical,
      subdomains,
      port: port === '443' || (allowHttp && port === '80') ? '' : port,
      pathPrefix: normalizedPath === '/' ? '' : normalizedPath,
    },
  };
}

function patternMatches(p: UrlPattern, u: URL): boolean {
  if (u.protocol === 'http:' && !p.allowHttp) return false;
  const host = u.hostname;
  if (p.subdomains ? !host.endsWith(`.${p.host}`) : host !== p.host) return false;
  if (u.port !== p.port) return false;
  if (p.pathPrefix) {
    const prefix = p.pathPrefix;
    const ok = prefix.endsWith('/')
      ? u.pathname.startsWith(prefix)
      : u.pathname === prefix || u.pathname.startsWith(`${prefix}/`);
    if (!ok) return false;
  }
  return true;
}

/** How an IP host was written, for a reason a person can act on. */
function ipSpelling(rawHost: string): string {
  if (rawHost.startsWith('[')) return 'an IPv6 address';
  if (/^\d+$/.test(rawHost)) return 'an IPv4 address written as one integer';
  if (/(?:^|\.)0x/i.test(rawHost)) return 'an IPv4 address written in hexadecimal';
  if (/(?:^|\.)0\d/.test(rawHost)) return 'an IPv4 address written in octal';
  if (!IPV4.test(rawHost)) return 'an IPv4 address in a shortened form';
  return 'an IPv4 address';
}

/**
 * Checks a URL. On success returns its WHATWG serialization (lower-case scheme and host,
 * punycode host, default port dropped, `.`/`..` resolved, unsafe characters percent-encoded).
 */
export function checkUrl(input: string, allow: UrlAllowlist): UrlCheck {
  const shown = input.length > 100 ? `${input.slice(0, 97)}...` : input;
  if (input.length === 0) return { ok: false, reason: 'the URL is empty' };
  if (input.length > MAX_URL) return { ok: false, reason: `the URL is longer than ${MAX_URL} characters` };
  if (INVISIBLE.test(input))
    return { ok: false, reason: `"${shown}" contains whitespace, control or invisible characters` };
  const scheme = SCHEME.exec(input);
  if (!scheme) return { ok: false, reason: `"${shown}" is not an absolute URL (it must start with https://)` };
  const schemeName = (scheme[1] ?? '').toLowerCase();
  if (DANGEROUS_SCHEMES.has(schemeName))
    return {
      ok: false,
      reason: `"${schemeName}:" URLs are never allowed (only https, or http where the policy says so)`,
    };
  if (schemeName !== 'https' && schemeName !== 'http')
    return {
      ok: false,
      reason: `the scheme "${schemeName}:" is not allowed (only https, or http where the policy says so)`,
    };
  if (input.includes('\\'))
    return { ok: false, reason: `"${shown}" contains a backslash, which parsers read differently` };
  const afterScheme = input.slice(scheme[0].length);
  if (!afterScheme.startsWith('//')) return { ok: false, reason: `"${shown}" has no "//" host part` };
  const authority = afterScheme.slice(2).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@'))
    return { ok: false, reason: `"${shown}" carries credentials (user@ or user:password@) before the host` };

  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return { ok: false, reason: `"${shown}" is not a valid URL` };
  }
  if (u.username || u.password) return { ok: false, reason: `"${shown}" carries credentials before the host` };
  const host = u.hostname;
  const rawHost = /^(\[[^\]]*\]|[^:]*)/.exec(authority)?.[1] ?? host;
  if (host.length === 0) return { ok: false, reason: `"${shown}" has no host` };
  if (host.endsWith('.')) return { ok: false, reason: `the host "${host}" ends with a dot` };

  const patterns: UrlPattern[] = [];
  for (const s of allow.patterns) {
    const p = parseUrlPattern(s);
    if (p.ok) patterns.push(p.pattern);
  }

  if (isIpHost(host)) {
    if (!allow.allowIpLiterals)
      return {
        ok: false,
        reason: `the host of "${shown}" is ${ipSpelling(rawHost)} (${host}); IP addresses are not allowed`,
      };
  } else {
    const d = canonicalDomain(host);
    if (!d.ok) return { ok: false, reason: `"${shown}": ${d.reason}` };
    const known: KnownDomain[] = patterns
      .filter((p) => !isIpHost(p.host))
      .map((p) => ({ ascii: p.host, why: `allowlisted by "${p.source}"` }));
    const inZone = patterns.some((p) => (p.subdomains ? withinDomain(host, p.host) : host === p.host));
    if (!inZone) {
      const imitated = lookalikeOf(rawHost, host, known);
      if (imitated) {
        const displayed = d.unicode !== host ? ` (displayed as "${d.unicode}")` : '';
        return {
          ok: false,
          reason: `the host "${host}"${displayed} looks like "${imitated.ascii}" (${imitated.why}) but is not it`,
        };
      }
    }
    if (d.mixedScript) return { ok: false, reason: `the host of "${shown}": ${d.mixedScript}` };
  }

  if (u.protocol === 'http:' && !patterns.some((p) => p.allowHttp && patternMatches(p, u)))
    return { ok: false, reason: `"${shown}" uses plain http; only https is allowed unless a pattern says http://` };
  if (!patterns.some((p) => patternMatches(p, u)))
    return { ok: false, reason: `the host "${host}${u.port ? `:${u.port}` : ''}" of "${shown}" is not allowlisted` };
  return { ok: true, url: u.href };
}
