/**
 * Review and Settings → Accounts as a newcomer meets them, in Chromium through the browser host at
 * 1280×800, light and dark: each kind of card (the assistant's reply drafted in triage, a reply to
 * an outsider's thread, an invitation whose guests an email chose, an answer to an invitation, a
 * change to a series, an archive, a mail with several untrusted fields) says who receives what in
 * words a person reads — no "claim", no "label", a risk that says "risk", the answer to an
 * invitation as "Going? Yes", an event source named as an email's is; the reject form closes on
 * Escape and gives the cursor back to Reject; `a` on a high-risk card goes to the recipients to
 * click; an archive waiting in the undo window is "carried out", not "sent", and undone it says so
 * (not "Cancelled" beside the Approve it waits for again); decided by keyboard, a
 * card gives the cursor to the next waiting action and Enter opens it; an answer's invitation is
 * named as the one answered, then what it was chosen among. On the first start the
 * demo banner says where one's own mail comes in; in Settings a sign-in or account form opened in
 * place takes the cursor to its first field and Escape gives it back to the button. Each state is photographed (review-newcomer-*.png).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { triageProfile } from '../../main/assistant/triage';
import { runOnProfile } from '../../main/runs/run-on-profile';
import {
  CHROMIUM_WHY,
  demoSuite,
  hasChromium,
  onScreen,
  openPage,
  runAttackPlan,
  SCREEN,
  screenshotPath,
} from './harness';
import { navigate } from './jobs';

/** What has the keyboard now: a field's label, the element's name or its text, and whether it shows a ring. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return { name: 'the page', ring: false };
    const label = a.closest('label')?.firstChild?.textContent?.trim();
    const name = label || a.getAttribute('aria-label') || a.textContent?.trim() || a.tagName;
    return { name, ring: a.matches(':focus-visible') && getComputedStyle(a).outlineStyle !== 'none' };
  });
const focusName = async (page: Page) => (await focused(page)).name;

/** Words of the engine that no card may show a person. */
const ENGINE_WORDS = /\b(claims?|labels?|taint(ed)?|sinks?|hash(es)?)\b|claim id|from event /i;

