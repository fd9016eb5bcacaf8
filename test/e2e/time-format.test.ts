/**
 * One time format app-wide, in Chromium through the browser host: the Ask brief's agenda (its
 * text and its table), a Review card's event time and the Inbox's invitation write times alike,
 * in the browser's own locale: "9:30–9:45 AM" in en-US, "09:30–09:45" in en-GB (the app writes
 * the card's and the brief's times, and hears the screen's locale and zone before it does).
 */
import { describe, expect, it } from 'vitest';
import { triageProfile } from '../../main/assistant/triage';
import { CHROMIUM_WHY, demoSuite, hasChromium, openPage, SCREEN } from './harness';
import { navigate } from './jobs';

const PLACES = [
  // A time of day: "9:30 AM" in en-US, "09:30" in en-GB; never "09:30" in en-US nor "9:30 AM" in en-GB.
  {
    locale: 'en-US',
    clock: /^\d{1,2}:\d{2} [AP]M$/,
    standup: '9:30–9:45 AM Daily standup',
    row: '9:30–9:45 AM',
    day: 'Mon, Mar 16, 2026',
  },
  {
    locale: 'en-GB',
    clock: /^\d{2}:\d{2}$/,
    standup: '09:30–09:45 Daily standup',
    row: '09:30–09:45',
    day: 'Mon, 16 Mar 2026',
  },
] as const;

/** The clock times in a text: "9:30 AM", "09:30"; a range's ends one by one ("9:30–9:45 AM" → 9:30 AM, 9:45 AM). */
function clocks(text: string): string[] {
  return [...text.matchAll(/(\d{1,2}:\d{2})(?:–(\d{1,2}:\d{2}))?( [AP]M)?/g)].flatMap((m) =>
    [m[1]!, m[2]].filter((x): x is string => !!x).map((t) => t + (m[3] ?? '')),
  );
}

describe.skipIf(!hasChromium)(`one time format${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite();

  for (const place of PLACES)
    it(`${place.locale}: the Ask agenda, its table, a card and an invitation write times alike`, async () => {
      if (!suite.hosted.profile.claims.countPending()) await triageProfile(suite.hosted.profile);
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN, {
        locale: place.locale,
        timezoneId: 'UTC',
      });
      await navigate(page, '#/ask');
      await page.getByLabel(/What should the assistant do/).fill('give me my daily brief');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const text = page.locator('.answer-text');
      await expect.poll(() => text.innerText(), { timeout: 30_000 }).toMatch(/Daily standup/);
      const standup = text.locator('.line').filter({ hasText: 'Daily standup' }).first();
      expect((await standup.locator('p').innerText()).startsWith(`${place.standup} `)).toBe(true);
      // The day, in the answer and in its detail alike (not "2026-03-16" there).
      expect((await text.locator('.line p').first().innerText()).startsWith(`${place.day} `)).toBe(true);
      await page.locator('.result-data summary').click();
      expect(await page.locator('section[aria-label="Date"] p').innerText()).toBe(place.day);
      const agenda = page.getByRole('table', { name: 'Agenda' });
      expect(await agenda.locator('thead th').allInnerTexts()).toEqual(['Time', 'Title']);
      expect(await agenda.locator('tbody tr').first().innerText()).toBe(`${place.row}\tDaily standup`);
      // The agenda's lines: from its heading to the next (the mail below quotes its own times).
      const brief = await text.innerText();
      const agendaText = brief.slice(brief.indexOf('Agenda'), brief.indexOf('Needs a reply'));
      const agendaTimes = clocks(await agenda.innerText()).concat(clocks(agendaText));
      expect(agendaTimes.length).toBeGreaterThan(3);
      for (const t of agendaTimes) expect(t).toMatch(place.clock);

      // A card that holds a time: triage's answer to an invitation.
      const p = suite.hosted.profile;
      const hold = p.claims
        .list({ state: 'pending' })
        .find((c) => ['respondToEvent', 'createEvent', 'updateEvent'].includes(c.action.tool));
      expect(hold).toBeDefined();
      await navigate(page, `#/review/${encodeURIComponent(hold!.id)}`);
      const when = page.locator('article.claim-card .preview-row').filter({ hasText: 'When' }).locator('dd');
      await when.waitFor();
      const cardTimes = clocks(await when.innerText());
      expect(cardTimes.length).toBe(2);
      for (const t of cardTimes) expect(t).toMatch(place.clock);

      // The Inbox's invitation, written by the page itself.
      await navigate(page, '#/inbox/e42'); // Kira's invitation to a partnership intro
      const invitation = page.getByRole('region', { name: 'Invitation' });
      await invitation.waitFor();
      const invited = clocks(await invitation.locator('p').first().innerText());
      expect(invited.length).toBe(2);
      for (const t of invited) expect(t).toMatch(place.clock);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 90_000);
});
