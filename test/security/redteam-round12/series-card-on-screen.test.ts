/**
 * Red-team rounds 12 and 14 (open risks, closed), in Chromium through the browser host: the card
 * of an update to a weekly meeting says it changes the series and how it repeats (the Series row,
 * from its rule), and says who would newly read what ("the event with its notes" to the new guest
 * alone, not to the guests who read them already). Screenshots light and dark.
 */
import { describe, expect, it } from 'vitest';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { CHROMIUM_WHY, demoSuite, hasChromium, screenshotPath } from '../../e2e/harness';
import { openClaim } from '../../e2e/jobs';

describe.skipIf(!hasChromium)(`a series on the Review card${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ undoWindowSeconds: 0 });

  it('says the event repeats, how, and who would newly read what', async () => {
    const p = suite.hosted.profile;
    const ev = p.repos.calendar.get('ev02')!;
    const repeats = { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20260630T140000Z', exceptions: false };
    p.repos.calendar.upsert(p.primaryAccount().id, { ...ev, repeats });
    const plan = `const m = await getEmail('e33'); await updateEvent('ev02', { addAttendees: [m.from] });`;
    const r = await runOnProfile(p, { plan, kind: 'plan' });
    const id = r.report.claims[0]!.id;
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors, preview } = await openClaim(suite.browser, suite.hosted.host.url, id, theme);
      await expect.poll(() => preview.innerText()).toMatch(/Series\nEvery 2 weeks on Monday and Thursday until /);
      const text = await page.locator('main').innerText();
      expect(text).toContain('Change the series “Globex renewal call” starting ');
      const [shows] = text.split('\n').filter((l) => l.startsWith('Shown for the first time '));
      expect(shows).toContain('to trudy@parcel-fast.test: the event with its notes');
      expect(shows).toContain('to Carla Mendes and Omar Haddad: the address of the new guest');
      expect(text).not.toMatch(/to 3 people|the stored event/);
      await page.screenshot({ path: screenshotPath(`review-event-series-${theme}`) });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('an answer to a series says so; a rule no phrase says is shown as written', async () => {
    const p = suite.hosted.profile;
    const ev = p.repos.calendar.get('ev14')!;
    const repeats = { rule: 'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', exceptions: true };
    p.repos.calendar.upsert(p.primaryAccount().id, { ...ev, repeats });
    // An email decides that it is answered: the policy asks.
    const plan = `const m = await getEmail('e33'); if (m.subject.includes('Shipping')) await respondToEvent('ev14', 'accepted');`;
    const r = await runOnProfile(p, { plan, kind: 'plan' });
    const id = r.report.claims[0]!.id;
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors, preview } = await openClaim(suite.browser, suite.hosted.host.url, id, theme);
      await expect
        .poll(() => preview.innerText())
        .toContain(
          'Series\nRepeats (rule: FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR), with some occurrences changed, added or cancelled',
        );
      expect(await page.locator('main').innerText()).toContain(`Accept the invitation to the series “${ev.title}”`);
      await page.screenshot({ path: screenshotPath(`review-answer-series-${theme}`) });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
