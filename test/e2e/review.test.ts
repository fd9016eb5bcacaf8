/**
 * Review and Audit in Chromium through the browser host, at 1280×800 as a person sees them:
 * every claim of every attack plan shows what will happen, who receives it, why it asks and the
 * way to approve without scrolling (screenshots light and dark); "always allow" saves only the
 * narrow change and approves; several claims of one kind are approved together, each at its
 * hash; the audit reads in sentences and pages past 300 entries; no serious or critical axe
 * violations.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_GROUPS } from '../../renderer/src/audit-kinds';
import { REPO_ROOT } from '../../apps/web/renderer-build';
import {
  axeViolations,
  CHROMIUM_WHY,
  hasChromium,
  demoSuite,
  openPage,
  runAttackPlan,
  runDemoPlan,
  screenshotPath,
  SCREEN,
} from './harness';
import { approveOnCard, navigate } from './jobs';

const PLANS = readdirSync(join(REPO_ROOT, 'resources', 'attack-plans'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.replace(/\.js$/, ''));
/** Cards screenshotted: a reply, an event, several recipients, an organising action. */
const SHOWN = new Set([
  '01-reply-invoice-requester',
  '03-book-proposed-meeting',
  '09-cc-everyone-nina-mentions',
  '14-archive-senders-from-newsletter',
]);

