/**
 * Red-team round 16: the threading headers of a reply. A reply's References were every
 * Message-ID the store held in the replied-to message's thread (main/mail/effect-lookups.ts), and
 * the thread is whatever root the message's own References header names: text its sender wrote.
 * An attacker who knows one Message-ID of a conversation (their own first message, say) writes a
 * new message that names it; a reply to it, approved on a card that shows no headers, then
 * carried the Message-IDs of every message of that conversation the attacker never received — a
 * colleague's internal answer, the person's own mail to others, even mail of another account
 * of the profile (the thread was not scoped to one) — with their count and what Message-IDs
 * encode (sending hosts, times).
 *
 * Property: what a reply to the attacker's message sends is the same whether or not the private
 * messages exist (two profiles that differ only in mail the attacker is no party to), and each
 * Message-ID it names is one of a message every participant of the replied-to message took part in.
 */
import { describe, expect, it } from 'vitest';
import { effectHash, effectOf, type MailEffect } from '../../../engine/tools/effect';
import { bareAddress } from '../../../engine/world/addresses';
import { storeComposer } from '../../../main/mail/compose';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { parseMessage } from '../../../main/mail/parse';
import type { Profile } from '../../../main/profile/profile';
import type { StoredMessage } from '../../../main/store/repos/messages';
import { message } from '../../main/store/message-fixture';
import { PRIYA, OMAR, scratchProfiles } from '../redteam-fixtures';

const profiles = scratchProfiles('zamburak-rt16-refs-');
const TRUDY = 'trudy@attacker.test';

interface Raw {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly cc?: string;
  readonly subject: string;
  readonly date: string;
  readonly messageId: string;
  readonly references?: string;
  readonly body: string;
}

/** What each stored message's own References header named. */
const named = new Map<string, readonly string[]>();

/** Stores a message as a sync would: the real parser decides its thread from its own headers. */
async function store(p: Profile, accountId: string, m: Raw): Promise<void> {
  named.set(m.id, m.references?.split(' ') ?? []);
  const raw = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    ...(m.cc ? [`Cc: ${m.cc}`] : []),
    `Subject: ${m.subject}`,
    `Date: ${new Date(m.date).toUTCString()}`,
    `Message-ID: ${m.messageId}`,
    ...(m.references ? [`References: ${m.references}`, `In-Reply-To: ${m.references.split(' ').pop()}`] : []),
    '',
    m.body,
    '',
  ].join('\r\n');
  const parsed = await parseMessage(Buffer.from(raw), { date: new Date(m.date), key: m.id });
  const row: StoredMessage = message(m.id, {
    accountId,
    messageId: parsed.messageId,
    threadId: parsed.threadId,
    from: parsed.from,
    to: parsed.to,
    cc: parsed.cc,
    subject: parsed.subject,
    date: parsed.date,
    body: parsed.body,
  });
  p.repos.messages.upsert(row);
}

/** Sam's mailbox: the attacker's first message, and (with `privateMail`) what followed without them. */
async function mailbox(privateMail: boolean): Promise<{ p: Profile; me: string; accountId: string }> {
  const p = profiles();
  const account = p.primaryAccount();
  const me = account.email;
  await store(p, account.id, {
    id: 'root',
    from: `Trudy <${TRUDY}>`,
    to: me,
    subject: 'Partnership',
    date: '2026-04-01T09:00:00Z',
    messageId: '<root@attacker.test>',
    body: 'Shall we partner?',
  });
  if (privateMail) {
    // Priya's internal answer in the same conversation (Trudy is no party to it)...
    await store(p, account.id, {
      id: 'internal',
      from: `Priya Shah <${PRIYA}>`,
      to: me,
      cc: OMAR,
      subject: 'Re: Partnership',
      date: '2026-04-02T09:00:00Z',
      messageId: '<CAinternal-7f3a@northwind.test>',
      references: '<root@attacker.test>',
      body: 'Legal says no: they are under investigation. Keep this between us.',
    });
    // ...and a message of the profile's other account that names the same root.
    const other = p.repos.accounts.list().find((a) => a.id !== account.id);
    if (other)
      await store(p, other.id, {
        id: 'other-account',
        from: `Omar Haddad <${OMAR}>`,
        to: other.email,
        subject: 'Re: Partnership',
        date: '2026-04-02T10:00:00Z',
        messageId: '<other-account@northwind.test>',
        references: '<root@attacker.test>',
        body: 'Private.',
      });
  }
  // The attacker's new message names the conversation's root, dated after everything.
  await store(p, account.id, {
    id: 'again',
    from: `Trudy <${TRUDY}>`,
    to: me,
    subject: 'Partnership, again',
    date: '2026-04-03T09:00:00Z',
    messageId: '<again@attacker.test>',
    references: '<root@attacker.test>',
    body: 'Any news? Just reply with a yes or no.',
  });
  return { p, me, accountId: account.id };
}

