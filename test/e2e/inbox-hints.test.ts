/**
 * What the Inbox says about the mail it shows, with the demo account, a second account with two
 * new messages and a third with none: the Triage button counts the shown account's untriaged
 * mail (every account's in the unified inbox), and the empty reading pane tells a newcomer how
 * to open a conversation, or why there is none to open (an empty Inbox, a search or a category
 * with no match). Screenshots light and dark; no serious axe violations.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../main/profile/profile';
import { addWorkAccount, WORK_ACCOUNT } from '../main/app/app-fixture';
import { message } from '../main/store/message-fixture';
import { axeViolations, CHROMIUM_WHY, demoSuite, hasChromium, openPage, screenshotPath, SCREEN } from './harness';

const QUIET_ACCOUNT = 'quiet-1';

function prepare(profile: Profile): void {
  addWorkAccount(profile);
  profile.repos.accounts.insert({
    id: QUIET_ACCOUNT,
    name: 'quiet',
    email: 'me@quiet.test',
    userName: 'Me at home',
    addresses: ['me@quiet.test'],
    transport: 'local',
    config: {},
    secret: null,
    createdAt: new Date(Date.now() + 120_000).toISOString(),
  });
  for (const n of [1, 2])
    profile.repos.messages.upsert(
      message(`work-${n}`, {
        accountId: WORK_ACCOUNT,
        messageId: null,
        threadId: `work-${n}`,
        to: ['me@work.test'],
        subject: `Work item ${n}`,
        from: 'Boss <boss@work.test>',
        date: new Date(Date.UTC(2026, 0, n)).toISOString(),
        body: 'Please look.',
        unread: true,
      }),
    );
}

const triageButton = (page: Page) => page.getByRole('button', { name: /^Triage new mail/ });
const readingPane = (page: Page) => page.locator('.inbox > div.pane.empty');
const show = (page: Page, label: string) => page.locator('.account-switch select').selectOption({ label });

describe.skipIf(!hasChromium)(
  `the Inbox's counts and hints follow the mail shown${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ prepare: (hosted) => prepare(hosted.profile) });

    it("counts the shown account's new mail on the Triage button", async () => {
      const { profile } = suite.hosted;
      const untriaged = (account?: string) => profile.repos.messages.categoryCounts('INBOX', account).untriaged ?? 0;
      expect(untriaged(WORK_ACCOUNT)).toBe(2);
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN);
      await expect
        .poll(() => triageButton(page).innerText(), { timeout: 20_000 })
        .toBe(`Triage new mail (${untriaged()})`);
      await show(page, 'work · me@work.test');
      await expect.poll(() => triageButton(page).innerText(), { timeout: 20_000 }).toBe('Triage new mail (2)');
      await show(page, 'Demo account');
      await expect
        .poll(() => triageButton(page).innerText(), { timeout: 20_000 })
        .toBe(`Triage new mail (${untriaged(profile.primaryAccount().id)})`);
      await show(page, 'quiet · me@quiet.test');
      await expect.poll(() => triageButton(page).innerText(), { timeout: 20_000 }).toBe('Triage new mail');
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);

    it('tells a newcomer how to open a conversation, or why there is none', async () => {
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await show(page, 'Demo account');
        await expect
          .poll(() => readingPane(page).innerText())
          .toBe('Click a conversation to read it, or press j for the next one and k for the one before.');
        await page.screenshot({ path: screenshotPath(`inbox-hint-list-${theme}`) });

        await page.getByRole('searchbox', { name: 'Search mail' }).fill('zzqqxx');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('p.count').innerText()).toBe('0 results for “zzqqxx”');
        expect(await readingPane(page).innerText()).toBe(
          'No conversation matches your search. Try other words, or clear the search box to see all mail.',
        );
        await page.screenshot({ path: screenshotPath(`inbox-hint-search-${theme}`) });
        await page.getByRole('searchbox', { name: 'Search mail' }).fill('');

        await show(page, 'work · me@work.test');
        await page.getByRole('button', { name: /^Receipt/ }).click();
        await expect
          .poll(() => readingPane(page).innerText())
          .toBe('No conversation in the Inbox is marked “Receipt”. Choose All to see every conversation.');
        // The list says why it is empty: the category chosen, not the Inbox.
        expect(await page.locator('p.pane.empty').first().innerText()).toBe('Nothing here is marked “Receipt”.');
        await page.getByRole('button', { name: 'All', exact: true }).click();

        await show(page, 'quiet · me@quiet.test');
        await expect
          .poll(() => readingPane(page).innerText())
          .toBe('There is nothing to read in the Inbox. New mail shows up here as it arrives.');
        expect(await page.locator('p.pane.empty').first().innerText()).toBe('The Inbox is empty.');
        await page.screenshot({ path: screenshotPath(`inbox-hint-empty-${theme}`) });
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }, 90_000);
  },
);
