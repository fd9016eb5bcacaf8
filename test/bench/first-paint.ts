/**
 * Inbox first paint in the browser host (Chromium): from navigation to the first rows of the
 * list on screen, with the demo profile's 49 messages, 10,000 and 100,000, each against a
 * one-line page served by the same host with the same headers, the two loaded in turn in the same
 * browser (target ≤ 2×; the ruler and its checks: ./paint-ruler.ts). Also `j` → message
 * shown: from the key press to the next message's heading on screen, a person reading each
 * message for a moment (the app fetches the neighbours meanwhile); median of 10 (target ≤ 50 ms).
 * At 10,000: scrolling to the 2,000th row. At 100,000, the Inbox used end to end: scrolled to its
 * last conversation (pages of 200 load as it scrolls), searched, and the profile's size on disk,
 * the app process's memory and the page's heap reported.
 * Needs Debian's Chromium; without it the bench says so and reports nothing. No asserts.
 * Alone: `npx tsx test/bench/first-paint.ts` (a few minutes; prints, writes nothing).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../main/app/app';
import { openProfile, type Profile } from '../../main/profile/profile';
import { ensureRendererBuilt } from '../../apps/web/renderer-build';
import { startWebHost } from '../../apps/web/server';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../e2e/harness';
import { firstPaint, interleavedPaints, median, serveBlankPage, VIEWPORT, type Interleaved } from './paint-ruler';
import { fillMessages, inboxConversations } from './store';

export interface FirstPaintBench {
  readonly messages: number;
  readonly firstPaintMs: number;
  readonly baselineMessages: number;
  readonly baselineMs: number;
  readonly scrollTo2000Ms: number;
  /** The floor: a one-line page from the same host, first paint, in turn with the 10,000-message Inbox. */
  readonly blankPageMs: number;
  /** The same beside the demo's Inbox. */
  readonly baselineBlankPageMs: number;
  readonly samplesMs: PaintSamples;
  /** `j` → the next message shown, with 10,000 messages (target ≤ 50 ms). */
  readonly jToMessageMs: number;
  readonly jSamplesMs: readonly number[];
  /** The same at 100,000 messages, with the Inbox used end to end. */
  readonly large: LargeInbox;
}

/** Every timed load, the one-line page's and the Inbox's, in the order of their rounds. */
export interface PaintSamples {
  readonly blank: readonly number[];
  readonly inbox: readonly number[];
}

export interface LargeInbox {
  readonly messages: number;
  readonly firstPaintMs: number;
  /** A one-line page from the same host, in turn with this Inbox. */
  readonly blankPageMs: number;
  readonly samplesMs: PaintSamples;
  readonly jToMessageMs: number;
  readonly jSamplesMs: readonly number[];
  /** Every conversation of the Inbox listed, scrolling down as a person would (pages of 200). */
  readonly conversations: number;
  readonly scrollToEndMs: number;
  /** A one-word search: submit → its results listed. */
  readonly searchMs: number;
  readonly searchResults: number;
  /** The profile folder on disk (database, its write-ahead log, keys). */
  readonly profileBytes: number;
  /** The app's process (the browser host and every service), resident. */
  readonly appRssBytes: number;
  /** The Inbox page's JavaScript heap after all of the above. */
  readonly pageHeapBytes: number;
  /** Writing the 100,000 messages into the store (not timed against anything). */
  readonly fillMs: number;
}

/** A word of the generated mailbox (`mailbox.ts`) in a few percent of its messages. */
export const SEARCH_WORD = 'kobavi';

const round = (x: number) => Math.round(x * 10) / 10;

/**
 * In the page: presses j, waits until a new message heading is on screen, `n` times. A string, so
 * the runner's transpiler adds no helpers the page does not have.
 */
const J_TO_MESSAGE = `async (n) => {
  const shown = (old) => new Promise((resolve) => {
    const check = () => {
      const h = document.querySelector('#message-subject');
      if (h && h !== old) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
  const press = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
  press();
  await shown(null);
  const out = [];
  for (let i = 0; i < n; i++) {
    // A person reads a moment before the next key: the neighbours are fetched meanwhile.
    await new Promise((r) => setTimeout(r, 300));
    const old = document.querySelector('#message-subject');
    const t0 = performance.now();
    press();
    await shown(old);
    out.push(performance.now() - t0);
  }
  return out;
}`;

export const jToMessage = (page: Page, reads: number): Promise<number[]> =>
  page.evaluate(`(${J_TO_MESSAGE})(${reads})`) as Promise<number[]>;

/**
 * In the page: scrolls the list to its end, page after page as a person would, until it holds
 * `n` conversations (each page loads as the end comes near), or until it has not grown for 20 s
 * (a page that never came); how many rows it then holds.
 */
