/**
 * Red-team round 11 (open risk, closed): a receiving server that writes its verdict just below
 * its own arrival Received field, as Gmail does — on a real Dovecot, mail delivered through
 * `dovecot-lda` as an MTA does.
 *
 * Under the rule that closed `forged-auth-results.test.ts` (a verdict counts only above the
 * arrival's Received field), such a server authenticates no one: its verdict sits where a sender
 * may write one too. A server that adds a verdict to EVERY message it receives makes the topmost
 * one of its id in the arrival's block its own, since a forged one can only lie below it; that
 * holds for the providers in main/mail/verdict-trust.ts (mx.google.com) and for an account whose
 * person says so (`authservEveryMessage`). Without either, the strict rule stays.
 *
 * Property: whatever fields a sender writes in its own header block (forged verdicts claiming the
 * server's id, forged Received fields naming it, forged hand-offs and LMTP hops), in a message
 * laid out as Gmail lays out what it receives, the account that knows the server adds a verdict
 * to every message is authenticated exactly when the server's own verdict is a DMARC pass for
 * the From shown; an account under the strict rule never is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { worldOf } from '../../../main/profile/world-io';
import { addAccount } from '../../../main/accounts/accounts';
import { dovecotAndProfile, serverLogin, syncOnce } from '../../integration/mail/fixtures';
import { dovecotMissing } from '../../integration/servers/dovecot';

const GMAIL = 'mx.google.com';
/** A server in no table: the account's person says it adds a verdict to every message, or not. */
const OTHER = 'mx.example.test';
const DATE = 'Mon, 2 Mar 2026 10:00:00 +0000';

/** Fields a sender can put in its own header block, each a whole field, for a server `h`. */
const forgedFields = (h: string): readonly string[] => [
  `Authentication-Results: ${h}; dmarc=pass header.from=acme.test`,
  `Authentication-Results: ${h}; spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass`,
  `Authentication-Results: ${h.toUpperCase()} 1; dmarc=pass (p=reject) header.from=acme.test`,
  `Authentication-Results: "${h}"; dmarc=pass`,
  `Received: from mail.acme.test (mail.acme.test. [192.0.2.7]) by ${h} with ESMTPS id F1 for <alice@example.test>; ${DATE}`,
  `Received: by 2002:a05:6a10:9 with SMTP id F2; ${DATE}`,
  `Received: from ${h} by imap.example.test with LMTP id F3 for <alice@example.test>; ${DATE}`,
  `Received-SPF: pass (${h}: domain of ceo@acme.test designates 192.0.2.7 as permitted sender)`,
  'X-Note: hello',
];

/** The server's own verdict on the mail it took in; only `pass` is a pass for the From shown. */
const verdicts = {
  pass: 'spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test',
  fail: 'spf=fail smtp.mailfrom=acme.test; dmarc=fail (p=reject) header.from=acme.test',
  none: 'dmarc=none header.from=acme.test',
  // Another domain's pass: a verdict on some other From, none on the one shown.
  other: 'dmarc=pass header.from=partner.test',
};
type Verdict = keyof typeof verdicts;

/** What a server laid out as Gmail is adds above the sender's text: a hand-off, its arrival, its verdict. */
function delivered(h: string, n: number, verdict: Verdict, senderText: string): string {
  return [
    `Received: by 2002:a05:7300:${n} with SMTP id p${n}; ${DATE}`,
    `X-Received: by 2002:a17:906:${n} with SMTP id x${n}; ${DATE}`,
    `ARC-Authentication-Results: i=1; ${h}; ${verdicts[verdict]}`,
    'Return-Path: <ceo@acme.test>',
    `Received: from mail.acme.test (mail.acme.test. [192.0.2.7]) by ${h} with ESMTPS id A${n} for <alice@example.test>; ${DATE}`,
    `Received-SPF: pass (${h}: domain of ceo@acme.test designates 192.0.2.7 as permitted sender) client-ip=192.0.2.7;`,
    `Authentication-Results: ${h}; ${verdicts[verdict]}`,
    senderText,
  ].join('\n');
}

const missing = dovecotMissing();

describe.skipIf(missing !== null)(
  'red team round 11: a verdict below the arrival counts only from a server that always adds one',
  () => {
    const t = dovecotAndProfile();

    it("a sender's forged fields never authenticate; the server's own verdict decides, and the strict rule none", async () => {
      const { server, p } = t;
      const cases = fc.sample(
        fc.tuple(
          fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
          fc.constantFrom<Verdict>('pass', 'pass', 'fail', 'none', 'other'),
        ),
        { numRuns: 40, seed: 1111 },
      );
      const sent: { subject: string; verdict: Verdict; raw: string }[] = [];
      for (const [n, [picks, verdict]] of cases.entries())
        for (const [tag, h] of [
          ['G', GMAIL],
          ['O', OTHER],
        ] as const) {
          // The same forged fields for both servers, wherever the sender puts them among its own.
          const fields = picks.map((k) => forgedFields(h)[k % forgedFields(h).length]!);
          const own = ['From: Chief Executive <ceo@acme.test>', 'To: alice@example.test', `Subject: ${tag} ${n}`];
          const at = n % (own.length + 1);
          const block = [...own.slice(0, at), ...fields, ...own.slice(at)];
          const senderText = `${block.join('\n')}\nDate: ${DATE}\nMIME-Version: 1.0\nContent-Type: text/plain\n\nThe board meets at ten.\n`;
          const raw = delivered(h, n, verdict, senderText);
          server.deliver(raw, 'ceo@acme.test');
          sent.push({ subject: `${tag} ${n}`, verdict, raw });
        }
      expect(sent.some((s) => s.verdict === 'pass')).toBe(true);

      const imap = serverLogin(server);
      // Gmail by the table; the other server by the person's word; the other server under the strict rule.
      const accounts = [
        { tag: 'G', strict: false, a: await addAccount(p, { ...imap, name: 'gmail', authserv: [GMAIL] }) },
        {
          tag: 'O',
          strict: false,
          a: await addAccount(p, { ...imap, name: 'said', authserv: [OTHER], authservEveryMessage: true }),
        },
        { tag: 'O', strict: true, a: await addAccount(p, { ...imap, name: 'strict', authserv: [OTHER] }) },
      ];
      await syncOnce(p);
      for (const { tag, strict, a } of accounts) {
        const emails = worldOf(p.repos, p.repos.accounts.get(a.id)!, () => new Date(), { mail: true }).emails;
        for (const s of sent.filter((x) => x.subject.startsWith(`${tag} `))) {
          const e = emails.find((x) => x.subject === s.subject);
          expect(e, `${a.name}: ${s.subject}`).toBeDefined();
          const expected = !strict && s.verdict === 'pass';
          expect(e!.authenticated, `${a.name}: ${expected ? 'NOT AUTHENTICATED' : 'COUNTED'}:\n${s.raw}`).toBe(
            expected,
          );
        }
      }
    }, 120_000);
  },
);
