/**
 * A message of very many MIME parts (a hostile one: 50,000 tiny attachments) is read up to a cap:
 * the first 1,000 parts are parsed and kept, the rest named in `parseError` ("N more MIME parts
 * not shown"), never silently dropped and never parsed for seconds in the worker. Up to the cap,
 * nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { MAX_MIME_PARTS } from '../../../main/mail/mime-parts';
import { parseMessage } from '../../../main/mail/parse';

const FALLBACK = { date: new Date('2026-01-02T03:04:05Z'), key: 'm-parts' };

/** A multipart/mixed message: a text part, then `files` attachments (one nested multipart among them). */
function manyParts(files: number): Buffer {
  const b = 'b0undary';
  const lines = [
    'From: bob@acme.test',
    'To: maya@acme.test',
    'Subject: many parts',
    'Message-ID: <many@acme.test>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello Maya.',
  ];
  for (let i = 0; i < files; i++)
    lines.push(
      `--${b}`,
      `Content-Type: text/plain; name="f${i}.txt"`,
      `Content-Disposition: attachment; filename="f${i}.txt"`,
      '',
      `file ${i}`,
    );
  lines.push(`--${b}--`, '');
  return Buffer.from(lines.join('\r\n'));
}

describe('MIME parts beyond the cap', () => {
  it('50,000 parts: the first 1,000 are read, the rest named as not shown', async () => {
    const m = await parseMessage(manyParts(49_999), FALLBACK);
    expect(MAX_MIME_PARTS).toBe(1000);
    expect(m.body.trim()).toBe('Hello Maya.');
    expect(m.attachments).toHaveLength(999);
    expect(m.attachments.at(-1)).toMatchObject({ filename: 'f998.txt' });
    expect(m.subject).toBe('many parts');
    expect(m.parseError).toBe(
      '49,000 more MIME parts not shown: Zamburak reads the first 1,000 parts of a message (the message itself keeps them all)',
    );
  });

  it('up to the cap nothing is left out and nothing is said', async () => {
    const m = await parseMessage(manyParts(999), FALLBACK);
    expect(m.attachments).toHaveLength(999);
    expect(m.parseError).toBeNull();
  });

  it('parts of nested multiparts count too', async () => {
    const inner = Array.from({ length: 1500 }, (_, i) => `--in\r\nContent-Type: text/plain\r\n\r\npart ${i}`).join(
      '\r\n',
    );
    const raw = Buffer.from(
      'From: bob@acme.test\r\nSubject: nested\r\nContent-Type: multipart/mixed; boundary=out\r\n\r\n' +
        '--out\r\nContent-Type: text/plain\r\n\r\nTop.\r\n' +
        `--out\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n${inner}\r\n--in--\r\n--out--\r\n`,
    );
    const m = await parseMessage(raw, FALLBACK);
    expect(m.parseError).toMatch(/^502 more MIME parts not shown/);
  });
});
