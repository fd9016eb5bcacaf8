/**
 * A claim's lineage in Review, in Chromium at 1280×800: a graph too wide for the pane top to
 * bottom (plan 09: many steps side by side) is laid out left to right, says above it that it is
 * larger than the pane, shows a map of the whole beside the drawing (the map and the zoom buttons
 * never lie over a node, at first paint or after a move, in a wide window or a narrow one), and is moved by dragging and by the arrow keys,
 * zoomed by + and −, and fitted whole by 0; the wheel alone scrolls the page and never zooms. One
 * that fits (plan 13) stays top to bottom, whole in its pane, with no hint and no map. Every text
 * stays at a readable size until the person zooms out. Light and dark; no serious axe violations.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  CHROMIUM_WHY,
  demoSuite,
  hasChromium,
  openPage,
  runAttackPlan,
  SCREEN,
  screenshotPath,
} from './harness';
import { navigate } from './jobs';

/** The picture's pan and zoom, from React Flow's viewport transform. */
const viewport = (page: Page) =>
  page.locator('.lineage .react-flow__viewport').evaluate((el) => {
    const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
    return { x: m.e, y: m.f, zoom: m.a };
  });

/** Whether every node lies inside the pane, and the smallest text size the eye sees. */
const nodesInPane = (page: Page) =>
  page.locator('.lineage').evaluate((pane) => {
    const box = pane.getBoundingClientRect();
    const nodes = [...pane.querySelectorAll<HTMLElement>('.lineage-node')];
    return {
      inside: nodes.every((n) => {
        const r = n.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      }),
      px: Math.min(...nodes.map((n) => (14 * n.getBoundingClientRect().width) / n.offsetWidth)),
    };
  });

/**
 * The nodes any part of whose visible box (the part inside the drawing) lies under the map or the
 * zoom buttons: none, ever, as they stand beside the drawing.
 */
const hiddenNodes = (page: Page) =>
  page.locator('.lineage').evaluate((pane) => {
    const drawing = pane.querySelector('.react-flow')!.getBoundingClientRect();
    const over = [...pane.querySelectorAll('.react-flow__minimap, .react-flow__controls')].map((e) =>
      e.getBoundingClientRect(),
    );
    const meets = (a: DOMRect | { left: number; right: number; top: number; bottom: number }, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...pane.querySelectorAll<HTMLElement>('.lineage-node')]
      .filter((n) => {
        const r = n.getBoundingClientRect();
        const seen = {
          left: Math.max(r.left, drawing.left),
          right: Math.min(r.right, drawing.right),
          top: Math.max(r.top, drawing.top),
          bottom: Math.min(r.bottom, drawing.bottom),
        };
        return seen.left < seen.right && seen.top < seen.bottom && over.some((o) => meets(seen, o));
      })
      .map((n) => n.innerText);
  });

const openLineage = async (page: Page, claimId: string) => {
  await navigate(page, `#/review/${encodeURIComponent(claimId)}`);
  await page.locator('details.more summary').click();
  await expect.poll(() => page.locator('.lineage .react-flow__node').count()).toBeGreaterThan(2);
  // Laid out once the pane is measured; the first frame of fitView follows it.
  await page.waitForFunction(() => document.querySelector('.lineage .react-flow__viewport')?.getAttribute('style'));
};

