/**
 * What a newcomer trips over, in Chromium at 1024×700 (the smallest window the suites use): an
 * empty Review says what lands there and links to where work starts; the rail's account switcher
 * shows the account's name whole; the Audit's check says what it checks in words ("Check the
 * log", not "Verify chain") and j/k move through its entries; removing an account asks first, naming it as an account, and "Keep it" or Escape keeps
 * it. Light and dark screenshots; no serious axe violations.
 */
import { describe, expect, it } from 'vitest';
import { addMailAccount } from '../main/app/app-fixture';
import {
  appTookOver,
  axeViolations,
  CHROMIUM_WHY,
  demoSuite,
  hasChromium,
  openPage,
  runDemoPlan,
  screenshotPath,
} from './harness';
import { navigate } from './jobs';

const SMALL = { width: 1024, height: 700 } as const;

describe.skipIf(!hasChromium)(`next steps a newcomer needs${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ prepare: (h) => addMailAccount(h.profile) });

  for (const theme of ['light', 'dark'] as const)
    it(`[${theme}] an empty Review, the switcher, the Audit's check and a removal that asks`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SMALL);
      await appTookOver(page);

      // The rail's switcher: every account's name is whole in the narrow rail.
      const select = page.locator('.account-switch select');
      await select.selectOption({ label: 'Demo account' });
      const fits = await select.evaluate((s: HTMLSelectElement) => {
        const c = document.createElement('canvas').getContext('2d')!;
        c.font = getComputedStyle(s).font;
        const text = c.measureText(s.selectedOptions[0]!.text).width;
        const cs = getComputedStyle(s);
        // The arrow takes about 20 px at the right.
        return text + parseFloat(cs.paddingLeft) + 20 <= s.clientWidth;
      });
      expect(fits).toBe(true);

      // An empty Review: what lands here, and links to where work starts.
      await navigate(page, '#/review');
      const empty = page.getByRole('region', { name: 'Nothing to decide' });
      await expect.poll(() => empty.count()).toBe(1);
      expect(await empty.innerText()).toMatch(/it stops and asks you here/);
      await page.screenshot({ path: screenshotPath(`review-empty-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      await empty.getByRole('link', { name: 'ask it something' }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/ask');
      await navigate(page, '#/review');
      await empty.getByRole('link', { name: 'triage new mail in the Inbox' }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/inbox');

      // The Audit's check, in words (over a few entries the assistant wrote).
      await runDemoPlan(suite.hosted.profile, '09-todays-agenda');
      await navigate(page, '#/audit');
      await page.getByRole('button', { name: 'Check the log' }).click();
      await expect
        .poll(() => page.locator('.verify').innerText())
        .toMatch(/^[\d,]+ (entry|entries) checked: none was changed, removed or put in afterwards\.$/);

      // j and k move through the entries, as in the Inbox and Review; Escape closes the entry.
      const drawer = page.locator('aside.drawer');
      const seqs = (await page.locator('.audit-table tbody tr td:first-child').allInnerTexts()).map(Number);
      expect(seqs.length).toBeGreaterThan(1);
      await page.locator('body').press('j');
      await expect.poll(() => drawer.getAttribute('aria-label')).toBe(`Entry ${seqs[0]}`);
      await page.locator('body').press('j');
      await expect.poll(() => drawer.getAttribute('aria-label')).toBe(`Entry ${seqs[1]}`);
      await page.locator('body').press('k');
      await expect.poll(() => drawer.getAttribute('aria-label')).toBe(`Entry ${seqs[0]}`);
      await page.locator('body').press('Escape');
      await expect.poll(() => drawer.count()).toBe(0);

      // Removing an account asks first, naming it as an account, and says what goes; "Keep it"
      // (focused, the safe answer) and Escape keep it, and focus goes back to Remove.
      await navigate(page, '#/settings');
      const row = page.locator('.accounts li', { hasText: 'me@mail.test' });
      const removeButton = row.getByRole('button', { name: 'Remove' });
      await removeButton.click();
      const ask = row.getByRole('group', { name: 'Remove it?' });
      expect(await ask.innerText()).toMatch(
        /^Remove the account “mail”\? Its mail is deleted from this computer \(the server keeps it\) and its password or sign-in is forgotten\./,
      );
      const keep = ask.getByRole('button', { name: 'Keep it' });
      const yes = ask.getByRole('button', { name: 'Yes, remove' });
      await expect.poll(() => keep.evaluate((b) => b === document.activeElement)).toBe(true);
      // The two answers stand apart, and Tab order is the order on screen.
      const [yesBox, keepBox] = [await yes.boundingBox(), await keep.boundingBox()];
      expect(keepBox!.x - (yesBox!.x + yesBox!.width)).toBeGreaterThanOrEqual(6);
      await page.keyboard.press('Shift+Tab');
      expect(await yes.evaluate((b) => b === document.activeElement)).toBe(true);
      await ask.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`settings-remove-asks-${theme}`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => ask.count()).toBe(0);
      expect(await removeButton.evaluate((b) => b === document.activeElement)).toBe(true);
      await removeButton.click();
      await keep.click();
      await expect.poll(() => ask.count()).toBe(0);
      expect(await removeButton.evaluate((b) => b === document.activeElement)).toBe(true);
      expect(suite.hosted.profile.repos.accounts.byName('mail')).toBeDefined();
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);
});
