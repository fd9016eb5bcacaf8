/**
 * Where the Inbox's first paint goes: one load (after two warm-ups) traced through the DevTools
 * protocol, from the document's request to the first row painted (timed by the page as
 * `first-paint.ts` does): the page's own navigation timing, the resources the page's renderer
 * asked for, its main thread's time by event (HTML parse, style, layout, fonts, paint, scripts),
 * the font lookups it waited for (each a round trip to the browser process), and its tasks in
 * order with what took their time.
 *   SIZE=100000 npx tsx test/bench/first-paint-trace.ts      (default 0: the demo's 49 messages)
 * `ALL=1` names every event of 1 ms or more in each task; `BLANK=1` traces the one-line page the
 * benches compare with (./paint-ruler.ts) instead of the Inbox. `OTHER=DIR` traces that checkout's host instead (see first-paint-ab.ts for the tsconfig it
 * needs). Prints, writes nothing, asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../main/app/app';
import { openProfile } from '../../main/profile/profile';
import { ensureRendererBuilt } from '../../apps/web/renderer-build';
import { startWebHost, type WebHost, type WebHostOptions } from '../../apps/web/server';
import { launchChromium } from '../e2e/harness';
import { firstPaint, serveBlankPage, VIEWPORT } from './paint-ruler';
import { fillMessages } from './store';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly data?: Record<string, unknown>; readonly family_name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'v8',
  'blink',
  'fonts',
  'blink.user_timing',
];
/** What the renderer asks the browser process for while it lays text out. */
const FONT_IPC = ['FontDataManager::onMatchFamilyStyle', 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike'];
/** What a task's line names (`ALL=1`: every event of 1 ms or more). */
const SHOWN =
  /^(ParseHTML|UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|EvaluateScript|v8\.\w+|FunctionCall|FireAnimationFrame|FontCache::GetFontPlatformData|TimerFire|EventDispatch)$/;
/** A user-timing mark that ties the trace's clock to the page's. */
const ANCHOR = 'zamburak-trace-anchor';
const RESOURCE = ['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish'];

/** The page's navigation timing and the first row's record, from navigation start. */
const PAGE_TIMING = `(() => {
  const n = performance.getEntriesByType('navigation')[0];
  const r = window.__firstRow;
  const at = { responseStart: n.responseStart, responseEnd: n.responseEnd, rowInDom: r.dom,
    rowPainted: r.painted, textPainted: r.textPainted, domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventStart };
  return Object.entries(at).map(([k, v]) => k + ' ' + v.toFixed(1)).join(', ');
})()`;

const size = Number(process.env.SIZE ?? 0);
const other = process.env.OTHER;
const start = other
  ? ((await import(join(other, 'apps/web/server.ts'))) as { startWebHost: (o: WebHostOptions) => Promise<WebHost> })
      .startWebHost
  : startWebHost;
const ms = (us: number) => (us / 1000).toFixed(1);

/** The main thread's events from `t0` to `until`, summed by name (nested events count in each of theirs). */
function byName(events: readonly TraceEvent[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const e of events) sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0));
  return [...sums].sort((a, b) => b[1] - a[1]);
}

function report(events: readonly TraceEvent[], docUrl: string, paintedMs: number, anchorMs: number): void {
  const doc = events.find((e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url).startsWith(docUrl));
  if (!doc) throw new Error(`the trace has no request for ${docUrl}`);
  // The page's renderer: the one that parsed the document.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.ts > doc.ts);
  if (!parse) throw new Error('the trace has no HTML parse after the document was asked for');
  // Time 0 is the page's navigation start: a mark made at a known time of the page's clock.
  const mark = events.find((e) => e.name === ANCHOR);
  if (!mark) throw new Error(`the trace has no ${ANCHOR} mark`);
  const t0 = mark.ts - anchorMs * 1000;
  const until = t0 + paintedMs * 1000;
  const mine = events.filter((e) => e.pid === parse.pid && e.ts >= t0 && e.ts <= until);
  const main = mine.filter((e) => e.tid === parse.tid && e.ph === 'X');
  for (const e of mine)
    if (RESOURCE.includes(e.name))
      console.log(`  ${ms(e.ts - t0)} ms ${e.name} ${String(e.args?.data?.url ?? e.args?.data?.requestId).slice(-60)}`);
  console.log('  main thread by event (ms):');
  console.log(
    byName(main)
      .slice(0, 20)
      .map(([name, us]) => `    ${name} ${ms(us)}`)
      .join('\n'),
  );
  const fonts = main.filter((e) => FONT_IPC.includes(e.name));
  console.log(
    `  font round trips to the browser: ${fonts.length}, ${ms(fonts.reduce((n, e) => n + (e.dur ?? 0), 0))} ms ` +
      `(${fonts.map((e) => `${e.name.replace(/.*::/, '')}${e.args?.family_name ? ` ${e.args.family_name}` : ''} ${ms(e.dur ?? 0)}`).join('; ')})`,
  );
  console.log('  main-thread tasks of 1 ms or more, in order, and what took their time:');
  for (const task of main)
    if (task.name === 'RunTask' && (task.dur ?? 0) >= 1000) {
      const end = task.ts + (task.dur ?? 0);
      const inner = main
        .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 1000)
        .filter((e) => process.env.ALL === '1' || SHOWN.test(e.name))
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url ? ` (${String(e.args.data.url).replace(/.*\//, '')})` : ''} ${ms(e.dur ?? 0)}`,
        );
      console.log(`    ${ms(task.ts - t0)} +${ms(task.dur ?? 0)}: ${[...new Set(inner)].join(', ')}`);
    }
}

const profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-paint-trace-')));
if (size) fillMessages(profile, size);
const app = createApp(profile, { host: 'browser', versions: { app: 'bench', electron: '', chrome: '', node: '' } });
const web = await start({ app, rendererDir: other ? join(other, 'out', 'renderer') : ensureRendererBuilt() });
// BLANK=1: the one-line page the benches compare with, from the same host.
const url = process.env.BLANK === '1' ? await serveBlankPage(web) : web.url;
const browser = await launchChromium();
try {
  for (let i = 0; i < 2; i++) {
    const warm = await browser.newPage({ viewport: VIEWPORT });
    await firstPaint(warm, url);
    await warm.close();
  }
  const page = await browser.newPage({ viewport: VIEWPORT });
  await browser.startTracing(page, { categories: CATEGORIES });
  const painted = await firstPaint(page, url);
  const timing = (await page.evaluate(PAGE_TIMING)) as string;
  const htmlChars = await page.evaluate(() => document.documentElement.outerHTML.length);
  const anchorMs = (await page.evaluate(`performance.mark('${ANCHOR}').startTime`)) as number;
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  console.log(
    `${profile.repos.messages.count('INBOX').toLocaleString('en')} messages, first row painted ${painted.toFixed(1)} ms, ` +
      `${htmlChars.toLocaleString('en')} characters of HTML; in the page, from navigation start: ${timing}`,
  );
  report(trace.traceEvents, url.split('#')[0]!, painted, anchorMs);
} finally {
  await browser.close();
  app.stop();
  await web.close();
  profile.close();
  rmSync(profile.dir, { recursive: true, force: true });
}
