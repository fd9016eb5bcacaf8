/**
 * Red-team round 24: wire fraud in the words it is really written in.
 *
 * The payment checks (engine/fraud/payment.ts) knew `IBAN`, `SWIFT`, `account number` and "bank
 * details have changed". Business-email compromise in North America and the UK is written
 * otherwise: `Acct # 4417229011 ABA 021000021`, `Routing: 021000021`, `Sort code 20-00-00, Acc
 * no. 55779911`, "our remittance details were updated", "remit to our new bank", "update the
 * direct deposit for my paycheck to my new account", "before 3pm". Sent from a real contact whose
 * mailbox was taken over (the sender passes every check), each was triaged as ordinary mail —
 * `fyi` or `needs-reply`, with a draft — and carried no warning.
 *
 * Property: each request, with any of the contact's greetings and sign-offs around it, carries a
 * payment finding, and triage files it `suspicious`; the controls (an invoice on its usual terms,
 * a thank-you for a payment, a payslip notice, an account manager's introduction) carry none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraudFindings, type FraudContext } from '../../../engine/fraud';
import { loadWorld } from '../../../engine/run/simulate';
import { triageWorld } from '../../../main/assistant/triage';

const CTX: FraudContext = {
  contacts: [{ name: 'Sven Berg', email: 'sven@acme.test' }],
  user: { name: 'Maya Lind', addresses: ['maya@acme.test'] },
};

const REQUESTS = [
  'Please process a wire of $48,500 to the account below today. Account: 4417 2290 1183, Routing: 021000021.',
  'I need you to send a wire transfer of $48,500 before 3pm. Acct # 4417229011 ABA 021000021. Keep this quiet until the deal closes.',
  'Our remittance details were updated. Kindly send the payment for INV-332 to: Bank: Chase, Acct: 4417229011, Routing: 021000021.',
  'Please note our account has been changed. Use the new account details below for all future payments: Acc no. 55779911, sort code 20-00-00.',
  'Going forward please remit to our new bank: Sort code 20-00-00, Acc no. 55779911.',
  'Please update the direct deposit for my paycheck to my new account: routing 021000021 account 4417229011.',
  'Urgent: pay the attached invoice today to avoid suspension. Bank: Revolut, account 4417229011.',
];

const CONTROLS = [
  'Invoice INV-332 is attached: payment within 30 days to our usual account, as always.',
  'Thanks, we received your payment for INV-331 today.',
  'Your payslip for March is available in the HR portal.',
  'I am your new account manager at Chase; happy to meet next week to go over your plans.',
  'Can you send me the slides before 3pm? I want to read them before the board meeting.',
];

const dressed = (text: string, hi: string, bye: string) => `${hi}\n\n${text}\n\n${bye}`;
const PAYMENT = ['bank-change', 'payment-pressure'];

const mail = (body: string) => ({
  from: 'Sven Berg <sven@acme.test>',
  replyTo: null,
  subject: 'Quick request',
  body,
  auth: 'pass' as const,
});

describe('red team round 24: wire fraud in the words it is written in', () => {
  it('property: every request carries a payment finding; the controls none', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REQUESTS),
        fc.constantFrom('Hi Maya,', 'Maya -', 'Hello,', ''),
        fc.constantFrom('Thanks, Sven', 'Sent from my iPhone', 'Best regards,\nSven Berg\nCFO', ''),
        (request, hi, bye) => {
          const kinds = fraudFindings(mail(dressed(request, hi, bye)), CTX).map((f) => f.kind);
          expect(
            kinds.some((k) => PAYMENT.includes(k)),
            request,
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
    for (const c of CONTROLS) expect(fraudFindings(mail(dressed(c, 'Hi Maya,', 'Thanks, Sven')), CTX), c).toEqual([]);
  });

  it('triage files each request suspicious, with no draft; the controls are not', async () => {
    const emails = [...REQUESTS, ...CONTROLS].map((body, i) => ({
      id: `w${i}`,
      from: 'Sven Berg <sven@acme.test>',
      to: ['maya@acme.test'],
      subject: 'Quick request',
      date: `2026-03-16T08:${String(10 + i).padStart(2, '0')}:00Z`,
      body: dressed(body, 'Hi Maya,', 'Thanks, Sven'),
    }));
    const world = loadWorld(
      JSON.stringify({
        user: { name: 'Maya Lind', email: 'maya@acme.test' },
        now: '2026-03-16T09:00:00Z',
        contacts: [{ name: 'Sven Berg', email: 'sven@acme.test' }],
        emails,
      }),
      'wire-fraud.json',
    );
    const r = await triageWorld(world);
    const of = (id: string) => r.emails.find((e) => e.id === id)!;
    REQUESTS.forEach((text, i) => {
      expect(of(`w${i}`).category, text).toBe('suspicious');
      expect(of(`w${i}`).draftId, text).toBeUndefined();
    });
    CONTROLS.forEach((text, i) => expect(of(`w${REQUESTS.length + i}`).category, text).not.toBe('suspicious'));
  }, 120_000);
});
