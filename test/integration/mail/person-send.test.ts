/**
 * A person's own mail from the command line, against a real Dovecot (IMAP, Sent) and a real
 * SMTP server: `zamburak mail send|reply --all|forward|undo`. Each message arrives once, at
 * exactly the recipients its effect names (the envelope), with its threading headers and
 * attachments, and re-hashes — rebuilt from what the server received — to the hash its claim was
 * approved at; a copy lands in Sent. Undo inside the window sends nothing; a process killed
 * inside the window loses nothing (the next committer sends it, once); an attachment over the
 * server's size limit and a bad address are refused at their field.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectHash, recipientsOf, type MailEffect } from '../../../engine/tools/effect';
import { syncAccounts } from '../../../main/accounts/accounts';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { createServices } from '../../../main/services/services';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount } from './fixtures';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../servers/smtp';

const missing = dovecotMissing();
const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');
const SIZE_LIMIT = 200_000;
const PDF = Buffer.from('%PDF-1.4 the March invoice\n'.repeat(40));

/** The original of the forward: a message with an attachment. */
const withAttachment = (user: string) =>
  [
    'From: Carol Diaz <carol@example.test>',
    `To: ${user}@example.test`,
    'Subject: Invoice March',
    'Date: Thu, 01 Jan 2026 00:10:00 GMT',
    'Message-ID: <m3@example.test>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The invoice is attached.',
    '--b1',
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    PDF.toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--b1--',
    '',
  ].join('\r\n');

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The effect a received message carries, rebuilt from its bytes and envelope alone. */
async function receivedEffect(m: CapturedMail, tool: string): Promise<MailEffect> {
  const e = await PostalMime.parse(m.raw);
  const to = (e.to ?? []).map((a) => a.address ?? '');
  const cc = (e.cc ?? []).map((a) => a.address ?? '');
  const visible = new Set([...to, ...cc].map((a) => a.toLowerCase()));
  return {
    kind: 'mail',
    tool,
    from: e.from?.address ?? '',
    to,
    cc,
    bcc: m.to.filter((a) => !visible.has(a.toLowerCase())),
    subject: e.subject ?? '',
    body: e.text ?? '',
    inReplyTo: e.inReplyTo ?? null,
    references: e.references ? e.references.split(/\s+/).filter(Boolean) : [],
    attachments: e.attachments.map((a) => {
      const bytes = new Uint8Array(a.content as ArrayBuffer);
      return { filename: a.filename ?? '', contentType: a.mimeType, size: bytes.byteLength, sha256: sha(bytes) };
    }),
  };
}

