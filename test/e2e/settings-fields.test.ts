/**
 * Settings' undo window as a newcomer types in it: a value it cannot take (negative, past 600, a
 * fraction, or the field emptied on the way to another number) is never saved and says so at the
 * field; before, the field snapped back without a word, and emptying it saved 0 (no undo window)
 * until the next digit. A valid number is saved as it is typed.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM_WHY, demoSuite, hasChromium, onScreen, openPage, SCREEN, screenshotPath } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(`Settings' fields${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ undoWindowSeconds: 10 });

  it('the undo window refuses at its field what it cannot take, and saves what it can', async () => {
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN);
    await navigate(page, '#/settings');
    await onScreen(page, 'settings');
    const field = page.getByLabel(/^Undo window/);
    const saved = () => suite.hosted.profile.setting('undoWindowSeconds');
    for (const bad of ['-3', '700', '2.5', '']) {
      await field.fill(bad);
      await expect
        .poll(() => page.getByRole('alert').innerText())
        .toBe('The undo window is a whole number of seconds, from 0 to 600.');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(saved()).toBe('10');
    }
    await page.screenshot({ path: screenshotPath('settings-undo-window-error-light') });
    await field.fill('30');
    await expect.poll(saved).toBe('30');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await field.inputValue()).toBe('30');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
