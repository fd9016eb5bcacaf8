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
import { demoApp } from '../../main/app/app-fixture';
import { inboxWarnings, multipartMail } from '../inbox-warnings';

const BANK_CHANGE = 'We have changed banks: please pay invoice PW-1 to IBAN GB29 NWBK 6016 1331 9268 19.';
const PRESSURE = 'Wire 9,000 EUR today to IBAN LT12 1000 0111 0100 1000. Keep this between us.';
const CODE = 'Could you reply with the verification code we sent you?';

const demo = demoApp();

const warningsOf = (id: string, bytes: Uint8Array) => inboxWarnings(demo, id, bytes);

describe('red team round 20: a request only in the HTML part', () => {
  it('property: the warnings are the same whether the request is in the text part or only in the HTML part', async () => {
    let n = 0;
    for (const request of [BANK_CHANGE, PRESSURE, CODE]) {
      // Inline elements split words as the viewer joins them ("I<span>BAN</span>" shows IBAN).
      const html = `<div><p>Dear Maya,</p><p>${request.replace('IBAN', 'I<span>BAN</span>').replace('pay', '<b>pay</b>')}</p></div>`;
      const inText = await warningsOf(`t${++n}`, multipartMail(`t${n}`, `Dear Maya,\n\n${request}`, html));
      const onlyHtml = await warningsOf(
        `h${++n}`,
        multipartMail(`h${n}`, 'Dear Maya,\n\nThe invoice is attached.', html),
      );
      expect(inText.length, request).toBeGreaterThan(0);
      expect(onlyHtml, request).toEqual(inText);
    }
  });

  it('the control: an ordinary invoice in both parts carries no warning', async () => {
    const text = 'Invoice PW-2, IBAN GB29 NWBK 6016 1331 9268 19, payment within 30 days.';
    expect(await warningsOf('c1', multipartMail('c1', text, `<p>${text}</p>`))).toEqual([]);
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
