/**
 * The ruler of the first-paint benches: how long a page takes from navigation start to the first
 * frame that shows its first row, timed by the page itself, and the one-line page it is compared
 * with, served by the same browser host with the same headers and measured in turn with it.
 *
 * What is timed, the same way for every page: a script installed before the page's own records
 * when the first row's subject (`.row .subject`) is in the DOM, then the end of each frame after
 * it (a message posted from a frame's animation callback runs after its paint). It marks that
 * subject for the browser's Element Timing, whose entry says when the text was painted, and the
 * time reported is the end of the first frame that painted it: the next frame, unless the browser
 * held its paint back (then a frame that showed nothing is not counted as the paint). After the
 * first of those frames the page reports the rows inside the window, the first one's subject and
 * whether it is readable (a font of 12 px or more, a colour other than its background's);
 * `assertShowsRows` checks them.
 *
 * Nothing else runs in the page before the paint: the page tells the bench through a binding of
 * the DevTools protocol. (Until round 8 the bench also waited with Playwright's
 * `waitForSelector`, whose injected script, 13–40 ms of the page's main thread, ran before the
 * Inbox's rows were parsed; the one-line page, parsed at once, seldom paid it.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { WebHost } from '../../apps/web/server';

/** The page's side of the binding the recorder calls once the first row is painted. */
const PAINTED_BINDING = '__zamburakPainted';

/** What the page recorded about its first row. */
export interface FirstRow {
  /** Navigation start → the first row's subject in the DOM, ms. */
  readonly dom: number;
  /**
   * Navigation start → the end of the first frame after `dom` that painted the subject's text: the
   * time the benches report.
   */
  readonly painted: number;
  /** Which frame after `dom` that was (1: the next one). */
  readonly frames: number;
  /** When the browser painted the subject's text (Element Timing `paintTime`). */
  readonly textPainted: number;
  /** Rows whose box lies inside the window (at least half of one). */
  readonly rowsInWindow: number;
  /** How many rows the list's part inside the window holds (1 on a page without a list). */
  readonly rowsFit: number;
  readonly subject: string;
  readonly fontPx: number;
  readonly color: string;
  readonly background: string;
}

/**
 * The recorder, run in the page before its own scripts. A string: it runs as written. It marks
 * the first subject for Element Timing as soon as the parser has inserted it (a mutation
 * observer's callback runs before any frame), and reads the screen only after the paint, so the
 * frame it times is not made longer by the reading.
 */
const RECORDER = `(() => {
  const rec = (window.__firstRow = {});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.identifier === 'zamburak-first-row' && rec.textPainted === undefined)
        rec.textPainted = e.paintTime ?? e.renderTime;
  }).observe({ type: 'element', buffered: true });
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = getComputedStyle(el).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const report = (subject) => {
    const inWindow = [...document.querySelectorAll('.row')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.height > 0 && b.top >= 0 && b.top + b.height / 2 <= innerHeight && b.left >= 0 && b.right <= innerWidth;
    });
    const style = getComputedStyle(subject);
    const list = document.querySelector('.virtual-list')?.getBoundingClientRect();
    const rowPx = subject.closest('.row').getBoundingClientRect().height;
    Object.assign(rec, {
      rowsInWindow: inWindow.length,
      rowsFit: list ? Math.floor((Math.min(list.bottom, innerHeight) - Math.max(list.top, 0)) / rowPx) : 1,
      // The subject's own text: in a view of every account, an account chip comes before it.
      subject: [...subject.childNodes].filter((n) => !(n.classList && n.classList.contains('chip'))).map((n) => n.textContent).join(''),
      fontPx: parseFloat(style.fontSize),
      color: style.color,
      background: background(subject),
    });
  };
  // The end of each frame from the subject's insertion on, until the one that painted its text
  // (Element Timing's entry comes a little after that frame): the first frame, unless the
  // browser held its paint back.
  const ends = [];
  const frames = (subject) =>
    requestAnimationFrame(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => {
        ends.push(performance.now());
        if (ends.length === 1) report(subject);
        const painted = rec.textPainted === undefined ? undefined : ends.find((t) => t >= rec.textPainted);
        if (painted === undefined) return frames(subject);
        rec.painted = painted;
        rec.frames = ends.indexOf(painted) + 1;
        window.${PAINTED_BINDING}('');
      };
      c.port2.postMessage(0);
    });
  const look = () => {
    const subject = document.querySelector('.row .subject');
    if (!subject) return false;
    subject.setAttribute('elementtiming', 'zamburak-first-row');
    rec.dom = performance.now();
    frames(subject);
    return true;
  };
  if (!look()) {
    const o = new MutationObserver(() => look() && o.disconnect());
    o.observe(document, { childList: true, subtree: true });
  }
})()`;

/** How long the page may take to paint its first row before the load counts as failed. */
const PAINT_TIMEOUT_MS = 60_000;