describe.skipIf(missing)('zamburak mail send, reply, forward and undo over a real account', () => {
  let server: DovecotServer;
  let smtp: SmtpCapture;
  let dir: string;
  let files: string;

  /** Runs the CLI without blocking: the SMTP server lives in this process and must keep answering. */
  const zamburak = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const c = spawn(process.execPath, [BIN, ...args, '--profile', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      c.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      c.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      c.on('exit', (status) => resolve({ status, stdout, stderr }));
    });
  const withProfile = <T>(f: (p: Profile) => T): T => {
    const p = openProfile(dir, { create: false });
    try {
      return f(p);
    } finally {
      p.close();
    }
  };
  const idOf = (messageId: string) =>
    withProfile(
      (p) => (p.db.prepare('SELECT id FROM messages WHERE message_id = ?').get(messageId) as { id: string }).id,
    );
  const sentIds = async (): Promise<string[]> => {
    const c = await server.client();
    try {
      const lock = await c.getMailboxLock('Sent');
      try {
        const ids: string[] = [];
        for await (const m of c.fetch('1:*', { envelope: true })) ids.push(m.envelope?.messageId ?? '');
        return ids;
      } finally {
        lock.release();
      }
    } catch {
      return [];
    } finally {
      await c.logout();
    }
  };

  /** The one message the server received for a claim, checked against the claim's effect and hash. */
  async function deliveredOnce(claimId: string): Promise<MailEffect> {
    const { contentHash, tool, messageId } = withProfile((p) => {
      const c = p.claims.get(claimId);
      return { contentHash: c.contentHash, tool: c.action.tool, messageId: p.claims.outboxEntry(claimId)!.messageId! };
    });
    const got = smtp.received.filter((m) => m.raw.includes(messageId));
    expect(got).toHaveLength(1);
    const effect = await receivedEffect(got[0]!, tool);
    expect(effectHash(effect)).toBe(contentHash);
    expect([...got[0]!.to].sort()).toEqual([...recipientsOf(effect)].sort());
    expect(await sentIds()).toContain(messageId);
    return effect;
  }

  beforeAll(async () => {
    server = await startDovecot();
    smtp = await startSmtpCapture({ size: SIZE_LIMIT });
    server.writeMaildir('INBOX', [
      {
        raw: rawMessage({
          n: 1,
          from: 'Bob Lee <bob@example.test>',
          subject: 'Release 2.4',
          to: `${server.user}@example.test, Dave Kim <dave@example.test>`,
        }).replace('Subject:', 'Cc: erin@example.test\r\nSubject:'),
      },
      {
        raw: rawMessage({
          n: 2,
          from: 'Bob Lee <bob@example.test>',
          subject: 'Re: Release 2.4',
          inReplyTo: '<m1@example.test>',
          to: `${server.user}@example.test, Dave Kim <dave@example.test>`,
        }).replace('Subject:', 'Cc: erin@example.test\r\nSubject:'),
      },
      { raw: withAttachment(server.user) },
    ]);
    dir = join(mkdtempSync(join(tmpdir(), 'zamburak-person-send-')), 'p');
    files = mkdtempSync(join(tmpdir(), 'zamburak-attach-'));
    const p = openProfile(dir);
    await addServerAccount(p, server, 'work', smtp.port);
    const [r] = await syncAccounts(p);
    expect(r?.error).toBeUndefined();
    p.setSetting('undoWindowSeconds', '0');
    p.close();
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await server?.stop();
  });

  it('send with an attachment: queued (JSON at once), then delivered once, re-hashing to its claim', async () => {
    const file = join(files, 'notes.txt');
    writeFileSync(file, 'Agenda:\n1. budget\n2. hiring\n');
    const r = await zamburak(
      'mail',
      'send',
      '--to',
      'Frank Moe <frank@example.test>,gina@example.test',
      '--cc',
      'hank@example.test',
      '--subject',
      'Agenda for Monday',
      '--body',
      'Hi all,\nthe agenda is attached.\n',
      '--attach',
      file,
      '--json',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const queued = JSON.parse(r.stdout.trim().split('\n')[0]!) as { id: string; status: string; sendAt: string };
    expect(Object.keys(queued).sort()).toEqual(['id', 'sendAt', 'status']);
    expect(queued.status).toBe('queued');
    const e = await deliveredOnce(queued.id);
    expect(recipientsOf(e)).toEqual(['frank@example.test', 'gina@example.test', 'hank@example.test']);
    expect(e.attachments).toMatchObject([{ filename: 'notes.txt', contentType: 'text/plain' }]);
    const audited = withProfile((p) => p.audit.list({ kind: 'mail.sent' }));
    expect(audited.filter((a) => (a.data as { claimId: string }).claimId === queued.id)).toHaveLength(1);
  }, 60_000);

  it('reply --all: to the sender, Cc everyone else but me, threaded under the original', async () => {
    const r = await zamburak('mail', 'reply', idOf('<m2@example.test>'), '--all', '--body', 'Sounds good.', '--json');
    expect(r.status).toBe(0);
    const { id } = JSON.parse(r.stdout.split('\n')[0]!) as { id: string };
    const e = await deliveredOnce(id);
    expect(e.to).toEqual(['bob@example.test']);
    expect([...e.cc].sort()).toEqual(['dave@example.test', 'erin@example.test']);
    expect(e.subject).toBe('Re: Release 2.4');
    expect(e.inReplyTo).toBe('<m2@example.test>');
    expect(e.references).toEqual(['<m1@example.test>', '<m2@example.test>']);
  }, 60_000);

  it("forward: the original's attachment goes along, under a Fwd: subject with the quoted original", async () => {
    const r = await zamburak(
      'mail',
      'forward',
      idOf('<m3@example.test>'),
      '--to',
      'ap@example.test',
      '--body',
      'FYI',
      '--json',
    );
    expect(r.status).toBe(0);
    const { id } = JSON.parse(r.stdout.split('\n')[0]!) as { id: string };
    const e = await deliveredOnce(id);
    expect(e.subject).toBe('Fwd: Invoice March');
    expect(e.body).toMatch(/^FYI\n\n---------- Forwarded message ----------\nFrom: Carol Diaz <carol@example.test>/);
    expect(e.attachments).toEqual([
      { filename: 'invoice.pdf', contentType: 'application/pdf', size: PDF.byteLength, sha256: sha(PDF) },
    ]);
  }, 60_000);

  it('undo inside the window: nothing is sent, and the sender says so', async () => {
    withProfile((p) => p.setSetting('undoWindowSeconds', '30'));
    const before = smtp.received.length;
    const child = spawn(
      process.execPath,
      [
        BIN,
        'mail',
        'send',
        '--to',
        'ivan@example.test',
        '--subject',
        'Oops',
        '--body',
        'wrong draft',
        '--json',
        '--profile',
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const line = await new Promise<string>((r) => child.stdout.once('data', (d: Buffer) => r(d.toString())));
    const { id } = JSON.parse(line) as { id: string };
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const undo = await zamburak('mail', 'undo', id);
    expect(undo.status).toBe(0);
    expect(await exited).toBe(1);
    expect(stderr).toContain(`Undone: ${id} was not sent.`);
    expect(smtp.received.length).toBe(before);
    expect((await zamburak('mail', 'undo', id)).status).toBe(1);
    withProfile((p) => p.setSetting('undoWindowSeconds', '0'));
  }, 60_000);

  it('a process killed inside the undo window loses nothing: the next committer sends it once', async () => {
    withProfile((p) => p.setSetting('undoWindowSeconds', '2'));
    const child = spawn(
      process.execPath,
      [
        BIN,
        'mail',
        'send',
        '--to',
        'judy@example.test',
        '--subject',
        'Killed',
        '--body',
        'still goes',
        '--json',
        '--profile',
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = await new Promise<string>((r) => child.stdout.once('data', (d: Buffer) => r(d.toString())));
    const { id, sendAt } = JSON.parse(line) as { id: string; sendAt: string };
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    await new Promise((r) => setTimeout(r, Math.max(0, new Date(sendAt).getTime() - Date.now()) + 100));
    const p = openProfile(dir, { create: false });
    try {
      await createServices(p).claims.commitDue();
      expect(p.claims.get(id).state).toBe('committed');
    } finally {
      p.close();
    }
    await deliveredOnce(id);
    withProfile((q) => q.setSetting('undoWindowSeconds', '0'));
  }, 60_000);

  it('refuses, at the field, an attachment over the server size limit and an invalid address', async () => {
    const big = join(files, 'scan.bin');
    writeFileSync(big, Buffer.alloc(SIZE_LIMIT, 7));
    const before = smtp.received.length;
    const tooBig = await zamburak(
      'mail',
      'send',
      '--to',
      'kim@example.test',
      '--subject',
      'Scan',
      '--body',
      'x',
      '--attach',
      big,
    );
    expect(tooBig.status).toBe(2);
    expect(tooBig.stderr).toBe(
      'zamburak mail send: attachments[0]: scan.bin makes the message larger than the 0.2 MB the mail server accepts\n',
    );
    const bad = await zamburak('mail', 'send', '--to', 'kim@', '--subject', 'Hi', '--body', 'x');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^zamburak mail send: to: "kim@" is not an email address/);
    expect(smtp.received.length).toBe(before);
    expect(withProfile((p) => p.claims.list({}).filter((c) => c.state === 'approved'))).toEqual([]);
  });
});
