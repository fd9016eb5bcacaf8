/**
 * Snippets from the first bytes of a message's text (main/mail/mime-snippet.ts): the text/plain part
 * before an HTML one, into nested multiparts, through transfer encodings and charsets, a cut
 * anywhere; and, for any bytes at all, a bounded one-line string instead of a throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snippetOf } from '../../../main/mail/mime-snippet';

const bytes = (s: string, encoding: BufferEncoding = 'utf8') => Buffer.from(s, encoding);
const snippet = (header: string, text: string | Buffer) =>
  snippetOf(bytes(`${header}\r\n\r\n`), typeof text === 'string' ? bytes(text) : text);

describe('snippetOf', () => {
  it('reads a plain message and folds its whitespace', () => {
    expect(snippet('Content-Type: text/plain; charset=utf-8', 'Hello\r\n\r\n  there.\r\n')).toBe('Hello there.');
    // No Content-Type at all is text/plain.
    expect(snippet('Subject: x', 'Plain words')).toBe('Plain words');
  });

  it('prefers the text part of an alternative nested in a mixed message, and decodes it', () => {
    const header = 'Content-Type: multipart/mixed;\r\n boundary="m x"';
    const text = [
      '--m x',
      'Content-Type: multipart/alternative; boundary=alt',
      '',
      '--alt',
      'Content-Type: text/html',
      '',
      '<p>Ignored &amp; later</p>',
      '--alt',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Gr=FC=DFe, the =',
      'plan.',
      '--alt--',
      '--m x--',
    ].join('\r\n');
    expect(snippet(header, text)).toBe('Grüße, the plan.');
  });

  it('falls back to HTML as text, skips attachments, and gives nothing when the bytes reach no text', () => {
    expect(snippet('Content-Type: text/html', '<h1>Agenda</h1><p>Budget &amp; hiring')).toBe('Agenda Budget & hiring');
    const attached = '--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment\r\n\r\nnot this\r\n--b--';
    expect(snippet('Content-Type: multipart/mixed; boundary=b', attached)).toBe('');
    expect(snippet('Content-Type: image/png', 'PNG')).toBe('');
  });

  it('decodes cut base64 up to its last whole quartet, dropping a split character', () => {
    const encoded = bytes('Köln '.repeat(50)).toString('base64').slice(0, 103);
    const got = snippet('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64', encoded);
    expect(got.length).toBeGreaterThan(50);
    expect('Köln '.repeat(50).startsWith(got)).toBe(true);
  });

  it('is the text with its white space collapsed, trimmed and cut to 300 characters, however long its runs', () => {
    // Unicode's white space too (a no-break space, the line separator, ...), and NEL, which is none.
    const unicodeSpace = '\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    const piece = fc.oneof(
      fc.constantFrom(' ', '\t', '\r\n', '\n\n\n', ' '.repeat(700), '\v\f', ...unicodeSpace, '\u0085', 'é'),
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: 290, maxLength: 700 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), (pieces) => {
        const text = pieces.join('').replace(new RegExp(`[^\\x20-\\x7e\\t-\\r${unicodeSpace}\\u0085é]`, 'g'), 'x');
        expect(snippet('Content-Type: text/plain', text)).toBe(text.replace(/\s+/g, ' ').trim().slice(0, 300));
      }),
      { numRuns: 300 },
    );
    // A first 600 characters that collapse to 300 ending in white space, the text going on after.
    const edge = `${'a'.repeat(299)}${' '.repeat(301)}b`;
    expect(snippet('Content-Type: text/plain', edge)).toBe(`${'a'.repeat(299)} `);
  });

  it('never throws and stays one bounded line, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 3000 }), (h, t) => {
        const s = snippetOf(h, t);
        expect(s.length).toBeLessThanOrEqual(300);
        expect(s).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 300 },
    );
  });
});
