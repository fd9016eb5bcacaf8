/**
 * Ask names the account it works on and follows the Inbox's account switcher: with a second
 * account, the person picks it on Ask, the answer says which account it came from, and the
 * Inbox shows that account's mail. Screenshots light and dark; no serious axe violations.
 */
import { describe, expect, it } from 'vitest';
import { addWorkAccount } from '../main/app/app-fixture';
import { axeViolations, CHROMIUM_WHY, hasChromium, demoSuite, openPage, screenshotPath, SCREEN } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(
  `Ask over the selected account${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    // A second account, added after the demo one, which stays the primary.
    const suite = demoSuite({ prepare: (hosted) => addWorkAccount(hosted.profile) });

    it('shows the account, switches it, and answers from the chosen one', async () => {
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await navigate(page, '#/ask');
        const account = page.getByLabel('Account', { exact: true });
        await expect.poll(() => account.inputValue()).toBe(suite.hosted.profile.primaryAccount().id);
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
