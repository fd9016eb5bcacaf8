/**
 * Links that lead somewhere other than they seem: to a domain that imitates a known one, to a bare
 * IP address, with a known name written before an `@` that hides the real host, with text showing
 * one address while the link goes to another, a stranger asking you to verify your account on
 * another domain than theirs, or — when the sender failed authentication — to any host but the
 * sender's. A verified sender's ordinary link elsewhere (a colleague's design file, a newsletter's
 * article) is not a finding.
 */
import { withinDomain } from '../sanitizers';
import { domainOf, imitation, registeredDomain, type Known } from './domains';
import { plainText, sentences } from './text';
import type { FraudFinding, FraudMail } from './types';

export interface Link {
  /** The host the link really goes to, lower-case. */
  readonly host: string;
  /** What stood before an `@` in the authority (`https://acme.test@evil.example`), if anything. */
  readonly userinfo: string;
}

const URL = /\bhttps?:\/\/[^\s<>"'`)\]]+/gi;
const AUTHORITY = /^https?:\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^/:?#]+)/i;

/** Every http(s) link in `text`, in order, each host once. */
export function linksIn(text: string): Link[] {
  const out = new Map<string, Link>();
  for (const [url] of text.matchAll(URL)) {
    const a = AUTHORITY.exec(url);
    const host = (a?.[2] ?? '').toLowerCase().replace(/\.$/, '');
    if (host && !out.has(host)) out.set(host, { host, userinfo: a?.[1] ?? '' });
  }
  return [...out.values()];
}

/**
 * Web addresses written without a scheme, which a person reading an answer would still follow:
 * `www.host…`, or `host.tld/path`. Not a host inside a link or an email address.
 */
const BARE =
  /(?<![\p{L}\p{N}@./:-])(?:www\.[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?=\/))/giu;

/** Every web address in `text` (links, then bare `www.` hosts and `host.tld/path`), each host once. */
export function webAddressesIn(text: string): Link[] {
  const out = new Map(linksIn(text).map((l) => [l.host, l]));
  for (const [h] of text.matchAll(BARE)) {
    const host = h.toLowerCase().replace(/\.$/, '');
    if (!out.has(host)) out.set(host, { host, userinfo: '' });
  }
  return [...out.values()];
}

/** `<a href="https://x">https://y</a>`: the text shows a web address whose host is not the link's. */
function disguisedAnchors(html: string): { shows: string; goes: string }[] {
  const out: { shows: string; goes: string }[] = [];
  for (const m of html.matchAll(/<a\b[^>]*\bhref\s*=\s*["']?([^"'\s>]+)[^>]*>([\s\S]*?)<\/a>/gi)) {
    const goes = linksIn(m[1] ?? '')[0]?.host;
    const text = (m[2] ?? '').replace(/<[^>]*>/g, '').trim();
    const shown = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/:?#]\S*)?$/i.exec(text)?.[1]?.toLowerCase();
    if (goes && shown && !withinDomain(goes, shown) && !withinDomain(shown, goes)) out.push({ shows: shown, goes });
  }
  return out;
}

/** "Verify your account", "please confirm your identity": an account-threat request, addressed to the reader. */
const LURE =
  /(?:^|[,;:]\s*|\b(?:please|kindly|you must|you need to)\s+)(?:verify|confirm|validate|update|secure|unlock|restore|reactivate|re-activate)\s+(?:your\s+)?(?:account|identity|mailbox|e-?mail account|login|sign-in|access)\b/i;
const lure = (text: string): boolean => sentences(text).some((s) => LURE.test(s));

const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export function suspiciousLinks(m: FraudMail, known: readonly Known[]): FraudFinding[] {
  const sender = domainOf(m.from);
  const links = linksIn(`${m.body}\n${m.html ?? ''}`);
  const reasons: string[] = [];
  for (const l of links) {
    const like = imitation(l.host, known);
    if (like) reasons.push(`A link goes to ${l.host}, which ${like.how}.`);
    else if (IP.test(l.host)) reasons.push(`A link goes to a bare internet address (${l.host}) instead of a name.`);
    else if (l.userinfo && /\./.test(l.userinfo))
      reasons.push(`A link starts with ${l.userinfo} but really goes to ${l.host}.`);
  }
  for (const a of disguisedAnchors(m.html ?? m.body)) reasons.push(`A link shows ${a.shows} but goes to ${a.goes}.`);
  const elsewhere = links.map((l) => l.host).filter((h) => !sender || registeredDomain(h) !== registeredDomain(sender));
  const knownSender = known.some((k) => withinDomain(sender, k.ascii));
  const lured = elsewhere.length > 0 && !knownSender && lure(plainText(m));
  if (lured)
    reasons.push(
      `It asks you to verify or secure your account through a link to ${elsewhere[0]}, which is not the sender's domain ${sender || '(none)'}.`,
    );
  if (m.auth === 'fail') {
    if (elsewhere.length)
      reasons.push(
        `Links go to ${elsewhere.slice(0, 3).join(', ')}${elsewhere.length > 3 ? ` and ${elsewhere.length - 3} more` : ''}, and the sender ${sender || '(none)'} failed authentication.`,
      );
  }
  const asks = lured ? 'verify your account through a link' : 'open a link';
  return [...new Set(reasons)].map((reason) => ({ kind: 'suspicious-link', reason, asks }));
}
