/**
 * Red-team round 24 (held): a message's header fields as a hostile original fills them.
 *
 * A reply takes its recipient's display name, its subject and its threading from the email it
 * answers; a forward takes the original's attachments with their names and types. All of it is
 * the sender's text, and round 18 checked by hand that nodemailer folds or encodes line breaks in
 * it. Here over a real SMTP server: whatever the text (line breaks, `Bcc:` lines, encoded words,
 * quotes and commas, 2,000-character runs), the message that arrives goes exactly to the effect's
 * recipients (the envelope), carries only the header fields the composer writes, names in To and
 * Cc exactly the effect's addresses, no Bcc, and the attachments the effect lists by name.
 */
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientsOf, type MailEffect } from '../../../engine/tools/effect';
import { bareAddress } from '../../../engine/world/addresses';
import { smtpTransport } from '../../../main/outbox/mail-transport';
import { startSmtpCapture, type SmtpCapture } from '../../integration/servers/smtp';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => smtp.stop());

/** Text a hostile original writes into a header: line breaks, fields of its own, encoded words. */
const hostile = fc
  .array(
    fc.constantFrom(
      'Invoice',
      ' ',
      '\r\n',
      '\n',
      '\r',
      'Bcc: eve@evil.test',
      'X-Evil: 1',
      '=?utf-8?b?QmNjOiBldmVAZXZpbC50ZXN0?=',
      '"',
      ',',
      ';',
      '<eve@evil.test>',
      ':',
      'é',
      '\u202e',
      'a'.repeat(2000),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const HEADERS = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
  'date',
  'mime-version',
  'content-type',
]);

describe('red team round 24 (held): header fields filled from a hostile original', () => {
  it('property: the message goes to, and names, exactly the effect’s recipients and attachments', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, async (name, subject, filename) => {
        const id = `r24-${++n}`;
        const effect: MailEffect = {
          kind: 'mail',
          tool: 'replyToEmail',
          from: 'maya@acme.test',
          // parse.ts stores a display name quoted (`"…" <addr>`); the composer gets it so.
          to: [`"${name.replace(/["\\]/g, '\\$&')}" <bob@partner.test>`],
          cc: ['carla@partner.test'],
          bcc: [],
          subject: `Re: ${subject}`,
          body: 'Agreed.',
          inReplyTo: `<${id}@partner.test>`,
          references: [`<${id}@partner.test>`],
          attachments: [{ filename, contentType: 'application/pdf', size: 3, sha256: '' }],
        };
        const transport = smtpTransport({
          smtp: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true },
          composer: { compose: () => ({ effect, files: [new Uint8Array([1, 2, 3])] }) },
          sent: { has: async () => false, append: async () => {} },
        });
        await transport.commit({
          claimId: id,
          action: { tool: 'replyToEmail', args: {} },
          contentHash: '',
          messageId: `<${id}@acme.test>`,
          attempt: 1,
        });
        const got = smtp.received.find((m) => m.raw.includes(`<${id}@acme.test>`))!;
        expect(got.to.sort()).toEqual(recipientsOf(effect).map(bareAddress).sort());
        const parsed = await PostalMime.parse(got.raw);
        for (const h of parsed.headers) expect(HEADERS, h.key).toContain(h.key);
        expect(parsed.bcc ?? []).toEqual([]);
        const named = [...(parsed.to ?? []), ...(parsed.cc ?? [])].flatMap((a) =>
          a.group ? a.group.map((g) => g.address) : [a.address],
        );
        expect(named.map((a) => a?.toLowerCase()).sort()).toEqual(['bob@partner.test', 'carla@partner.test']);
        expect(parsed.attachments.length).toBe(1);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