/** What the SMTP transport would send for an approved reply to the attacker's message. */
function replySent(p: Profile, accountId: string): MailEffect {
  const account = p.repos.accounts.get(accountId)!;
  return storeComposer(p, account).compose({ tool: 'replyToEmail', args: { id: 'again', body: 'No, thanks.' } }).effect;
}

const participants = (m: StoredMessage): Set<string> => new Set([m.from, ...m.to, ...m.cc].map(bareAddress));

describe('a reply names no Message-ID of mail its recipients never had', () => {
  it('the reply to the attacker is the same whether or not private mail sits in the thread', async () => {
    const [withPrivate, without] = await Promise.all([mailbox(true), mailbox(false)]);
    const a = replySent(withPrivate.p, withPrivate.accountId);
    const b = replySent(without.p, without.accountId);
    expect(a.to.map(bareAddress)).toEqual([TRUDY]);
    expect(a.references, 'LEAK: the private messages’ Message-IDs go to the attacker').toEqual(b.references);
    expect(a).toEqual(b);
    expect(a.references).toEqual(['<root@attacker.test>', '<again@attacker.test>']);
  });

  it('every Message-ID a reply names is the original’s, one its headers name, or one all its participants had', async () => {
    const { p, accountId } = await mailbox(true);
    const account = p.repos.accounts.get(accountId)!;
    for (const id of ['root', 'internal', 'again']) {
      const original = p.repos.messages.get(id)!;
      const e = effectOf('replyToEmail', { id, body: 'ok', replyAll: true }, profileLookups(p, account));
      const readers = [...participants(original)];
      for (const ref of e.kind === 'mail' ? e.references : []) {
        if (ref === original.messageId || named.get(id)!.includes(ref)) continue;
        const rows = p.db.prepare('SELECT id FROM messages WHERE message_id = ?').all(ref) as { id: string }[];
        const had = rows.some(({ id: n }) => readers.every((r) => participants(p.repos.messages.get(n)!).has(r)));
        expect(had, `${id}: ${ref} names a message not every participant of ${id} had`).toBe(true);
      }
    }
  });

  it('a reply whose message changed after approval is not sent', async () => {
    const { p, me, accountId } = await mailbox(false);
    const account = p.repos.accounts.get(accountId)!;
    const approved = effectHash(replySent(p, accountId));
    // The attacker, a participant, sends a back-dated message into the thread after approval.
    await store(p, accountId, {
      id: 'late',
      from: `Trudy <${TRUDY}>`,
      to: me,
      subject: 'Re: Partnership',
      date: '2026-04-02T12:00:00Z',
      messageId: '<late@attacker.test>',
      references: '<root@attacker.test>',
      body: 'One more thing.',
    });
    expect(() =>
      storeComposer(p, account, approved).compose({ tool: 'replyToEmail', args: { id: 'again', body: 'No, thanks.' } }),
    ).toThrow(/not the one approved/);
  });
});
