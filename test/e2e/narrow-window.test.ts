/**
 * A window narrower than the screenshots' 1280: nothing a person reads is squeezed into a column
 * a few words wide. Under 1024 the Review card puts its preview above its reasons (at 800 they sat
 * side by side, an address broken after "maya@acm") and keeps its decision in sight; under 760 the Inbox puts the open message
 * under the list (at 560 it was about 100 px wide, its subject a word a line), and the rail's
 * account selector shows "Demo account" whole (it was "Demo ac") beside folders whose number says
 * it counts unread mail. Screenshots light and dark.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM_WHY, demoSuite, hasChromium, openPage, runAttackPlan, screenshotPath } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(`a narrow window${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite();

  for (const theme of ['light', 'dark'] as const)
    it(`[${theme}] keeps the Review card and the open message readable`, async () => {
      const [claim] = await runAttackPlan(suite.hosted.profile, '01-reply-invoice-requester');
      const review = await openPage(suite.browser, suite.hosted.host.url, theme, { width: 800, height: 760 });
      await navigate(review.page, `#/review/${encodeURIComponent(claim!)}`);
      const preview = review.page.locator('.claim-preview');
      const why = review.page.locator('.card-side');
      await preview.waitFor();
      const p = (await preview.boundingBox())!;
      const w = (await why.boundingBox())!;
      // The reasons begin under the preview, and the preview has the card's width.
      expect(w.y).toBeGreaterThanOrEqual(p.y + p.height);
      expect(p.width).toBeGreaterThan(500);
      // The card scrolls; its decision stays in sight at the window's foot.
      const decide = (await review.page.locator('.decide').first().boundingBox())!;
      expect(decide.y + decide.height).toBeLessThanOrEqual(760);
      await review.page.screenshot({ path: screenshotPath(`narrow-review-800-${theme}`) });
      expect(review.errors).toEqual([]);
      await review.page.context().close();

      const inbox = await openPage(suite.browser, suite.hosted.host.url, theme, { width: 560, height: 760 });
      await inbox.page.locator('.row').nth(1).click();
      const message = inbox.page.locator('article.message');
      await message.waitFor();
      const m = (await message.boundingBox())!;
      const list = (await inbox.page.locator('.list-pane').boundingBox())!;
      expect(m.width).toBeGreaterThan(380);
      expect(m.y).toBeGreaterThanOrEqual(list.y + list.height);
      // The list keeps rows to pick from above the message.
      expect(await inbox.page.locator('.row').nth(2).isVisible()).toBe(true);
      // The rail says what its number counts, and its account selector shows its choice whole.
      const rail = inbox.page.locator('.mail-rail');
      expect(await rail.getByRole('button', { name: /^Inbox/ }).innerText()).toMatch(/^Inbox\s+\d+ unread$/);
      const select = rail.locator('.account-switch select');
      const room = await select.evaluate((s: HTMLSelectElement) => {
        const text = s.options[s.selectedIndex]!.text;
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(s).font;
        probe.style.whiteSpace = 'pre';
        probe.textContent = text;
        document.body.append(probe);
        const wanted = probe.getBoundingClientRect().width;
        probe.remove();
        const cs = getComputedStyle(s);
        // The arrow takes about 1.3em at the end of a closed select.
        const inner =
          s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 1.3 * parseFloat(cs.fontSize);
        return { text, wanted, inner };
      });
      expect(room.text).toBe('Demo account');
      expect(room.wanted, `"${room.text}" is cut`).toBeLessThanOrEqual(room.inner);
      await inbox.page.screenshot({ path: screenshotPath(`narrow-inbox-560-${theme}`) });
      expect(inbox.errors).toEqual([]);
      await inbox.page.context().close();
    }, 90_000);
});
