/**
 * Red-team round 20: the fraud checks read the text a person reads.
 *
 * The payment and secret-request checks (engine/fraud/payment.ts, secret-request.ts) read the
 * subject and the text body only, with `\p{Cf}` characters dropped. A sender chooses both parts
 * of a multipart/alternative message: a harmless text part beside an HTML part (what the viewer's
 * "Show HTML", and every other mail client, shows) asking to pay new bank details carried no
 * warning. And words written so that a person reads them but the patterns do not — a Cyrillic
 * `а` in `bank`, fullwidth `ＩＢＡＮ`, a variation selector or combining grapheme joiner (marks,
 * not format characters) inside `IBAN`, an accent — passed every payment check.
 *
 * Properties: whether the request sits in the text part or only in the HTML part, and however
 * its letters are disguised from the families above, the message carries the same findings as the
 * plain text; the control (an ordinary invoice from a contact) still carries none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraudFindings, type FraudContext, type FraudMail } from '../../../engine/fraud';
import { parseMessage } from '../../../main/mail/parse';
import { demoApp } from '../../main/app/app-fixture';

const BANK_CHANGE = 'We have changed banks: please pay invoice PW-1 to IBAN GB29 NWBK 6016 1331 9268 19.';
const PRESSURE = 'Wire 9,000 EUR today to IBAN LT12 1000 0111 0100 1000. Keep this between us.';
const CODE = 'Could you reply with the verification code we sent you?';

const demo = demoApp();

/** A multipart/alternative message: `text` as its text part, `html` as its HTML part. */
function raw(id: string, text: string, html: string): Uint8Array {
  return new TextEncoder().encode(
    [
      'From: Hana Kim <hana@printworks.test>',
      'To: maya@acme.test',
      'Subject: Invoice PW-1',
      `Message-ID: <${id}@printworks.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      '--b',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '--b--',
      '',
    ].join('\r\n'),
  );
}

/** The warnings the Inbox shows for a message stored from `bytes` (real parse, real store, the router). */
async function warningsOf(id: string, bytes: Uint8Array): Promise<string[]> {
  const p = demo.profile;
  const parsed = await parseMessage(bytes, { date: new Date('2026-04-05T10:00:00Z'), key: id });
  const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
  const m = p.repos.messages.get(some!.id)!;
  p.repos.messages.upsert({ ...m, ...parsed, id, threadId: id, attachments: [] });
  const r = await demo.app.router.dispatch('inbox.get', [id], 'ipc');
  if (!r.ok) throw new Error(JSON.stringify(r));
  return (r.value as { warnings: string[] }).warnings;
}

describe('red team round 20: a request only in the HTML part', () => {
  it('property: the warnings are the same whether the request is in the text part or only in the HTML part', async () => {
    let n = 0;
    for (const request of [BANK_CHANGE, PRESSURE, CODE]) {
      // Inline elements split words as the viewer joins them ("I<span>BAN</span>" shows IBAN).
      const html = `<div><p>Dear Maya,</p><p>${request.replace('IBAN', 'I<span>BAN</span>').replace('pay', '<b>pay</b>')}</p></div>`;
      const inText = await warningsOf(`t${++n}`, raw(`t${n}`, `Dear Maya,\n\n${request}`, html));
      const onlyHtml = await warningsOf(`h${++n}`, raw(`h${n}`, 'Dear Maya,\n\nThe invoice is attached.', html));
      expect(inText.length, request).toBeGreaterThan(0);
      expect(onlyHtml, request).toEqual(inText);
    }
  });

  it('the control: an ordinary invoice in both parts carries no warning', async () => {
    const text = 'Invoice PW-2, IBAN GB29 NWBK 6016 1331 9268 19, payment within 30 days.';
    expect(await warningsOf('c1', raw('c1', text, `<p>${text}</p>`))).toEqual([]);
  });
});

const ctx: FraudContext = {
  user: { name: 'Maya Lind', addresses: ['maya@acme.test'] },
  contacts: [{ name: 'Hana Kim', email: 'hana@printworks.test' }],
};
const kinds = (body: string): string[] => {
  const m: FraudMail = { from: 'Hana Kim <hana@printworks.test>', subject: 'Invoice', body, auth: 'pass' };
  return fraudFindings(m, ctx)
    .map((f) => f.kind)
    .sort();
};

/** Ways to write one Latin letter that a person reads as that letter (0: as it is). */
const CYRILLIC: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  i: 'і',
  A: 'А',
  B: 'В',
  I: 'І',
  N: 'Н',
};
const DISGUISES: readonly ((ch: string) => string)[] = [
  (ch) => ch,
  (ch) => CYRILLIC[ch] ?? ch,
  (ch) => (/[!-~]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch), // fullwidth
  (ch) => `${ch}\ufe00`, // a variation selector: a mark, not a format character
  (ch) => `${ch}\u034f`, // the combining grapheme joiner
  (ch) => (/[aeiou]/.test(ch) ? `${ch}\u0301` : ch), // an accent
];

describe('red team round 20: disguised letters', () => {
  it('property: a request with any of its letters disguised carries the findings of the plain text', () => {
    for (const request of [BANK_CHANGE, PRESSURE, CODE]) {
      const plain = kinds(request);
      expect(plain.length, request).toBeGreaterThan(0);
      const how = fc.array(fc.nat(DISGUISES.length - 1), { minLength: request.length, maxLength: request.length });
      fc.assert(
        fc.property(how, (h) => {
          const text = [...request].map((ch, i) => DISGUISES[h[i]!]!(ch)).join('');
          expect(kinds(text), JSON.stringify(text)).toEqual(plain);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('each family alone hides the request from the old checks', () => {
    expect(kinds('We have changed bаnks: please pаy invoice PW-1 to IBАN GB29 NWBK 6016 1331 9268 19.')).toContain(
      'bank-change',
    );
    expect(
      kinds('We have changed ｂａｎｋｓ: please ｐａｙ invoice PW-1 to ＩＢＡＮ GB29 NWBK 6016 1331 9268 19.'),
    ).toContain('bank-change');
    expect(
      kinds('We have changed ba\ufe00nks: please pa\ufe00y invoice PW-1 to IB\u034fAN GB29 NWBK 6016 1331 9268 19.'),
    ).toContain('bank-change');
  });
});
