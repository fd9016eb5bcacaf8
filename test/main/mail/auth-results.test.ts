/**
 * Authentication-Results from the attacker's side: whatever a sender controls — the MAIL FROM the
 * server copies into `smtp.mailfrom=`, comments, quoted strings, a header of their own below the
 * server's, a second From — never turns the trusted server's `dmarc=fail` (or no verdict) into a
 * pass for a forged From.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrivalHost, isDeliveryHop, parseAuthResults } from '../../../main/mail/auth-results';
import { parseMessage, senderAuthenticated, senderCheck } from '../../../main/mail/parse';

const FALLBACK = { date: new Date('2026-01-02T03:04:05Z'), key: 'm' };
const OURS = { authserv: ['mx.example.test'] };
/** The Received field the receiving server wrote on the message's arrival; its verdict sits above it. */
const ARRIVAL = 'Received: from mail.acme.test by mx.example.test with ESMTPS id 1; Mon, 2 Mar 2026 10:00:00 +0000';
const verdict = async (headers: string, from = 'ceo@acme.test') => {
  const m = await parseMessage(
    Buffer.from(`${headers}\n${ARRIVAL}\nFrom: ${from}\nSubject: s\n\nx\n`.replace(/\n/g, '\r\n')),
    FALLBACK,
  );
  return senderCheck(m.auth, OURS, m.from);
};

