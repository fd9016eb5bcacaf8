/**
 * The Inbox at 20,000 messages in Chromium through the browser host: the first rows come from
 * the first page, scrolling down lists every conversation exactly once, in the store's order,
 * down to the oldest (pages load as the end comes near), even when the list reloads while a
 * page is on its way, the last one opens, and a search answers with the store's best matches. Behaviour only; the bench times the same at 100,000.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageHeader } from '../../main/store/repos/messages';
import { fillMessages, inboxConversations } from '../bench/store';
import {
  CHROMIUM_WHY,
  hasChromium,
  hostDemo,
  launchChromium,
  openPage,
  screenshotPath,
  STEP_TIMEOUT,
  type Hosted,
} from './harness';

const ROW_HEIGHT = 68;

/**
 * In the page: scrolls the list down one screen at a time to its end, noting every row shown;
 * the ids in the order they were first seen.
 */
async function scrollThrough(page: Page, expected: number): Promise<string[]> {
  return page.evaluate(
    async ({ expected, rowHeight }) => {
      const list = document.querySelector<HTMLElement>('.virtual-list')!;
      const seen = new Map<string, number>();
      const note = () =>
        document.querySelectorAll<HTMLElement>('.virtual-list .row').forEach((r) => {
          const top = Number(/translateY\((\d+)px\)/.exec(r.style.transform)?.[1] ?? -1);
          if (!seen.has(r.dataset.id!)) seen.set(r.dataset.id!, top / rowHeight);
        });
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      // Stops at the end of the list (nothing more loads for a while) or at twice the rows expected.
      for (let still = 0; still < 60 && seen.size < 2 * expected;) {
        note();
        const before = list.scrollTop + list.scrollHeight;
        list.scrollTop += list.clientHeight;
        await frame();
        still = list.scrollTop + list.scrollHeight === before ? still + 1 : 0;
      }
      note();
      return [...seen].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    },
    { expected, rowHeight: ROW_HEIGHT },
  );
}

describe.skipIf(!hasChromium)(`the Inbox at 20,000 messages${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  let browser: Browser;
  let hosted: Hosted;
  let page: Page;
  let errors: string[];
  let conversations: MessageHeader[];

  beforeAll(async () => {
    browser = await launchChromium();
    hosted = await hostDemo();
    fillMessages(hosted.profile, 20_000);
    conversations = inboxConversations(hosted.profile);
    ({ page, errors } = await openPage(browser, hosted.host.url));
    page.setDefaultTimeout(STEP_TIMEOUT);
  }, 120_000);
  afterAll(async () => {
    expect(errors).toEqual([]);
    await browser?.close();
    await hosted?.close();
  });

  it('shows the newest conversations first, and how many messages the Inbox holds', async () => {
    await page.locator('.row').first().waitFor();
    const first = await page.locator('.row').evaluateAll((rows) => rows.slice(0, 5).map((r) => r.dataset.id));
    expect(first).toEqual(conversations.slice(0, 5).map((c) => c.id));
    const total = hosted.profile.repos.messages.count('INBOX');
    await expect.poll(() => page.locator('p.count').innerText()).toBe(`${total.toLocaleString('en')} messages`);
  });

  it('lists every conversation once, in order, down to the oldest, which opens', async () => {
    const shown = await scrollThrough(page, conversations.length);
    expect(shown.length).toBe(conversations.length);
    expect(shown).toEqual(conversations.map((c) => c.id));
    const oldest = conversations[conversations.length - 1]!;
    await page.locator(`.row[data-id="${oldest.id}"]`).click();
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe(oldest.subject);
  }, 120_000);

  it('a reload while the next page is on its way leaves no page out', async () => {
    const { page: p, errors: e } = await openPage(browser, hosted.host.url);
    try {
      // Pages asked for after the first are held while `hold` is set.
      const held: Route[] = [];
      let hold = false;
      await p.route('**/api/inbox.page', (route) => {
        const [query] = JSON.parse(route.request().postData() ?? '[]') as [{ after?: unknown }?];
        if (hold && query?.after) held.push(route);
        else void route.continue();
      });
      const listed = () =>
        p.evaluate(() => {
          const list = document.querySelector<HTMLElement>('.virtual-list')!;
          return Math.round((list.firstElementChild as HTMLElement).offsetHeight / 68);
        });
      const toEnd = () =>
        p.evaluate(() => {
          const list = document.querySelector<HTMLElement>('.virtual-list')!;
          list.scrollTop = list.scrollHeight;
        });
      await p.locator('.row').first().waitFor();
      // Two pages listed; the third asked for, and held.
      await expect.poll(async () => (await toEnd(), listed())).toBeGreaterThanOrEqual(400);
      hold = true;
      await expect.poll(async () => (await toEnd(), held.length)).toBe(1);
      // Opening an unread conversation marks it read, and the list reads its first page again.
      await p.locator('.row.unread').last().click();
      await expect.poll(listed).toBe(200);
      hold = false;
      await held[0]!.continue();
      await expect.poll(async () => (await toEnd(), listed()), { timeout: 60_000 }).toBe(conversations.length);
      // Every page listed; read from the top, each conversation once, in the store's order.
      await p.evaluate(() => (document.querySelector<HTMLElement>('.virtual-list')!.scrollTop = 0));
      await p.locator(`.row[data-id="${conversations[0]!.id}"]`).waitFor();
      expect(await scrollThrough(p, conversations.length)).toEqual(conversations.map((c) => c.id));
      expect(e).toEqual([]);
    } finally {
      await p.context().close();
    }
  }, 120_000);

  it('searches: the store’s best matches, each conversation once, the words highlighted', async () => {
    // A made-up word of a generated message (the demo's mail is newer).
    const word = conversations.find((c) => c.id.startsWith('m'))!.subject.split(' ')[0]!;
    const expected = hosted.profile.repos.messages.search(word, { limit: 200, threads: true });
    expect(expected.length).toBeGreaterThan(1);
    await page.locator('input[type=search]').fill(word);
    await page.locator('input[type=search]').press('Enter');
    await expect
      .poll(() => page.locator('p.count').innerText())
      .toBe(`${expected.length.toLocaleString('en')} ${expected.length === 1 ? 'result' : 'results'} for “${word}”`);
    const rows = await page.locator('.row').evaluateAll((rs) => rs.map((r) => r.dataset.id));
    expect(rows).toEqual(expected.slice(0, rows.length).map((m) => m.id));
    expect(await page.locator('.row mark').first().innerText()).toBe(word);
  });

  it('looks right at 1280×800, light and dark, one row open', async () => {
    const newest = conversations[0]!;
    for (const theme of ['light', 'dark'] as const) {
      const { page: p, errors: e } = await openPage(
        browser,
        `${hosted.host.url.replace(/#.*$/, '')}#/inbox/${newest.id}`,
        theme,
      );
      await p.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => p.locator('#message-subject').innerText()).toBe(newest.subject);
      await p.screenshot({ path: screenshotPath(`inbox-20k-1280x800-${theme}`) });
      expect(e).toEqual([]);
      await p.context().close();
    }
  });
});
