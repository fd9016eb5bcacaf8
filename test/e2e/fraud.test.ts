/**
 * Fraud in the app, in Chromium through the browser host: after triage, the chief executive's
 * wire request from a look-alike domain is filed suspicious and its warning band says why in
 * words; a colleague's mail with a Figma link has no band; a daily brief that repeats links and a
 * code request from mail carries the warnings on that part of the answer. Light and dark at
 * 1280×800, screenshotted, with no serious or critical axe-core violations.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, CHROMIUM_WHY, hasChromium, demoSuite, openPage, screenshotPath, SCREEN } from './harness';
import { triageProfile } from '../../main/assistant/triage';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(`fraud in the app${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ prepare: (hosted) => triageProfile(hosted.profile) });

  const open = (theme: 'light' | 'dark') => openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);

  it.each(['light', 'dark'] as const)(
    'says why the wire request is suspicious, and nothing about a Figma link (%s)',
    async (theme) => {
      const { page, errors } = await open(theme);
      await navigate(page, '#/inbox/e26');
      const band = page.locator('.warning-band');
      await expect.poll(() => band.count(), { timeout: 15_000 }).toBe(1);
      const text = await band.innerText();
      expect(text).toContain('acrne.test looks like acme.test');
      expect(text).toContain('Tom Okafor');
      expect(text).toMatch(/payment to the account it gives/);
      await expect
        .poll(() => page.locator('.assistant').innerText())
        .toMatch(/Suspicious[\s\S]*This email asks you to/);
      await page.screenshot({ path: screenshotPath(`fraud-inbox-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);

      await navigate(page, '#/inbox/e10');
      await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Landing page mockups v3');
      expect(await page.locator('.warning-band').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it.each(['light', 'dark'] as const)(
    'marks the part of an answer that repeats links and requests from mail (%s)',
    async (theme) => {
      const { page, errors } = await open(theme);
      await navigate(page, '#/ask');
      await page.getByLabel(/What should the assistant do/).fill('give me my daily brief');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const warnings = page.locator('.answer-warnings');
      await expect.poll(() => warnings.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await warnings.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`fraud-ask-${theme}`) });
      // The demo account's mail has no verdict from a trusted server: every repeated link is marked.
      const text = (await warnings.allInnerTexts()).join('\n');
      expect(text).toMatch(
        /The link to cloudnest\.test comes from mail by no-reply@cloudnest\.test, a sender that was not verified\./,
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );
});