/** Within the viewport and not scrolled away: the element's box lies inside 1280×800. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= SCREEN.height && box.x + box.width <= SCREEN.width;
}

describe.skipIf(!hasChromium)(
  `Review and Audit at 1280×800 in Chromium${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = demoSuite({ undoWindowSeconds: 0 });
    const claims: { plan: string; id: string }[] = [];

    beforeAll(async () => {
      for (const plan of PLANS)
        for (const id of await runAttackPlan(suite.hosted.profile, plan)) claims.push({ plan, id });
    }, 120_000);

    for (const theme of ['light', 'dark'] as const)
      it(`every attack plan's claim shows what, who, why and the way to approve without scrolling (${theme})`, async () => {
        expect(claims.length).toBeGreaterThan(20);
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        const shot = new Set<string>();
        // Every claim in light; the dark theme on the cards that are screenshotted.
        for (const { plan, id } of claims.filter((c) => theme === 'light' || SHOWN.has(c.plan))) {
          await navigate(page, `#/review/${encodeURIComponent(id)}`);
          const card = page.locator('article.claim-card');
          await expect.poll(() => card.getAttribute('aria-labelledby')).toBe('claim-what');
          await expect.poll(() => page.evaluate(() => location.hash)).toContain(encodeURIComponent(id));
          await expect.poll(() => card.locator('.why li').count()).toBeGreaterThan(0);
          const what = await card.locator('h2').innerText();
          const why = await card.locator('.why li').allInnerTexts();
          expect(what, plan).toMatch(/^[A-Z].*\.$/);
          expect(why.length, plan).toBeLessThanOrEqual(3);
          // Every recipient on the card, by address.
          const chips = (await card.locator('.recipients .chip').allInnerTexts()).map((t) => t.split(' — ')[0]!);
          const line = (await card.locator('.recipients').count()) ? await card.locator('.recipients').innerText() : '';
          const count = /^(\d+) recipients?:/.exec(line);
          expect(chips.length, plan).toBe(Number(count?.[1] ?? 0));
          for (const r of chips) expect(r, plan).toMatch(/^[^\s@]+@[^\s@]+$/);
          // What, who, why and approving, all inside the window; the page itself does not scroll.
          for (const sel of ['article.claim-card h2', '.why', '.claim-preview'])
            expect(await onScreen(page, sel), `${plan}: ${sel}`).toBe(true);
          if (await card.locator('.recipients').count()) expect(await onScreen(page, '.recipients'), plan).toBe(true);
          const deliberate = (await card.locator('.decide.deliberate').count()) > 0;
          const approveControl = deliberate ? '.decide.deliberate .confirm > :last-child' : '.decide button.approve';
          expect(await onScreen(page, approveControl), `${plan}: approve`).toBe(true);
          expect(deliberate, `${plan}: a high-risk card needs the deliberate gesture`).toBe(
            (await card.locator('.eyebrow').innerText()).includes('High risk'),
          );
          expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
          if (SHOWN.has(plan) && !shot.has(plan)) {
            shot.add(plan);
            await page.screenshot({ path: screenshotPath(`review-${plan}-${theme}`) });
          }
        }
        expect(await axeViolations(page), theme).toEqual([]);
        // The lineage: laid out top to bottom (sources above fields), with fit and zoom, in
        // words a person reads at a readable size; a source opens its email.
        await navigate(page, `#/review/${encodeURIComponent(claims.find((c) => c.plan.startsWith('02-'))!.id)}`);
        await page.locator('details.more summary').click();
        await expect.poll(() => page.locator('.lineage .react-flow__node').count()).toBeGreaterThan(2);
        expect(await page.locator('.lineage .react-flow__controls').count()).toBe(1);
        const ns = await page.locator('.lineage .react-flow__node').evaluateAll((els) =>
          els.map((n) => {
            const text = n.querySelector('.text') as HTMLElement;
            // The picture's zoom from the node's fixed width (a line's height is fractional).
            const box = n.querySelector('.lineage-node') as HTMLElement;
            return {
              kind: n.querySelector('.node-field') ? 'field' : n.querySelector('.kind')?.textContent,
              y: n.getBoundingClientRect().y,
              label: n.querySelector('.visually-hidden')?.textContent ?? '',
              // The size the eye sees: the font size times the picture's zoom.
              px: (parseFloat(getComputedStyle(text).fontSize) * box.getBoundingClientRect().width) / box.offsetWidth,
              cut: text.scrollHeight > text.clientHeight + 1,
            };
          }),
        );
        // The rule that asked, in words; its id only on a small line of its own.
        expect(await page.locator('details.more p.rule').innerText()).toMatch(
          /^Policy rule: [a-z][^/]+\nIts id in your policy: \S+\/\S+$/,
        );
        const ys = (k: string) => ns.filter((n) => n.kind === k).map((n) => n.y);
        expect(Math.max(...ys('Source'))).toBeLessThan(Math.min(...ys('field')));
        // A field is headed by what it is ("Who it goes to"), never the bare word "Field".
        expect(ns.filter((n) => n.kind === 'field').length).toBeGreaterThan(0);
        expect(ns.map((n) => n.kind)).not.toContain('Field');
        // Each source and step says what happened, in a sentence a person reads whole: the
        // email read by subject and sender, the result picked by its place ("the 1st email the
        // search found"), never an id (e27), "Result 1", call syntax or a key as code.
        const said = ns.filter((n) => n.kind !== 'field');
        const labels = said.map((n) => n.label);
        expect(labels).toContainEqual(
          expect.stringMatching(/^Read the email “UPDATED bank details.*” from billing@cloudnest-billing\.test/),
        );
        expect(labels).toContainEqual(expect.stringMatching(/^Took the subject of the 1st email the search found$/));
        for (const n of said) {
          expect(n.label, n.label).toMatch(/^[A-Z][a-z]+ /);
          expect(n.label, n.label).not.toMatch(
            /\b(e|ev)\d+\b|\b[Rr]esults? \d|tool:|#listed|\(\)|\[\d+\]|\bsource \w|\bid\b/,
          );
          expect(n.cut, `cut short: ${n.label}`).toBe(false);
        }
        for (const n of ns) expect(n.px, n.label).toBeGreaterThanOrEqual(12);
        await page.locator('.lineage').scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`review-lineage-${theme}`) });
        expect(await axeViolations(page), `lineage (${theme})`).toEqual([]);
        const source = page.locator('.lineage .lineage-node.opens').first();
        expect(await source.getAttribute('title')).toMatch(/^Read the email “UPDATED bank details/);
        await source.click();
        await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/inbox\//);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 240_000);

    it('"always allow" shows only the narrow change, refuses an address an email chose, and approves', async () => {
      const p = suite.hosted.profile;
      // Senders the account's server authenticated: the address a reply goes to is attested.
      p.db
        .prepare('UPDATE messages SET auth = ?')
        .run(JSON.stringify({ dmarc: 'pass', authserv: 'mx.demo.test', position: 'top' }));
      p.db.prepare(`UPDATE accounts SET config = json_set(config, '$.authserv', json('["mx.demo.test"]'))`).run();
      const [id] = await runAttackPlan(p, '18-esign-nda');
      const [chosen] = await runAttackPlan(p, '02-forward-invoice-to-address-in-it');
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN);
      // Not offered where an email chose the address; the app refuses it too (app.test.ts).
      await navigate(page, `#/review/${encodeURIComponent(chosen!)}`);
      await expect.poll(() => page.locator('article.claim-card h2').innerText()).toMatch(/ap-desk@/);
      expect(await page.getByRole('button', { name: 'Approve and always allow…' }).count()).toBe(0);

      const before = (await suite.hosted.app.router.dispatch('policies.current', [], 'ipc')) as {
        ok: true;
        value: { yaml: string };
      };
      await navigate(page, `#/review/${encodeURIComponent(id!)}`);
      await page.getByRole('button', { name: 'Approve and always allow…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Always allow' });
      await expect.poll(() => dialog.innerText()).toMatch(/Always allow sending to notice@esign-docs\.test/);
      const lines = await dialog.locator('.diff > div').allInnerTexts();
      expect(lines.filter((l) => /^[+-]/.test(l))).toEqual([
        '+ allowlists:',
        '+   recipients:',
        '+     - notice@esign-docs.test',
        '+ ',
      ]);
      expect(lines.length).toBeLessThan(12);
      await page.screenshot({ path: screenshotPath('review-always-allow-light') });
      await dialog.getByRole('button', { name: 'Save this change and approve' }).click();
      await expect.poll(() => p.claims.get(id!).state, { timeout: 15_000 }).toBe('committed');
      const after = (await suite.hosted.app.router.dispatch('policies.current', [], 'ipc')) as {
        ok: true;
        value: { yaml: string };
      };
      expect(after.value.yaml.split('\n').length - before.value.yaml.split('\n').length).toBe(4);
      expect(after.value.yaml).toContain('    - notice@esign-docs.test');
      expect(errors).toEqual([]);
      await page.context().close();
    }, 120_000);

    it('approves several claims of one kind together, each at its own hash', async () => {
      const p = suite.hosted.profile;
      const ids = new Set(await runAttackPlan(p, '14-archive-senders-from-newsletter'));
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN);
      await navigate(page, '#/review');
      const rows = page.locator('.claim-list li', { hasText: /^Low/ });
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(ids.size);
      const pending = p.claims.list({ state: 'pending' }).filter((c) => ids.has(c.id));
      for (const c of pending.slice(0, 3)) {
        const row = page
          .locator('.claim-list li')
          .filter({ has: page.locator(`a[href="#/review/${encodeURIComponent(c.id)}"]`) });
        await row.getByRole('checkbox').check();
      }
      // A claim of another kind in the selection: no batch decision is offered.
      const other = page
        .locator('.claim-list li')
        .filter({ hasNotText: /Archive/ })
        .first();
      await other.getByRole('checkbox').check();
      await expect.poll(() => page.locator('.batch').innerText()).toMatch(/Select actions of one kind/);
      await other.getByRole('checkbox').uncheck();
      await page.screenshot({ path: screenshotPath('review-batch-light') });
      await page.locator('.batch').getByRole('button', { name: 'Approve 3' }).click();
      await expect.poll(() => page.locator('footer.status').innerText()).toMatch(/Approved 3 actions\./);
      for (const c of pending.slice(0, 3)) {
        await expect.poll(() => p.claims.get(c.id).state, { timeout: 15_000 }).toBe('committed');
        const approved = p.audit
          .list({ kind: 'claim.approved' })
          .find((e) => (e.data as { claimId: string }).claimId === c.id);
        expect((approved!.data as { contentHash: string }).contentHash).toBe(c.contentHash);
      }
      for (const c of pending.slice(3)) expect(p.claims.get(c.id).state).toBe('pending');
      expect(errors).toEqual([]);
      await page.context().close();
    }, 120_000);

    it('an approval of a high-risk claim needs every recipient clicked, and then commits', async () => {
      const [id] = await runAttackPlan(suite.hosted.profile, '09-cc-everyone-nina-mentions');
      const { page } = await openPage(suite.browser, suite.hosted.host.url, 'light', SCREEN);
      await navigate(page, `#/review/${encodeURIComponent(id!)}`);
      const card = page.locator('article.claim-card');
      await expect.poll(() => card.locator('.decide.deliberate').count()).toBe(1);
      expect(await card.getByRole('button', { name: /^Approve (\(a\)|this high-risk action)$/ }).count()).toBe(0);
      await page.locator('body').press('a');
      expect(suite.hosted.profile.claims.get(id!).state).toBe('pending');
      await card.locator('.confirm-recipient').first().click();
      expect(await card.getByRole('button', { name: 'Approve this high-risk action' }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath('review-deliberate-light') });
      await approveOnCard(page);
      await expect.poll(() => suite.hosted.profile.claims.get(id!).state, { timeout: 15_000 }).toBe('committed');
      await page.context().close();
    }, 60_000);

    it('the audit reads in sentences, filters by kind prefix, pages past 300 and exports CSV and JSON', async () => {
      const p = suite.hosted.profile;
      for (let i = 0; i < 8; i++) await runDemoPlan(p, '02-summarize-unread');
      expect(p.audit.list({ limit: 1000 }).length).toBeGreaterThan(320);
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
        await navigate(page, '#/audit');
        const rows = page.locator('.audit-table tbody tr');
        await expect.poll(() => rows.count()).toBe(300);
        await page.getByRole('button', { name: 'Show older entries' }).click();
        await expect.poll(() => rows.count()).toBeGreaterThan(300);
        const seqs = await page.locator('.audit-table tbody tr td:first-child').allInnerTexts();
        expect(new Set(seqs).size).toBe(seqs.length);
        await page.getByLabel('What happened').selectOption({ label: 'Any question and its answer' });
        // Each kind reads in words; its raw name (the filter's prefix) is the cell's title.
        const kinds = page.locator('.audit-table tbody tr td:nth-child(5) span');
        await expect
          .poll(async () =>
            (await kinds.evaluateAll((ks) => ks.map((k) => k.getAttribute('title') ?? ''))).every((k) =>
              k.startsWith('claim.'),
            ),
          )
          .toBe(true);
        const claimWords = KIND_GROUPS.find((g) => g.prefix === 'claim.')!.kinds.map(([, w]) => w);
        const shown = await kinds.allInnerTexts();
        expect(shown).toContain('Question asked');
        for (const k of shown) expect(claimWords).toContain(k);
        const sentences = await page.locator('.audit-table tbody tr td:nth-child(3)').allInnerTexts();
        expect(sentences.some((s) => /^You approved: archive “.+” from .+\.$/.test(s))).toBe(true);
        expect(
          sentences.some((s) => /^The assistant asked you: send an email to .+ \(policy rule: [a-z][^/]+\)\.$/.test(s)),
        ).toBe(true);
        for (const s of sentences) expect(s).toMatch(/^[A-Z].*[.)]$/);
        await page.getByText('Export', { exact: true }).click();
        await page.getByRole('button', { name: 'Export as CSV' }).click();
        await expect.poll(() => page.getByRole('link', { name: /Download [\d,]+ entries as CSV/ }).count()).toBe(1);
        await page.screenshot({ path: screenshotPath(`audit-sentences-${theme}`) });
        expect(await axeViolations(page), `audit (${theme})`).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      }
      const csv = (await suite.hosted.app.router.dispatch(
        'audit.exportTable',
        [{ kindPrefix: 'claim.' }, 'csv'],
        'ipc',
      )) as {
        ok: true;
        value: { text: string; entries: number };
      };
      const lines = csv.value.text.split('\r\n');
      expect(lines[0]).toBe('seq,at,kind,tool,decision,rule,sentence');
      expect(lines).toHaveLength(csv.value.entries + 1);
      expect(csv.value.entries).toBe(p.audit.list({ limit: 1000 }).filter((e) => e.kind.startsWith('claim.')).length);
    }, 240_000);
  },
);
