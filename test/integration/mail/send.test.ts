/**
 * Sending from a real account: an approved reply goes out through SMTP (a real smtp-server on
 * loopback) with the thread's headers, lands in the account's Sent folder on Dovecot, and a
 * retry after that finds it there instead of sending twice; a governed draft appears in the
 * account's Drafts folder for every other mail client.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from './parse-raw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAccounts } from '../../../main/accounts/accounts';
import { accountTransports, pushDraft, transportNameOf } from '../../../main/accounts/transports';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { ClaimsService } from '../../../main/services/claims-service';
import type { Account } from '../../../main/store/repositories';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { startSmtpCapture, type SmtpCapture } from '../servers/smtp';
import { addServerAccount, freshProfile } from './fixtures';

const missing = dovecotMissing();

describe.skipIf(missing)('sending and drafts on a real account', () => {
  let server: DovecotServer;
  let smtp: SmtpCapture;
  let smtpPort: number;
  let p: Profile;
  let account: Account;

  beforeAll(async () => {
    server = await startDovecot();
    smtp = await startSmtpCapture();
    smtpPort = smtp.port;
    server.writeMaildir('INBOX', [
      {
        raw: rawMessage({
          n: 1,
          from: 'Bob Lee <bob@example.test>',
          subject: 'Release 2.4',
          to: `${server.user}@example.test`,
        }),
      },
      {
        raw: rawMessage({
          n: 2,
          from: 'Bob Lee <bob@example.test>',
          subject: 'Re: Release 2.4',
          inReplyTo: '<m1@example.test>',
          to: `${server.user}@example.test`,
        }),
      },
    ]);
    p = freshProfile();
    account = await addServerAccount(p, server, 'work', smtpPort);
    const [r] = await syncAccounts(p);
    expect(r?.error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    p?.close();
    await smtp?.stop();
    await server?.stop();
  });

  const inFolder = async (folder: string, messageId: string) => {
    const c = await server.client();
    try {
      const lock = await c.getMailboxLock(folder);
      try {
        const uids = await c.search({ header: { 'message-id': messageId } }, { uid: true });
        const flags: string[][] = [];
        if (Array.isArray(uids))
          for await (const m of c.fetch(uids, { flags: true }, { uid: true })) flags.push([...(m.flags ?? [])]);
        return flags;
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
  };

  it('sends an approved reply with the thread headers, keeps it in Sent, and never sends it twice', async () => {
    const original = p.db.prepare(`SELECT id FROM messages WHERE message_id = '<m2@example.test>'`).get() as {
      id: string;
    };
    const claim = p.claims.create({
      id: 'reply-1',
      seq: 1,
      accountId: account.id,
      action: { tool: 'replyToEmail', args: { id: original.id, body: 'Thanks Bob, reviewing by Wednesday.' } },
      rule: 'egress/untrusted-context',
      reasons: ['test'],
      risk: 'high',
      fields: [],
      context: [],
      createdAt: new Date().toISOString(),
    });
    const svc = new ClaimsService(p);
    expect(svc.transportOf(claim)).toBe(transportNameOf(account));
    const { messageId } = svc.approve(claim.id, { by: 'test', expectedHash: claim.contentHash, undoWindowMs: 0 });
    await svc.commitDue();
    expect(p.claims.get(claim.id).state).toBe('committed');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['bob@example.test']);
    const mail = simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Re: Release 2.4');
    expect(mail.inReplyTo).toBe('<m2@example.test>');
    expect(mail.references).toBe('<m1@example.test> <m2@example.test>');
    expect(mail.messageId).toBe(messageId);
    expect(await inFolder('Sent', messageId!)).toHaveLength(1);
    // A retry (say, after a crash between SMTP and the outbox's bookkeeping) finds it in Sent.
    const t = accountTransports(p).get(transportNameOf(account))!;
    const again = await t.reconcile({
      claimId: claim.id,
      action: claim.action,
      contentHash: claim.contentHash,
      messageId,
      attempt: 2,
    });
    expect(again.done).toBe(true);
    expect(smtp.received).toHaveLength(1);
  }, 60_000);

  it('puts a governed draft into the account Drafts folder', async () => {
    const original = p.db.prepare(`SELECT id FROM messages WHERE message_id = '<m1@example.test>'`).get() as {
      id: string;
    };
    p.repos.outgoing.addDraft(
      account.id,
      {
        id: 'draft-1',
        to: ['bob@example.test'],
        cc: [],
        subject: 'Re: Release 2.4',
        body: 'Draft: looks good.',
        inReplyTo: original.id,
        date: new Date().toISOString(),
      },
      null,
    );
    expect(await pushDraft(p, 'draft-1')).toBe('Drafts');
    const c = await server.client();
    try {
      const lock = await c.getMailboxLock('Drafts');
      try {
        const found: { subject?: string; flags: string[]; inReplyTo?: string }[] = [];
        for await (const m of c.fetch('1:*', { envelope: true, flags: true }))
          found.push({ subject: m.envelope?.subject, flags: [...(m.flags ?? [])], inReplyTo: m.envelope?.inReplyTo });
        expect(found).toEqual([
          { subject: 'Re: Release 2.4', flags: expect.arrayContaining(['\\Draft']), inReplyTo: '<m1@example.test>' },
        ]);
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
  }, 60_000);

  it('a run that drafts a reply on a real account puts the draft in Drafts as it stores it', async () => {
    const original = p.db.prepare(`SELECT id FROM messages WHERE message_id = '<m2@example.test>'`).get() as {
      id: string;
    };
    const plan = readFileSync(join(process.cwd(), 'resources/playbooks/draft-reply.js'), 'utf8');
    const r = await runOnProfile(p, {
      plan,
      input: { id: original.id, body: 'Drafted by the playbook.' },
      accountId: account.id,
    });
    expect(r.report.status).toBe('completed');
    expect(r.effects.drafts).toHaveLength(1);
    const c = await server.client();
    try {
      const status = await c.status('Drafts', { messages: true });
      expect(status && status.messages).toBe(2);
    } finally {
      await c.logout();
    }
  }, 60_000);

  it('what the policy allows on a real account happens on its servers, once: a note to self is sent, an email archived', async () => {
    const target = p.db.prepare(`SELECT id FROM messages WHERE message_id = '<m1@example.test>'`).get() as {
      id: string;
    };
    const before = smtp.received.length;
    const plan = `
      const e = await getEmail(input.id);
      await archiveEmail(e.id);
      await sendEmail({ to: ['${account.email}'], subject: 'Note to self', body: 'Archived ' + e.subject });
    `;
    const r = await runOnProfile(p, { plan, input: { id: target.id }, accountId: account.id });
    expect(r.report.calls.filter((c) => c.executed).map((c) => [c.tool, c.decision])).toEqual([
      ['getEmail', 'allow'],
      ['archiveEmail', 'allow'],
      ['sendEmail', 'allow'],
    ]);
    // Both went through the outbox, approved by the policy rule, and are committed.
    const auto = p.claims.list({ limit: 100 }).filter((c) => c.runId === r.runId);
    expect(auto.map((c) => [c.action.tool, c.state, c.decidedBy])).toEqual(
      expect.arrayContaining([
        ['archiveEmail', 'committed', 'policy:organize/self-scoped'],
        ['sendEmail', 'committed', 'policy:egress/to-self'],
      ]),
    );
    expect(smtp.received.length - before).toBe(1);
    expect(smtp.received.at(-1)!.to).toEqual([account.email]);
    const c = await server.client();
    try {
      const archive = await c.status('Archive', { messages: true });
      expect(archive && archive.messages).toBe(1);
    } finally {
      await c.logout();
    }
    expect(p.repos.messages.get(target.id)!.folder).toBe('Archive');
  }, 60_000);
});
