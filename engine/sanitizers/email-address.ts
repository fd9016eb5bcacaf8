/**
 * The email-address sanitizer's check: is this string one plain address that the user has
 * allowed as a recipient? Used by the `verifyEmailAddress` tool (tools.ts), the only way a plan
 * turns an address read from untrusted data into a trusted recipient.
 *
 * What it defends against: display-name and quoting tricks (`"bob@acme.test" <eve@evil.test>`),
 * several addresses in one string, invisible or control characters, homograph domains
 * (`аcme.test` with a Cyrillic а, its `xn--` form, `acrne.test`, `acme-1.test` vs `acme-l.test`)
 * and addresses outside the user's own addresses, contacts and policy patterns.
 */
import { canonicalDomain, lookalikeOf, withinDomain, type KnownDomain } from './domain';

export interface EmailAllowlists {
  /** The user's own addresses. */
  readonly userAddresses: readonly string[];
  /** The user's contacts' addresses. */
  readonly contacts: readonly string[];
  /**
   * Policy patterns: `bob@partner.test`, `*@acme.test` (any local part), `*@*.acme.test`
   * (any subdomain of acme.test, not acme.test itself), `ops@*.acme.test`.
   */
  readonly patterns: readonly string[];
}

export type EmailCheck =
  { readonly ok: true; readonly address: string } | { readonly ok: false; readonly reason: string };

/** RFC 5322 `atext`: what an unquoted local part may contain besides dots. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** Whitespace, controls, invisible and direction-changing characters. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;

interface Parsed {
  readonly local: string;
  readonly rawDomain: string;
  readonly ascii: string;
  readonly unicode: string;
  readonly mixedScript: string | null;
}

function parseAddress(input: string): { ok: true; value: Parsed } | { ok: false; reason: string } {
  const shown = input.length > 80 ? `${input.slice(0, 77)}...` : input;
  if (input.length === 0) return { ok: false, reason: 'the address is empty' };
  if (input.length > MAX_ADDRESS * 4) return { ok: false, reason: 'the address is far too long' };
  if (/[<>]/.test(input))
    return {
      ok: false,
      reason: `"${shown}" looks like a display name with an address; pass only the bare address (name@domain)`,
    };
  if (INVISIBLE.test(input))
    return {
      ok: false,
      reason: `"${shown}" contains whitespace, control or invisible characters; pass one bare address`,
    };
  if (/["()\\[\]]/.test(input))
    return { ok: false, reason: `"${shown}" contains quotes, comments or brackets, which are not accepted` };
  if (/[,;]/.test(input)) return { ok: false, reason: `"${shown}" contains a list separator; pass one address` };
  const at = input.split('@');
  if (at.length !== 2) return { ok: false, reason: `"${shown}" must contain exactly one "@"` };
  const [local = '', rawDomain = ''] = at;
  if (local.length === 0) return { ok: false, reason: `"${shown}" has nothing before the "@"` };
  if (rawDomain.length === 0) return { ok: false, reason: `"${shown}" has no domain after the "@"` };
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(local))
    return { ok: false, reason: `"${shown}" has non-ASCII characters before the "@", which are not accepted` };
  if (local.length > MAX_LOCAL)
    return { ok: false, reason: `the part before the "@" is longer than ${MAX_LOCAL} characters` };
  if (!LOCAL_PART.test(local))
    return {
      ok: false,
      reason: `"${local}" is not a valid local part (letters, digits, !#$%&'*+/=?^_\`{|}~- and single inner dots)`,
    };
  const d = canonicalDomain(rawDomain);
  if (!d.ok) return { ok: false, reason: `"${shown}": ${d.reason}` };
  const lower = local.toLowerCase();
  if (lower.length + 1 + d.ascii.length > MAX_ADDRESS)
    return { ok: false, reason: `"${shown}" is longer than ${MAX_ADDRESS} characters` };
  return {
    ok: true,
    value: { local: lower, rawDomain, ascii: d.ascii, unicode: d.unicode, mixedScript: d.mixedScript },
  };
}

/** A compiled recipient pattern. */
export interface EmailPattern {
  readonly source: string;
  /** `*` for any local part. */
  readonly local: string;
  readonly domain: string;
  /** `*.domain`: subdomains of `domain` only. */
  readonly subdomains: boolean;
}

/**
 * Parses a policy recipient pattern. `*` may only be the whole local part or a leading `*.` of
 * the domain: anything looser (`*@*`, `b*@acme.test`, `*acme.test`) could allow the world.
 */
