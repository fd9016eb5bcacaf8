/**
 * The parts of a message every mail tool shares: the subject prefix of a reply or forward, the
 * quoted original of a forward, the threading headers, and who a reply goes to.
 */
import { bareAddress } from '../world/addresses';
import type { EffectLookups, OriginalEmail } from './effect';
import { EffectError } from './effect';

/** `Re: x` for a reply to `x`, never `Re: Re: x`; `Fwd:` also accepts an existing `Fw:`. */
export function prefixed(prefix: 'Re' | 'Fwd', subject: string): string {
  const already = prefix === 'Re' ? /^re:/i : /^fwd?:/i;
  return already.test(subject.trim()) ? subject : `${prefix}: ${subject}`;
}

/** The original of a forward, below the person's words. */
export const quotedOriginal = (m: OriginalEmail): string =>
  [
    '---------- Forwarded message ----------',
    `From: ${m.from}`,
    `Date: ${m.date}`,
    `Subject: ${m.subject}`,
    `To: ${m.to.join(', ')}`,
    '',
    m.body,
  ].join('\n');

/** In-Reply-To and References of a message that answers `m`. */
export function threadingOf(m: OriginalEmail): { inReplyTo: string | null; references: string[] } {
  return {
    inReplyTo: m.messageId,
    references: [...new Set([...m.references, ...(m.messageId ? [m.messageId] : [])])],
  };
}

export function originalOf(tool: string, id: unknown, lookups: EffectLookups): OriginalEmail {
  const m = typeof id === 'string' ? lookups.email(id) : undefined;
  if (!m) throw new EffectError(tool, `the email ${JSON.stringify(id)} is not in the mailbox`);
  return m;
}

/** Keeps the first of each address (by bare address) that is neither the person's nor in `seen`. */
function others(list: readonly string[], seen: Set<string>): string[] {
  const out: string[] = [];
  for (const a of list) {
    const b = bareAddress(a);
    if (!b || seen.has(b)) continue;
    seen.add(b);
    out.push(a);
  }
  return out;
}

/**
 * Who a reply goes to: the sender (or, answering one's own message, its recipients); with
 * reply-all, every other To and Cc address in Cc — never the person's own addresses, never twice.
 */
export function replyRecipients(
  m: OriginalEmail,
  all: boolean,
  lookups: EffectLookups,
): { to: string[]; cc: string[] } {
  const own = new Set(lookups.account.addresses.map(bareAddress));
  const seen = new Set(own);
  const fromSelf = own.has(bareAddress(m.from));
  const to = fromSelf ? others(m.to, seen) : others([m.from], seen);
  const cc = all ? others(fromSelf ? m.cc : [...m.to, ...m.cc], seen) : [];
  return { to, cc };
}
