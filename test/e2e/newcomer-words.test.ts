/**
 * Words a newcomer reads, in Chromium through the browser host at 1280×800, light and dark:
 * the Audit filtered by a rule's words and by an email's subject (ids still work), the budgets
 * said as "each time the assistant works", and Review's lineage fields and every reason in
 * words ("Who it goes to", "what decided to do this", the email acted on by subject and sender).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_WHY,
  axeViolations,
  demoSuite,
  hasChromium,
  openPage,
  runAttackPlan,
  screenshotPath,
  SCREEN,
} from './harness';
import { navigate } from './jobs';
import { ruleWords } from '../../engine/policy/rule-words';
import { bareAddress } from '../../engine/world';

const rows = (page: Page) => page.locator('.audit-table tbody tr');

describe.skipIf(!hasChromium)(`words a newcomer reads${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({
    prepare: async ({ profile }) => {
      await runAttackPlan(profile, '02-forward-invoice-to-address-in-it');
      await runAttackPlan(profile, '14-archive-senders-from-newsletter');
    },
  });

  const forward = () => suite.hosted.profile.claims.list({ state: 'pending' }).find((c) => 'to' in c.action.args)!;

  it('filters the Audit by a rule’s words, an email’s subject, and still by ids', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/audit');
      await expect.poll(() => rows(page).count()).toBeGreaterThan(3);
      const all = await rows(page).count();
      // The rule that asked about the forward, by the words its sentence shows.
      const words = ruleWords(forward().rule);
      await page.getByLabel('Policy rule').fill(words);
      await expect.poll(() => rows(page).count()).toBeLessThan(all);
      const byWords = await rows(page).allInnerTexts();
      expect(byWords.length).toBeGreaterThan(0);
      for (const r of byWords) expect(r).toContain(words);
      await page.screenshot({ path: screenshotPath(`audit-filter-words-${theme}`) });
      expect(await axeViolations(page), theme).toEqual([]);
      await page.getByLabel('Policy rule').fill('egress/untrusted-context');
      await expect
        .poll(() => rows(page).allInnerTexts())
        .toEqual(byWords.filter((r) => /sending that an email asked for/.test(r)));
      await page.getByLabel('Policy rule').fill('');
      await page.getByLabel('Came from').fill('invoice');
      await expect.poll(() => rows(page).count()).toBeLessThan(all);
      expect(await rows(page).count()).toBeGreaterThan(0);
      await page.getByLabel('Came from').fill('nothing is called this');
      await expect.poll(() => rows(page).count()).toBe(0);
      expect(await page.locator('.paging').innerText()).toMatch(/^0 entries shown\./);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('says the budgets as "each time the assistant works"', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/settings');
      const budgets = page.getByRole('form', { name: 'Budgets' });
      await budgets.scrollIntoViewIfNeeded();
      const text = await budgets.innerText();
      expect(text).toMatch(/Tokens each time the assistant works/);
      expect(text).toMatch(/Dollars \(USD\) each time the assistant works/);
      expect(text).not.toMatch(/\brun\b/);
      await page.screenshot({ path: screenshotPath(`settings-budgets-${theme}`) });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 60_000);

  it('heads lineage fields by what they are, and says every reason without "control context"', async () => {
    // An archive a search result decided: the gate's reasons name its control context.
    const archive = suite.hosted.profile.claims
      .list({ state: 'pending' })
      .find((c) => c.reasons.some((r) => r.startsWith('the control context depends on')))!;
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, `#/review/${encodeURIComponent(forward().id)}`);
      await page.locator('details.more summary').click();
      await expect.poll(() => page.locator('.lineage .node-field').count()).toBeGreaterThan(0);
      const headings = await page.locator('.lineage .node-field .kind').allInnerTexts();
      expect(headings).not.toContain('Field');
      expect(headings).toContain('Who it goes to');
      await page.locator('.lineage').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`review-lineage-fields-${theme}`) });
      await navigate(page, `#/review/${encodeURIComponent(archive.id)}`);
      await page.locator('details.more summary').click();
      const reasons = page.locator('details.more ul.reasons');
      await expect.poll(() => reasons.innerText()).toMatch(/What decided to do this depends on/);
      expect(await reasons.innerText()).not.toMatch(/control context/);
      // The email it acts on by its subject and sender, never by its id ("e14").
      const acted = suite.hosted.profile.repos.messages.get(String(archive.action.args.id))!;
      expect(await reasons.innerText()).toContain(
        `not the email “${acted.subject}” from ${bareAddress(acted.from)}, which it acts on`,
      );
      expect(await page.locator('article.claim-card').innerText()).not.toMatch(
        /\((?:e|ev)\d+\)|\bitem acted on\b|tool:/,
      );
      await reasons.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`review-every-reason-${theme}`) });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
