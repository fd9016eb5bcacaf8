/**
 * Red-team round 18: the HTML sanitiser turns every remote load into inert data, however the URL
 * is spelled.
 *
 * `sanitizeHtml` (main/mail/html.ts) promises that remote loads (tracking pixels) become inert
 * `data-blocked-*` attributes, so that opening a message tells its sender nothing even before the
 * frame's CSP. It recognised a remote URL by an http(s) scheme or a leading `//`; but a browser
 * reads a backslash as a slash in an http URL, so `\\evil.test/p.png`, `/\evil.test/p.png` and
 * `\/evil.test/p.png` stayed live `src` attributes that a browser loads from evil.test — held
 * back only by the frame's CSP. Now the sanitiser resolves each URL as the browser will (WHATWG
 * URL, the parser Chromium implements) and blocks any that leaves the page's own host.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../main/mail/html';

/** Where the viewer's frame lives (its srcdoc document takes the page's base URL). */
const PAGE = 'http://127.0.0.1:5173/index.html';
const HOST = new URL(PAGE).host;

const SPELLINGS = [
  '//evil.test/p.png',
  '\\\\evil.test/p.png',
  '/\\evil.test/p.png',
  '\\/evil.test/p.png',
  ' \\\\evil.test/p.png',
  '/\t\\evil.test/p.png',
  '\\\\\\evil.test/p.png',
  '\\\\evil.test@127.0.0.1/p.png',
  'http:\\\\evil.test/p.png',
  'HTTPS://evil.test/p.png',
];

/** Every attribute that loads, as the browser resolves it. */
function loads(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\s(src|background|poster)="([^"]*)"/g)) {
    const value = m[2]!
      .replace(/&#x9;/g, '\t')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
    out.push(new URL(value, PAGE).href);
  }
  return out;
}

describe('red team round 18: remote loads in HTML mail, however spelled', () => {
  it.each(SPELLINGS)('%j loads nothing from another host', (url) => {
    const attr = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const html = sanitizeHtml(
      `<p>Hi</p><img src="${attr}" alt="x"><table background="${attr}"><tr><td>t</td></tr></table>`,
    );
    for (const loaded of loads(html))
      expect(loaded.startsWith('data:') || new URL(loaded).host === HOST, `${loaded} in ${html}`).toBe(true);
    // Kept for the person to see (and load on purpose), not thrown away.
    expect(html).toContain('data-blocked-src=');
  });

  it('keeps an inline image and a page-relative one (control)', () => {
    const html = sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo="><img src="cid-less/logo.png">');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('src="cid-less/logo.png"');
  });

  it('is idempotent on its own output', () => {
    for (const url of SPELLINGS) {
      const once = sanitizeHtml(`<img src="${url.replace(/"/g, '&quot;')}">`);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });
});
