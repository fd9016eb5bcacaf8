/**
 * Reversible actions in the Inbox are optimistic, in Chromium through the browser host (one
 * server for the file): archive, move and mark read/unread change the row at once, while the
 * server's answer is held back; the server then makes the change. When the server fails, the row
 * comes back as it was, with a status saying what failed and why, and the store is untouched.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_WHY, hasChromium, demoSuite, openPage, reloadApp, screenshotPath, STEP_TIMEOUT } from './harness';
import { navigate } from './jobs';

const status = (page: Page) => page.locator('footer.status').innerText();
const row = (page: Page, id: string) => page.locator(`.row[data-id="${id}"]`);
const press = (page: Page, key: string) => page.locator('body').press(key);

/**
 * Holds the next call to `/api/inbox.NAME` until `release` is called: then it goes through to
 * the server, or fails as an unreachable server would.
 */
async function hold(page: Page, name: string): Promise<{ release(o: { fail: boolean }): Promise<void> }> {
  const url = `**/api/inbox.${name}`;
  let arrived!: (r: Route) => void;
  const route = new Promise<Route>((r) => (arrived = r));
  await page.route(url, (r) => arrived(r), { times: 1 });
  return {
    async release({ fail }) {
      const r = await route;
      await (fail ? r.abort('connectionrefused') : r.continue());
    },
  };
}

