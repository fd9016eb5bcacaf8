/**
 * Settings → Accounts → sign in with OAuth, in Chromium through the browser host, against a
 * real authorization server (oidc-provider) and a Dovecot that checks its tokens: the buttons
 * are there; "Sign in with another provider…" opens the issuer's page in a new tab, the person allows, the tab lands on
 * the app's loopback page and the account appears; when the issuer takes the grant back the row
 * says "sign in again", and signing in again from the row clears it. Screenshots at 1280×800,
 * light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { syncAccounts } from '../../main/accounts/accounts';
import { dovecotMissing, startDovecot, type DovecotServer } from '../integration/servers/dovecot';
import { startOAuthServer, type OAuthServer } from '../integration/servers/oauth';
import {
  axeViolations,
  CHROMIUM_WHY,
  hasChromium,
  hostedSuite,
  openPage,
  reloadApp,
  screenshotPath,
  SCREEN,
} from './harness';
import { navigate } from './jobs';

const missing = dovecotMissing() ?? (hasChromium ? null : CHROMIUM_WHY);
const EMAIL = 'alice@example.test';

interface Servers {
  readonly issuer: OAuthServer;
  readonly imap: DovecotServer;
  stop(): Promise<void>;
}

async function startServers(): Promise<Servers> {
  const issuer = await startOAuthServer();
  const url = new URL(issuer.introspectionUrl);
  url.username = issuer.introspector.id;
  url.password = issuer.introspector.secret;
  // Dovecot failing to start stops the issuer: a server left listening would outlive the suite.
  const imap = await startDovecot({ user: EMAIL, oauth2: { introspectionUrl: url.href } }).catch(async (e: unknown) => {
    await issuer.stop();
    throw e;
  });
  return {
    issuer,
    imap,
    async stop() {
      await imap.stop();
      await issuer.stop();
    },
  };
}

/** In the tab the app opened: the issuer's page, where the person allows. */
async function allowInTab(tab: Page): Promise<void> {
  await tab.waitForLoadState();
  await tab.getByRole('button', { name: 'Allow' }).click();
  await expect
    .poll(() => tab.locator('body').innerText(), { timeout: 30_000 })
    .toContain('Signed in. You can close this tab');
  expect(new URL(tab.url()).hostname).toBe('127.0.0.1');
  await tab.close();
}

describe.skipIf(missing !== null)(`OAuth sign-in in Settings${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const suite = hostedSuite(startServers);

  it('shows the three sign-in buttons, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/settings');
      const group = page.getByRole('group', { name: 'Sign in with your provider' });
      for (const name of ['Sign in with Google', 'Sign in with Microsoft', 'Sign in with another provider…'])
        await expect.poll(() => group.getByRole('button', { name }).count()).toBe(1);
      await group.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`settings-sign-in-buttons-${theme}`) });
      await group.getByRole('button', { name: 'Sign in with Google' }).click();
      const form = page.getByRole('form', { name: 'Sign in with Google' });
      await form.getByLabel(/^Name/).fill('gmail');
      await form.getByLabel('Email address').fill('maya@gmail.com');
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`settings-sign-in-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Cancel' }).click();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 90_000);

  it('signs in with another provider in a new tab, then again after the issuer revokes it', async () => {
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
    await navigate(page, '#/settings');
    await page.getByRole('button', { name: 'Sign in with another provider…' }).click();
    const form = page.getByRole('form', { name: 'Sign in with another provider' });
    await form.getByLabel(/^Name/).fill('work');
    await form.getByLabel('Email address').fill(EMAIL);
    await form.getByLabel(/^Issuer URL/).fill(suite.server.issuer.issuer);
    await form.getByLabel(/^Scopes/).fill('mail');
    await form.getByLabel(/^Client id/).fill(suite.server.issuer.clientId);
    await form.getByLabel(/^IMAP server/).fill(suite.server.imap.host);
    await form.getByLabel('IMAP port').fill(String(suite.server.imap.port));
    await form.getByLabel('Security').selectOption('plain');
    const opened = page.context().waitForEvent('page');
    await form.getByRole('button', { name: 'Continue in the browser' }).click();
    await allowInTab(await opened);
    // The app checks the mailbox with the new token, then the page hears of it (it asks each second).
    const SLOW = { timeout: 30_000 };
    await expect.poll(() => page.locator('.accounts').innerText(), SLOW).toContain(`work · ${EMAIL}`);
    await expect.poll(() => page.locator('body').innerText(), SLOW).toContain(`Signed in as ${EMAIL}.`);

    // The issuer takes the grant back: the next sync marks the account, the row says so.
    await suite.server.issuer.revokeGrants(EMAIL);
    const p = suite.hosted.profile;
    const a = p.repos.accounts.byName('work')!;
    await p.secrets.set(
      `account:${a.id}:oauth`,
      JSON.stringify({ ...JSON.parse((await p.secrets.get(`account:${a.id}:oauth`))!), expiresAt: 0 }),
    );
    const [sync] = await syncAccounts(p, { account: 'work' });
    expect(sync?.error?.kind).toBe('sign-in-again');
    await reloadApp(page);
    await navigate(page, '#/settings');
    const row = page.locator('.accounts li', { hasText: 'work' });
    await expect.poll(() => row.innerText(), SLOW).toContain('sign in again');
    const again = page.context().waitForEvent('page');
    await row.getByRole('button', { name: 'Sign in again' }).click();
    await allowInTab(await again);
    await expect.poll(() => row.innerText(), SLOW).not.toContain('sign in again');
    expect((await syncAccounts(p, { account: 'work' }))[0]?.error).toBeUndefined();
    expect(errors).toEqual([]);
  }, 120_000);
});