describe.skipIf(!hasChromium)(`a claim's lineage${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite();

  for (const theme of ['light', 'dark'] as const)
    it(`[${theme}] a wide graph is laid out to fit better, and is moved, zoomed and fitted`, async () => {
      const [wide] = await runAttackPlan(suite.hosted.profile, '09-cc-everyone-nina-mentions');
      const [narrow] = await runAttackPlan(suite.hosted.profile, '13-forward-compliance-notice');
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await openLineage(page, wide!);
      const pane = page.locator('.lineage');
      // Left to right: the sources are left of every field.
      const xs = await pane.locator('.react-flow__node').evaluateAll((els) =>
        els.map((n) => ({
          kind: n.querySelector('.node-source') ? 'source' : n.querySelector('.node-field') ? 'field' : 'op',
          x: n.getBoundingClientRect().x,
        })),
      );
      const at = (k: string) => xs.filter((n) => n.kind === k).map((n) => n.x);
      expect(Math.max(...at('source'))).toBeLessThan(Math.min(...at('field')));
      // It starts where it starts: the sources in view at the pane's left, not cut off in its middle.
      const left = (await pane.boundingBox())!.x;
      for (const x of at('source')) expect(x - left).toBeGreaterThanOrEqual(0);
      // It says so, and how to see the rest; the map is there.
      expect(await page.locator('.lineage-hint').innerText()).toBe(
        'This picture is larger than the pane. Drag it or use the arrow keys to see the rest (the map beside it shows where you are); zoom with + and −, or Ctrl and the mouse wheel; 0 shows it all.',
      );
      expect(await pane.getAttribute('aria-describedby')).toBe('lineage-hint');
      expect(await pane.getByLabel('Map of the whole picture').count()).toBe(1);
      // The map and the zoom buttons hide no node at first paint.
      expect(await hiddenNodes(page)).toEqual([]);
      expect((await nodesInPane(page)).px).toBeGreaterThanOrEqual(12);
      await page.locator('.lineage-hint').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`review-lineage-wide-${theme}`) });
      expect(await axeViolations(page)).toEqual([]);

      // The arrow keys move the picture; + zooms in, − out.
      const start = await viewport(page);
      await pane.focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await viewport(page)).x).toBeCloseTo(start.x + 80, 0);
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await viewport(page)).y).toBeCloseTo(start.y + 80, 0);
      await page.keyboard.press('+');
      await expect.poll(async () => (await viewport(page)).zoom).toBeGreaterThan(start.zoom);
      await page.keyboard.press('-');
      await page.keyboard.press('-');
      await expect.poll(async () => (await viewport(page)).zoom).toBeLessThan(start.zoom);
      // Dragging moves it too.
      const before = await viewport(page);
      const b = (await pane.boundingBox())!;
      await page.mouse.move(b.x + 40, b.y + 20);
      await page.mouse.down();
      await page.mouse.move(b.x + 240, b.y + 60, { steps: 8 });
      await page.mouse.up();
      await expect.poll(async () => (await viewport(page)).x).toBeGreaterThan(before.x + 150);
      // Nor wherever the picture has been moved to.
      expect(await hiddenNodes(page)).toEqual([]);
      // The wheel alone scrolls the page and leaves the zoom as it is.
      const scroller = () =>
        pane.evaluate((el) => {
          let e: HTMLElement | null = el.parentElement;
          while (e && !(e.scrollHeight > e.clientHeight && /auto|scroll/.test(getComputedStyle(e).overflowY)))
            e = e.parentElement;
          return (e ?? document.scrollingElement!).scrollTop;
        });
      const zoom = (await viewport(page)).zoom;
      const top = await scroller();
      await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height, 300) / 2);
      await page.mouse.wheel(0, 200);
      await expect.poll(scroller).toBeGreaterThan(top);
      expect((await viewport(page)).zoom).toBeCloseTo(zoom, 5);
      // 0 shows it all.
      await pane.focus();
      await page.keyboard.press('0');
      await expect.poll(async () => (await nodesInPane(page)).inside).toBe(true);
      expect(errors).toEqual([]);

      // A graph that fits: top to bottom, whole, no hint and no map.
      await openLineage(page, narrow!);
      await expect.poll(async () => (await nodesInPane(page)).inside).toBe(true);
      expect(await page.locator('.lineage-hint').count()).toBe(0);
      expect(await pane.getByLabel('Map of the whole picture').count()).toBe(0);
      expect(await pane.locator('.react-flow__handle-left').count()).toBe(0);
      expect((await nodesInPane(page)).px).toBeGreaterThanOrEqual(12);
      expect(await hiddenNodes(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 90_000);

  // In a narrow window the wide graph's pane is narrower still: its map stays beside it.
  it('in a narrow window, the map and the zoom buttons hide no node of a wide or a narrow graph', async () => {
    const [wide] = await runAttackPlan(suite.hosted.profile, '09-cc-everyone-nina-mentions');
    const [narrow] = await runAttackPlan(suite.hosted.profile, '13-forward-compliance-notice');
    const { page, errors } = await openPage(suite.browser, suite.hosted.host.url, 'light', {
      width: 1024,
      height: 700,
    });
    await openLineage(page, wide!);
    expect(await page.locator('.lineage').getByLabel('Map of the whole picture').count()).toBe(1);
    expect(await hiddenNodes(page)).toEqual([]);
    await page.locator('.lineage-hint').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('review-lineage-wide-1024x700-light') });
    await openLineage(page, narrow!);
    expect(await hiddenNodes(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