/** Light and dark screenshots at 1280×800, the theme set as the app sets it (App.tsx), without a reload that would clear the status line. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.screenshot({ path: screenshotPath(`${name}-${theme}`) });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
}

describe.skipIf(!hasChromium)(`optimistic Inbox actions${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ undoWindowSeconds: 2 });
  let page: Page;
  let errors: string[];
  let ids: string[];
  const folderOf = (id: string) => suite.hosted.profile.repos.messages.get(id)!.folder;
  const unreadOf = (id: string) => suite.hosted.profile.repos.messages.get(id)!.unread;

  beforeAll(async () => {
    ({ page, errors } = await openPage(suite.browser, suite.hosted.host.url));
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.locator('.row').nth(10).waitFor();
    ids = await page.locator('.row').evaluateAll((els) => els.slice(0, 8).map((e) => e.getAttribute('data-id')!));
  }, 60_000);
  afterAll(async () => {
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it('x, j, x picks two when a reload of the list lands between the picks and x comes before the screen follows j', async () => {
    const [a, b] = [ids[6]!, ids[7]!];
    expect(unreadOf(a)).toBe(true);
    // Opening `a` marks it read, then reads the list again: that read is held until `a` is picked.
    const reread = await hold(page, 'page');
    await navigate(page, `#/inbox/${a}`);
    await page.locator('#message-subject').waitFor();
    await press(page, 'x');
    await expect.poll(() => row(page, a).getAttribute('class')).toMatch(/\bpicked\b/);
    await reread.release({ fail: false });
    // The list read again shows `a` read: the reload has landed, and `a` is still picked.
    await expect.poll(() => row(page, a).getAttribute('class')).not.toMatch(/\bunread\b/);
    expect(await row(page, a).getAttribute('class')).toMatch(/\bpicked\b/);
    // j and x in one task: x comes before the hashchange that tells the screen j opened `b`.
    await page.evaluate(() => {
      for (const key of ['j', 'x']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    });
    const bar = page.getByRole('toolbar', { name: 'Selected conversations' });
    await expect.poll(() => bar.innerText()).toMatch(/2 selected/);
    expect(page.url()).toContain(`#/inbox/${b}`);
    expect(await page.locator('.row.picked').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([
      a,
      b,
    ]);
    await screenshots(page, 'inbox-two-picked');
    await press(page, 'Escape');
    await expect.poll(() => page.locator('.row.picked').count()).toBe(0);
  });

  it('archive: the row leaves at once and the next opens; the server then archives it', async () => {
    const [a, b] = [ids[0]!, ids[1]!];
    await navigate(page, `#/inbox/${a}`);
    await page.locator('#message-subject').waitFor();
    const held = await hold(page, 'archive');
    await press(page, 'e');
    // The server has not answered yet: the list already shows the change.
    await expect.poll(() => row(page, a).count()).toBe(0);
    await expect.poll(() => page.url()).toContain(`#/inbox/${b}`);
    expect(folderOf(a)).toBe('INBOX');
    await held.release({ fail: false });
    await expect.poll(() => status(page)).toMatch(/^Archived “/);
    expect(folderOf(a)).toBe('Archive');
    // Read again from the server, the row stays gone.
    await reloadApp(page);
    await page.locator('.row').nth(5).waitFor();
    expect(await row(page, a).count()).toBe(0);
  });

  it('archive fails: the row comes back where it was, opened again, with the reason', async () => {
    const a = ids[2]!;
    await navigate(page, `#/inbox/${a}`);
    await page.locator('#message-subject').waitFor();
    const subject = await page.locator('#message-subject').innerText();
    const order = await page.locator('.row').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    const held = await hold(page, 'archive');
    await press(page, 'e');
    await expect.poll(() => row(page, a).count()).toBe(0);
    await held.release({ fail: true });
    await expect.poll(() => status(page)).toMatch(new RegExp(`^Archiving failed, so “${subject}” is back as it was: `));
    expect(await status(page)).toMatch(/not reachable/);
    await expect.poll(() => row(page, a).count()).toBe(1);
    await expect.poll(() => page.url()).toContain(`#/inbox/${a}`);
    expect(await page.locator('.row').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(order);
    expect(folderOf(a)).toBe('INBOX');
    await screenshots(page, 'inbox-action-failed');
  });

  it('mark unread and read: the row turns bold and back at once; a failure puts it back', async () => {
    const a = ids[3]!;
    await navigate(page, `#/inbox/${a}`);
    await page.locator('#message-subject').waitFor();
    // Opening it marked it read.
    await expect.poll(() => row(page, a).getAttribute('class')).not.toMatch(/\bunread\b/);
    let held = await hold(page, 'markRead');
    await press(page, 'u');
    await expect.poll(() => row(page, a).getAttribute('class')).toMatch(/\bunread\b/);
    expect(unreadOf(a)).toBe(false);
    await held.release({ fail: false });
    await expect.poll(() => status(page)).toMatch(/^Marked “.*” unread\./);
    expect(unreadOf(a)).toBe(true);

    held = await hold(page, 'markRead');
    await press(page, 'I');
    await expect.poll(() => row(page, a).getAttribute('class')).not.toMatch(/\bunread\b/);
    await held.release({ fail: true });
    await expect.poll(() => status(page)).toMatch(/^Marking read failed, so “.*” is back as it was: /);
    await expect.poll(() => row(page, a).getAttribute('class')).toMatch(/\bunread\b/);
    expect(unreadOf(a)).toBe(true);
  });

  it('move of two picked conversations: both leave at once; when the server fails both come back', async () => {
    const [a, b] = [ids[4]!, ids[5]!];
    await navigate(page, `#/inbox/${a}`);
    await page.locator('#message-subject').waitFor();
    await press(page, 'x');
    await press(page, 'j');
    await press(page, 'x');
    const bar = page.getByRole('toolbar', { name: 'Selected conversations' });
    await expect.poll(() => bar.innerText()).toMatch(/2 selected/);
    const countBefore = await page.locator('p.count').innerText();
    const held = await hold(page, 'move');
    await bar.getByRole('button', { name: /Move to/ }).click();
    const form = page.getByRole('form', { name: 'Move to a folder' });
    await form.getByLabel('Move to').selectOption('Archive');
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => row(page, a).count()).toBe(0);
    expect(await row(page, b).count()).toBe(0);
    expect(await page.locator('p.count').innerText()).not.toBe(countBefore);
    await held.release({ fail: true });
    await expect
      .poll(() => status(page))
      .toMatch(/^Moving to Archive failed, so 2 conversations are back as they were: /);
    await expect.poll(() => row(page, a).count()).toBe(1);
    expect(await row(page, b).count()).toBe(1);
    expect(await page.locator('p.count').innerText()).toBe(countBefore);
    expect([folderOf(a), folderOf(b)]).toEqual(['INBOX', 'INBOX']);
  });
});
