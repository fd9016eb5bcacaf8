/**
 * Domains a person deals with, and the ones that imitate them. An attacker registers a domain a
 * glance confuses with a real one: the same letters in another script or with `rn` for `m`
 * (`acrne`, `аcme`: same skeleton), one letter off (`globx`), the real name with a word added
 * (`cloudnest-billing`, `acme-helpdesk`), the real name under another ending (`acme.co`), or the
 * real domain in front of theirs (`acme.test.login.example`).
 */
import { canonicalDomain, lookalikeOf, withinDomain } from '../sanitizers';
import { bareAddress } from '../world/addresses';
import { BRANDS } from './brands';
import type { FraudContext } from './types';

/** The domain of an address, lower case, without a trailing root dot (`acrne.test.` is `acrne.test`). */
export const domainOf = (address: string): string =>
  (bareAddress(address).split('@')[1] ?? '').toLowerCase().replace(/\.+$/, '');

/** A domain the person has reason to trust, and why (said in findings). */
export interface Known {
  readonly ascii: string;
  readonly why: string;
  /** A well-known service's: it runs its name under many endings (amazon.de, google.fr), none an imitation. */
  readonly service?: boolean;
}

/** Second-level labels under which names are registered (`acme.co.uk`), for the common country codes. */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'edu', 'ltd', 'plc', 'or', 'ne']);

/** The registered name of a domain and what it is registered under: `mail.acme.co.uk` → `acme` + `co.uk`. */
export function registered(ascii: string): { name: string; suffix: string } {
  const labels = ascii.split('.');
  const n = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2]!) ? 2 : 1;
  return { name: labels[labels.length - n - 1] ?? '', suffix: labels.slice(-n).join('.') };
}

/** The registered domain itself: `mail.acme.co.uk` → `acme.co.uk`. */
export const registeredDomain = (ascii: string): string => {
  const r = registered(ascii);
  return r.name ? `${r.name}.${r.suffix}` : ascii;
};

/** Your own domains, your contacts' domains and the well-known services, each with why it is known. */
export function knownDomains(ctx: FraudContext): Known[] {
  const out = new Map<string, Known>();
  const add = (ascii: string, why: string, service = false) => {
    if (ascii && !out.has(ascii)) out.set(ascii, { ascii, why, ...(service ? { service } : {}) });
  };
  for (const a of ctx.user.addresses) add(domainOf(a), 'your own domain');
  for (const c of ctx.contacts) add(domainOf(c.email), `the domain of your contact ${c.name || c.email}`);
  for (const b of BRANDS) for (const d of b.domains) add(d, `${b.name}'s domain`, true);
  return [...out.values()];
}

/** Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** How `domain` imitates a known one (naming it and why it is known), completing "… which …". */
export interface Imitation {
  readonly known: Known;
  readonly how: string;
}

/** Names this short are too often one letter from an unrelated real name to compare by distance. */
const MIN_DISTANCE_NAME = 5;

function imitationOf(ascii: string, raw: string, k: Known): string | null {
  if (withinDomain(ascii, k.ascii)) return null;
  const target = k.ascii;
  const named = `${target} (${k.why})`;
  if (lookalikeOf(raw, ascii, [k])) return `looks like ${named} but is not it`;
  const mine = registered(ascii);
  const theirs = registered(target);
  if (!mine.name || !theirs.name) return null;
  if (ascii.startsWith(`${target}.`)) return `puts ${named} in front of another domain`;
  if (mine.name === theirs.name) return k.service ? null : `has the name of ${named} under another ending`;
  if (mine.name.split('-').includes(theirs.name) && theirs.name.length >= 3)
    return `adds words to the name of ${named}`;
  const shortest = Math.min(mine.name.length, theirs.name.length);
  // A short name one letter off counts only under the same ending (`acne.test` for `acme.test`).
  const comparable = shortest >= MIN_DISTANCE_NAME || (shortest >= 4 && mine.suffix === theirs.suffix);
  if (comparable && editDistance(mine.name, theirs.name) <= (theirs.name.length >= 9 ? 2 : 1))
    return `is a letter or two away from ${named}`;
  return null;
}

/**
 * The known domain `domain` imitates, if any (a subdomain of a known domain is that domain, not
 * an imitation). Domains that are known themselves imitate nothing: a contact at `acme.co` is no
 * attacker of `acme.test`.
 */
export function imitation(domain: string, known: readonly Known[]): Imitation | null {
  // Answers are kept by the known list's content and the domain: triage asks about hundreds of
  // messages from a few senders against one list, and each answer costs a skeleton and an edit
  // distance per known domain.
  const key = knownKey(known);
  let answers = imitations.get(key);
  if (!answers) {
    if (imitations.size >= 64) imitations.clear();
    imitations.set(key, (answers = new Map()));
  }
  const kept = answers.get(domain);
  if (kept !== undefined) return kept;
  const found = imitationAmong(domain, known);
  if (answers.size >= 4096) answers.clear();
  answers.set(domain, found);
  return found;
}

const imitations = new Map<string, Map<string, Imitation | null>>();
const knownKey = (known: readonly Known[]): string =>
  known.map((k) => `${k.ascii}\u0001${k.why}\u0001${k.service ? 1 : 0}`).join('\u0000');

function imitationAmong(domain: string, known: readonly Known[]): Imitation | null {
  const c = canonicalDomain(domain);
  if (!c.ok) return null;
  if (known.some((k) => withinDomain(c.ascii, k.ascii))) return null;
  for (const k of known) {
    const how = imitationOf(c.ascii, domain, k);
    if (how) return { known: k, how };
  }
  return null;
}

/** The domain's Unicode form when it is an internationalised (punycode) name, for reasons. */
export function displayDomain(domain: string): string {
  const c = canonicalDomain(domain);
  return c.ok && c.unicode !== c.ascii ? `${c.ascii} (shown as ${c.unicode})` : domain;
}