describe('Authentication-Results (RFC 8601)', () => {
  it('reads the authserv-id, a version, methods with versions, reasons, properties and quoted values', () => {
    expect(
      parseAuthResults(
        'mx.example.test 1; spf=pass smtp.mailfrom=bob@acme.test; dkim/1=pass reason="good sig" header.d=acme.test; dmarc=pass (p=reject) header.from=acme.test',
      ),
    ).toEqual({
      authserv: 'mx.example.test',
      results: [
        { method: 'spf', result: 'pass', reason: null, properties: { 'smtp.mailfrom': 'bob@acme.test' } },
        { method: 'dkim', result: 'pass', reason: 'good sig', properties: { 'header.d': 'acme.test' } },
        { method: 'dmarc', result: 'pass', reason: null, properties: { 'header.from': 'acme.test' } },
      ],
    });
    expect(parseAuthResults('"mx.example.test"; none')).toEqual({ authserv: 'mx.example.test', results: [] });
  });

  it('a MAIL FROM of "dmarc=pass@…" is a property value, not a result', async () => {
    expect(
      await verdict(
        'Authentication-Results: mx.example.test; spf=pass smtp.mailfrom=dmarc=pass@evil.test; dmarc=fail header.from=acme.test',
      ),
    ).toBe('fail');
    expect(await verdict('Authentication-Results: mx.example.test; spf=pass smtp.mailfrom=dmarc=pass@evil.test')).toBe(
      'none',
    );
  });

  it("a result keyword glued to more text (a server that copied a MAIL FROM's ';' unquoted) is no result", async () => {
    expect(
      await verdict(
        'Authentication-Results: mx.example.test; spf=pass smtp.mailfrom=a;dmarc=pass@evil.test; dmarc=fail',
      ),
    ).toBe('fail');
  });

  it('a comment or a quoted string before the real result is skipped', async () => {
    expect(await verdict('Authentication-Results: mx.example.test (dmarc=pass); dmarc=fail')).toBe('fail');
    expect(
      await verdict(
        'Authentication-Results: mx.example.test; spf=pass (nested (dmarc=pass; x) \\) dmarc=pass); dmarc=fail',
      ),
    ).toBe('fail');
    expect(await verdict('Authentication-Results: mx.example.test; spf=pass reason="; dmarc=pass"; dmarc=fail')).toBe(
      'fail',
    );
  });

  it("a header of the sender's own, or another server's, decides nothing", async () => {
    expect(
      await verdict(
        'Authentication-Results: mx.example.test; dmarc=fail\nAuthentication-Results: mx.example.test; dmarc=pass',
      ),
    ).toBe('fail');
    expect(await verdict('Authentication-Results: evil.test; dmarc=pass; authserv=mx.example.test')).toBe('none');
  });

  it('a pass for another domain than the From shown is no verdict on it', async () => {
    expect(await verdict('Authentication-Results: mx.example.test; dmarc=pass header.from=evil.test')).toBe('none');
    expect(await verdict('Authentication-Results: mx.example.test; dmarc=pass header.from=acme.test')).toBe('pass');
  });

  it('for any text a sender can place in a property value or a comment, only the real result counts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[ -~]{0,40}$/),
        fc.constantFrom('pass', 'fail', 'none'),
        async (junk, real) => {
          const safe = junk.replace(/[()\\";\r\n]/g, '');
          const header = `Authentication-Results: mx.example.test; spf=pass smtp.mailfrom=${safe.replace(/\s/g, '') || 'x'}@evil.test (${safe}); dmarc=${real} header.from=acme.test`;
          expect(await verdict(header)).toBe(real);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a verdict counts only above the Received field of the arrival, with only delivery hops above it', async () => {
    const pass = 'Authentication-Results: mx.example.test; dmarc=pass header.from=acme.test';
    const lmtp = 'Received: from mx.example.test by imap.example.test with LMTP id 7; Mon, 2 Mar 2026 10:00:01 +0000';
    const read = async (headers: string) =>
      senderCheck(
        (await parseMessage(Buffer.from(`${headers}\nFrom: ceo@acme.test\nSubject: s\n\nx\n`), FALLBACK)).auth,
        OURS,
        'ceo@acme.test',
      );
    expect(await read(`${pass}\n${ARRIVAL}`)).toBe('pass');
    expect(await read(`${lmtp}\n${pass}\n${ARRIVAL}`)).toBe('pass');
    // A server that added none: the sender's verdict sits below the arrival's field.
    expect(await read(`${ARRIVAL}\n${pass}`)).toBe('none');
    expect(await read(`${lmtp}\n${ARRIVAL}\n${pass}\n${ARRIVAL}`)).toBe('none');
    // No arrival at all (appended by IMAP, not delivered): nothing vouches for it.
    expect(await read(pass)).toBe('none');
    // A verdict stored before this rule (no `position`) is no verdict.
    expect(senderCheck({ authserv: 'mx.example.test', dmarc: 'pass' }, OURS)).toBe('none');
  });

  it("a delivery hop is a Received field whose every 'with' names LMTP, outside comments", () => {
    expect(isDeliveryHop('from mx by imap with LMTP id 1 (envelope-from <a@b.test>) for <c@d.test>; date')).toBe(true);
    expect(isDeliveryHop('from compute by mailstore (Cyrus) with LMTPA; date')).toBe(true);
    expect(isDeliveryHop('from x (helo with LMTP) by mx with ESMTPS id 1; date')).toBe(false);
    expect(isDeliveryHop('from x with LMTP by mx with ESMTPSA id 1; date')).toBe(false);
    expect(isDeliveryHop('from x by mx id 1; with LMTP')).toBe(false);
    expect(isDeliveryHop('from x by mx; date')).toBe(false);
    expect(isDeliveryHop('from x by mx with LMTPX; date')).toBe(false);
  });

  it("a verdict in the arrival's block counts only from a server known or said to add one to every message", async () => {
    const gmail = (verdict: string, sender = '') =>
      [
        'Received: by 2002:a05:7300:1 with SMTP id p1; Mon, 2 Mar 2026 10:00:01 +0000',
        'Received: from mail.acme.test (mail.acme.test. [192.0.2.7]) by mx.google.com with ESMTPS id 2; Mon, 2 Mar 2026 10:00:00 +0000',
        'Received-SPF: pass (google.com: domain of ceo@acme.test designates 192.0.2.7 as permitted sender)',
        ...(verdict ? [`Authentication-Results: mx.google.com; ${verdict}`] : []),
        ...(sender ? [sender] : []),
        'Received: by mail.acme.test (Postfix) id 3; Mon, 2 Mar 2026 09:59:59 +0000',
      ].join('\n');
    const read = async (headers: string, trust: Parameters<typeof senderCheck>[1]) =>
      senderCheck(
        (await parseMessage(Buffer.from(`${headers}\nFrom: ceo@acme.test\nSubject: s\n\nx\n`), FALLBACK)).auth,
        trust,
        'ceo@acme.test',
      );
    const pass = 'dmarc=pass header.from=acme.test';
    const forged = `Authentication-Results: mx.google.com; ${pass}`;
    expect(await read(gmail(pass), { authserv: ['mx.google.com'] })).toBe('pass');
    expect(await read(gmail('dmarc=fail header.from=acme.test', forged), { authserv: ['mx.google.com'] })).toBe('fail');
    // No verdict of the server's own: the sender's, below the arrival, is none; so is one below the block.
    expect(await read(gmail(''), { authserv: ['mx.google.com'] })).toBe('none');
    expect(await read(`${gmail('')}\n${forged}`, { authserv: ['mx.google.com'] })).toBe('none');
    // Another server's id in the same place: the strict rule unless the person says otherwise.
    const other = (h: string) => h.replace(/mx\.google\.com/g, 'mx.example.test');
    expect(await read(other(gmail(pass)), OURS)).toBe('none');
    expect(await read(other(gmail(pass)), { ...OURS, authservEveryMessage: true })).toBe('pass');
    // An account whose server is not the one named: the arrival names its own host, so nothing counts.
    expect(await read(`${ARRIVAL}\n${gmail(pass)}`, { authserv: ['mx.google.com'] })).toBe('none');
  });

  it("the arrival's host is the `by` of a Received field naming a `from`, outside comments", () => {
    expect(arrivalHost('from a.test (a.test. [192.0.2.7]) by MX.Google.com. with ESMTPS id 1; date')).toBe(
      'mx.google.com',
    );
    expect(arrivalHost('by 2002:a05:7300:1 with SMTP id p1; date')).toBeNull();
    expect(arrivalHost('(from a.test) by mx.test with SMTP; date')).toBeNull();
    expect(arrivalHost('from mx.test by imap.test with LMTP id 1; date')).toBeNull();
    expect(arrivalHost('from a.test (by mx.google.com) by mx.test with ESMTP; date')).toBe('mx.test');
  });

  it('nothing authenticates without a configured server id', () => {
    expect(senderAuthenticated({ authserv: 'mx.example.test', position: 'top', dmarc: 'pass' }, {})).toBe(false);
  });
});
