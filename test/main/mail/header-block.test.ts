/**
 * A listing's fields read from the header block alone (main/mail/header-block.ts) are exactly
 * what the whole MIME parser reads from the same block: on the hostile messages, on ordinary
 * ones, and on generated blocks with encoded words in any charset and encoding, folding, repeated
 * and empty fields, groups, odd spacing, 8-bit text, NUL and lone CR bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressParser } from 'postal-mime';
import { fieldDate, headerBlockFields, parseAddresses, plainFields } from '../../../main/mail/header-block';
import { parseMessage, pickHeaderFields } from '../../../main/mail/parse';
import { nastyMessages } from '../../fixtures/nasty-mail';
import { rawMessage } from '../../integration/servers/dovecot';

const FALLBACK = { date: new Date('2026-01-02T03:04:05Z'), key: 'm-fallback' };

/** What IMAP's BODY[HEADER] returns: the header block with the empty line after it. */
function headerBlock(raw: string | Buffer): Buffer {
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
  const text = bytes.toString('latin1');
  const m = /\r?\n\r?\n/.exec(text);
  return m ? bytes.subarray(0, m.index + m[0].length) : bytes;
}

/**
 * The fast reading gives what the whole parser gives; and where `fieldDate` dates the block (a
 * first sync then asks for no INTERNALDATE), the fallback date is never read.
 */
async function expectSameFields(block: Uint8Array): Promise<void> {
  const whole = pickHeaderFields(await parseMessage(block, FALLBACK));
  expect(await headerBlockFields(block, FALLBACK)).toEqual(whole);
  const fields = plainFields(block);
  const date = fieldDate(fields);
  // Another fallback date changes nothing: the listing's date is the Date field's.
  if (date) {
    expect(whole.date).toBe(date.toISOString());
    expect(await headerBlockFields(block, { ...FALLBACK, date: new Date(0) }, fields)).toEqual(whole);
  }
}

const word = fc.stringMatching(/^[A-Za-z0-9.<>@"',;:()\\ \t=?_-]{0,12}$/);
const encodedWord = fc
  .tuple(
    fc.constantFrom('utf-8', 'UTF-8', 'iso-8859-1', 'windows-1252', 'x-unknown', ''),
    fc.constantFrom('B', 'q', 'Q'),
  )
  .chain(([charset, enc]) =>
    fc
      .string({ unit: 'grapheme', maxLength: 8 })
      .map((s) =>
        enc === 'B'
          ? `=?${charset}?B?${Buffer.from(s).toString('base64')}?=`
          : `=?${charset}?${enc}?${[...Buffer.from(s)].map((b) => `=${b.toString(16).padStart(2, '0')}`).join('')}?=`,
      ),
  );
const value = fc
  .array(
    fc.oneof(
      word,
      encodedWord,
      fc.constantFrom(
        'Team: a@x.test, b@x.test;',
        '"Q, R" <q@x.test>',
        'Ann Bo <ann.bo@x.test>',
        'ann@x.test',
        '\r\n  ',
        '\r\n\t',
        '\v',
        '\f',
        'x'.repeat(5000),
      ),
    ),
    {
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(' '));
const name = fc.constantFrom(
  'From',
  'from',
  ' From',
  'To',
  'Cc',
  'Reply-To',
  'Subject',
  'Message-ID',
  'In-Reply-To',
  'References',
  'Date',
  'Authentication-Results',
  'Auto-Submitted',
  'Precedence',
  'List-Unsubscribe',
  'X-Other',
  'Received',
  'DKIM-Signature',
  'SUBJECT',
  'Date ',
);
const field = fc.oneof(
  fc.tuple(name, value).map(([n, v]) => `${n}:${v}`),
  fc.constantFrom(
    'Date: Tue, 3 Feb 2026 10:00:00 +0100',
    'Date: not a date',
    'Date:',
    'Authentication-Results: mx.test; spf=pass smtp.mailfrom=a.test; dkim=pass; dmarc=pass header.from=a.test',
    'no colon here',
    ' folded first',
    'Subject: caf\u00e9',
    'Subject: a\u0000b',
    'Subject: a\rb',
    'From: Ann Bo <ann@x.test>',
    'From: Ann Bo <ann@x.test>, b@x.test',
    'To: ann@x.test',
    'Cc: Ann  Bo <ann@x.test>',
    'Date: Tue, 3 Feb 2026 10:00:00 +0100 (CET)',
    'Date: 31 Feb 2026 25:61:00 +9999',
    'Date: Tue, 3 Feb 26 10:00 EST',
    'Date\r\n : Tue, 3 Feb 2026 10:00:00 +0100',
    'Subject\r\n\t: folded before its colon',
    `Received: ${'from relay.test by mx.test; '.repeat(300)}`,
    // A server's own hand-off, an arrival, a delivery hop: where `authResults` looks for a verdict.
    'Received: by 2002:a05:6a10 with SMTP id p1; Tue, 3 Feb 2026 10:00:00 +0100',
    'Received: from mail.a.test (mail.a.test. [192.0.2.7]) by mx.test with ESMTPS id 2; Tue, 3 Feb 2026',
    'Received: from mx.test by imap.test with LMTP id 3; Tue, 3 Feb 2026 10:00:00 +0100',
    'Authentication-Results: mx.test; dmarc=fail header.from=a.test',
    'Auto-Submitted: auto-generated',
    'Precedence: bulk',
    'List-Unsubscribe: <mailto:leave@x.test>, <https://x.test/u?id=1>',
  ),
);

describe('a header block read without the MIME parser', () => {
  it('gives the fields the whole parser gives, for the hostile and ordinary messages', async () => {
    for (const raw of [...nastyMessages(76, 1), rawMessage({ n: 1 }), rawMessage({ n: 2, body: 'x\r\n' })])
      await expectSameFields(headerBlock(raw));
  });

  it('gives the fields the whole parser gives, for generated blocks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 10 }), fc.constantFrom('\r\n', '\n'), async (fields, eol) => {
        const block = Buffer.from(`${fields.join(eol)}${eol}${eol}`, 'utf8');
        await expectSameFields(block);
      }),
      { numRuns: 400 },
    );
  });

  it('reads a field’s addresses as postal-mime’s address parser does', () => {
    const atom = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9._+\-"'<>@(),;:\\ \t=?\u00e9]{0,8}$/),
      fc.constantFrom('\u0000', '\r\n ', '=?utf-8?q?=C3=A9?='),
    );
    const simple = fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9 ]{0,10}$/),
        fc.stringMatching(/^[A-Za-z0-9._+-]{0,8}$/),
        fc.stringMatching(/^[A-Za-z0-9.-]{0,8}$/),
        fc.constantFrom('<', ' <', '  <', '<<', ''),
        fc.constantFrom('>', '> ', '', '>>'),
      )
      .map(([name, local, domain, open, close]) => `${name}${open}${local}@${domain}${close}`);
    const value = fc.oneof(
      simple,
      fc.array(fc.oneof(simple, atom), { maxLength: 4 }).map((xs) => xs.join('')),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(parseAddresses(v)).toEqual(addressParser(v));
      }),
      { numRuns: 3000 },
    );
    for (const v of ['Ann Bo <ann@x.test>', 'ann@x.test', '1 <a@b>', 'a <.a@b>', 'a <a..b@c>', 'a <a@b.>', 'a <a@-b>'])
      expect(parseAddresses(v)).toEqual(addressParser(v));
  });
});