export function parseEmailPattern(source: string): { ok: true; pattern: EmailPattern } | { ok: false; reason: string } {
  const parts = source.split('@');
  if (parts.length !== 2) return { ok: false, reason: `recipient pattern "${source}" must contain exactly one "@"` };
  const [local = '', domainPart = ''] = parts;
  const subdomains = domainPart.startsWith('*.');
  const domain = subdomains ? domainPart.slice(2) : domainPart;
  if (domain.includes('*') || (local !== '*' && local.includes('*')))
    return {
      ok: false,
      reason: `recipient pattern "${source}": "*" may only be the whole local part or a leading "*." of the domain`,
    };
  const d = canonicalDomain(domain);
  if (!d.ok) return { ok: false, reason: `recipient pattern "${source}": ${d.reason}` };
  if (d.mixedScript) return { ok: false, reason: `recipient pattern "${source}": ${d.mixedScript}` };
  if (local !== '*') {
    const p = parseAddress(`${local}@${d.ascii}`);
    if (!p.ok) return { ok: false, reason: `recipient pattern "${source}": ${p.reason}` };
    return { ok: true, pattern: { source, local: p.value.local, domain: d.ascii, subdomains } };
  }
  return { ok: true, pattern: { source, local: '*', domain: d.ascii, subdomains } };
}

const patternMatches = (p: EmailPattern, local: string, domain: string): boolean =>
  (p.local === '*' || p.local === local) && (p.subdomains ? domain.endsWith(`.${p.domain}`) : domain === p.domain);

/** Canonical forms of allowlisted addresses; entries that are not valid addresses allow nothing. */
function canonicalAddresses(list: readonly string[]): Parsed[] {
  const out: Parsed[] = [];
  for (const a of list) {
    const p = parseAddress(a);
    if (p.ok && p.value.mixedScript === null) out.push(p.value);
  }
  return out;
}

/**
 * Checks one address against syntax, IDN and homograph rules and the allowlists. On success the
 * address is returned canonical: local part lower-cased, domain lower-cased in ASCII (punycode).
 * Invalid patterns allow nothing (fail closed); `sanitizerTools` refuses them up front.
 */
export function checkEmailAddress(input: string, allow: EmailAllowlists): EmailCheck {
  const parsed = parseAddress(input);
  if (!parsed.ok) return parsed;
  const { local, rawDomain, ascii, unicode, mixedScript } = parsed.value;
  const address = `${local}@${ascii}`;

  const users = canonicalAddresses(allow.userAddresses);
  const contacts = canonicalAddresses(allow.contacts);
  const patterns: EmailPattern[] = [];
  for (const s of allow.patterns) {
    const p = parseEmailPattern(s);
    if (p.ok) patterns.push(p.pattern);
  }

  // Exact entries first: an address the user owns or knows is what it is.
  const same = (p: Parsed): boolean => p.local === local && p.ascii === ascii;
  if (users.some(same) || contacts.some(same)) return { ok: true, address };
  if (patterns.some((p) => p.local !== '*' && !p.subdomains && p.local === local && p.domain === ascii))
    return { ok: true, address };

  // Homographs of any allowlisted domain are refused with a reason that names the imitation,
  // unless the domain lies inside an allowlisted zone itself.
  const known: KnownDomain[] = [
    ...contacts.map((c) => ({ ascii: c.ascii, why: "a contact's domain" })),
    ...users.map((u) => ({ ascii: u.ascii, why: 'your own domain' })),
    ...patterns.map((p) => ({ ascii: p.domain, why: `allowed by the policy pattern "${p.source}"` })),
  ];
  const inZone =
    known.some((k) => k.ascii === ascii) || patterns.some((p) => p.subdomains && withinDomain(ascii, p.domain));
  if (!inZone) {
    const imitated = lookalikeOf(rawDomain, ascii, known);
    if (imitated) {
      const written =
        rawDomain.toLowerCase() !== ascii
          ? ` (written "${input}")`
          : unicode !== ascii
            ? ` (displayed as "${local}@${unicode}")`
            : '';
      return {
        ok: false,
        reason: `"${address}"${written} looks like "${imitated.ascii}" (${imitated.why}) but is not it`,
      };
    }
  }
  if (mixedScript) return { ok: false, reason: `"${address}": ${mixedScript}` };

  if (patterns.some((p) => patternMatches(p, local, ascii))) return { ok: true, address };
  return {
    ok: false,
    reason: `"${address}" is not one of your addresses, not a contact, and not allowed by the policy's recipient patterns`,
  };
}
