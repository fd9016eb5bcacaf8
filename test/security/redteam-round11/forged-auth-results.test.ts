/**
 * Red-team round 11 (open risk, closed): an Authentication-Results header the sender wrote, kept
 * by a receiving server that adds none of its own — on a real Dovecot, mail delivered through
 * `dovecot-lda` as an MTA does.
 *
 * The account trusts its server's id (`mx.example.test`). That server writes its verdict at the
 * top (RFC 8601 §2.1) of the mail it checks, but some mail it does not check (local submission,
 * an authenticated client) and keeps a header that claims its id. Only the topmost header was
 * read, and only its id was checked, so a colleague's forged `dmarc=pass` sent that way made the
 * mail authenticated.
 *
 * Closed in main/mail/parse.ts (`authResults`): a verdict counts only above the Received field
 * recording the message's arrival — with nothing above it but delivery hops (`with LMTP`), and a
 * Received field below it. Whatever the sender wrote lies below the arrival's Received field; a
 * server that adds no verdict leaves none above it.
 *
 * Property: for any header block and body a sender writes (forged verdicts claiming the trusted id,
 * forged Received fields, forged delivery hops, a verdict in the body or in an attached message),
 * delivered by a server that adds no verdict, or whose own verdict is not a pass, the mail is not
 * authenticated; the server's own pass still authenticates it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { worldOf } from '../../../main/profile/world-io';
import { addAccount } from '../../../main/accounts/accounts';
import { dovecotAndProfile, serverLogin, syncOnce } from '../../integration/mail/fixtures';
import { dovecotMissing } from '../../integration/servers/dovecot';

const OURS = 'mx.example.test';
const DATE = 'Mon, 2 Mar 2026 10:00:00 +0000';

/** Fields a sender can put in its own header block, each a whole field. */
const forgedField = fc.constantFrom(
  `Authentication-Results: ${OURS}; dmarc=pass header.from=acme.test`,
  `Authentication-Results: ${OURS}; spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass`,
  `Authentication-Results: MX.Example.Test 1; dmarc=pass (p=reject) header.from=acme.test`,
  `Authentication-Results: "${OURS}"; dmarc=pass`,
  `Received: from mail.acme.test (mail.acme.test [192.0.2.7]) by ${OURS} with ESMTPS id F1 for <alice@example.test>; ${DATE}`,
  `Received: from ${OURS} by imap.example.test with LMTP id F2 for <alice@example.test>; ${DATE}`,
  `Received: by ${OURS} with LMTP; ${DATE}`,
  'X-Note: hello',
);

/** Bodies: plain, a verdict in the text, a verdict in an attached message. */
const body = fc.constantFrom(
  { type: 'text/plain', text: 'See you at ten.' },
  { type: 'text/plain', text: `Authentication-Results: ${OURS}; dmarc=pass header.from=acme.test\n\nhi` },
  {
    type: 'multipart/mixed; boundary="b1"',
    text: [
      '--b1',
      'Content-Type: text/plain',
      '',
      'forwarded',
      '--b1',
      'Content-Type: message/rfc822',
      '',
      `Authentication-Results: ${OURS}; dmarc=pass header.from=acme.test`,
      `Received: from a by ${OURS} with ESMTPS; ${DATE}`,
      'From: ceo@acme.test',
      'Subject: inner',
      '',
      'inner',
      '--b1--',
    ].join('\n'),
  },
);

/**
 * How the account's server took the message in, and what it added above the sender's text:
 * nothing but its Received field (local submission), that and a delivery hop (LMTP), or its own
 * verdict at the top (inbound mail it checked).
 */
const path = fc.constantFrom('submission', 'submission-lmtp', 'checked-fail', 'checked-none', 'checked-other');

function delivered(kind: string, n: number, senderText: string): string {
  const arrival = `Received: from [192.0.2.9] by ${OURS} with ${kind.startsWith('submission') ? 'ESMTPSA' : 'ESMTPS'} id A${n} for <alice@example.test>; ${DATE}`;
  const lmtp = `Received: from ${OURS} by imap.example.test with LMTP id L${n} (envelope-from <ceo@acme.test>) for <alice@example.test>; ${DATE}`;
  const verdict = {
    'checked-fail': `Authentication-Results: ${OURS}; spf=fail smtp.mailfrom=acme.test; dmarc=fail header.from=acme.test`,
    'checked-none': `Authentication-Results: ${OURS}; dmarc=none header.from=acme.test`,
    // Another domain's pass: a verdict on some other From, none on the one shown.
    'checked-other': `Authentication-Results: ${OURS}; dmarc=pass header.from=partner.test`,
  }[kind];
  const top = kind === 'submission' ? [arrival] : kind === 'submission-lmtp' ? [lmtp, arrival] : [verdict!, arrival];
  return `${top.join('\n')}\n${senderText}`;
}

const missing = dovecotMissing();

describe.skipIf(missing !== null)('red team round 11: only the receiving server writes a verdict that counts', () => {
  const t = dovecotAndProfile();

  it("a forged verdict anywhere never authenticates; the server's own pass still does", async () => {
    const { server, p } = t;
    const cases = fc.sample(fc.tuple(fc.array(forgedField, { minLength: 1, maxLength: 5 }), body, path), {
      numRuns: 60,
      seed: 11,
    });
    const sent: { subject: string; expected: boolean; raw: string }[] = [];
    for (const [n, [fields, b, kind]] of cases.entries()) {
      // Wherever the sender puts its fields: before, among and after its own.
      const own = ['From: Chief Executive <ceo@acme.test>', 'To: alice@example.test', `Subject: Case ${n}`];
      const at = n % (own.length + 1);
      const block = [...own.slice(0, at), ...fields, ...own.slice(at)];
      const senderText = `${block.join('\n')}\nDate: ${DATE}\nMIME-Version: 1.0\nContent-Type: ${b.type}\n\n${b.text}\n`;
      const raw = delivered(kind, n, senderText);
      server.deliver(raw, 'ceo@acme.test');
      sent.push({ subject: `Case ${n}`, expected: false, raw });
    }
    // The legitimate mail: the server checked it and wrote its pass at the top, above its Received
    // field; what the sender wrote below (a forged verdict too) changes nothing.
    for (const [i, hop] of ['', `Received: from ${OURS} by imap.example.test with LMTP id L; ${DATE}\n`].entries()) {
      const raw =
        hop +
        `Authentication-Results: ${OURS}; spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test\n` +
        `Received: from mail.acme.test (mail.acme.test [192.0.2.7]) by ${OURS} with ESMTPS id R${i} for <alice@example.test>; ${DATE}\n` +
        `Authentication-Results: ${OURS}; dmarc=fail header.from=acme.test\n` +
        `From: Chief Executive <ceo@acme.test>\nTo: alice@example.test\nSubject: Real ${i}\nDate: ${DATE}\n\nThe board meets at ten.\n`;
      server.deliver(raw, 'ceo@acme.test');
      sent.push({ subject: `Real ${i}`, expected: true, raw });
    }

    const account = await addAccount(p, { ...serverLogin(server), name: 'work', authserv: [OURS] });
    await syncOnce(p);
    const emails = worldOf(p.repos, p.repos.accounts.get(account.id)!, () => new Date(), { mail: true }).emails;
    for (const s of sent) {
      const e = emails.find((x) => x.subject === s.subject);
      expect(e, s.subject).toBeDefined();
      expect(e!.authenticated, `${s.expected ? 'NOT AUTHENTICATED' : 'FORGED VERDICT COUNTED'}:\n${s.raw}`).toBe(
        s.expected,
      );
    }
  }, 120_000);
});
