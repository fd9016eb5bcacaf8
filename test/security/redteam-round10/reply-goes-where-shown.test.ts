/**
 * Red-team round 10: a reply's recipients as shown (main/mail/reply-recipients.ts, checked by the
 * send service) against where SMTP delivers it. The composer shows, and the send service checks,
 * each recipient as `bareAddress` reads it; the transport gave nodemailer the effect's recipients
 * as written, and nodemailer parses them its own way. An attacker's From header whose display
 * name holds an address (`"Bob <bob@boss.test>" <eve@evil.test>`) is stored as
 * `Bob <bob@boss.test> <eve@evil.test>`: `bareAddress` reads the whole text (no single `<…>`),
 * so labels, policy and the shown check all name that text (the email's own author), while
 * nodemailer's envelope went to bob@boss.test, a third party the attacker chose.
 *
 * Fixed twice: main/mail/parse.ts quotes a display name that holds `<`, `@`, `,` and the like,
 * and `bareAddress` reads a quoted name (so the From is eve's, as every mail reader says); and
 * main/outbox/mail-transport.ts sends the envelope to the recipients as `bareAddress` reads them,
 * refusing, permanently, one that is no address. Properties: whatever an attacker writes in the
 * From's display name, a reply reaches exactly the addresses shown to the person, and those are
 * the From's own address.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectOf, type MailEffect, type OriginalEmail } from '../../../engine/tools/effect';
import { parseMessage } from '../../../main/mail/parse';
import { replyRecipientsOf } from '../../../main/mail/reply-recipients';
import { smtpTransport } from '../../../main/outbox/mail-transport';
import { TransportError } from '../../../main/outbox/transport';
import { startSmtpCapture, type SmtpCapture } from '../../integration/servers/smtp';
import { SAM } from '../redteam-fixtures';

let server: SmtpCapture;
beforeAll(async () => {
  server = await startSmtpCapture();
});
afterAll(async () => server.stop());

const display = fc.constantFrom(
  '"Bob <bob@boss.test>"',
  '"bob@boss.test"',
  '"Bob, <bob@boss.test>"',
  '"<bob@boss.test>, Eve"',
  '=?utf-8?Q?Bob_=3Cbob=40boss=2Etest=3E?=',
  'Eve',
  '',
);

async function original(fromHeader: string): Promise<OriginalEmail> {
  const raw = `From: ${fromHeader}\r\nTo: ${SAM}\r\nSubject: Hello\r\nMessage-ID: <m1@evil.test>\r\n\r\nHi Sam.\r\n`;
  const p = await parseMessage(Buffer.from(raw), { date: new Date('2026-04-05T10:00:00Z'), key: 'm1' });
  return {
    id: 'm1',
    from: p.from,
    to: p.to,
    cc: p.cc,
    subject: p.subject,
    date: p.date,
    body: p.body,
    messageId: p.messageId,
    references: [],
    attachments: [],
  };
}

describe('a reply reaches exactly whom it showed', () => {
  it('property: whatever the From header says, the envelope is the shown recipients or nothing', async () => {
    await fc.assert(
      fc.asyncProperty(display, async (name) => {
        const m = await original(`${name} <eve@evil.test>`);
        const lookups = {
          account: { from: `Sam Park <${SAM}>`, addresses: [SAM] },
          email: (id: string) => (id === 'm1' ? m : undefined),
          event: () => undefined,
        };
        const shown = replyRecipientsOf(lookups, 'm1', false);
        const effect = effectOf('replyToEmail', { id: 'm1', body: 'Thanks, noted.' }, lookups) as MailEffect;
        const before = server.received.length;
        const transport = smtpTransport({
          smtp: { host: '127.0.0.1', port: server.port, secure: false, ignoreTLS: true },
          composer: { compose: () => ({ effect, files: [] }) },
          sent: { has: async () => false, append: async () => undefined },
        });
        const action = { tool: 'replyToEmail', args: { id: 'm1', body: 'Thanks, noted.' } };
        let refused: unknown = null;
        try {
          await transport.commit({
            claimId: 'c1',
            action,
            contentHash: 'h',
            messageId: '<r1@northwind.test>',
            attempt: 1,
          });
        } catch (e) {
          refused = e;
        }
        const got = server.received.slice(before).flatMap((r) => r.to.map((a) => a.toLowerCase()));
        if (refused) {
          expect(refused).toBeInstanceOf(TransportError);
          expect(got, 'a refused reply reached someone').toEqual([]);
        } else
          expect(got.sort(), `LEAK: From ${JSON.stringify(m.from)} showed ${shown.to.join(', ')}`).toEqual(
            [...shown.to].sort(),
          );
        expect(shown.to, `the reply to ${JSON.stringify(m.from)} goes to its author`).toEqual(['eve@evil.test']);
        expect(refused).toBeNull();
      }),
      { numRuns: 14 },
    );
  });
});
