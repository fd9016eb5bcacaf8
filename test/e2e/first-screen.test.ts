/**
 * The Inbox's first screen as the browser host serves it, in Chromium, with the page's scripts
 * held back so that only the host's HTML is on screen (a person on a slow machine sees the same
 * for 100–300 ms): what is painted is the mail as it is now, after a change made by the app's
 * own connection and after one made by another (the CLI's, a run's worker's), although the host
 * keeps the page it made while nothing changed; and a `j` pressed or a row clicked on that
 * screen, before the app has taken it over, opens the conversation once it has.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../main/profile/profile';
import { message } from '../main/store/message-fixture';
import { CHROMIUM_WHY, demoSuite, hasChromium, openPage } from './harness';

/**
 * Holds every request for the page's scripts until `release()`: the HTML is parsed and painted,
 * the app has not started. The gap is as long as the test wants, so nothing depends on timing.
 */
async function holdScripts(page: Page): Promise<() => void> {
  const held: (() => void)[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) void route.continue();
    else held.push(() => void route.continue());
  });
  return () => {
    released = true;
    for (const go of held.splice(0)) go();
  };
}

/**
 * A page on the host with its scripts held; the first screen's rows are on screen. It starts from
 * a blank page: the app released on the page before may still be starting, and a load over it
 * could leave its old rows on screen for the wait below to find.
 */
async function heldInbox(browserPage: Page, url: string): Promise<() => void> {
  await browserPage.goto('about:blank');
  const release = await holdScripts(browserPage);
  await browserPage.goto(url, { waitUntil: 'commit' });
  await browserPage.waitForSelector('.row');
  return release;
}

const putNewest = (profile: Profile, id: string, subject: string) =>
  profile.repos.messages.upsert(
    message(id, {
      accountId: profile.primaryAccount().id,
      messageId: null,
      threadId: id,
      to: ['maya@acme.test'],
      subject,
      from: 'Nadia <nadia@example.test>',
      date: new Date(Date.UTC(2099, 0, 1)).toISOString(),
      body: 'Fresh news.',
      unread: true,
    }),
  );

describe.skipIf(!hasChromium)(
  `the Inbox's first screen, before the app takes it over${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite();
    const firstSubject = (page: Page) => page.locator('.row .subject').first().innerText();

    it('paints the mail as it is now: a change by the app or by another process shows on the next load', async () => {
      const { page } = await openPage(suite.browser, 'about:blank');
      const { profile, host } = suite.hosted;
      putNewest(profile, 'fresh-1', 'Agenda for Monday');
      let release = await heldInbox(page, host.url);
      expect(await firstSubject(page)).toBe('Agenda for Monday');
      release();

      // The same load again (the host serves the page it made), then after a change of its own.
      release = await heldInbox(page, host.url);
      expect(await firstSubject(page)).toBe('Agenda for Monday');
      release();
      putNewest(profile, 'fresh-1', 'Agenda for Tuesday');
      release = await heldInbox(page, host.url);
      expect(await firstSubject(page)).toBe('Agenda for Tuesday');
      release();

      // Another connection to the same database, as the CLI would write.
      const other = new Database(profile.files.database);
      other.prepare('UPDATE messages SET subject = ? WHERE id = ?').run('Agenda for Wednesday', 'fresh-1');
      other.close();
      release = await heldInbox(page, host.url);
      expect(await firstSubject(page)).toBe('Agenda for Wednesday');
      release();
      await page.context().close();
    }, 90_000);

    it('opens the first conversation for a j pressed before the app has taken the screen over', async () => {
      const { page, errors } = await openPage(suite.browser, 'about:blank');
      const release = await heldInbox(page, suite.hosted.host.url);
      const first = await firstSubject(page);
      await page.keyboard.press('j');
      // Nothing can have handled it yet: the app's scripts have not arrived.
      expect(await page.locator('#message-subject').count()).toBe(0);
      release();
      await expect.poll(() => page.locator('#message-subject').innerText(), { timeout: 30_000 }).toBe(first);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);

    it('replays j j and a row clicked in order, each once', async () => {
      const { page, errors } = await openPage(suite.browser, 'about:blank');
      let release = await heldInbox(page, suite.hosted.host.url);
      const subjects = await page.locator('.row .subject').allInnerTexts();
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      release();
      await expect.poll(() => page.locator('#message-subject').innerText(), { timeout: 30_000 }).toBe(subjects[1]);

      release = await heldInbox(page, suite.hosted.host.url);
      await page.locator('.row').nth(3).click();
      release();
      await expect.poll(() => page.locator('#message-subject').innerText(), { timeout: 30_000 }).toBe(subjects[3]);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);
  },
);
