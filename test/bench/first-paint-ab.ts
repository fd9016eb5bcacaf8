/**
 * The Inbox's first paint, this checkout against another (an earlier commit with its renderer
 * built), on a machine whose load changes under the measurement: one app and profile behind both
 * checkouts' browser hosts, a one-line page (served by this checkout's host with its headers),
 * the other checkout's Inbox and this one's loaded in turn (in an order that turns from round to
 * round), each timed by the page as `first-paint.ts` does (./paint-ruler.ts; every Inbox load
 * must show its newest rows); medians, each against the blank page of the same run, and the
 * renderer's main-thread CPU to the row (CDP `TaskDuration`), which moves less with the load than
 * the time does, and when the first row was in the DOM (parsed), medians too.
 *   git worktree add /tmp/before HEAD~1 && (cd /tmp/before && ln -s "$PWD/node_modules" . && npm run build)
 *   OTHER=/tmp/before npx tsx --tsconfig T test/bench/first-paint-ab.ts      (SIZES=0,10000,100000 REPS=7)
 * where T is a tsconfig that extends this one and includes both checkouts' files (tsx applies the
 * JSX setting only to the files a tsconfig includes: without it the other's host fails with
 * "React is not defined").
 * With TRACE=1 each load is traced (DevTools protocol) and the CPU column is the page's main thread's
 * own time (thread clock, not wall) from navigation start to the row painted: what load stretches
 * least, and nothing after the paint (the default's `TaskDuration` also counts the take-over and
 * whatever ran before the metrics were read). The trace slows every load a little, the blank
 * page's too.
 * With CHANGED=1 the profile is written to before every load (a setting no screen shows), so a
 * host that keeps its page while the data is unchanged makes it anew each time: the first load
 * after new mail, where the default measures a reload.
 * Prints, writes nothing, asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createApp } from '../../main/app/app';
import { openProfile } from '../../main/profile/profile';
import { ensureRendererBuilt } from '../../apps/web/renderer-build';
import { startWebHost, type WebHost, type WebHostOptions } from '../../apps/web/server';
import { launchChromium } from '../e2e/harness';
import { FIRST_SCREEN_ROWS, newestSubject } from './first-paint';
import { assertShowsRows, firstRow, type FirstRow, median, serveBlankPage, VIEWPORT } from './paint-ruler';
import { fillMessages } from './store';

const other = process.env.OTHER;
if (!other) throw new Error('OTHER must name the other checkout (its renderer built): see the comment at the top');
const { startWebHost: startOther } = (await import(join(other, 'apps/web/server.ts'))) as {
  startWebHost: (o: WebHostOptions) => Promise<WebHost>;
};
const sizes = (process.env.SIZES ?? '0,10000,100000').split(',').map(Number);
const reps = Number(process.env.REPS ?? 7);
const changed = process.env.CHANGED === '1';
const traced = process.env.TRACE === '1';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread time, µs. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
}

const ANCHOR = 'zamburak-ab-anchor';
const TOP_TASK = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * First paint, traced; the page's main thread's own time in its outermost tasks from navigation
 * start to the paint (a task under way at either end counts whole).
 */
async function tracedLoad(browser: Browser, page: Page, url: string): Promise<{ row: FirstRow; cpuMs: number }> {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink.user_timing'] });
  const row = await firstRow(page, url);
  const ms = row.painted;
  // A mark at a known time of the page's clock ties the trace's clock to it, and names the thread.
  const anchorMs = (await page.evaluate(`performance.mark('${ANCHOR}').startTime`)) as number;
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const mark = traceEvents.find((e) => e.name === ANCHOR);
  if (!mark) throw new Error(`the trace has no ${ANCHOR} mark`);
  const t0 = mark.ts - anchorMs * 1000;
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const tasks = traceEvents.filter(
    (e) =>
      e.pid === mark.pid &&
      e.tid === mark.tid &&
      e.ph === 'X' &&
      TOP_TASK.has(e.name) &&
      end(e) >= t0 &&
      e.ts <= t0 + ms * 1000,
  );
  const outer = tasks.filter(
    (t) => !tasks.some((o) => o !== t && o.ts <= t.ts && end(o) >= end(t) && (o.dur ?? 0) > (t.dur ?? 0)),
  );
  return { row, cpuMs: outer.reduce((n, t) => n + (t.tdur ?? 0), 0) / 1000 };
}

