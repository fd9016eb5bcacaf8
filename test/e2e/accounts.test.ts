/**
 * Settings → Accounts in Chromium against a real Dovecot: a person adds an IMAP account, tests
 * it (the login works), and removes it; the password never comes back to the page, and a wrong
 * one is named as such.
 */
import { describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot } from '../integration/servers/dovecot';
import { CHROMIUM_WHY, hasChromium, hostedSuite, openPage } from './harness';
import { navigate } from './jobs';

const missing = dovecotMissing() ?? (hasChromium ? null : CHROMIUM_WHY);

describe.skipIf(missing !== null)(`accounts in Settings${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const suite = hostedSuite(() => startDovecot());

  it('adds, tests and removes an IMAP account', async () => {
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
    await navigate(page, '#/settings');
    const add = async (name: string, password: string) => {
      await page.getByRole('button', { name: /Add an IMAP account/ }).click();
      const form = page.getByRole('form', { name: 'Add an account' });
      await form.getByLabel(/^Name/).fill(name);
      await form.getByLabel('Email address').fill(`${suite.server.user}@example.test`);
      await form.getByLabel('IMAP server').fill(suite.server.host);
      await form.getByLabel('IMAP port').fill(String(suite.server.port));
      await form.getByLabel('Security').selectOption('plain');
      await form.getByLabel('User name').fill(suite.server.user);
      await form.getByLabel(/^Password/).fill(password);
      await form.getByRole('button', { name: 'Add account' }).click();
      await expect.poll(() => page.locator('.accounts').innerText()).toContain(name);
    };
    await add('work', suite.server.password);
    const row = page.locator('.accounts li', { hasText: 'work' });
    await row.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => row.innerText()).toMatch(/Logged in: \d+ folders/);
    // The password is in the secret store, nowhere in the page or the database.
    expect(await page.content()).not.toContain(suite.server.password);
    const dbText = suite.hosted.profile.db.prepare('SELECT config FROM accounts').all();
    expect(JSON.stringify(dbText)).not.toContain(suite.server.password);

    await add('typo', 'not-the-password');
    const typo = page.locator('.accounts li', { hasText: 'typo' });
    await typo.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => typo.innerText()).toMatch(/auth: .*refused the user name or password/);
    await typo.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.locator('.accounts').innerText()).not.toContain('typo');
    expect(
      suite.hosted.profile.repos.accounts
        .list()
        .map((a) => a.name)
        .sort(),
    ).toEqual(['demo', 'work']);
    expect(errors).toEqual([]);
  }, 90_000);
});