const SCROLL_TO_END = `async (n) => {
  const list = document.querySelector('.virtual-list');
  const rows = () => Math.round(list.firstElementChild.offsetHeight / ${68});
  let grew = performance.now();
  for (let last = 0; rows() < n && performance.now() - grew < 20000; ) {
    list.scrollTop = list.scrollHeight;
    await new Promise((r) => setTimeout(r, 16));
    if (rows() > last) [last, grew] = [rows(), performance.now()];
  }
  return rows();
}`;

/** Scrolls the Inbox down until it lists `n` conversations; how many it then lists. */
export const scrollToEnd = (page: Page, n: number): Promise<number> =>
  page.evaluate(`(${SCROLL_TO_END})(${n})`) as Promise<number>;

/** In the page: searches for a word; resolves with the count line once it answers that search. */
const SEARCH = `async (word) => {
  const box = document.querySelector('input[type=search]');
  box.focus();
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  set.call(box, word);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  const t0 = performance.now();
  box.form.requestSubmit();
  const line = document.querySelector('p.count');
  while (!line.textContent.includes(word)) await new Promise((r) => requestAnimationFrame(r));
  return { ms: performance.now() - t0, text: line.textContent };
}`;

/** Searches the Inbox for a word: submit → its results listed, and how many the count line says. */
export async function searchFor(page: Page, word: string): Promise<{ ms: number; results: number }> {
  const r = (await page.evaluate(`(${SEARCH})(${JSON.stringify(word)})`)) as { ms: number; text: string };
  return { ms: round(r.ms), results: Number(r.text.replace(/[^0-9].*$/s, '').replace(/,/g, '')) };
}

/** The page's JavaScript heap in use, after a garbage collection. */
export async function pageHeapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * Waits until the app has taken the server-rendered page over (React fills the list's dates only
 * then): a key pressed or a form sent before that reaches no handler, and a bench waiting for its
 * answer would wait for good. A minute at most, then it fails saying so.
 */
export const whenStarted = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => Boolean(document.querySelector('.row time.date')?.textContent), undefined, {
    timeout: 60_000,
  });

/** The bytes of every file under a folder. */
export const folderBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? folderBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );

interface Hosting {
  readonly profile: Profile;
  readonly url: string;
  /** The one-line page, from the same host. */
  readonly blankUrl: string;
  readonly browser: Browser;
  readonly fillMs: number;
  close(): Promise<void>;
}

/** A fresh profile with `extra` generated messages, the browser host on it, and Chromium. */
async function host(extra: number): Promise<Hosting> {
  const profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-paint-')));
  const t0 = performance.now();
  if (extra) fillMessages(profile, extra);
  const fillMs = Math.round(performance.now() - t0);
  const app = createApp(profile, { host: 'browser', versions: { app: 'bench', electron: '', chrome: '', node: '' } });
  const web = await startWebHost({ app, rendererDir: ensureRendererBuilt() });
  const blankUrl = await serveBlankPage(web);
  const browser = await launchChromium();
  return {
    profile,
    url: web.url,
    blankUrl,
    browser,
    fillMs,
    async close() {
      await browser.close();
      app.stop();
      await web.close();
      profile.close();
      rmSync(profile.dir, { recursive: true, force: true });
    },
  };
}

/**
 * The fewest rows the Inbox's first frame must show in the benches' 1400×900 window (its list has
 * room for 9 there); each load is also checked to fill every place its list has inside the window.
 */
export const FIRST_SCREEN_ROWS = 8;

/** The subject of the Inbox's newest conversation: what its first row must show. */
export const newestSubject = (p: Profile): string =>
  p.repos.messages.page({ folder: 'INBOX', threads: true, limit: 1 }).items[0]?.subject ?? '';

/**
 * The one-line page and the Inbox in turn, `reps` times each after a warm-up (`interleavedPaints`);
 * then one more Inbox load, left open for `use` once the app has taken it over.
 */
async function paints<T>(
  h: Hosting,
  reps: number,
  use: (page: Page) => Promise<T>,
): Promise<Interleaved & { used: T }> {
  const r = await interleavedPaints(h.browser, { blank: h.blankUrl, inbox: h.url }, reps, {
    rows: FIRST_SCREEN_ROWS,
    subject: newestSubject(h.profile),
  });
  const page = await h.browser.newPage({ viewport: VIEWPORT });
  await firstPaint(page, h.url);
  await whenStarted(page);
  const used = await use(page);
  await page.close();
  return { ...r, used };
}

const samples = (r: Interleaved): PaintSamples => ({ blank: r.blankSamplesMs, inbox: r.inboxSamplesMs });

