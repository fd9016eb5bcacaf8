/**
 * The banner and the rail's foot name the account whose mail is shown, as the account switcher
 * chose it, not the profile's primary account: with the demo account (the primary one here) and
 * a second account, choosing the second takes the demo banner away and names it in the rail;
 * choosing the demo account brings the banner back. Screenshots light and dark; no serious axe
 * violations.
 */
import { describe, expect, it } from 'vitest';
import { addWorkAccount } from '../main/app/app-fixture';
import {
  appTookOver,
  axeViolations,
  CHROMIUM_WHY,
  hasChromium,
  demoSuite,
  openPage,
  screenshotPath,
  SCREEN,
} from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(
  `the account shown is the one selected${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ prepare: (hosted) => addWorkAccount(hosted.profile) });

    it('names the selected account in the rail, and shows the demo banner only over demo mail', async () => {
      expect(suite.hosted.profile.primaryAccount().name).toBe('demo');
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await navigate(page, '#/inbox');
        // The switcher on the screen the host rendered is a picture of it until the app takes over.
        await appTookOver(page);
        const foot = page.locator('.rail-foot .account');
        const banner = page.locator('.banner');
        const switcher = page.locator('.account-switch select');
        // Every account's mail: each row says whose it is, the rail says all of them.
        await expect.poll(() => foot.innerText()).toBe('All 2 accounts');
        expect(await banner.count()).toBe(0);

        await switcher.selectOption({ label: 'work · me@work.test' });
        await expect.poll(() => foot.innerText()).toBe('work · me@work.test');
        expect(await banner.count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`shown-account-work-${theme}`) });

        await switcher.selectOption({ label: 'Demo account' });
        await expect.poll(() => banner.count()).toBe(1);
        expect(await banner.innerText()).toBe('Demo account — nothing leaves this computer.');
        expect(await foot.innerText()).toBe('Demo account · maya@acme.test');
        await page.screenshot({ path: screenshotPath(`shown-account-demo-${theme}`) });
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }, 90_000);
  },
);
