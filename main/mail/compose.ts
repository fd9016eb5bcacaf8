/**
 * A stored mail action as a concrete message, from the account and the store only: the address
 * it goes out from, a reply's recipients and threading headers (In-Reply-To, References) from
 * the original message, a forward's quoted original. Never from text a plan wrote about it.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import { bareAddress } from '../../engine/world';
import type { ClaimAction } from '../claims/claim-store';
import type { OutgoingMail, MailComposerSource } from '../outbox/mail-transport';
import { TransportError } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import type { Account, StoredMessage } from '../store/repositories';

const list = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
const text = (v: Json | undefined): string => (typeof v === 'string' ? v : '');
const prefixed = (prefix: string, subject: string): string =>
  new RegExp(`^${prefix}:`, 'i').test(subject.trim()) ? subject : `${prefix}: ${subject}`;

/** The Message-IDs of a thread up to and including `m`, oldest first (the References header). */
function references(p: Profile, m: StoredMessage): string[] {
  const ids = p.repos.messages
    .thread(m.threadId)
    .filter((x) => x.date <= m.date && x.messageId)
    .map((x) => x.messageId!);
  return [...new Set([...ids, ...(m.messageId ? [m.messageId] : [])])];
}

const quote = (m: StoredMessage): string =>
  `\n\n---------- Forwarded message ----------\nFrom: ${m.from}\nDate: ${m.date}\nSubject: ${m.subject}\nTo: ${m.to.join(', ')}\n\n${m.body}`;

export function storeComposer(p: Profile, account: Account): MailComposerSource {
  const original = (id: Json | undefined): StoredMessage => {
    const m = typeof id === 'string' ? p.repos.messages.get(id) : undefined;
    if (!m) throw new TransportError('permanent', `the email ${String(id)} is no longer in the store`);
    return m;
  };
  return {
    compose(action: ClaimAction): OutgoingMail {
      const a = action.args;
      switch (action.tool) {
        case 'sendEmail':
          return { from: account.email, to: list(a.to), cc: list(a.cc), subject: text(a.subject), text: text(a.body) };
        case 'replyToEmail': {
          const m = original(a.id);
          const self = new Set(account.addresses.map((x) => x.toLowerCase()));
          const others = a.replyAll === true ? [...m.to, ...m.cc].filter((x) => !self.has(bareAddress(x))) : [];
          const refs = references(p, m);
          return {
            from: account.email,
            to: [m.from],
            cc: others,
            subject: prefixed('Re', m.subject),
            text: text(a.body),
            ...(m.messageId ? { inReplyTo: m.messageId } : {}),
            ...(refs.length ? { references: refs } : {}),
          };
        }
        case 'forwardEmail': {
          const m = original(a.id);
          return {
            from: account.email,
            to: list(a.to),
            cc: list(a.cc),
            subject: prefixed('Fwd', m.subject),
            text: `${text(a.body)}${quote(m)}`,
          };
        }
        default:
          throw new TransportError('permanent', `${action.tool} is not a mail action`);
      }
    },
  };
}
