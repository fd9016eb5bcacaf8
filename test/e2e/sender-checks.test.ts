/**
 * Settings → Accounts in Chromium: a mail account's row says whose sender checks count and
 * whether its server checks every message; a person changes that in the row (by keyboard), sees
 * the risk in one sentence before saving, and the account stores what the row then says. An id
 * that is no server name is refused at its field and nothing changes. Light and dark, screenshots
 * of the row and of the open form; no serious axe violations.
 */
import { describe, expect, it } from 'vitest';
import { addMailAccount } from '../main/app/app-fixture';
import { axeViolations, CHROMIUM_WHY, demoSuite, hasChromium, openPage, SCREEN, screenshotPath } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(`sender checks in Settings${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ prepare: (h) => addMailAccount(h.profile) });
  const config = () => suite.hosted.profile.repos.accounts.byName('mail')!.config;

  for (const theme of ['light', 'dark'] as const)
    it(`[${theme}] shows an account's sender checks and changes them in its row`, async () => {
      suite.hosted.profile.repos.accounts.setConfig('acct-mail', {
        imap: { host: '127.0.0.1', port: 9, security: 'plain', user: 'me' },
      });
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/settings');
      const row = page.locator('.accounts li', { hasText: 'me@mail.test' });
      await expect
        .poll(() => row.locator('.sender-checks').innerText())
        .toMatch(/^No server is named to check senders, so no sender is shown as verified\./);
      // The demo account has no server: nothing to say about one.
      expect(await page.locator('.accounts li', { hasText: 'maya@acme.test' }).locator('.sender-checks').count()).toBe(
        0,
      );
      await row.locator('.sender-checks').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`settings-sender-checks-none-${theme}`) });

      await row.getByRole('button', { name: 'Change the sender checks of mail' }).click();
      const form = page.getByRole('form', { name: 'Sender checks of mail' });
      const ids = form.getByLabel(/Authentication-Results header/);
      // An id that is no server name is said at the field; nothing is stored.
      await ids.fill('mx.mail.test; rm -rf');
      await form.getByRole('button', { name: 'Save sender checks' }).click();
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('Enter server names separated by commas (at most 10), such as mx.example.com, or leave it empty.');
      expect(config()).not.toHaveProperty('authserv');

      await ids.fill('MX.Mail.test');
      // The box comes with the id, is reached by Tab and ticked with Space; its risk is one sentence.
      await ids.press('Tab');
      const every = form.getByRole('checkbox', { name: /My mail server checks every message it receives/ });
      await expect.poll(() => every.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      expect(await every.isChecked()).toBe(true);
      expect(await form.locator('.note').innerText()).toMatch(
        /Only turn this on if your server checks every message without exception: otherwise a stranger could forge a check and pass as someone you know\.$/,
      );
      await page.screenshot({ path: screenshotPath(`settings-sender-checks-form-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Save sender checks' }).click();
      await expect
        .poll(() => row.locator('.sender-checks').innerText())
        .toMatch(/^Senders are checked by mx\.mail\.test, which checks every message\./);
      expect(config()).toMatchObject({ authserv: ['mx.mail.test'], authservEveryMessage: true, imap: { port: 9 } });
      await expect.poll(() => page.locator('footer.status').innerText()).toBe('Sender checks of mail saved.');
      await page.screenshot({ path: screenshotPath(`settings-sender-checks-saved-${theme}`) });

      // Turned off again: the row says a check counts only above the arrival line.
      await row.getByRole('button', { name: 'Change the sender checks of mail' }).click();
      await form.getByRole('checkbox', { name: /checks every message/ }).uncheck();
      await form.getByRole('button', { name: 'Save sender checks' }).click();
      await expect
        .poll(() => row.locator('.sender-checks').innerText())
        .toMatch(/^Senders are checked by mx\.mail\.test \(a check counts only above your server’s arrival line\)\./);
      expect(config()).not.toHaveProperty('authservEveryMessage');
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);
});
