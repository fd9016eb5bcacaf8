/**
 * Small pure matchers the policy engine (and the sanitizers) share: addresses, allowlist
 * patterns, cap patterns and source names.
 */
import { isListedSource, LISTED_MARK } from '../ifc/label';

/** `"Bob Lee <Bob@Acme.test>"` → `bob@acme.test`; null when it is not one address. */
export function parseAddress(text: string): string | null {
  const m = /<([^<>]*)>\s*$/.exec(text);
  const a = (m ? m[1]! : text).trim().toLowerCase();
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(a) ? a : null;
}

/**
 * The addresses in one string: one address, or several separated by `,` / `;` (as some callers
 * write `to: "a@x.test, b@y.test"`). A part that is not an address stays as written (and is
 * reported as such).
 */
export function splitAddresses(text: string): { raw: string; address: string | null }[] {
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length > 1 && parts.every((p) => p.includes('@'))) {
    return parts.map((raw) => ({ raw, address: parseAddress(raw) }));
  }
  return [{ raw: text, address: parseAddress(text) }];
}

const escapeRe = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Recipient allowlist pattern: an address where `*` stands for any run of characters other than
 * `@`, `%` and `!` (`*@acme.test`, `bob@*.partner.test`). Case-insensitive, whole-address match.
 * A `%` or `!` in the local part asks the domain's relay to pass the message on to a second host
 * (the percent hack, a bang path): `*@acme.test` must not trust `eve%evil.test@acme.test` or
 * `evil.test!eve@acme.test` (red-team round 22).
 */
export function matchRecipient(pattern: string, address: string): boolean {
  return recipientPattern(pattern).test(address.trim().toLowerCase());
}

/** Compiled allowlist patterns: a policy's few patterns are tested against every recipient of every call. */
const compiledRecipients = new Map<string, RegExp>();
function recipientPattern(pattern: string): RegExp {
  let re = compiledRecipients.get(pattern);
  if (re) return re;
  re = new RegExp(`^${escapeRe(pattern.trim().toLowerCase()).replace(/\*/g, '[^@%!]*')}$`);
  // Bounded: patterns come from policies, but a host may load many over its lifetime.
  if (compiledRecipients.size >= 1024) compiledRecipients.clear();
  compiledRecipients.set(pattern, re);
  return re;
}

/**
 * URL allowlist pattern: `scheme://host[:port][/path]`, where a leading `*.` in the host stands
 * for one or more subdomain labels (not the bare domain) and the path, when given, is a prefix
 * that ends at a segment boundary (`https://docs.acme.test/guides` matches `/guides/x`, not
 * `/guidesX`). URLs with credentials never match.
 */
export function matchUrl(pattern: string, url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)(\/[^?#]*)?$/i.exec(pattern.trim());
  if (!m) return false;
  const [, scheme, hostPort, path] = m;
  if (u.protocol !== `${scheme!.toLowerCase()}:`) return false;
  const hostRe = new RegExp(
    `^${escapeRe(hostPort!.toLowerCase())
      .replace(/^\\?\*\\?\./, '(?:[a-z0-9-]+\\.)+')
      .replace(/\*/g, '[a-z0-9-]+')}$`,
  );
  if (!hostRe.test(u.host.toLowerCase())) return false;
  if (path && path !== '/') {
    const prefix = path.endsWith('*') ? path.slice(0, -1) : path;
    if (path.endsWith('*')) return u.pathname.startsWith(prefix);
    const p = prefix.endsWith('/') ? prefix : `${prefix}/`;
    return u.pathname === prefix || u.pathname.startsWith(p);
  }
  return true;
}

/** A cap pattern: an exact cap, or a prefix ending in `*` (`PII_*`). */
export const matchCap = (pattern: string, cap: string): boolean =>
  pattern.endsWith('*') ? cap.startsWith(pattern.slice(0, -1)) : cap === pattern;

export const capsMatching = (patterns: readonly string[], caps: readonly string[]): string[] =>
  caps.filter((c) => patterns.some((p) => matchCap(p, c)));

/**
 * Does this source name the item `id`? `tool:<name>:<item>`: the item is everything after the
 * tool name (ids may contain `:`), or, failing that, the last `:` segment.
 */
/** The tool and item a `tool:T:ID` source names (its `#listed` membership names the same item). */
export function itemOfSource(source: string): { tool: string; item: string } | null {
  const m = /^tool:([^:]+):(.+)$/.exec(isListedSource(source) ? source.slice(0, -LISTED_MARK.length) : source);
  return m ? { tool: m[1] ?? '', item: m[2] ?? '' } : null;
}

export function sourceIsItem(source: string, id: string): boolean {
  const m = /^tool:[^:]+:(.+)$/.exec(source);
  if (!m) return false;
  if (m[1] === id) return true;
  const last = source.slice(source.lastIndexOf(':') + 1);
  return last === id;
}
