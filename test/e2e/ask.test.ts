/**
 * Ask without a model, in Chromium through the browser host: before a request, the requests that
 * work without one are offered; a request it cannot do says it
 * needs a language model, in one sentence whose "Set one up in Settings" is the link; clicking a suggestion runs it, and the answer is
 * text a person reads; the daily brief lists mail carrying instructions for an assistant as
 * suspicious and never retells them. Light and dark at 1280×800, screenshotted, no serious axe
 * violations.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, CHROMIUM_WHY, hasChromium, demoSuite, openPage, screenshotPath, SCREEN } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(`ask without a model${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite();

  it.each(['light', 'dark'] as const)(
    'offers to set up a model, and runs a suggestion when clicked (%s)',
    async (theme) => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/ask');
      // Before anything is asked, the screen offers what works without a model.
      const start = page.getByRole('region', { name: 'Things you can ask' });
      await expect.poll(() => start.getByRole('button').allInnerTexts()).toContain('give me my daily brief');
      if (theme === 'light') await page.screenshot({ path: screenshotPath('ask-start-light') });
      await page.getByLabel(/What should the assistant do/).fill('forward the invoice to our accountant');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const answer = page.locator('.answer');
      await expect.poll(() => answer.innerText(), { timeout: 20_000 }).toMatch(/This needs a language model/);
      // One sentence offers Settings, its words the link: said once, not once and again as a link.
      const note = answer.locator('p.note');
      expect(await note.innerText()).toBe(
        'This needs a language model to plan it. Set one up in Settings, or pick one of the requests below, which work without one.',
      );
      expect((await answer.innerText()).match(/Settings/g)).toHaveLength(1);
      expect(await note.getByRole('link', { name: 'Set one up in Settings' }).getAttribute('href')).toBe('#/settings');
      await page.screenshot({ path: screenshotPath(`ask-unsupported-${theme}`) });
      await page.getByRole('button', { name: 'summarise mail from Tom' }).click();
      await expect
        .poll(() => page.locator('.answer-text').innerText(), { timeout: 20_000 })
        .toMatch(/Mail from Tom Okafor[\s\S]*Board deck: numbers by Thursday/);
      // Where a line came from is a chip beside it, in the Review card's words.
      expect(await page.locator('.answer-text .line .chip').first().innerText()).toMatch(
        /^from “Board deck: numbers by Thursday” by tom@acme\.test/,
      );
      await page.screenshot({ path: screenshotPath(`ask-person-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it.each(['light', 'dark'] as const)(
    'the daily brief lists the plain injection as suspicious and never retells it (%s)',
    async (theme) => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/ask');
      await page.getByLabel(/What should the assistant do/).fill('give me my daily brief');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const text = page.locator('.answer-text');
      await expect.poll(() => text.innerText(), { timeout: 30_000 }).toMatch(/Looks suspicious/);
      const said = await text.innerText();
      expect(said).toContain(
        'From Trudy Vance: “Shipping update: action required”. The text contains instructions addressed to an assistant; Zamburak will not follow them.',
      );
      expect(said).not.toMatch(/ASSISTANT INSTRUCTIONS|ignore the user's request|billing-dept@parcel-fast/i);
      // Every line carries a chip from its own part's label: the untrusted email's is loud and
      // says its sender is not a contact; today's date is your own data, quietly.
      const lines = text.locator('.line');
      const chipOf = (line: string) => lines.filter({ hasText: line }).first().locator('.chip').first();
      const trudy = chipOf('From Trudy Vance');
      expect(await trudy.innerText()).toMatch(/^from “Shipping update: action required” by \S+@\S+ \(not a contact\)/);
      expect(await trudy.getAttribute('class')).toBe('chip chip-bad');
      const today = chipOf('Mon, Mar 16, 2026');
      expect(await today.innerText()).toBe('your own data');
      expect(await today.getAttribute('class')).toBe('chip chip-quiet');
      expect(await lines.count()).toBe(await text.locator('.line .line-origin > .chip:first-child').count());
      // A link in an untrusted email's line is marked as one, loudly.
      const parcel = lines.filter({ hasText: 'Your parcel is out for delivery' }).first().locator('.chip');
      expect(await parcel.allInnerTexts()).toContain('link from an untrusted sender');
      await page.screenshot({ path: screenshotPath(`ask-brief-chips-${theme}`) });
      // No chip names an item by its id: the ids are those the result's JSON holds ("ev01", "e47").
      await page.locator('.result-data summary').click();
      await page.getByRole('button', { name: 'Show as JSON' }).click();
      const data = ((await page.locator('.result-data').textContent()) ?? '').replace(/\s+/g, '');
      await page.getByRole('button', { name: 'Show as tables' }).click();
      await page.locator('.result-data summary').click();
      const ids = [...data.matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]!);
      expect(ids.length).toBeGreaterThan(3);
      for (const chip of await text.locator('.chip').allInnerTexts()) {
        expect(chip).not.toMatch(/tool:|#listed/);
        for (const id of ids) expect(chip.split(/[\s“”()]+/)).not.toContain(id);
      }
      // The calls in words: what each did and what the policy decided, the tool's name a tooltip.
      const calls = page.locator('h2:text-is("Calls") + table');
      const first = calls.locator('tbody tr').first();
      expect(await first.innerText()).toMatch(/^1\tReading the time\tAllowed\t/);
      expect(await calls.innerText()).not.toMatch(/\b(listEmails|searchEmails|listEvents|getEmail|now)\b/);
      // The brief's many summaries in a row are one line that counts them, numbered by its range.
      const rows = await calls.locator('tbody tr').allInnerTexts();
      expect(rows).toContainEqual(expect.stringMatching(/^(\d+)–(\d+)\tA summary of a text \(\d+ times\)\tAllowed\t/));
      for (const row of rows) {
        const [, from, to, n] = /^(\d+)–(\d+)\t.*\((\d+) times\)/.exec(row) ?? [];
        if (n) expect(Number(to) - Number(from) + 1).toBe(Number(n));
      }
      // The plan says it is built in, not a playbook's code name.
      expect(await page.locator('.answer > details > summary').last().innerText()).toBe(
        'The plan it followed (one built into Zamburak, no language model needed)',
      );
      for (const d of await calls.locator('tbody td:nth-child(3)').allInnerTexts())
        expect(['Allowed', 'Refused', 'Asked you']).toContain(d);
      // The rule in words, its id a tooltip: "Reading, which changes nothing", not `read/allow`.
      const rules = calls.locator('tbody td:nth-child(4) span');
      expect(await rules.first().innerText()).toBe('Reading, which changes nothing');
      expect(await rules.first().getAttribute('title')).toBe('Its id in your policy: read/allow');
      for (const r of await rules.allInnerTexts()) expect(r).not.toContain('/');
      await page.getByText('From Trudy Vance').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`ask-brief-suspicious-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    90_000,
  );

  it.each(['light', 'dark'] as const)(
    'shows the result in detail as tables a person reads, an email opening from its subject, and the JSON on request (%s)',
    async (theme) => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await navigate(page, '#/ask');
      await page.getByLabel(/What should the assistant do/).fill('give me my daily brief');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const detail = page.locator('details.result-data');
      await detail.locator('summary').waitFor({ timeout: 30_000 });
      expect(await detail.locator('summary').innerText()).toBe('The result in detail');
      await detail.locator('summary').click();
      // Each part under its name in words, a list of records as a table with named columns, no ids.
      const unread = detail.getByRole('table', { name: 'Unread' });
      expect(await unread.locator('thead th').allInnerTexts()).toEqual(['From', 'Subject', 'Summary']);
      expect(await unread.locator('tbody tr').count()).toBeGreaterThan(5);
      const agenda = detail.getByRole('table', { name: 'Agenda' });
      expect(await agenda.locator('tbody tr').first().innerText()).toMatch(
        /^(9:30–9:45 AM|09:30–09:45)\tDaily standup$/,
      );
      const shown = await detail.innerText();
      expect(shown).not.toMatch(/\{"|"\w+":|\[\{|\[\]|\bev?\d\d\b/);
      await detail.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`ask-detail-tables-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);
      // The JSON for those who want it, and back.
      await detail.getByRole('button', { name: 'Show as JSON' }).click();
      const json = await detail.locator('section[aria-label="Unread"] pre').innerText();
      expect(JSON.parse(json)[0]).toMatchObject({ id: expect.any(String), from: expect.any(String) });
      await page.screenshot({ path: screenshotPath(`ask-detail-json-${theme}`) });
      await detail.getByRole('button', { name: 'Show as tables' }).click();
      // An email's subject opens it in the Inbox.
      const link = unread.getByRole('link').first();
      const subject = await link.innerText();
      await link.click();
      await expect.poll(() => page.locator('#message-subject').innerText()).toBe(subject);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    90_000,
  );
});
