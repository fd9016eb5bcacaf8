/**
 * The mail client as a newcomer meets it, in Chromium through the browser host at 1280×800, light
 * and dark: a refused send puts the cursor in the field to fix, and closing or sending the
 * compose window gives the cursor back to the list (never to the page); the window says it saves
 * as you type and that Escape closes it; a forward says the original goes below; the category
 * counts are the Inbox's and only shown there; the Assistant pane's sentences; a no-reply
 * sender's mail is FYI with no draft, and a reply to it warns of an address nobody reads; the
 * assistant's draft to a colleague is sent with Ctrl+Enter, keeping the cursor; one's own mail in
 * Sent is not flagged "not in your contacts"; an earlier message of a conversation shows the start
 * of its text on a line of its own.
 * Each state is photographed (mail-newcomer-*.png).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { triageProfile } from '../../main/assistant/triage';
import { appTookOver, CHROMIUM_WHY, demoSuite, hasChromium, openPage, SCREEN, screenshotPath } from './harness';

/** What has the keyboard now: a field's label, the list's name, or the element's tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'the page';
    const label = a.id ? document.querySelector(`label[for="${CSS.escape(a.id)}"]`)?.textContent : null;
    return label ?? a.getAttribute('aria-label') ?? a.textContent ?? a.tagName;
  });
const status = (page: Page) => page.locator('footer.status').innerText();

describe.skipIf(!hasChromium)(
  `the mail client for a newcomer${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite();

    for (const theme of ['light', 'dark'] as const)
      it(`[${theme}] compose, forward, categories and the assistant's draft`, async () => {
        const shot = (name: string) => page.screenshot({ path: screenshotPath(`mail-newcomer-${name}-${theme}`) });
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        const assistant = page.getByRole('complementary', { name: 'Assistant' });
        await page.locator('.row', { hasText: 'Can we move our design review?' }).click();
        await expect.poll(() => page.locator('#message-subject').count()).toBe(1);
        if (theme === 'light')
          expect(await assistant.innerText()).toContain(
            'Not sorted yet. “Triage new mail” above the list sorts your new mail and drafts a reply where one is needed.',
          );
        expect(await focused(page)).toBe('Conversations');

        // A new message: each refusal puts the cursor in the field it names.
        await page.keyboard.press('c');
        const d = page.getByRole('dialog', { name: 'New message' });
        expect(await d.locator('header').innerText()).toContain('Saved as you type · Escape closes it');
        await expect.poll(() => focused(page)).toBe('To');
        await d.getByLabel('Message').fill('Tuesday at 14:30 works.');
        await d.getByRole('button', { name: /^Send/ }).click();
        expect(await d.getByRole('alert').innerText()).toBe('Add at least one recipient.');
        await expect.poll(() => focused(page)).toBe('To');
        await d.getByLabel('To', { exact: true }).fill('lena@acme.test');
        await d.getByRole('button', { name: /^Send/ }).click();
        expect(await d.getByRole('alert').innerText()).toBe(
          'There is no subject. Press Send again to send it without one.',
        );
        await expect.poll(() => focused(page)).toBe('Subject');
        await shot('no-subject');
        await page.keyboard.type('Design review');
        // Escape closes it, kept; the cursor is back in the list, where j and k go on working.
        await page.keyboard.press('Escape');
        await expect.poll(() => d.count()).toBe(0);
        expect(await focused(page)).toBe('Conversations');
        await page.keyboard.press('c');
        await expect.poll(() => d.count()).toBe(1);
        await page.keyboard.press('Control+Enter');
        await expect.poll(() => status(page)).toMatch(/^(Sending|Sent) “Design review”/);
        await expect.poll(() => d.count()).toBe(0);
        expect(await focused(page)).toBe('Conversations');

        // A forward says what goes with it besides the words typed.
        await page.keyboard.press('f');
        const fwd = page.getByRole('dialog', { name: 'Forward' });
        await expect
          .poll(() => fwd.locator('.forwarded').innerText())
          .toBe('The original message goes below what you write.');
        await shot('forward');
        await fwd.getByRole('button', { name: 'Discard' }).click();
        expect(await focused(page)).toBe('Conversations');

        // Triage; the category counts are the Inbox's, so another folder shows none.
        // Triaged off the screen: the button's own run has a time limit a loaded machine can pass.
        await triageProfile(suite.hosted.profile);
        await page.reload();
        await appTookOver(page);
        await expect.poll(() => page.getByRole('button', { name: /^Needs reply \d+$/ }).count()).toBe(1);
        const folders = page.getByRole('list', { name: 'Folders' });
        await folders.getByRole('button', { name: /^Archive/ }).click();
        await expect.poll(() => page.getByRole('button', { name: 'Needs reply', exact: true }).count()).toBe(1);
        await shot('archive');
        await folders.getByRole('button', { name: /^Inbox/ }).click();

        // A password reset from no-reply@: for your information, and no draft (nobody reads a
        // reply); a reply the person starts is warned of that before the send.
        await page.locator('.row', { hasText: 'Reset your CloudNest password' }).click();
        await expect.poll(() => assistant.locator('.chip').first().innerText()).toBe('FYI');
        expect(await assistant.locator('.no-draft-note').innerText()).toBe(
          'No reply drafted: no-reply@cloudnest.test is probably an address nobody reads.',
        );
        expect(await page.locator('form.draft').count()).toBe(0);
        await shot('no-reply');
        await page.keyboard.press('r');
        const reply = page.getByRole('dialog', { name: 'Reply' });
        await expect
          .poll(() => reply.getByRole('note').innerText())
          .toBe('no-reply@cloudnest.test is probably an address nobody reads: what you send may never reach a person.');
        await shot('no-reply-compose');
        await reply.getByRole('button', { name: 'Discard' }).click();
        expect(await focused(page)).toBe('Conversations');

        // The assistant's draft to a colleague's question: Ctrl+Enter sends it.
        const subject = 'Re: Release 2.4: status and review by Wednesday';
        await page.locator('.row', { hasText: 'Release 2.4: status and review by Wednesday' }).click();
        const draft = page.locator('form.draft');
        await expect.poll(() => draft.count()).toBe(1);
        expect(await assistant.locator('.provenance-note').innerText()).toBe(
          'The assistant wrote the summary and chose the category from this email. Anything the email asks for is only shown here, never done.',
        );
        expect(await draft.getByRole('note').count()).toBe(0);
        const send = draft.getByRole('button', { name: /^Send/ });
        expect(await send.innerText()).toBe('Send (Ctrl+Enter)');
        await shot('draft');
        // Sent once, from the last pass (the first one's draft is gone by then).
        if (theme === 'dark') {
          // The assistant's notes in [brackets] are for the person: the send waits until they are gone.
          const text = draft.locator('textarea');
          await text.fill((await text.inputValue()).replace(/\[[^\]]*\]\n*/g, ''));
          await text.press('Control+Enter');
          await expect.poll(() => status(page)).toMatch(new RegExp(`^(Sending|Sent) “${subject}”`));
          // Sent, its button says so and takes no second press; the cursor stays where it was.
          await expect
            .poll(() => draft.getByRole('button', { name: 'Sent' }).getAttribute('aria-disabled'))
            .toBe('true');
          expect(await focused(page)).toBe('Draft body');
          await expect.poll(() => status(page), { timeout: 15_000 }).toBe(`Sent “${subject}”.`);
          await expect
            .poll(() => suite.hosted.profile.repos.outgoing.sent('demo').filter((o) => o.subject === subject).length)
            .toBe(1);
        }
        // One's own mail in Sent is not flagged as from a stranger; a stranger's still is.
        const header = page.locator('article.message > header > p.meta');
        for (const [id, subject, stranger] of [
          ['e46', 'Renewal quote', false],
          ['e26', 'Urgent: confidential wire transfer today', true],
        ] as const) {
          await page.evaluate((h) => (window.location.hash = h), `#/inbox/${id}`);
          await expect.poll(() => page.locator('#message-subject').innerText()).toBe(subject);
          expect((await header.innerText()).includes('not in your contacts')).toBe(stranger);
        }
        // An earlier message of the conversation shows the start of its text, not "T…".
        await page.evaluate(() => (window.location.hash = '#/inbox/e46'));
        await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Renewal quote');
        expect((await page.locator('.thread-preview').first().boundingBox())!.width).toBeGreaterThan(300);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 120_000);
  },
);
