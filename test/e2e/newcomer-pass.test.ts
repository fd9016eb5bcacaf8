/**
 * A newcomer's first pass over the demo account, in Chromium through the browser host at
 * 1280×800, light and dark: the first start, the Inbox, a message opened, a reply sent through
 * the outbox, Triage, Review (one claim approved, one rejected), Ask, Audit and Settings. Each
 * screen is photographed (newcomer-*.png) to be looked at, and read for what trips a newcomer:
 * "(s)" plurals, "1 results", an item named by its id.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appTookOver,
  CHROMIUM_WHY,
  demoSuite,
  hasChromium,
  openPage,
  runAttackPlan,
  screenshotPath,
  SCREEN,
  TRIAGE_TIMEOUT,
} from './harness';
import { approveOnCard, navigate } from './jobs';

/**
 * What no sentence on a screen may say: "(s)", "1 results", an email or event by its id, a file
 * of the source repository (a person has none), a stack trace or a claim's id.
 */
async function readsWell(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text, where).not.toMatch(/\w\(s\)|\b1 [a-z]+s\b(?<!\b1 (?:s|ss|is|was|has|yes|this|its|us)\b)/);
  expect(text, where).not.toMatch(/\((?:e|ev)\d+\)|\bitem e\d+\b|tool:[a-zA-Z]+:/);
  expect(text, where).not.toMatch(REPOSITORY_WORDS);
}
// The demo's mail may name a file of its own project ("sync/timezone.test.ts"): the app's own folders only.
const REPOSITORY_WORDS =
  /\b(?:engine|main|renderer|preload|apps|docs|policies|resources|test)\/[\w./-]+\.(?:ts|tsx|md|yaml|json)\b|\n\s+at [\w.<>]+ \(|\bclaim c-[0-9a-f]/;

describe.skipIf(!hasChromium)(`a newcomer's pass${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ undoWindowSeconds: 2 });

  for (const theme of ['light', 'dark'] as const)
    it(`[${theme}] walks every screen a newcomer meets`, async () => {
      const shot = (name: string) => page.screenshot({ path: screenshotPath(`newcomer-${name}-${theme}`) });
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await appTookOver(page);
      await page.locator('.row').nth(5).waitFor();
      await shot('first-start');
      await readsWell(page, 'first start');

      // A message opened, answered, and sent through the outbox (the undo window first).
      await page.locator('.row').nth(2).click();
      await expect.poll(() => page.locator('#message-subject').count()).toBe(1);
      await shot('message');
      await readsWell(page, 'message');
      await page
        .getByRole('button', { name: /^Reply/ })
        .first()
        .click();
      const d = page.getByRole('dialog');
      await d.getByLabel('Message').fill('Thanks, that works for me.\n\nMaya');
      await shot('reply');
      await d.getByRole('button', { name: /^Send/ }).click();
      await expect.poll(() => page.locator('footer.status').innerText()).toMatch(/^Sending/);
      await shot('sending');
      await expect.poll(() => page.locator('footer.status').innerText(), { timeout: 15_000 }).toMatch(/^Sent/);
      await readsWell(page, 'sent');
      // Sent is sent: the next window does not bring it back as a draft to finish.
      expect(suite.hosted.profile.setting('compose.draft') ?? '').toBe('');

      // Triage.
      await page.getByRole('button', { name: /Triage new mail/ }).click();
      await expect
        .poll(() => page.locator('footer.status').innerText(), { timeout: TRIAGE_TIMEOUT })
        .toMatch(
          theme === 'light' ? /^Triaged \d+ emails/ : /^No new mail to triage: every email is sorted already\.$/,
        );
      // The open message's Assistant pane shows what the triage made of it.
      await expect.poll(() => page.locator('.assistant').innerText()).not.toMatch(/Not sorted yet/);
      await shot('triage');
      await readsWell(page, 'triage');

      // Review: the list, one claim approved, one rejected.
      const [approve] = await runAttackPlan(suite.hosted.profile, '01-reply-invoice-requester');
      const [reject] = await runAttackPlan(suite.hosted.profile, '21-accept-intro-add-people');
      await navigate(page, '#/review');
      await page.locator('article.claim-card').waitFor();
      // The Inbox's news stayed in the Inbox.
      await expect.poll(() => page.locator('footer.status').innerText()).toBe('Ready.');
      await shot('review');
      await readsWell(page, 'review');
      await navigate(page, `#/review/${approve}`);
      await expect.poll(() => page.locator('article.claim-card h2').innerText()).toMatch(/^Reply to /);
      await page.locator('details.more summary').click();
      await shot('review-claim');
      await readsWell(page, 'a claim');
      await approveOnCard(page);
      await expect.poll(() => suite.hosted.profile.claims.get(approve!).state, { timeout: 15_000 }).toBe('committed');
      await navigate(page, `#/review/${reject}`);
      await expect.poll(() => page.locator('article.claim-card h2').innerText()).toMatch(/^Accept the invitation /);
      await page.locator('body').press('r');
      await page
        .locator('article.claim-card')
        .getByLabel(/Why reject/)
        .fill('I do not know them');
      await shot('review-reject');
      await page.locator('article.claim-card').getByRole('button', { name: 'Reject', exact: true }).click();
      await expect.poll(() => suite.hosted.profile.claims.get(reject!).state).toBe('rejected');
      await shot('review-rejected');
      await readsWell(page, 'rejected');

      // Ask, Audit, Settings.
      await navigate(page, '#/ask');
      await page.locator('main').getByRole('textbox').first().waitFor();
      await shot('ask-empty');
      await readsWell(page, 'ask');
      await page.locator('main').getByRole('textbox').first().fill('give me my daily brief');
      await page.locator('main').getByRole('textbox').first().press('Enter');
      await expect.poll(() => page.locator('main').innerText(), { timeout: 30_000 }).toMatch(/Agenda/);
      await shot('ask');
      await readsWell(page, 'ask answered');
      await navigate(page, '#/audit');
      await expect.poll(() => page.locator('.audit-table tbody tr').count()).toBeGreaterThan(3);
      await shot('audit');
      await readsWell(page, 'audit');
      await navigate(page, '#/settings');
      await expect.poll(() => page.getByLabel('Policy YAML').inputValue()).toContain('rules:');
      await shot('settings');
      await readsWell(page, 'settings');
      // The policy's text points at the app's own help, not at a file of the source repository.
      expect(await page.getByLabel('Policy YAML').inputValue()).not.toMatch(REPOSITORY_WORDS);
      expect(await page.getByLabel('Policy YAML').inputValue()).toContain('“How a policy is written”');
      await expect.poll(() => page.locator('.policy-status').innerText()).toMatch(/^Valid: \d\d+ rules\.$/);
      await page.locator('.policy-help summary').click();
      await expect.poll(() => page.locator('.policy-help').innerText()).toMatch(/the first rule that\s+matches/);
      await readsWell(page, 'policy help');
      await page.getByLabel('Policy YAML').scrollIntoViewIfNeeded();
      await shot('settings-policy');
      expect(errors).toEqual([]);
      await page.context().close();
    }, 240_000);
});
