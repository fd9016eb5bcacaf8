/**
 * Red-team round 16: an approved message leaves once, even when its Sent copy cannot be filed.
 * The SMTP transport (main/outbox/mail-transport.ts) sent the message and then appended it to
 * the account's Sent folder inside one `try`: a Sent folder that refused the copy (over quota —
 * which anyone who mails the person large attachments can bring about — or IMAP out of reach)
 * turned a delivered message into a temporary failure. The outbox then retried: it reconciled
 * first, found no copy in Sent (the append is what failed), and sent the message again, once per
 * attempt. One approval, up to six deliveries to the recipients.
 *
 * Property: whatever the Sent folder does, the recipients get exactly one message per approval,
 * and the claim is committed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimStore } from '../../../main/claims/claim-store';
import { smtpTransport, type SentFolder } from '../../../main/outbox/mail-transport';
import { Outbox } from '../../../main/outbox/outbox';
import { MIGRATIONS, openDatabase } from '../../../main/store';
import { startSmtpCapture, type SmtpCapture } from '../../integration/servers/smtp';
import { plainComposer, sendAction, tableSink } from '../../main/outbox/fixtures';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => smtp.stop());

/** A Sent folder that refuses the first `refusals` copies (then files them), as a full mailbox does. */
function fullSentFolder(refusals: number): SentFolder & { readonly filed: Set<string> } {
  const filed = new Set<string>();
  let left = refusals;
  return {
    filed,
    has: async (messageId) => filed.has(messageId),
    append: async (_raw, messageId) => {
      if (left-- > 0) throw new Error('NO [OVERQUOTA] Quota exceeded (mailbox for user is full)');
      filed.add(messageId);
    },
  };
}

describe('a Sent folder that refuses the copy', () => {
  for (const refusals of [1, 2, 100])
    it(`the message leaves once (the Sent folder refuses ${refusals} cop${refusals === 1 ? 'y' : 'ies'})`, async () => {
      const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'zamburak-rt16-sent-')), 'z.db'), {
        migrations: MIGRATIONS,
      });
      const claims = new ClaimStore(db, tableSink(db));
      let clock = new Date('2026-11-24T09:00:00Z');
      const transport = smtpTransport({
        smtp: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true },
        composer: plainComposer,
        sent: fullSentFolder(refusals),
      });
      const outbox = new Outbox(claims, new Map([['smtp', transport]]), {
        now: () => clock,
        backoffMs: 1000,
        maxAttempts: 6,
      });
      const id = `sent-${refusals}`;
      const action = { ...sendAction(refusals), args: { ...sendAction(refusals).args, subject: id } };
      claims.create({
        id,
        seq: 1,
        action,
        rule: 'egress/untrusted-recipient',
        reasons: ['r'],
        risk: 'high',
        fields: [],
        context: {},
        createdAt: clock.toISOString(),
      });
      claims.approve(id, { by: 'test', now: clock, undoWindowMs: 0, transport: 'smtp' });
      for (let i = 0; i < 8; i++) {
        await outbox.processDue();
        clock = new Date(clock.getTime() + 10 * 60_000);
      }
      const delivered = smtp.received.filter((m) => m.raw.includes(`Subject: ${id}`));
      expect(delivered.length, 'one approval, several deliveries').toBe(1);
      expect(claims.get(id).state).toBe('committed');
      // The missing copy is said, not hidden.
      expect(JSON.stringify(outbox.entry(id)?.result)).toContain('not filed in Sent: NO [OVERQUOTA]');
      db.close();
    });
});
