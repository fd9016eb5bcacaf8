/**
 * Why a message deserves care, in words a person reads at a glance: a sender whose domain looks
 * like one they deal with but is not it, links whose host is not the sender's, and text the
 * firewall recognises as instructions aimed at an assistant. Shown on the message and used by
 * claims; computed from the message itself, never from what a plan wrote about it.
 */
import { scanText } from '../firewall';
import { canonicalDomain, lookalikeOf, withinDomain } from '../sanitizers';
import { bareAddress } from '../world';

export const domainOfAddress = (a: string): string => bareAddress(a).split('@')[1] ?? '';

/** The hosts of the http(s) links in `text`, lower-case, in order of appearance, unique. */
export function linkHosts(text: string): string[] {
  const hosts = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((u) =>
    (/^https?:\/\/(?:[^@/?#]*@)?([^/:?#]+)/.exec(u)?.[1] ?? '').toLowerCase(),
  );
  return [...new Set(hosts.filter(Boolean))];
}

export interface MailContext {
  readonly contacts: readonly string[];
  readonly userAddresses: readonly string[];
}

export function mailWarnings(m: { from: string; body: string; html?: string | null }, ctx: MailContext): string[] {
  const warnings: string[] = [];
  const sender = domainOfAddress(m.from);
  const known = [...new Set([...ctx.contacts, ...ctx.userAddresses].map(domainOfAddress))]
    .filter(Boolean)
    .map((ascii) => ({ ascii, why: 'a domain you deal with' }));
  const canonical = canonicalDomain(sender);
  if (canonical.ok) {
    const like = lookalikeOf(sender, canonical.ascii, known);
    if (like) warnings.push(`The sender's domain ${sender} looks like ${like.ascii} but is not it.`);
  }
  const foreign = linkHosts(`${m.body}\n${m.html ?? ''}`).filter((h) => !sender || !withinDomain(h, sender));
  if (foreign.length)
    warnings.push(
      `Links point to ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ` and ${foreign.length - 3} more` : ''}, not to the sender's domain ${sender || '(none)'}.`,
    );
  if (scanText(m.body).some((f) => f.cap === 'PROMPT_INJECTION'))
    warnings.push('The text contains instructions addressed to an assistant; Zamburak will not follow them.');
  return warnings;
}
