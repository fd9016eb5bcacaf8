/**
 * Ask names the account it works on and follows the Inbox's account switcher: with a second
 * account, the person picks it on Ask, the answer says which account it came from, and the
 * Inbox shows that account's mail. Screenshots light and dark; no serious axe violations.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  CHROMIUM_WHY,
  hasChromium,
  hostDemo,
  launchChromium,
  openPage,
  screenshotPath,
  type Hosted,
} from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(
  `Ask over the selected account${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    let browser: Browser;
    let hosted: Hosted;
    beforeAll(async () => {
      browser = await launchChromium();
      hosted = await hostDemo();
      hosted.profile.repos.accounts.insert({
        id: 'work-1',
        name: 'work',
        email: 'me@work.test',
        userName: 'Me at work',
        addresses: ['me@work.test'],
        transport: 'local',
        config: {},
        secret: null,
        createdAt: new Date(Date.now() + 60_000).toISOString(),
      });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await hosted?.close();
    });

    it('shows the account, switches it, and answers from the chosen one', async () => {
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors } = await openPage(browser, hosted.host.url, theme);
        await page.setViewportSize({ width: 1280, height: 800 });
        await navigate(page, '#/ask');
        const account = page.getByLabel('Account', { exact: true });
        await expect.poll(() => account.inputValue()).toBe(hosted.profile.primaryAccount().id);
        await account.selectOption({ label: 'work (me@work.test)' });
        await page.getByLabel(/What should the assistant do/).fill('give me my daily brief');
        await page.getByRole('button', { name: 'Ask', exact: true }).click();
        await expect
          .poll(
            () =>
              page
                .locator('.answer-account')
                .innerText()
                .catch(() => ''),
            { timeout: 20_000 },
          )
          .toBe('Answered from the account work (me@work.test).');
        await page.screenshot({ path: screenshotPath(`ask-account-${theme}`) });
        expect(await axeViolations(page)).toEqual([]);
        // The Inbox follows: it shows the work account's mail now.
        await navigate(page, '#/inbox');
        await expect.poll(() => page.locator('.folder-account').innerText()).toContain('work');
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }, 90_000);
  },
);