/** First paint and the renderer's main-thread CPU until then, in ms. */
async function load(page: Page, url: string): Promise<{ row: FirstRow; cpuMs: number }> {
  if (traced) return tracedLoad(browser, page, url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const row = await firstRow(page, url);
  const { metrics } = await cdp.send('Performance.getMetrics');
  return { row, cpuMs: (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000 };
}

/** Every order of the three pages: over six rounds each page comes after each other one alike. */
const ORDERS = [
  ['blank', 'other', 'this'],
  ['this', 'blank', 'other'],
  ['other', 'this', 'blank'],
  ['blank', 'this', 'other'],
  ['other', 'blank', 'this'],
  ['this', 'other', 'blank'],
] as const;

const browser = await launchChromium();
try {
  for (const extra of sizes) {
    const profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-paint-ab-')));
    if (extra) fillMessages(profile, extra);
    const app = createApp(profile, { host: 'browser', versions: { app: 'bench', electron: '', chrome: '', node: '' } });
    const hosts = {
      other: await startOther({ app, rendererDir: join(other, 'out', 'renderer') }),
      this: await startWebHost({ app, rendererDir: ensureRendererBuilt() }),
    };
    // The one-line page from this checkout's host, with its headers: the same kind of navigation.
    const urls = { blank: await serveBlankPage(hosts.this), other: hosts.other.url, this: hosts.this.url };
    const subject = newestSubject(profile);
    const ms: Record<string, number[]> = { blank: [], other: [], this: [] };
    const cpu: Record<string, number[]> = { blank: [], other: [], this: [] };
    const dom: Record<string, number[]> = { blank: [], other: [], this: [] };
    const messages = profile.repos.messages.count('INBOX');
    try {
      for (let i = 0; i <= reps; i++)
        // The three pages in an order that turns from round to round: a load pays for what the page
        // before it left the app process doing (its take-over's calls, heavy at 90,049 messages),
        // so a fixed order favoured one side by its place, not its code.
        for (const k of ORDERS[i % ORDERS.length]!) {
          const page = await browser.newPage({ viewport: VIEWPORT });
          if (changed) profile.setSetting('benchLoad', `${i}-${k}`);
          const r = await load(page, urls[k]);
          await page.close();
          if (k !== 'blank') assertShowsRows(r.row, FIRST_SCREEN_ROWS, subject);
          // The first round warms the server's caches and the browser up.
          if (i > 0) {
            ms[k]!.push(r.row.painted);
            cpu[k]!.push(r.cpuMs);
            dom[k]!.push(r.row.dom);
          }
        }
    } finally {
      app.stop();
      await Promise.all([hosts.other.close(), hosts.this.close()]);
      profile.close();
      rmSync(profile.dir, { recursive: true, force: true });
    }
    const blank = median(ms.blank!);
    const cell = (k: string) =>
      `${Math.round(median(ms[k]!))} ms (${(median(ms[k]!) / blank).toFixed(1)}×, CPU ${Math.round(median(cpu[k]!))} ms, row in the DOM at ${Math.round(median(dom[k]!))} ms)`;
    console.log(
      `${messages.toLocaleString('en')} messages${changed ? ' (changed before each load)' : ''}${traced ? ' (traced; CPU to the paint)' : ''}: blank page ${Math.round(blank)} ms (CPU ${Math.round(median(cpu.blank!))} ms, row in the DOM at ${Math.round(median(dom.blank!))} ms); ` +
        `other ${cell('other')}; this ${cell('this')}`,
    );
  }
} finally {
  await browser.close();
}
