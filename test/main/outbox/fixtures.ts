/**
 * Shared by the outbox tests and the crash child: a profile database with claims to send, the
 * mail composer for plain sendEmail actions, and a "Sent folder" kept by the SMTP test server
 * itself (as providers that file every accepted message in Sent do), so that a message the
 * server accepted is visible to reconciliation even when the sender died before hearing "250".
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../../../engine/ifc/labeled-value';
import { effectOf, type MailEffect } from '../../../engine/tools/effect';
import type { AuditEventInput, AuditSink } from '../../../main/audit/sink';
import type { ClaimAction } from '../../../main/claims/claim-store';
import type { MailComposerSource, OutgoingMail, SentFolder } from '../../../main/outbox/mail-transport';
import { Outbox, type OutboxOptions } from '../../../main/outbox/outbox';
import { smtpTransport } from '../../../main/outbox/mail-transport';
import type { Profile } from '../../../main/profile/profile';
import type { Db } from '../../../main/store';

export const sentFile = (dir: string, messageId: string): string =>
  join(dir, createHash('sha256').update(messageId.trim()).digest('hex') + '.eml');

export function serverSentFolder(dir: string): SentFolder {
  return {
    has: async (messageId) => existsSync(sentFile(dir, messageId)),
    append: async (raw, messageId) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(sentFile(dir, messageId), raw);
    },
  };
}

/** Plain sendEmail actions from alex@acme.test, as their effect says (no store needed). */
export const plainComposer: MailComposerSource = {
  compose(action: ClaimAction): OutgoingMail {
    const effect = effectOf(action.tool, action.args, {
      account: { from: 'alex@acme.test', addresses: ['alex@acme.test'] },
      email: () => undefined,
      event: () => undefined,
    }) as MailEffect;
    return { effect, files: [] };
  },
};

/** Audit entries as plain rows (the chain itself is tested with the audit log). */
export function tableSink(db: Db): AuditSink {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, kind, run_id, tool, body, prev_hash, hash, mac) VALUES (?, ?, ?, ?, ?, '', '', '')`,
  );
  return {
    append(e: AuditEventInput) {
      return Number(
        insert.run(new Date().toISOString(), e.kind, e.runId ?? null, e.tool ?? null, JSON.stringify(e.data as Json))
          .lastInsertRowid,
      );
    },
  };
}

export function sendAction(i: number): ClaimAction {
  return {
    tool: 'sendEmail',
    args: { to: [`person${i}@partner.test`], subject: `Quote ${i}`, body: `Hello ${i}, the quote is attached.` },
  };
}

/** An outbox over a profile that sends plain actions to a loopback SMTP server (race and crash children). */
export function raceOutbox(profile: Profile, sentDir: string, port: number, opts: OutboxOptions = {}): Outbox {
  const transport = smtpTransport({
    smtp: {
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 2000,
      greetingTimeout: 2000,
      socketTimeout: 10_000,
    },
    composer: plainComposer,
    sent: serverSentFolder(sentDir),
  });
  return new Outbox(profile.claims, new Map([['smtp', transport]]), {
    backoffMs: 20,
    maxBackoffMs: 200,
    maxAttempts: 50,
    ...opts,
  });
}
