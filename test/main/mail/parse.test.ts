/**
 * Parsing hostile mail: addresses, HTML-only bodies read as text, sanitised HTML (no scripts,
 * handlers or remote loads), the receiving server's authentication verdict (not the sender's
 * forged one), threads, attachments saved under safe names, bad messages kept with a reason, and
 * the worker pool giving the same records as parsing in this thread.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeAttachmentName, saveAttachments } from '../../../main/mail/attachments';
import { htmlToText, sanitizeHtml } from '../../../main/mail/html';
import { parseMessage, senderAuthenticated } from '../../../main/mail/parse';
import { ParsePool } from '../../../main/mail/parse-pool';

const FALLBACK = { date: new Date('2026-01-02T03:04:05Z'), key: 'm-fallback' };
const parse = (raw: string) => parseMessage(Buffer.from(raw.replace(/\n/g, '\r\n')), FALLBACK);

/** The Received field the receiving server wrote when the message arrived: its verdict sits above it. */
const ARRIVAL = 'Received: from mail.acme.test by mx.example.test with ESMTPS id 1; Mon, 2 Mar 2026 10:00:00 +0000';

describe('parseMessage', () => {
  it('reads addresses, subject, date and an HTML-only body as text', async () => {
    const m = await parse(`From: "Bob Lee" <bob@acme.test>
To: maya@acme.test, Team: a@acme.test, b@acme.test;
Cc: =?utf-8?Q?J=C3=BCrgen?= <j@acme.test>
Subject: =?utf-8?B?w5xiZXJ3ZWlzdW5n?=
Date: Tue, 3 Feb 2026 10:00:00 +0100
Message-ID: <abc@acme.test>
Content-Type: text/html; charset=utf-8

<html><head><style>p{}</style></head><body><p>Hello&nbsp;Maya,</p><ul><li>one</li><li>two</li></ul><script>x()</script></body></html>
`);
    expect(m).toMatchObject({
      from: 'Bob Lee <bob@acme.test>',
      to: ['maya@acme.test', 'a@acme.test', 'b@acme.test'],
      cc: ['j@acme.test'],
      subject: 'Überweisung',
      date: '2026-02-03T09:00:00.000Z',
      messageId: '<abc@acme.test>',
      parseError: null,
    });
    expect(m.body).toBe('Hello Maya,\n\n• one\n• two');
    expect(m.html).not.toContain('<script');
  });

  it('takes SPF/DKIM/DMARC from the topmost Authentication-Results only', async () => {
    const m = await parse(`Authentication-Results: mx.example.test; spf=fail smtp.mailfrom=x; dkim=none; dmarc=fail
${ARRIVAL}
Authentication-Results: forged.test; spf=pass; dkim=pass; dmarc=pass
From: ceo@acme.test
Subject: urgent

pay now
`);
    expect(m.auth).toEqual({ authserv: 'mx.example.test', position: 'top', spf: 'fail', dkim: 'none', dmarc: 'fail' });
    expect((await parse('From: a@b.test\nSubject: s\n\nx\n')).auth).toBeNull();
  });

  it("authenticates a sender only by a pass from the account's own receiving server", async () => {
    const verdict = async (header: string) =>
      (await parse(`${header}\n${ARRIVAL}\nFrom: bob@acme.test\nSubject: s\n\nx\n`)).auth;
    const ours = { authserv: ['mx.example.test'] };
    expect(senderAuthenticated(await verdict('Authentication-Results: MX.example.test; dmarc=pass'), ours)).toBe(true);
    // A server that adds no header leaves the sender's own on top: it names another server.
    expect(senderAuthenticated(await verdict('Authentication-Results: forged.test; dmarc=pass'), ours)).toBe(false);
    expect(senderAuthenticated(await verdict('Authentication-Results: mx.example.test; dmarc=fail'), ours)).toBe(false);
    // No server id configured for the account: nobody is authenticated.
    expect(senderAuthenticated(await verdict('Authentication-Results: mx.example.test; dmarc=pass'), {})).toBe(false);
  });

  it('threads a reply with its root, and a message without ids by the fallback key', async () => {
    const root = await parse('Message-ID: <r@x.test>\nSubject: a\n\nx\n');
    const reply = await parse(
      'Message-ID: <c@x.test>\nIn-Reply-To: <b@x.test>\nReferences: <r@x.test> <b@x.test>\nSubject: Re: a\n\ny\n',
    );
    expect(reply.threadId).toBe(root.threadId);
    const lone = await parse('Subject: no ids\n\nz\n');
    expect(lone.threadId).toMatch(/^t-[0-9a-f]{20}$/);
    expect(lone.threadId).not.toBe(root.threadId);
    expect(lone.date).toBe(FALLBACK.date.toISOString());
  });

  it('keeps attachments and never throws on bad input', async () => {
    const m = await parse(`From: a@b.test
Subject: files
Content-Type: multipart/mixed; boundary=zz

--zz
Content-Type: text/plain

see attached
--zz
Content-Type: application/pdf; name="../../etc/passwd"
Content-Disposition: attachment; filename="../../etc/passwd"
Content-Transfer-Encoding: base64

JVBERi0xLjQK
--zz--
`);
    expect(m.body.trim()).toBe('see attached');
    expect(m.attachments).toHaveLength(1);
    expect(Buffer.from(m.attachments[0]!.content).toString()).toBe('%PDF-1.4\n');
    for (const raw of [
      '',
      '\u0000\u0001',
      'Subject: x\nDate: not a date\n\nbody\n',
      'Content-Type: multipart/mixed\n\n--a\n\nx',
    ])
      await expect(parse(raw)).resolves.toMatchObject({ threadId: expect.any(String) });
    expect((await parse('Subject: x\nDate: not a date\n\nbody\n')).parseError).toContain('unreadable Date');
    expect((await parse('Subject: =?x-klingon?Q?a?=\n\nb\n')).parseError).toContain('unknown charset "x-klingon"');
    expect(
      (await parse('Subject: ok\nContent-Type: text/plain; charset=latin1\n\nset charset=nonsense here\n')).parseError,
    ).toBeNull();
  });
});

