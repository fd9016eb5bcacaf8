/**
 * A hostile email's HTML, opened with "Show HTML": it runs no script and loads nothing. A beacon
 * server on loopback stands for the attacker's tracker; every trick an email can use to reach it
 * (script, image, stylesheet, font, frame, refresh, form, prefetch, CSS url(), srcset, SVG) must
 * leave it without a single request, and the page around the frame must stay untouched.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../main/store/message-fixture';
import { CHROMIUM_WHY, hasChromium, demoSuite, openPage } from './harness';

describe.skipIf(!hasChromium)(`email HTML in the app${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite();
  let beacon: Server;
  const hits: string[] = [];
  let b = '';

  beforeAll(async () => {
    beacon = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('');
    });
    await new Promise<void>((ok) => beacon.listen(0, '127.0.0.1', () => ok()));
    b = `http://127.0.0.1:${(beacon.address() as { port: number }).port}`;
    const html = `
      <h1 id="shown">Invoice overdue</h1>
      <script>fetch('${b}/script'); parent.__pwned = 1; top.__pwned = 1;</script>
      <img src="${b}/img"> <img srcset="${b}/srcset 1x"> <img src="x" onerror="fetch('${b}/onerror')">
      <link rel="stylesheet" href="${b}/css"> <link rel="prefetch" href="${b}/prefetch">
      <style>@import url('${b}/import'); body { background: url('${b}/bg'); } @font-face { font-family: x; src: url('${b}/font'); } h1 { font-family: x; }</style>
      <iframe src="${b}/frame"></iframe> <object data="${b}/object"></object> <embed src="${b}/embed">
      <meta http-equiv="refresh" content="0; url=${b}/refresh">
      <form action="${b}/form" method="post"><input name="a" value="b"></form><script>document.forms[0].submit()</script>
      <svg><image href="${b}/svg"></image></svg>
      <video poster="${b}/poster"></video> <audio src="${b}/audio" autoplay></audio>
      <a id="link" href="${b}/click">click</a>`;
    suite.hosted.profile.repos.messages.upsert(
      message('hostile-html', {
        accountId: 'demo',
        messageId: '<hostile@evil.example>',
        threadId: 'hostile-html',
        from: 'Billing <billing@evil.example>',
        to: ['maya@acme.test'],
        subject: 'Invoice overdue',
        date: '2026-03-16T09:00:00Z',
        body: 'Your invoice is overdue.',
        html,
        unread: true,
      }),
    );
  }, 60_000);
  afterAll(async () => {
    beacon?.close();
  });

  it('shows plain text by default, and the HTML only in a frame that runs and loads nothing', async () => {
    const { page } = await openPage(suite.browser, suite.hosted.host.url.replace('#/inbox', '#/inbox/hostile-html'));
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Invoice overdue');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('pre.body').innerText()).toContain('Your invoice is overdue.');
    // The warning band names why this mail deserves care (links to another host).
    await page.getByRole('button', { name: 'Show HTML' }).click();
    const frame = page.frameLocator('iframe.mail-html');
    await expect.poll(() => frame.locator('#shown').innerText()).toBe('Invoice overdue');
    expect(await page.locator('iframe.mail-html').getAttribute('sandbox')).toBe('');
    await frame
      .locator('#link')
      .click({ modifiers: [] })
      .catch(() => undefined);
    await page.waitForTimeout(1500);
    expect(hits).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The app itself is still where it was.
    expect(await page.evaluate(() => window.location.hash)).toBe('#/inbox/hostile-html');
  }, 60_000);
});