async function measure(
  extra: number,
  reps: number,
): Promise<{ messages: number; paint: Interleaved; scrollMs: number; jMs: number[] }> {
  const h = await host(extra);
  try {
    const { used, ...paint } = await paints(h, reps, async (page) => {
      if (extra < 2000) return { scrollMs: 0, jMs: [] };
      const jMs = await jToMessage(page, 10);
      const t0 = Date.now();
      // Scroll in big steps; pages of 200 load as the end comes near, until row 2,000 is reached.
      await page.evaluate(async (target) => {
        const list = document.querySelector('.virtual-list')!;
        for (let i = 0; i < 500 && list.scrollTop < target; i++) {
          list.scrollTop += 20_000;
          await new Promise((r) => setTimeout(r, 16));
        }
      }, 2000 * 68);
      return { scrollMs: Date.now() - t0, jMs };
    });
    return { messages: h.profile.repos.messages.count('INBOX'), paint, ...used };
  } finally {
    await h.close();
  }
}

/** 100,000 messages: first paint, `j`, the whole Inbox scrolled through, a search, memory and disk. */
async function measureLarge(reps: number): Promise<LargeInbox> {
  const h = await host(100_000);
  try {
    const expected = inboxConversations(h.profile).length;
    const r = await paints(h, reps, async (page) => {
      const jMs = await jToMessage(page, 10);
      const t0 = Date.now();
      const listed = await scrollToEnd(page, expected);
      const scrollToEndMs = Date.now() - t0;
      const search = await searchFor(page, SEARCH_WORD);
      return {
        jMs,
        listed,
        scrollToEndMs,
        searchMs: search.ms,
        searchResults: search.results,
        pageHeapBytes: await pageHeapBytes(page),
      };
    });
    return {
      messages: h.profile.repos.messages.count('INBOX'),
      firstPaintMs: r.inboxMs,
      blankPageMs: r.blankMs,
      samplesMs: samples(r),
      jToMessageMs: round(median(r.used.jMs)),
      jSamplesMs: r.used.jMs.map(round),
      conversations: r.used.listed,
      scrollToEndMs: r.used.scrollToEndMs,
      searchMs: r.used.searchMs,
      searchResults: r.used.searchResults,
      profileBytes: folderBytes(h.profile.dir),
      appRssBytes: process.memoryUsage().rss,
      pageHeapBytes: r.used.pageHeapBytes,
      fillMs: h.fillMs,
    };
  } finally {
    await h.close();
  }
}

/** Loads of each page per size (after a warm-up round), the two pages in turn. */
const REPS = 9;

export async function benchFirstPaint(): Promise<FirstPaintBench | null> {
  if (!existsSync(CHROMIUM)) return null;
  const base = await measure(0, REPS);
  const big = await measure(10_000, REPS);
  const large = await measureLarge(REPS);
  return {
    blankPageMs: big.paint.blankMs,
    messages: big.messages,
    firstPaintMs: big.paint.inboxMs,
    samplesMs: samples(big.paint),
    baselineMessages: base.messages,
    baselineMs: base.paint.inboxMs,
    baselineBlankPageMs: base.paint.blankMs,
    scrollTo2000Ms: big.scrollMs,
    jToMessageMs: round(median(big.jMs)),
    jSamplesMs: big.jMs.map(round),
    large,
  };
}

const mb = (bytes: number) => `${Math.round(bytes / 1e5) / 10} MB`;
const n = (x: number) => x.toLocaleString('en');

export function printFirstPaint(r: FirstPaintBench | null): void {
  if (!r) {
    console.log(`inbox first paint: not measured (no Chromium at ${CHROMIUM})`);
    return;
  }
  const l = r.large;
  const against = (ms: number, blank: number) => `${ms} ms against ${blank} ms (${round(ms / blank)}×)`;
  console.log(
    `inbox first paint, each against a one-line page from the same host loaded in turn with it (medians of ${REPS}): ` +
      `the ${r.baselineMessages}-message demo inbox ${against(r.baselineMs, r.baselineBlankPageMs)}; ` +
      `${n(r.messages)} messages ${against(r.firstPaintMs, r.blankPageMs)}; ` +
      `${n(l.messages)} messages ${against(l.firstPaintMs, l.blankPageMs)} (target ≤ 2× the blank page)`,
  );
  console.log(
    `j → message shown: ${r.jToMessageMs} ms with ${n(r.messages)} messages, ${l.jToMessageMs} ms with ${n(l.messages)} (target ≤ 50 ms)`,
  );
  console.log(
    `${n(l.messages)} messages: all ${n(l.conversations)} conversations scrolled through in ${l.scrollToEndMs} ms ` +
      `(row 2,000 of the ${n(r.messages)}-message inbox: ${r.scrollTo2000Ms} ms); a search listed ${n(l.searchResults)} results in ${l.searchMs} ms; ` +
      `profile ${mb(l.profileBytes)} on disk; app process ${mb(l.appRssBytes)} resident, the page's heap ${mb(l.pageHeapBytes)} ` +
      `(writing the messages took ${l.fillMs} ms)`,
  );
}

// Alone: `npx tsx test/bench/first-paint.ts` prints these numbers and writes nothing.
if (process.argv[1]?.endsWith('first-paint.ts')) printFirstPaint(await benchFirstPaint());
