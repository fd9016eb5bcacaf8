/**
 * Red-team round 14, in Chromium through the browser host: an update that an email asked for
 * ("add me to your Globex call") shows, on its card, the meeting's notes that every guest gets
 * with it (the Notes row of "the event as its guests will see it"); the meeting's own guests,
 * who are contacts, are not marked as chosen by anyone (screenshots light and dark).
 */
import { describe, expect, it } from 'vitest';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { CHROMIUM_WHY, demoSuite, hasChromium, screenshotPath } from '../../e2e/harness';
import { openClaim } from '../../e2e/jobs';

const NOTES = 'Internal: our floor is 20% off list. Do not share this with Globex.';

describe.skipIf(!hasChromium)(
  `an event claim's notes on the Review card${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ undoWindowSeconds: 0 });

    it('shows the notes the new guest would get', async () => {
      const p = suite.hosted.profile;
      const ev = p.repos.calendar.get('ev02')!;
      p.repos.calendar.upsert(p.primaryAccount().id, { ...ev, description: NOTES });
      const plan = `const m = await getEmail('e33'); await updateEvent('ev02', { addAttendees: [m.from] });`;
      const r = await runOnProfile(p, { plan, kind: 'plan' });
      const id = r.report.claims[0]!.id;
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors, preview } = await openClaim(suite.browser, suite.hosted.host.url, id, theme);
        await expect.poll(() => preview.innerText()).toContain(`Notes\n${NOTES}`);
        const chips = await page.locator('.recipients .chip').allInnerTexts();
        expect(chips).toEqual(['carla@globex.test', 'omar@acme.test', 'trudy@parcel-fast.test — an email chose it']);
        await page.screenshot({ path: screenshotPath(`review-event-notes-${theme}`) });
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }, 120_000);
  },
);
