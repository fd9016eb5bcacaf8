/**
 * Red-team round 9: a person's own reply goes where the composer said.
 *
 * A person's reply is trusted and passes no gate: what they see in the composer is the only
 * card. The composer (renderer/src/components/Compose.tsx `startCompose`) shows a reply's To and
 * Cc, which the person cannot edit; the send names only the email and "all"
 * (`replyTo: {id, all}`), and the app sends to the recipients of the effect
 * (engine/tools/mail-parts.ts `replyRecipients`). Property: for any email, what the composer
 * shows is exactly where the reply goes.
 *
 * Closed: the reading pane puts the effect's recipients on the MessageView (`replies`,
 * main/mail/reply-recipients.ts), the composer shows exactly those, and the send carries them
 * (`replyTo.shown`): the send service refuses a reply whose effect reaches anyone else.
 *
 * Finding (was open, renderer + main): the two disagree. The effect treats an email whose From is
 * one of the account's addresses as the person's own and answers its recipients; the composer
 * drops the person's own From, shows "To the sender", and never names those recipients. An
 * attacker who forges the person's address in From (no authentication is asked for) and puts
 * their own address in To gets the person's reply — typed under "To the sender" — with nothing on
 * the screen naming them. The composer also knows only the account's main address
 * (`own` from AccountView.email), not its other addresses, so a message from an alias is
 * shown as going to that alias. What would close it: the app computes a reply's recipients once,
 * from the effect (main/app/inbox.ts putting `replyRecipients` for reply and reply-all on the
 * MessageView in preload/contract.ts), the composer shows exactly those, and the send carries
 * the shown list so the service refuses a reply whose effect reaches anyone else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectOf, type MailEffect } from '../../../engine/tools/effect';
import { bareAddress } from '../../../engine/world/addresses';
import { repliesOf, shownDifference } from '../../../main/mail/reply-recipients';
import { startCompose } from '../../../renderer/src/components/Compose';

const ACCOUNT = { from: 'maya@acme.test', addresses: ['maya@acme.test', 'maya.lind@acme.test'] };
const ADDRESSES = [
  'maya@acme.test',
  'maya.lind@acme.test',
  'Maya Lind <maya@acme.test>',
  'bob@acme.test',
  'Bob <bob@acme.test>',
  'zed@attacker.test',
  'priya@northwind.test',
];

const message = fc.record({
  from: fc.constantFrom(...ADDRESSES),
  to: fc.uniqueArray(fc.constantFrom(...ADDRESSES), { maxLength: 3 }),
  cc: fc.uniqueArray(fc.constantFrom(...ADDRESSES), { maxLength: 3 }),
});

const split = (s: string): string[] =>
  s
    .split(',')
    .map((x) => bareAddress(x.trim()))
    .filter(Boolean);

/** Where the reply goes (the effect), and what the composer shows, as bare address lists. */
function both(m: { from: string; to: string[]; cc: string[] }, all: boolean) {
  const original = {
    id: 'e1',
    ...m,
    subject: 'Numbers',
    date: '2026-03-16T08:00:00Z',
    body: '',
    messageId: '<e1@x.test>',
    references: [],
    attachments: [],
  };
  const lookups = { account: ACCOUNT, email: () => original, event: () => undefined };
  const effect = effectOf(
    'replyToEmail',
    { id: 'e1', body: 'Here they are.', ...(all ? { replyAll: true } : {}) },
    lookups,
  ) as MailEffect;
  // What the reading pane hands the composer (main/app/inbox.ts), and what the composer shows.
  const shown = startCompose(
    all ? 'replyAll' : 'reply',
    { id: 'e1', subject: 'Numbers', accountId: 'demo', attachments: [], replies: repliesOf(lookups, 'e1') },
    'demo',
  );
  return {
    sent: { to: effect.to.map(bareAddress), cc: effect.cc.map(bareAddress) },
    shown: { to: split(shown.to), cc: split(shown.cc) },
  };
}

describe('red team round 9: a reply goes exactly where the composer said', () => {
  it('control: a reply to someone else’s email', () => {
    const r = both({ from: 'Bob <bob@acme.test>', to: ['maya@acme.test', 'priya@northwind.test'], cc: [] }, true);
    expect(r.shown).toEqual(r.sent);
  });

  it('a forged "from you" email addressed to the attacker: the composer names the attacker', () => {
    const r = both({ from: 'Maya Lind <maya@acme.test>', to: ['zed@attacker.test'], cc: [] }, false);
    expect(r.sent.to).toEqual(['zed@attacker.test']);
    expect(r.shown, 'the reply goes to someone the composer never showed').toEqual(r.sent);
  });

  it('for every email, reply and reply all: shown === sent (fast-check)', () => {
    fc.assert(
      fc.property(message, fc.boolean(), (m, all) => {
        const r = both(m, all);
        expect(r.shown).toEqual(r.sent);
      }),
    );
  });

  it('the send refuses a reply whose recipients are not exactly the ones shown (fast-check)', () => {
    const list = fc.uniqueArray(fc.constantFrom(...ADDRESSES.map(bareAddress)), { maxLength: 3 });
    fc.assert(
      fc.property(message, fc.boolean(), list, list, (m, all, to, cc) => {
        const { sent } = both(m, all);
        const same = (a: string[], b: string[]) => [...new Set(a)].sort().join() === [...new Set(b)].sort().join();
        const refused = shownDifference(sent, { to, cc }) !== null;
        expect(refused).toBe(!(same(sent.to, to) && same(sent.cc, cc)));
        expect(shownDifference(sent, both(m, all).shown)).toBeNull();
      }),
    );
  });
});
