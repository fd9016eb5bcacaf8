/**
 * Links that lead somewhere other than they seem: to a domain that imitates a known one, to a bare
 * IP address, with a known name written before an `@` that hides the real host, with text showing
 * one address while the link goes to another, a stranger asking you to verify your account on
 * another domain than theirs, or — when the sender failed authentication — to any host but the
 * sender's. A verified sender's ordinary link elsewhere (a colleague's design file, a newsletter's
 * article) is not a finding.
 */
import { normalizeForMatching } from '../firewall/normalize';
import { withinDomain } from '../sanitizers';
import { domainToUnicode } from '../sanitizers/punycode';
import { domainOf, imitation, registeredDomain, type Known } from './domains';
import { plainText, sentences, visible } from './text';
import type { FraudFinding, FraudMail, HtmlLink } from './types';

export interface Link {
  /** The host the link really goes to, lower-case. */
  readonly host: string;
  /** What stood before an `@` in the authority (`https://acme.test@evil.example`), if anything. */
  readonly userinfo: string;
}

const WRITTEN_URL = /\bhttps?:\/\/[^\s<>"'`)\]]+/gi;
const AUTHORITY = /^https?:\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^/:?#]+)/i;

/** Every http(s) link in `text`, in order, each host once. */
export function linksIn(text: string): Link[] {
  const out = new Map<string, Link>();
  for (const [url] of text.matchAll(WRITTEN_URL)) {
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

/**
 * Stand-ins for the pages the viewer's frame lives on: the desktop app's `app://` page and the
 * browser host's `http://127.0.0.1` one. The same href resolves differently against each
 * (`https:evil.example` is relative under an https page only, `//evil.example` stays on an `app:`
 * page), so a link counts wherever either takes it; a relative one stays on the page.
 */
const VIEWERS = [new URL('app://viewer.invalid/mail/'), new URL('http://viewer.invalid/mail/')];

/** The references sanitised HTML writes (main/mail/html.ts escapes `&`, `"`, `<`, `>`, no-break spaces), read back. */
const NAMED: Readonly<Record<string, string>> = { amp: '&', quot: '"', lt: '<', gt: '>', nbsp: '\u00a0', apos: "'" };
const unescaped = (s: string): string =>
  s.replace(
    /&(?:(amp|quot|lt|gt|nbsp|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi,
    (all, name?: string, dec?: string, hex?: string) => {
      if (name) return NAMED[name.toLowerCase()]!;
      const cp = dec ? Number(dec) : parseInt(hex!, 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
    },
  );

/**
 * Each anchor of `html` with an href: the href as written and the text it shows. Linear: an
 * opening tag ends at its `>` before any `<`, and an opening with no closing tag after it ends the
 * search (no later one has one). Read when a message is parsed and stored with it (`htmlLinks`).
 */
export function htmlLinks(html: string): HtmlLink[] {
  const out: HtmlLink[] = [];
  const open = /<a\b([^<>]*)>/gi;
  const close = /<\/a\s*>/gi;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    close.lastIndex = open.lastIndex;
    const c = close.exec(html);
    if (!c) break;
    const href = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(m[1]!);
    if (href) out.push({ href: unescaped(href[1] ?? href[2] ?? href[3]!), text: html.slice(open.lastIndex, c.index) });
    open.lastIndex = c.index + c[0].length;
  }
  return out;
}

/**
 * Where an href takes the person: resolved as the viewer's browser resolves it (the WHATWG URL
 * parser, which reads `https:evil.example`, `https:\\evil.example`, `//evil.example`, a tab inside
 * the scheme and `https://3232235777/` as the host they reach), or null when it is no web link
 * or stays on the page. Read with a pattern for `https://host`, those spellings went unchecked
 * (red-team round 20).
 */
function hrefLink(href: string): Link | null {
  const u = VIEWERS.map((page) => resolved(href, page)).find(
    (x) => x !== null && (x.protocol === 'https:' || x.protocol === 'http:') && x.host !== 'viewer.invalid',
  );
  if (!u) return null;
  const ascii = u.hostname.toLowerCase().replace(/\.$/, '');
  let userinfo = u.password ? `${u.username}:${u.password}` : u.username;
  try {
    userinfo = decodeURIComponent(userinfo);
  } catch {
    // kept as written
  }
  return { host: domainToUnicode(ascii) || ascii, userinfo };
}

function resolved(href: string, page: URL): URL | null {
  try {
    return new URL(href, page);
  } catch {
    return null;
  }
}

/** The text an anchor shows, as a person reads it: tags and invisible characters gone, look-alike letters read as Latin. */
const shownText = (html: string): string =>
  normalizeForMatching(visible(unescaped(html.replace(/<[^<>]*>/g, '')))).text.trim();

/** The anchors of a message's HTML part: read at parse time when it was stored with them, else now. */
const anchorsOf = (m: FraudMail): readonly HtmlLink[] => (m.html == null ? [] : (m.htmlLinks ?? htmlLinks(m.html)));

/**
 * `<a href="https://x">https://y</a>`: the text shows a web address whose host is not the link's.
 * A message without an HTML part is read for anchors in its text.
 */
function disguisedAnchors(m: FraudMail): { shows: string; goes: string }[] {
  const out: { shows: string; goes: string }[] = [];
  for (const a of m.html == null ? htmlLinks(m.body) : anchorsOf(m)) {
    const goes = hrefLink(a.href)?.host;
    const shown = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/:?#]\S*)?$/i
      .exec(shownText(a.text))?.[1]
      ?.toLowerCase();
    if (goes && shown && !withinDomain(goes, shown) && !withinDomain(shown, goes)) out.push({ shows: shown, goes });
  }
  return out;
}

/** Every link of a message: those its text writes out, and where its HTML's anchors go. */
function linksOf(m: FraudMail): Link[] {
  const out = new Map(linksIn(`${m.body}\n${m.html ?? ''}`).map((l) => [l.host, l]));
  for (const a of anchorsOf(m)) {
    const l = hrefLink(a.href);
    if (l && !out.has(l.host)) out.set(l.host, l);
  }
  return [...out.values()];
}

/** "Verify your account", "please confirm your identity": an account-threat request, addressed to the reader. */
const LURE =
  /(?:^|[,;:]\s*|\b(?:please|kindly|you must|you need to)\s+)(?:verify|confirm|validate|update|secure|unlock|restore|reactivate|re-activate)\s+(?:your\s+)?(?:account|identity|mailbox|e-?mail account|login|sign-in|access)\b/i;
const lure = (text: string): boolean => sentences(text).some((s) => LURE.test(s));

const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export function suspiciousLinks(m: FraudMail, known: readonly Known[]): FraudFinding[] {
  const sender = domainOf(m.from);
  const links = linksOf(m);
  const reasons: string[] = [];
  for (const l of links) {
    const like = imitation(l.host, known);
    if (like) reasons.push(`A link goes to ${l.host}, which ${like.how}.`);
    else if (IP.test(l.host)) reasons.push(`A link goes to a bare internet address (${l.host}) instead of a name.`);
    else if (l.userinfo && /\./.test(l.userinfo))
      reasons.push(`A link starts with ${l.userinfo} but really goes to ${l.host}.`);
  }
  for (const a of disguisedAnchors(m)) reasons.push(`A link shows ${a.shows} but goes to ${a.goes}.`);
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
