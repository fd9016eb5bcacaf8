/**
 * The line under a subject in the Inbox list is text a person reads: HTML read as a browser would
 * (tags and hidden markup dropped, entities decoded), white space collapsed, at most 160
 * characters; plain text stays as it was written, `<` and `&amp;` included.
 */
import { describe, expect, it } from 'vitest';
import { SNIPPET_LENGTH, snippet } from '../../../main/mail/snippet';

describe('snippet', () => {
  it('reads HTML as text: no tags, entities decoded, one line', () => {
    const html = `<!DOCTYPE html><html><head><style>p { color: red }</style><title>News</title></head>
      <body><p>Fish &amp; chips&nbsp;on&#32;Friday &mdash; &ldquo;yes&rdquo;</p>\n\n<p>See <a href="https://x.test">you</a></p></body></html>`;
    expect(snippet(html)).toBe('Fish & chips on Friday — “yes” See you');
  });

  it('drops a tag cut off by the end of what the list read', () => {
    expect(snippet('<p>Quarterly numbers are in.</p><a hre')).toBe('Quarterly numbers are in.');
  });

  it('collapses the white space of plain text and leaves its characters alone', () => {
    expect(snippet('  Hi Maya,\r\n\r\n  if a < b &amp; c > d\tthen\n\nno. ')).toBe(
      'Hi Maya, if a < b &amp; c > d then no.',
    );
  });

  it(`is at most ${SNIPPET_LENGTH} characters, with no space at its end`, () => {
    expect(snippet(`<div>${'x'.repeat(300)}</div>`)).toHaveLength(SNIPPET_LENGTH);
    expect(snippet(`${'a'.repeat(SNIPPET_LENGTH - 1)} and more`)).toBe('a'.repeat(SNIPPET_LENGTH - 1));
    expect(snippet('')).toBe('');
  });
});
