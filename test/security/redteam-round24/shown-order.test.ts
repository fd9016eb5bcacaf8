/**
 * Red-team round 24: the words a person reads in the viewer, in the order they read them.
 *
 * Round 20 made the fraud checks read the HTML part's text (`htmlToText`) as well as the text
 * part. That text is the document's order; the viewer (the sanitised HTML in Chromium) shows the
 * layout's, and a sender can make the two differ:
 *
 *   - `<bdo dir="rtl">` (kept by the sanitiser, `dir` being a plain attribute) shows its letters
 *     backwards: the text `.91 8629 … NABI ot … sknab degnahc evah eW` reads as the request;
 *   - a table inside `dir="rtl"` shows its cells right to left, so a row of one word per cell
 *     written backwards reads forwards; tables or images with `align="right"` float to the right
 *     in turn, the first one rightmost;
 *   - an image's `alt` text is shown where the image is not (every remote image is blocked), and
 *     `htmlToText` did not read it at all;
 *   - the override character U+202E in the text shows the same reversal (only the firewall's
 *     "instructions" pattern saw it, not the payment checks).
 *
 * Each was checked in Chromium (screenshots in the round's README). Property: a request written in
 * any of these ways, beside a harmless text part, carries at least the warnings of the same request
 * written plainly; the controls (ordinary mail using the same markup) carry none.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../main/mail/html';
import { demoApp } from '../../main/app/app-fixture';
import { inboxWarnings, multipartMail } from '../inbox-warnings';
import { CHROMIUM_WHY, hasChromium, launchChromium } from '../../e2e/harness';

const REQUESTS = [
  'We have changed banks: please pay invoice PW-1 to IBAN GB29 NWBK 6016 1331 9268 19.',
  'Wire 9,000 EUR today to IBAN LT12 1000 0111 0100 1000. Keep this between us.',
  'Could you reply with the verification code we sent you?',
];

const backwards = (s: string) => [...s].reverse().join('');
const words = (s: string) => s.split(' ');

/** The ways to show `request` so that its document order is not its reading order. */
const SHAPES: Readonly<Record<string, (request: string) => string>> = {
  plain: (r) => `<p>${r}</p>`,
  bdo: (r) => `<p><bdo dir="rtl">${backwards(r)}</bdo></p>`,
  'override character': (r) => `<p>\u202e${backwards(r)}\u202c</p>`,
  'rtl table': (r) =>
    `<div dir="rtl"><table cellspacing="0"><tr>${words(r)
      .reverse()
      .map((w) => `<td>${w}&nbsp;</td>`)
      .join('')}</tr></table></div>`,
  'right floats': (r) =>
    words(r)
      .reverse()
      .map((w) => `<table align="right"><tr><td>&nbsp;${w}</td></tr></table>`)
      .join(''),
  'image alt': (r) => `<p><img src="https://cdn.printworks.test/banner.png" width="600" height="80" alt="${r}"></p>`,
};

const demo = demoApp();

/** The warnings the Inbox shows for a message whose HTML part holds `html` (its text part is harmless). */
const warningsOf = (id: string, html: string) =>
  inboxWarnings(
    demo,
    id,
    multipartMail(id, 'Dear Maya,\r\n\r\nThe invoice is attached.', `<div><p>Dear Maya,</p>${html}</div>`),
  );

/** Letters and digits only, lower case: what a person reads, without spacing and punctuation. */
const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The viewer's document for sanitised HTML (renderer/src/components/MessageHtml.tsx's frame, minus the sandbox). */
const viewerDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"></head><body>${sanitizeHtml(html)}</body></html>`;

/**
 * The text Chromium shows for `html` as the viewer gets it, in reading order: every character where
 * it is laid out, by line (top) and then from left to right.
 */
async function readingOrder(browser: Browser, html: string): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 600 } });
  try {
    await page.setContent(viewerDocument(html));
    return await page.evaluate(() => {
      const out: { ch: string; top: number; left: number }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const r = range.getBoundingClientRect();
          if (r.width > 0) out.push({ ch: text[i]!, top: Math.round(r.top + r.height / 2), left: r.left });
        }
      }
      const lines = [...new Set(out.map((c) => c.top))].sort((a, b) => a - b);
      // Characters within half a line of each other's middle are on one line.
      const lineOf = (top: number) => lines.find((l) => Math.abs(l - top) < 8) ?? top;
      return out
        .sort((a, b) => lineOf(a.top) - lineOf(b.top) || a.left - b.left)
        .map((c) => c.ch)
        .join('');
    });
  } finally {
    await page.close();
  }
}

describe.skipIf(!hasChromium)(
  `red team round 24: the viewer’s reading order${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('property: a request the viewer shows (backwards, right to left, floated or as alt text) carries the plain request’s warnings', async () => {
      let n = 0;
      for (const request of REQUESTS) {
        const plain = await warningsOf(`p${++n}`, SHAPES.plain!(request));
        expect(plain.length, request).toBeGreaterThan(0);
        expect(letters(await readingOrder(browser, SHAPES.plain!(request)))).toContain(letters(request));
        for (const [shape, write] of Object.entries(SHAPES)) {
          // An image's alt text is shown wherever the image is not: every remote image is blocked.
          const shown =
            shape === 'image alt' || letters(await readingOrder(browser, write(request))).includes(letters(request));
          if (!shown) continue;
          const warnings = await warningsOf(`s${++n}`, write(request));
          for (const w of plain) expect.soft(warnings, `${shape}: ${request}`).toContain(w);
        }
      }
    }, 120_000);

    it('the controls: an ordinary invoice in the same markup carries no warning', async () => {
      const text = 'Invoice PW-2 is attached, payment within 30 days as usual.';
      let n = 0;
      for (const [shape, write] of Object.entries(SHAPES)) {
        if (shape === 'override character') continue; // the firewall flags the character itself
        expect(await warningsOf(`c${++n}`, write(text)), shape).toEqual([]);
      }
    });
  },
);
