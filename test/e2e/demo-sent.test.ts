/**
 * What the demo account sends is in its Sent folder, as a real account's is: a person's send and
 * an approved plan's reply each appear there once they have left, in the list and opened, in
 * Chromium through the browser host. Screenshots light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_WHY,
  axeViolations,
  demoSuite,
  hasChromium,
  openPage,
  runDemoPlan,
  screenshotPath,
  SCREEN,
} from './harness';
import { approveOnCard, navigate } from './jobs';

const status = (page: Page) => page.locator('footer.status').innerText();

/** Opens the rail's Sent folder afresh (from the Inbox) and the conversation whose subject is `subject` in it. */
async function openInSent(page: Page, subject: string): Promise<void> {
  await navigate(page, '#/inbox');
  const folders = page.getByRole('list', { name: 'Folders' });
  const heading = page.locator('h1.folder-title');
  for (const folder of ['Inbox', 'Sent']) {
    await folders.getByRole('button', { name: new RegExp(`^${folder}`) }).click();
    await expect.poll(() => heading.innerText()).toMatch(new RegExp(`^${folder}`));
  }
  const row = page.locator('.row').filter({ hasText: subject }).first();
  await row.waitFor({ timeout: 10_000 });
  await row.click();
  await expect.poll(() => page.locator('#message-subject').innerText()).toBe(subject);
}

describe.skipIf(!hasChromium)(
  `the demo account's Sent folder${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ undoWindowSeconds: 1 });

    for (const theme of ['light', 'dark'] as const)
      it(`[${theme}] a person's send and an approved reply are in Sent once they have left`, async () => {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await page.locator('.row').nth(2).waitFor();
        const subject = `Lunch on Friday (${theme})`;
        await page.getByRole('button', { name: 'Compose (c)' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('To').fill('bob@acme.test');
        await dialog.getByLabel('Subject').fill(subject);
        await dialog.getByLabel('Message').fill('Shall we meet at noon?');
        await dialog.getByRole('button', { name: /^Send/ }).click();
        await expect.poll(() => status(page), { timeout: 10_000 }).toMatch(/^Sent “Lunch on Friday/);
        await openInSent(page, subject);
        const message = page.locator('article.message');
        expect(await message.innerText()).toMatch(/To bob@acme\.test[\s\S]*Shall we meet at noon\?/);
        await page.screenshot({ path: screenshotPath(`demo-sent-${theme}`) });

        // A plan's reply that asked first: approved on its card, then it is in Sent too.
        const [claimId] = await runDemoPlan(suite.hosted.profile, '01-reply-to-bob');
        await navigate(page, `#/review/${claimId}`);
        await approveOnCard(page);
        const claims = suite.hosted.profile.claims;
        await expect.poll(() => claims.get(claimId!).state, { timeout: 15_000 }).toBe('committed');
        const reply = suite.hosted.profile.repos.outgoing.sent('demo').find((s) => s.id === `sent-${claimId}`);
        await openInSent(page, reply!.subject);
        expect(await message.innerText()).toContain('I will review the release notes by Wednesday noon.');
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 90_000);
  },
);