describe.skipIf(!hasChromium)(
  `Review and adding an account for a newcomer${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    // A long undo window: an approval stays "in N s" while the test reads it, and nothing is sent.
    const suite = demoSuite({ undoWindowSeconds: 600 });
    const ids: Record<string, string> = {};

    /** Each kind of card a newcomer meets, made by the assistant from the demo mail. */
    const prepare = async () => {
      const p = suite.hosted.profile;
      await triageProfile(p);
      const omar = p.claims
        .list({ state: 'pending' })
        .find(
          (c) =>
            c.action.tool === 'replyToEmail' &&
            p.repos.messages.get(String(c.action.args.id))?.subject === 'Can you join the Initech demo Wednesday?',
        );
      ids.drafted = omar!.id;
      ids.reply = (await runAttackPlan(p, '01-reply-invoice-requester'))[0]!;
      ids.invite = (await runAttackPlan(p, '03-book-proposed-meeting'))[0]!;
      ids.answer = (await runAttackPlan(p, '21-accept-intro-add-people'))[0]!;
      ids.archive = (await runAttackPlan(p, '14-archive-senders-from-newsletter'))[0]!;
      ids.cc = (await runAttackPlan(p, '09-cc-everyone-nina-mentions'))[0]!;
      // A weekly meeting, and a guest added to it that an email named.
      const ev = p.repos.calendar.get('ev02')!;
      p.repos.calendar.upsert(p.primaryAccount().id, {
        ...ev,
        repeats: { rule: 'FREQ=WEEKLY;BYDAY=MO', exceptions: false },
      });
      const plan = `const m = await getEmail('e33'); await updateEvent('ev02', { addAttendees: [m.from] });`;
      ids.series = (await runOnProfile(p, { plan, kind: 'plan' })).report.claims[0]!.id;
    };

    /** Opens a card and waits for it; returns the card's text as a person reads it. */
    const openCard = async (page: Page, id: string) => {
      await navigate(page, `#/review/${encodeURIComponent(id)}`);
      const card = page.locator('article.claim-card');
      await expect.poll(() => card.locator('.why li').count()).toBeGreaterThan(0);
      await expect.poll(() => page.evaluate(() => location.hash)).toContain(encodeURIComponent(id));
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(ENGINE_WORDS);
      return text;
    };

    for (const theme of ['light', 'dark'] as const)
      it(`[${theme}] each kind of card says who receives what, and decides by keyboard`, async () => {
        if (!ids.series) await prepare();
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        const shot = (name: string) => page.screenshot({ path: screenshotPath(`review-newcomer-${name}-${theme}`) });
        const recipients = page.locator('article.claim-card .recipients');

        // The assistant's reply, drafted in triage: its recipient's note says what is not proven.
        await openCard(page, ids.drafted!);
        expect(await recipients.innerText()).toBe(
          '1 recipient: omar@acme.test — the email it answers may not be from them',
        );
        await shot('drafted');

        // A reply to an outsider's thread; every row says "… risk", as the card does.
        await openCard(page, ids.reply!);
        expect(await recipients.innerText()).toContain(
          'nina@globex-accounts.test — the email it answers may not be from them',
        );
        for (const chip of await page.locator('.claim-list li .chip').allInnerTexts())
          expect(chip).toMatch(/^(Low|Medium|High) risk$/);
        await shot('reply');

        // An invitation whose guests an email chose: each guest says so.
        await openCard(page, ids.invite!);
        expect(await recipients.innerText()).toContain('carla@globex.test — an email chose it');
        await shot('invite');

        // An answer to an invitation: "Going? Yes", and the events read from are named as emails are.
        const answer = await openCard(page, ids.answer!);
        expect(await page.locator('.claim-preview').innerText()).toContain('Going?\nYes');
        // The invitation answered is the one named, then what it was chosen among; the field is
        // "Going?" where each part came from as in the event's details.
        expect(answer).toContain(
          'Which invitation to answer “Partnership intro” organised by kira@synergy-labs.test, chosen among the 13 events your calendar returned',
        );
        expect(answer).toContain('Going? written by the assistant');
        // Why it asks, in one line: the invitation chosen and how many were read (each is named on expand).
        expect(await page.locator('.why li').first().innerText()).toBe(
          'Which invitation to answer, “Partnership intro” organised by kira@synergy-labs.test, was chosen by reading the 13 events your calendar returned.',
        );
        await shot('answer');

        // A change to a series says so, and how it repeats.
        const series = await openCard(page, ids.series!);
        expect(series).toContain('Change the series “Globex renewal call” starting ');
        expect(await page.locator('.claim-preview').innerText()).toMatch(/Series\nEvery Monday/);
        await shot('series');

        // Several fields from an outsider's email; `a` on a high-risk card goes to the first
        // recipient to click (a ring shows where), Enter clicks it, Tab goes to the next.
        await openCard(page, ids.cc!);
        await page.keyboard.press('a');
        await expect.poll(() => focusName(page)).toBe('nina@globex-accounts.test');
        expect((await focused(page)).ring).toBe(true);
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        expect(await focusName(page)).toBe('finance-team@globex-accounts.test');
        await shot('untrusted');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByRole('button', { name: 'Approve this high-risk action' }).count()).toBe(1);

        // The reject form: its field has the cursor; Escape leaves it, rejecting nothing, and the
        // cursor is back on Reject, where Enter opens the form again.
        await openCard(page, ids.archive!);
        await page.keyboard.press('r');
        await expect.poll(() => focusName(page)).toBe('Why reject? (optional, kept in the audit log)');
        await shot('reject');
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('form.reject-form').count()).toBe(0);
        expect(await focused(page)).toEqual({ name: 'Reject… (r)', ring: true });
        expect(suite.hosted.profile.claims.get(ids.archive!).state).toBe('pending');

        // Several rows of different kinds: the words are "actions", never "claims".
        await navigate(page, '#/review');
        const rows = page.locator('.claim-list li');
        const picked = [rows.filter({ hasText: 'Archive' }).first(), rows.filter({ hasText: 'Reply to' }).first()];
        for (const row of picked) await row.getByRole('checkbox').check();
        expect(await page.locator('.batch').innerText()).toBe('Select actions of one kind to decide them together.');
        await shot('batch');
        for (const row of picked) await row.getByRole('checkbox').uncheck();

        // Decided by keyboard, a card gives the cursor to what waits next (a ring shows it), and
        // Enter there opens it with the cursor on what it does: card to card, never the page.
        const lowIds = await rows
          .filter({ hasText: 'Low risk' })
          .locator('a')
          .evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href')!.replace('#/review/', ''))));
        const lowId = lowIds.find((x) => !Object.values(ids).includes(x))!;
        await openCard(page, lowId);
        await page.locator('article.claim-card h2').click();
        await page.keyboard.press('r');
        await expect.poll(() => focusName(page)).toBe('Why reject? (optional, kept in the audit log)');
        await page.keyboard.press('Enter');
        await expect.poll(() => focusName(page)).toMatch(/^Next \(j\): /);
        expect((await focused(page)).ring).toBe(true);
        const nextWhat = (await focusName(page)).replace('Next (j): ', '');
        await shot('next');
        await page.keyboard.press('Enter');
        await expect.poll(() => focusName(page)).toBe(nextWhat);
        expect(await focused(page)).toEqual({ name: nextWhat, ring: true });
        expect(suite.hosted.profile.claims.get(lowId).state).toBe('rejected');

        // Approved by `a`, an archive waits in the undo window as "carried out", not "sent".
        if (theme === 'dark') {
          await openCard(page, ids.archive!);
          await page.locator('article.claim-card h2').click();
          await page.keyboard.press('a');
          await expect
            .poll(() => page.locator('p.commit').innerText())
            .toMatch(/^Carried out in \d+ s — undo with z\.\s*Undo$/);
          await shot('approved');
          await page.keyboard.press('z');
          await expect.poll(() => suite.hosted.profile.claims.get(ids.archive!).state).toBe('pending');
          // Undone, the card waits again and the cursor is back on it, not on the page.
          await expect
            .poll(() => focusName(page))
            .toBe((await page.locator('article.claim-card h2').textContent())!.trim());
          // It says what the undo did, not "Cancelled" beside the Approve it waits for again.
          expect(await page.locator('p.commit').innerText()).toBe(
            'You undid your approval: nothing was done, and it waits for your decision again.',
          );
        }
        expect(errors).toEqual([]);
        await page.context().close();
      }, 180_000);

    for (const theme of ['light', 'dark'] as const)
      it(`[${theme}] a sign-in or account form takes the cursor, and Escape gives it back`, async () => {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        // With only the demo account, the banner says where one's own mail comes in, and links there.
        const banner = page.locator('.banner');
        expect(await banner.innerText()).toBe(
          'Demo account — nothing leaves this computer. To read your own mail, add your account in Settings.',
        );
        await page.screenshot({ path: screenshotPath(`review-newcomer-demo-banner-${theme}`) });
        await banner.getByRole('link', { name: 'add your account in Settings' }).click();
        await onScreen(page, 'settings');
        for (const [opener, form, shot] of [
          ['Sign in with Google', 'Sign in with Google', 'google'],
          ['Sign in with another provider…', 'Sign in with another provider', 'other-provider'],
          ['Add an IMAP account…', 'Add an IMAP account', 'imap'],
        ] as const) {
          await page.getByRole('button', { name: opener }).click();
          const f = page.getByRole('form', { name: form });
          await expect.poll(() => f.count()).toBe(1);
          // Each form is headed with what it is for, the IMAP one as the sign-in ones.
          expect(await f.getByRole('heading', { name: form }).count()).toBe(1);
          await expect.poll(() => focusName(page)).toBe('Name (e.g. work)');
          expect(await f.getByRole('button', { name: 'Cancel (Escape)' }).count()).toBe(1);
          await f.scrollIntoViewIfNeeded();
          await page.screenshot({ path: screenshotPath(`review-newcomer-settings-${shot}-${theme}`) });
          await page.keyboard.press('Escape');
          await expect.poll(() => f.count()).toBe(0);
          expect(await focused(page)).toEqual({ name: opener, ring: true });
        }
        expect(errors).toEqual([]);
        await page.context().close();
      }, 120_000);
    it('[light] the last decision leaves the cursor on "Nothing left to review"', async () => {
      if (!ids.series) await prepare();
      const claims = suite.hosted.profile.claims;
      // Every action but one archive decided already: the card decided here is the last.
      const last = claims.list({ state: 'pending' }).find((c) => c.action.tool === 'archiveEmail')!;
      for (const c of claims.list({ state: 'pending' }))
        if (c.id !== last.id) claims.reject(c.id, { by: 'test', now: new Date() });
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN);
      await openCard(page, last.id);
      await page.locator('article.claim-card h2').click();
      await page.keyboard.press('r');
      await expect.poll(() => focusName(page)).toBe('Why reject? (optional, kept in the audit log)');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusName(page)).toBe('Nothing left to review.');
      expect((await focused(page)).ring).toBe(true);
      await page.screenshot({ path: screenshotPath('review-newcomer-nothing-left-light') });
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);
  },
);
