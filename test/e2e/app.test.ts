/**
 * The four jobs people hire Zamburak for, end to end in Chromium through the browser host:
 * triage with governed drafts; approve and reject claims in Review (the send lands in the demo
 * outbox); browse and verify the audit history; edit a policy (an error at its line), preview,
 * save, and see a decision change. Plus: every screen in light and dark, screenshotted, with
 * no serious or critical axe-core violations.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, CHROMIUM_WHY, hasChromium, demoSuite, openPage, runDemoPlan, screenshotPath } from './harness';
import { approveJob, auditJob, navigate, policyJob, rejectJob, triageJob } from './jobs';

describe.skipIf(!hasChromium)(
  `the app in Chromium through the browser host${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ undoWindowSeconds: 1 });
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ page, errors } = await openPage(suite.browser, suite.hosted.host.url));
    }, 60_000);

    it(
      'job 1: triages the inbox, puts a claim in Review and shows governed drafts a person can edit',
      () => triageJob({ page, profile: suite.hosted.profile }),
      90_000,
    );

    it(
      'job 2: edits a claim in Review, approves it, and exactly the edit lands in the demo outbox',
      () => approveJob({ page, profile: suite.hosted.profile }),
      60_000,
    );

    it(
      'job 2b: rejects a claim with a reason, and nothing is sent',
      () => rejectJob({ page, profile: suite.hosted.profile }),
      60_000,
    );

    it(
      'job 3: browses the audit history and verifies the chain',
      () => auditJob({ page, profile: suite.hosted.profile }),
      60_000,
    );

    it('every screen, light and dark: screenshots and no serious or critical axe violations', async () => {
      const [claimId] = await runDemoPlan(suite.hosted.profile, '01-reply-to-bob');
      // Each screen, and what it shows once its answers have come (a screenshot is taken then).
      const screens: [string, string, string][] = [
        ['inbox', '#/inbox/e47', '#message-subject'],
        ['review', claimId ? `#/review/${claimId}` : '#/review', 'article.claim-card'],
        ['ask', '#/ask', '#ask-input'],
        ['audit', '#/audit', '.audit-table tbody tr'],
        ['settings', '#/settings', '.accounts li'],
      ];
      for (const theme of ['light', 'dark'] as const) {
        const { page: p, errors: e } = await openPage(suite.browser, suite.hosted.host.url.replace(/#.*$/, ''), theme);
        for (const [name, hash, shown] of screens) {
          await p.evaluate((h) => (window.location.hash = h), hash);
          await p.locator(shown).first().waitFor();
          if (name === 'ask') {
            await p.getByLabel(/What should the assistant do/).fill('give me my daily brief');
            await p.getByRole('button', { name: 'Ask', exact: true }).click();
            await expect.poll(() => p.locator('.answer').count(), { timeout: 20_000 }).toBe(1);
          }
          await p.screenshot({ path: screenshotPath(`${name}-${theme}`) });
          expect(await axeViolations(p), `${name} (${theme})`).toEqual([]);
        }
        expect(e).toEqual([]);
        await p.context().close();
      }
      expect(errors).toEqual([]);
    }, 120_000);
    it(
      'job 4: edits a policy — an error at its line, a preview, a save — and a decision changes',
      () => policyJob({ page, profile: suite.hosted.profile }),
      60_000,
    );
    it('the policy form edits the YAML in place, comments kept, through the same validation', async () => {
      await navigate(page, '#/settings');
      const editor = page.getByLabel('Policy YAML');
      await expect.poll(() => editor.inputValue()).toContain('rules:');
      await page.getByLabel(/Allow deleting mail/).check();
      await expect.poll(() => editor.inputValue()).toMatch(/deleteEnabled: true/);
      await page.getByLabel(/Trusted recipients/).fill('*@partner.test');
      const yaml = await editor.inputValue();
      expect(yaml).toMatch(/recipients:\n\s+- "?\*@partner\.test"?/);
      expect(yaml).toContain('# Zamburak default policy');
      await expect.poll(() => page.locator('.policy-status').innerText()).toMatch(/Valid: \d+ rules/);
    }, 60_000);
    it('the general settings say what they do without "runs" or "committed"', async () => {
      await navigate(page, '#/settings');
      const general = page.getByRole('region', { name: 'General' });
      await expect
        .poll(() => general.innerText())
        .toContain('Pause everything automatic (the assistant does nothing on its own, and nothing is sent)');
      const text = await general.innerText();
      expect(text).toContain('Undo window (seconds you have to undo a send or an approval before it is carried out)');
      expect(text).not.toMatch(/\b(runs?|committed)\b/);
    });
  },
);