describe('HTML', () => {
  it('sanitises: no scripts, handlers, script URLs, forms or remote loads', () => {
    const out = sanitizeHtml(`<p onclick="steal()" style="background:url(http://t.test/x)">hi</p>
<a href="javascript:alert(1)">x</a><a href="https://ok.test/">ok</a>
<img src="https://tracker.test/pixel.gif"><img src="data:image/png;base64,AAAA">
<iframe src="https://evil.test"></iframe><form action="https://evil.test"><input name=a></form>
<SCRIPT>alert(1)</SCRIPT><svg><script>alert(2)</script></svg><a href=" java\tscript:alert(3)">y</a>
<img/onerror=alert(4) src=x><b title="a>b" onmouseover="z()">t</b><p>style=plain text stays</p>`);
    for (const bad of [
      'onclick',
      'style="',
      'javascript',
      'java\tscript',
      '<iframe',
      '<form',
      '<input',
      '<script',
      '<SCRIPT',
      '<svg',
    ])
      expect(out).not.toContain(bad);
    expect(out).not.toMatch(/\ssrc="https:\/\/tracker/);
    expect(out).toContain('href="https://ok.test/"');
    expect(out).toContain('data-blocked-src="https://tracker.test/pixel.gif"');
    expect(out).toContain('src="data:image/png;base64,AAAA"');
    expect(out).not.toMatch(/onerror|onmouseover/);
    expect(out).toContain('<b title="a>b">t</b>');
    expect(out).toContain('<p>style=plain text stays</p>');
  });

  it('reads as text with entities decoded and paragraphs kept', () => {
    expect(htmlToText('<table><tr><td>a</td><td>b &amp; c</td></tr></table><p>&#x41;&#66;</p><!-- hidden -->')).toBe(
      'a b & c\n\nAB',
    );
  });
});

describe('attachments on disk', () => {
  it('get names that stay in their folder and do not collide', () => {
    expect(safeAttachmentName('../../etc/passwd', 0)).toBe('_.._etc_passwd');
    expect(safeAttachmentName('invoice\u202Efdp.exe', 0)).toBe('invoice_fdp.exe');
    expect(safeAttachmentName('.hidden', 0)).toBe('hidden');
    expect(safeAttachmentName('CON.txt', 2)).toBe('attachment-3-CON.txt');
    expect(safeAttachmentName(null, 0)).toBe('attachment-1');
    const root = mkdtempSync(join(tmpdir(), 'zamburak-att-'));
    const bytes = (s: string) => new TextEncoder().encode(s);
    const saved = saveAttachments(root, 'm-1', [
      { filename: 'a.txt', contentType: 'text/plain', content: bytes('one') },
      { filename: 'A.txt', contentType: 'text/plain', content: bytes('two') },
      { filename: '../a.txt', contentType: 'text/plain', content: bytes('three') },
    ]);
    expect(saved.map((s) => s.path)).toEqual(['m-1/a.txt', 'm-1/A-2.txt', 'm-1/_a.txt']);
    expect(readFileSync(join(root, 'm-1', 'A-2.txt'), 'utf8')).toBe('two');
    expect(existsSync(join(root, 'a.txt'))).toBe(false);
    expect(() => saveAttachments(root, '../x', [{ filename: 'a', contentType: 't', content: bytes('') }])).toThrow();
  });
});

describe('ParsePool', () => {
  it('parses in worker threads exactly as in this thread, and refuses work once closed', async () => {
    const pool = new ParsePool({ size: 2 });
    const raws = [
      'From: a@b.test\r\nSubject: one\r\nMessage-ID: <1@b.test>\r\n\r\nbody one\r\n',
      'Content-Type: text/html\r\nSubject: two\r\n\r\n<p>two &amp; more</p>\r\n',
      '\u0000 garbage',
      'Subject: files\r\nContent-Type: multipart/mixed; boundary=z\r\n\r\n--z\r\nContent-Type: text/plain\r\n\r\nx\r\n--z\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=a.bin\r\nContent-Transfer-Encoding: base64\r\n\r\nAAEC\r\n--z--\r\n',
    ].map((r) => Buffer.from(r));
    const inPool = await Promise.all(raws.map((r, i) => pool.parse(r, { ...FALLBACK, key: `k${i}` })));
    const here = await Promise.all(raws.map((r, i) => parseMessage(r, { ...FALLBACK, key: `k${i}` })));
    expect(inPool.map((m) => ({ ...m, attachments: m.attachments.map((a) => [...a.content]) }))).toEqual(
      here.map((m) => ({ ...m, attachments: m.attachments.map((a) => [...a.content]) })),
    );
    await pool.close();
    await expect(pool.parse(raws[0]!, FALLBACK)).rejects.toThrow(/closed/);
  });

  it('keeps a message whose parse runs out of memory, and goes on with the next', async () => {
    const pool = new ParsePool({ size: 1, maxHeapMb: 64 });
    const huge = Buffer.from('Subject: big\r\nContent-Type: text/html\r\n\r\n' + '<p>aaaa bbbb</p>'.repeat(4_000_000));
    const [big, next] = await Promise.all([
      pool.parse(huge, { ...FALLBACK, key: 'big' }),
      pool.parse(Buffer.from('Subject: next\r\n\r\nfine\r\n'), { ...FALLBACK, key: 'next' }),
    ]);
    expect(big.parseError).toMatch(/^parser crashed: .*memory/);
    expect(big.body.length).toBeGreaterThan(0);
    expect(next).toMatchObject({ subject: 'next', parseError: null });
    await pool.close();
  }, 60_000);

  it('keeps a message whose parse outlasts the timeout, and parses the next in a new worker', async () => {
    // Several seconds of HTML to parse and sanitise, against a one-second watchdog.
    const pool = new ParsePool({ size: 1, timeoutMs: 1_000, maxHeapMb: 512 });
    const slow = Buffer.from('Subject: slow\r\nContent-Type: text/html\r\n\r\n' + '<p>aaaa bbbb</p>'.repeat(2_500_000));
    const [stalled, next] = await Promise.all([
      pool.parse(slow, { ...FALLBACK, key: 'slow' }),
      pool.parse(Buffer.from('Subject: next\r\n\r\nfine\r\n'), { ...FALLBACK, key: 'next' }),
    ]);
    expect(stalled.parseError).toBe('parser timed out');
    expect(stalled.body.length).toBeGreaterThan(0);
    expect(next).toMatchObject({ subject: 'next', parseError: null });
    await pool.close();
  }, 60_000);
});