/** Navigation start → the first row painted, with what the page saw then. */
export async function firstRow(page: Page, url: string): Promise<FirstRow> {
  const cdp = await page.context().newCDPSession(page);
  // Without Runtime enabled on this session, the binding's calls are not reported to it.
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: PAINTED_BINDING });
  const told = new Promise<void>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`${url}: no row painted within ${PAINT_TIMEOUT_MS} ms`)),
      PAINT_TIMEOUT_MS,
    );
    cdp.on('Runtime.bindingCalled', (e) => {
      if (e.name !== PAINTED_BINDING) return;
      clearTimeout(timer);
      done();
    });
  });
  await page.addInitScript(RECORDER);
  await page.goto(url, { waitUntil: 'commit' });
  await told;
  await cdp.detach();
  return (await page.evaluate('window.__firstRow')) as FirstRow;
}

/** Navigation start → the first row painted, in ms (see `firstRow`). */
export const firstPaint = async (page: Page, url: string): Promise<number> => (await firstRow(page, url)).painted;

/**
 * Fails unless the first painted frame showed what a person must see: a list with room for at
 * least `rows` rows inside the window and a row in every place, the first with `subject` (the
 * newest conversation), in a readable font.
 */
export function assertShowsRows(row: FirstRow, rows: number, subject: string): void {
  const wrong: string[] = [];
  if (row.rowsFit < rows)
    wrong.push(`its list has room for ${row.rowsFit} rows inside the window, expected ${rows} or more`);
  if (row.rowsInWindow < row.rowsFit)
    wrong.push(`${row.rowsInWindow} rows inside the window, where its list has room for ${row.rowsFit}`);
  if (row.subject !== subject) wrong.push(`its subject is "${row.subject}", expected "${subject}"`);
  if (row.fontPx < 12) wrong.push(`its subject is set in ${row.fontPx} px, expected 12 px or more`);
  if (row.color === row.background) wrong.push(`its subject's colour is its background's (${row.color})`);
  if (wrong.length) throw new Error(`the Inbox's first painted frame is not the Inbox: ${wrong.join('; ')}`);
}

/** The one-line page: a row with a subject, in the browser's default font, no script, no style. */
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Zamburak</title></head>' +
  '<body><div class="row"><div class="subject">Zamburak</div></div></body></html>';
const BLANK_PATH = '/bench-blank';

/**
 * Serves the one-line page from `web`'s own server, with the headers its Inbox page comes with
 * (read from the host's answer: the CSP, the security headers, the token's cookie), so both are
 * the same kind of navigation: the same origin, process, connection and response headers. Only
 * the body differs. Returns its address.
 */
export async function serveBlankPage(web: WebHost): Promise<string> {
  const inbox = await fetch(web.url.split('#')[0]!);
  await inbox.arrayBuffer();
  const headers: Record<string, string | string[]> = {};
  const PER_RESPONSE = new Set([
    'content-length',
    'date',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'set-cookie',
  ]);
  inbox.headers.forEach((v, k) => {
    if (!PER_RESPONSE.has(k)) headers[k] = v;
  });
  headers['set-cookie'] = inbox.headers.getSetCookie();
  headers['content-length'] = String(Buffer.byteLength(BLANK_PAGE));
  const [serve] = web.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!serve) throw new Error('the browser host has no request handler');
  web.server.removeAllListeners('request');
  web.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', web.origin).pathname !== BLANK_PATH) return serve(req, res);
    res.writeHead(200, headers);
    res.end(BLANK_PAGE);
  });
  return `${web.origin}${BLANK_PATH}?token=${web.token}`;
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export interface Interleaved {
  readonly blankMs: number;
  readonly inboxMs: number;
  readonly blankSamplesMs: readonly number[];
  readonly inboxSamplesMs: readonly number[];
}

/**
 * The one-line page and the Inbox, each loaded in a fresh page `reps` times in turn (after one
 * warm-up round), the order swapped every round so that neither always follows the other (a load
 * pays for what the one before left the machine doing); medians. Every Inbox load must show its
 * rows (`assertShowsRows`): at least `rows`, the first with `subject`.
 */
export async function interleavedPaints(
  browser: Browser,
  urls: { readonly blank: string; readonly inbox: string },
  reps: number,
  expect: { readonly rows: number; readonly subject: string },
): Promise<Interleaved> {
  const samples = { blank: [] as number[], inbox: [] as number[] };
  for (let i = 0; i <= reps; i++)
    for (const k of i % 2 ? (['inbox', 'blank'] as const) : (['blank', 'inbox'] as const)) {
      const page = await browser.newPage({ viewport: VIEWPORT });
      try {
        const row = await firstRow(page, urls[k]);
        if (k === 'inbox') assertShowsRows(row, expect.rows, expect.subject);
        if (i > 0) samples[k].push(row.painted);
      } finally {
        await page.close();
      }
    }
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    blankMs: r(median(samples.blank)),
    inboxMs: r(median(samples.inbox)),
    blankSamplesMs: samples.blank.map(r),
    inboxSamplesMs: samples.inbox.map(r),
  };
}

/** The window every first-paint bench opens its pages in. */
export const VIEWPORT = { width: 1400, height: 900 } as const;
