/**
 * A message's sender domain and link hosts, as claims name them. Why a message deserves care —
 * look-alike senders, foreign links, payment and code requests, instructions to an assistant —
 * is engine/fraud's, shown on the message and used by triage.
 */
import { bareAddress } from '../world';

export const domainOfAddress = (a: string): string => bareAddress(a).split('@')[1] ?? '';

/** The hosts of the http(s) links in `text`, lower-case, in order of appearance, unique. */
export function linkHosts(text: string): string[] {
  const hosts = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((u) =>
    (/^https?:\/\/(?:[^@/?#]*@)?([^/:?#]+)/.exec(u)?.[1] ?? '').toLowerCase(),
  );
  return [...new Set(hosts.filter(Boolean))];
}
