/**
 * Settings → Accounts in Chromium against a real Dovecot: a person adds an IMAP account, tests
 * it (the login works), and removes it; the password never comes back to the page, and a wrong
 * one is named as such. The receiving server's id, and whether it checks every message, reach
 * the stored account from the form.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot } from '../integration/servers/dovecot';
import { axeViolations, CHROMIUM_WHY, hasChromium, hostedSuite, openPage, SCREEN, screenshotPath } from './harness';
import { navigate } from './jobs';

const missing = dovecotMissing() ?? (hasChromium ? null : CHROMIUM_WHY);

describe.skipIf(missing !== null)(`accounts in Settings${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const suite = hostedSuite(() => startDovecot());

  /** Opens the form to add an IMAP account and fills in a login on the suite's Dovecot as `name`. */
  const fillLogin = async (page: Page, name: string, password = suite.server.password) => {
    await page.getByRole('button', { name: /Add an IMAP account/ }).click();
    const form = page.getByRole('form', { name: 'Add an IMAP account' });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Email address').fill(`${suite.server.user}@example.test`);
    await form.getByLabel('IMAP server').fill(suite.server.host);
    await form.getByLabel('IMAP port').fill(String(suite.server.port));
    await form.getByLabel('Security').selectOption('plain');
    await form.getByLabel('User name').fill(suite.server.user);
    await form.getByLabel(/^Password/).fill(password);
    return form;
  };

  it('adds, tests and removes an IMAP account', async () => {
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
    await navigate(page, '#/settings');
    const add = async (name: string, password: string) => {
      const form = await fillLogin(page, name, password);
      await form.getByRole('button', { name: 'Add account' }).click();
      await expect.poll(() => page.locator('.accounts').innerText()).toContain(name);
    };
    await add('work', suite.server.password);
    const row = page.locator('.accounts li', { hasText: 'work' });
    await row.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => row.innerText()).toMatch(/Logged in: (1 folder|\d+ folders)\./);
    // The password is in the secret store, nowhere in the page or the database.
    expect(await page.content()).not.toContain(suite.server.password);
    const dbText = suite.hosted.profile.db.prepare('SELECT config FROM accounts').all();
    expect(JSON.stringify(dbText)).not.toContain(suite.server.password);

    await add('typo', 'not-the-password');
    const typo = page.locator('.accounts li', { hasText: 'typo' });
    await typo.getByRole('button', { name: 'Test' }).click();
    await expect
      .poll(() => typo.innerText())
      .toMatch(/The server refused the sign-in: .*refused the user name or password[^\n]*\.$/m);
    await typo.getByRole('button', { name: 'Remove' }).click();
    // Remove asks first, saying what goes; nothing is removed until the person says yes.
    expect(await typo.getByRole('group', { name: 'Remove it?' }).innerText()).toMatch(
      /^Remove the account “\S+”\? .* (deleted from this computer)/,
    );
    await typo.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => page.locator('.accounts').innerText()).not.toContain('typo');
    expect(
      suite.hosted.profile.repos.accounts
        .list()
        .map((a) => a.name)
        .sort(),
    ).toEqual(['demo', 'work']);
    expect(errors).toEqual([]);
  }, 90_000);

  it('says what is wrong at each field in words, and a server name that does not resolve at once', async () => {
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
    await navigate(page, '#/settings');
    await page.getByRole('button', { name: /Add an IMAP account/ }).click();
    const form = page.getByRole('form', { name: 'Add an IMAP account' });
    await form.getByLabel(/^Name/).fill('my work!');
    await form.getByLabel('Email address').fill('not-an-address');
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => form.getByRole('alert').count()).toBeGreaterThan(2);
    const said = await form.getByRole('alert').allInnerTexts();
    expect(said).toContain(
      'Use letters, digits, dots, dashes or underscores (up to 64), starting with a letter or digit, e.g. work.',
    );
    expect(said).toContain('Enter an email address, e.g. you@example.com.');
    expect(said).toContain('Enter the IMAP server’s name, e.g. imap.example.com.');
    // No schema dump anywhere: no regex, no JSON.
    expect(await page.locator('footer.status').innerText()).not.toMatch(/[{}^$]|regex|invalid_string/i);
    expect(await form.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    // A host name that does not exist is named at its field when the account is added.
    await form.getByLabel(/^Name/).fill('typo2');
    await form.getByLabel('Email address').fill('me@example.test');
    await form.getByLabel('IMAP server').fill('imap.no-such-host.invalid');
    await form.getByLabel('User name').fill('me');
    await form.getByLabel(/^Password/).fill('x');
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect
      .poll(() => form.getByRole('alert').allInnerTexts())
      .toEqual([expect.stringMatching(/^No server is named “imap\.no-such-host\.invalid”.*\.$/)]);
    expect(suite.hosted.profile.repos.accounts.list().map((a) => a.name)).not.toContain('typo2');
    await page.screenshot({ path: screenshotPath('account-form-errors-light') });
    expect(await axeViolations(page)).toEqual([]);
    // The refused add is the only failed request.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  }, 60_000);

  it('with a real account: no demo banner, every account’s mail labelled, the layout holding at three sizes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme);
      await page.locator('.row').nth(5).waitFor();
      expect(await page.locator('.banner').count()).toBe(0);
      const switcher = page.getByLabel('Account');
      expect(await switcher.locator('option').allInnerTexts()).toEqual([
        'All accounts',
        'Demo account',
        expect.stringMatching(/^work · /),
      ]);
      // The unified inbox says whose each message is: the demo mail is never taken for the real account's.
      expect(await page.locator('.row').first().locator('.chip-account').innerText()).toBe('Demo account');
      for (const [w, h] of [
        [1024, 700],
        [1280, 800],
        [1600, 1000],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await navigate(page, '#/inbox/e45');
        await expect.poll(() => page.locator('#message-subject').count()).toBe(1);
        const status = await page.locator('footer.status').boundingBox();
        expect(status!.y + status!.height).toBeGreaterThan(h - 2);
        const main = await page.locator('main.screen').boundingBox();
        expect(main!.y).toBeLessThan(2);
        await page.screenshot({ path: screenshotPath(`real-account-${w}x${h}-${theme}`) });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await axeViolations(page)).toEqual([]);
      // Choosing the real account shows its mail only (none synced yet): no demo mail under its name.
      await switcher.selectOption({ label: (await switcher.locator('option').nth(2).innerText()).trim() });
      await expect.poll(() => page.locator('.folder-title').innerText()).toMatch(/Inbox · work/);
      await expect.poll(() => page.locator('.row').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 90_000);

  it('says, with a server id only, that the server checks every message, by keyboard, and stores it', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/settings');
      const name = `gmail-${theme}`;
      const form = await fillLogin(page, name);
      const every = form.getByRole('checkbox', { name: /My mail server checks every message it receives/ });
      // Without a server id there is nothing for the setting to be about: it is not offered.
      expect(await every.count()).toBe(0);
      const authserv = form.getByLabel(/Authentication-Results header/);
      await authserv.fill('mx.google.com');
      // Reached by the keyboard from the server id, with a visible focus, and ticked with Space.
      await authserv.press('Tab');
      await expect.poll(() => every.evaluate((e) => e === document.activeElement)).toBe(true);
      expect(await every.evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Space');
      expect(await every.isChecked()).toBe(true);
      expect(await form.locator('#account-everyMessage-help').innerText()).toMatch(
        /^Its check then counts .*Only turn this on if .*otherwise a stranger could forge a check and pass as someone you know\.$/,
      );
      await page.screenshot({ path: screenshotPath(`account-every-message-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Add account' }).click();
      await expect.poll(() => page.locator('.accounts').innerText()).toContain(name);
      expect(suite.hosted.profile.repos.accounts.byName(name)?.config).toMatchObject({
        authserv: ['mx.google.com'],
        authservEveryMessage: true,
      });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 90_000);

  it('leaves the setting off unless ticked, and does not send it once the server id is cleared', async () => {
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
    await navigate(page, '#/settings');
    const form = await fillLogin(page, 'cleared');
    const authserv = form.getByLabel(/Authentication-Results header/);
    await authserv.fill('mx.example.test');
    const every = form.getByRole('checkbox', { name: /My mail server checks every message/ });
    expect(await every.isChecked()).toBe(false);
    await every.check();
    await authserv.fill('');
    expect(await every.count()).toBe(0);
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => page.locator('.accounts').innerText()).toContain('cleared');
    const config = suite.hosted.profile.repos.accounts.byName('cleared')?.config;
    expect(config).not.toHaveProperty('authserv');
    expect(config).not.toHaveProperty('authservEveryMessage');
    expect(errors).toEqual([]);
  }, 60_000);
});
