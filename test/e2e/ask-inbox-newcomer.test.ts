/**
 * Ask and the Inbox as a newcomer meets them, in Chromium through the browser host at 1280×800,
 * light and dark, each state photographed (ask-inbox-newcomer-*.png) and read:
 * - a request refused before anything ran names no account it was "answered from", and a person
 *   it does not know is named as typed ("Nobody Known", not "Nobody");
 * - the assistant's holding reply to Tom's all-hands mail, whose notes for the person in
 *   [brackets] are never sent as they are: the send says why at the field and keeps the cursor
 *   there; with the notes deleted it goes;
 * - the keyboard reaches the request field and the suggestions with a visible ring.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { triageProfile } from '../../main/assistant/triage';
import { CHROMIUM_WHY, demoSuite, hasChromium, openPage, SCREEN, screenshotPath } from './harness';
import { navigate } from './jobs';

const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const name =
      a?.getAttribute('aria-label') ||
      (a as HTMLTextAreaElement | null)?.labels?.[0]?.textContent?.trim() ||
      a?.textContent?.trim() ||
      '';
    return { name, ring: !!a && a.matches(':focus-visible') && getComputedStyle(a).outlineStyle !== 'none' };
  });

describe.skipIf(!hasChromium)(
  `Ask and the Inbox for a newcomer${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ undoWindowSeconds: 600 });

    for (const theme of ['light', 'dark'] as const)
      it(`[${theme}] Ask: errors name what was typed and no account; the keyboard reaches everything`, async () => {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await navigate(page, '#/ask');
        const field = page.getByLabel(/What should the assistant do/);
        await field.waitFor();
        // The keyboard: the field, then the Ask button, then the first suggestion, each with a ring.
        await field.focus();
        await page.keyboard.type('give');
        await page.keyboard.press('Tab');
        expect(await focused(page)).toEqual({ name: 'Ask', ring: true });
        await page.keyboard.press('Tab');
        expect(await focused(page)).toEqual({ name: 'triage my inbox', ring: true });
        await field.fill('reply to Nobody Known');
        await field.press('Enter');
        const answer = page.getByRole('region', { name: 'Answer' });
        await expect
          .poll(() => answer.innerText())
          .toBe('No contact is called “Nobody Known”. Name them as in your contacts, or by email address.');
        expect(await answer.locator('.answer-account').count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`ask-inbox-newcomer-ask-error-${theme}`) });
        // A first name the contacts do not hold, then the rest of the request: the name alone.
        await field.fill('follow up with Zed after 3 days');
        await field.press('Enter');
        await expect.poll(() => answer.innerText()).toMatch(/^No contact is called “Zed”\./);
        expect(errors).toEqual([]);
        await page.context().close();
      });

    for (const theme of ['light', 'dark'] as const)
      it(`[${theme}] Inbox: the holding reply's notes are never sent as they are`, async () => {
        const p = suite.hosted.profile;
        if (!p.repos.outgoing.draftsReplyingTo('e11').length) await triageProfile(p);
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await navigate(page, '#/inbox/e11');
        const draft = page.locator('form.draft');
        const text = draft.locator('textarea');
        await expect.poll(() => text.count()).toBe(1);
        const body = await text.inputValue();
        // Tom asks for your questions: a holding reply, not a search for "your questions".
        expect(body).toMatch(
          /^Hi Tom,\n\nThank you for this\. I will get back to you on it soon\.\n\n\[Note for you: /,
        );
        expect(body).not.toMatch(/could not find "/);
        await text.press('Control+Enter');
        const held = draft.getByRole('alert');
        await expect
          .poll(() => held.innerText())
          .toBe(
            "Not sent: delete the assistant's notes in [square brackets] first; they are for you, not for Tom Okafor.",
          );
        expect(await text.getAttribute('aria-invalid')).toBe('true');
        expect((await focused(page)).name).toBe('Draft body');
        await page.screenshot({ path: screenshotPath(`ask-inbox-newcomer-draft-held-${theme}`) });
        // Not sent, nor queued to be: the draft is still the assistant's, waiting.
        const [waiting] = p.repos.outgoing.draftsReplyingTo('e11');
        expect(p.repos.outgoing.draftSentBy(waiting!.id)).toBeNull();
        // The notes deleted, the message says nothing more; the send goes (in the last pass: a sent draft is gone).
        await text.fill(body.replace(/\[[^\]]*\]\n*/g, ''));
        expect(await held.count()).toBe(0);
        if (theme === 'dark') {
          await draft.getByRole('button', { name: /^Send/ }).click();
          await expect.poll(() => draft.getByRole('button', { name: 'Sent' }).count()).toBe(1);
        }
        expect(errors).toEqual([]);
        await page.context().close();
      });
  },
);
