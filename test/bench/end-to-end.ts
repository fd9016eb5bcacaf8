/**
 * 100,000 messages end to end (issue 23): the generated mailbox (`mailbox.ts`; 90% INBOX, 10%
 * Archive) in a real Dovecot's maildir; an IMAP account added to a fresh profile and its first
 * sync run as the app runs it (`syncAccounts`: every folder's headers and snippets first, newest
 * first, then the bodies, newest first); then the browser host on that profile and, in
 * Chromium, the Inbox's first paint against a one-line page in the same browser, a message
 * opened and `j` pressed a few times, every conversation scrolled to the end (pages of 200 load
 * as the end comes near), one search; and the profile's size on disk, this process's resident
 * memory (the app's services and the browser host run in it) and the page's heap.
 *
 * Reported from the sync: time to usable inbox (the newest 200 of the INBOX listed), every
 * message listed, the newest 200 readable (their bodies filled), and the whole pass. Writing
 * the maildir is set-up and only reported. Needs Dovecot and Chromium; without either it says
 * so and reports nothing. No asserts on time.
 * Alone: `npx tsx test/bench/end-to-end.ts` (`E2E_MESSAGES=20000` for a smaller mailbox);
 * prints, writes nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeBodies, syncAccounts } from '../../main/accounts/accounts';
import { createApp } from '../../main/app/app';
import type { Profile } from '../../main/profile/profile';
import { ensureRendererBuilt } from '../../apps/web/renderer-build';
import { startWebHost } from '../../apps/web/server';
import { CHROMIUM, launchChromium } from '../e2e/harness';
import { DOVECOT_BIN, startDovecot } from '../integration/servers/dovecot';
import {
  FIRST_SCREEN_ROWS,
  folderBytes,
  newestSubject,
  jToMessage,
  pageHeapBytes,
  scrollToEnd,
  SEARCH_WORD,
  searchFor,
  whenStarted,
} from './first-paint';
import { imapProfile, seedDovecot } from './mailbox';
import { firstPaint, interleavedPaints, serveBlankPage, VIEWPORT } from './paint-ruler';
import { inboxConversations } from './store';

export interface EndToEndBench {
  readonly messages: number;
  readonly inboxMessages: number;
  /** Writing the maildir and Dovecot indexing it (set-up, not part of any number below). */
  readonly seedMs: number;
  readonly sync: {
    /** From the first sync's start until the newest 200 of the INBOX are listed. */
    readonly usableInboxMs: number;
    /** Every message of every folder listed (headers and snippets). */
    readonly listedMs: number;
    readonly listedPerSecond: number;
    /**
     * The newest message opened as soon as the inbox is usable, while the listing goes on: its
     * body fetched on demand, as the reading pane does (from the sync's start).
     */
    readonly newestOpenedMs: number;
    /** The newest 200 of the INBOX with their bodies filled by the body pass. */
    readonly newestReadableMs: number;
    /** The whole first sync, every body filled. */
    readonly totalMs: number;
    /** Bodies filled per second in the body pass (after the listing). */
    readonly bodiesPerSecond: number;
  };
  /** A one-line page from the same host, loaded in turn with the Inbox (./paint-ruler.ts). */
  readonly blankPageMs: number;
  readonly blankPageSamplesMs: readonly number[];
  /** Navigation to the first row of the Inbox, median of 5 after a warm-up round. */
  readonly firstPaintMs: number;
  readonly firstPaintSamplesMs: readonly number[];
  /** `j` → the next message's heading on screen, a person reading 300 ms between presses. */
  readonly jToMessageMs: number;
  readonly jSamplesMs: readonly number[];
  /** Every conversation of the Inbox listed, scrolling down as a person would: how many the list held, of how many. */
  readonly conversations: number;
  readonly expectedConversations: number;
  readonly scrollToEndMs: number;
  /** A one-word search: submit → its results listed. */
  readonly searchMs: number;
  readonly searchResults: number;
  /** The profile folder after all of the above (database, write-ahead log, keys). */
  readonly profileBytes: number;
  /** This process (the app's services and the browser host), resident, after all of the above. */
  readonly hostRssBytes: number;
  readonly pageHeapBytes: number;
  /** Errors the page logged while used (none when all went well). */
  readonly pageErrors: readonly string[];
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number) => Math.round(x * 10) / 10;
/** The app's scheduler would sync again and triage every new message; neither is measured here. */
const NO_TICK_MS = 24 * 3600_000;
const J_PRESSES = 5;
const PAINTS = 5;

/** What the reading pane does to show a message the first sync has listed: its body, completed now. */
async function openNewest(p: Profile): Promise<void> {
  const account = p.repos.accounts.list().find((a) => a.transport === 'imap')!;
  const [newest] = p.repos.messages.page({ folder: 'INBOX', accountId: account.id, limit: 1 }).items;
  if (!newest) throw new Error('the first sync listed no message in the INBOX');
  await completeBodies(p, { ids: [newest.id] });
}

/** The first sync as the app runs it, with the moments a person would notice. */
async function firstSync(p: Profile, n: number, inbox: number): Promise<EndToEndBench['sync']> {
  const usableAt = Math.min(200, inbox);
  const listedBy = new Map<string, number>();
  const t0 = performance.now();
  let usable = 0;
  let listed = 0;
  let readable = 0;
  // Set in the page callback: typed by assertion, or TypeScript narrows it to `null` for good.
  let opened = null as Promise<number> | null;
  const [r] = await syncAccounts(p, {
    onPage: ({ folder, phase, stored }) => {
      const now = performance.now() - t0;
      if (phase === 'headers') {
        listedBy.set(folder, stored);
        if (!usable && folder === 'INBOX' && stored >= usableAt) {
          usable = now;
          opened = openNewest(p).then(() => performance.now() - t0);
        }
        if ([...listedBy.values()].reduce((a, b) => a + b, 0) === n) listed = now;
      } else if (!readable && folder === 'INBOX' && stored >= usableAt) readable = now;
    },
  });
  const total = performance.now() - t0;
  const openedMs = await (opened ?? Promise.reject(new Error('the first sync never listed the newest 200')));
  const folders = r?.report?.folders ?? [];
  const added = folders.reduce((a, f) => a + f.added, 0);
  // The reading pane and the body pass may both fill the newest body: count what is left.
  if (added !== n || p.repos.messages.pendingBodies(r!.report!.accountId).length > 0)
    throw new Error(`the first sync did not take every message: ${JSON.stringify(r?.error ?? r?.report)}`);
  return {
    usableInboxMs: round(usable),
    listedMs: round(listed),
    listedPerSecond: Math.round((n / listed) * 1000),
    newestOpenedMs: round(openedMs),
    newestReadableMs: round(readable),
    totalMs: round(total),
    bodiesPerSecond: Math.round((n / (total - listed)) * 1000),
  };
}

export async function benchEndToEnd(n = 100_000): Promise<EndToEndBench | null> {
  if (!existsSync(DOVECOT_BIN) || !existsSync(CHROMIUM)) return null;
  const server = await startDovecot();
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-bench-e2e-'));
  try {
    let t0 = performance.now();
    await seedDovecot(server, n);
    const seedMs = Math.round(performance.now() - t0);
    const profile = await imapProfile(dir, server);
    const inboxMessages = n - Math.ceil(n / 10); // every tenth message is archived
    const sync = await firstSync(profile, n, inboxMessages);

    const app = createApp(profile, {
      host: 'browser',
      versions: { app: 'bench', electron: '', chrome: '', node: '' },
      tickMs: NO_TICK_MS,
    });
    const web = await startWebHost({ app, rendererDir: ensureRendererBuilt() });
    const browser = await launchChromium();
    try {
      const paint = await interleavedPaints(browser, { blank: await serveBlankPage(web), inbox: web.url }, PAINTS, {
        rows: FIRST_SCREEN_ROWS,
        subject: newestSubject(profile),
      });
      const page = await browser.newPage({ viewport: VIEWPORT });
      // What the page reported going wrong (a list that stops growing says why here).
      const errors: string[] = [];
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text().slice(0, 500))));
      page.on('pageerror', (e) => errors.push(e.message.slice(0, 500)));
      await firstPaint(page, web.url);
      await whenStarted(page);
      // The first press opens the newest conversation's message; the rest are timed.
      const jMs = (await jToMessage(page, J_PRESSES)).map(round);
      const expected = inboxConversations(profile).length;
      t0 = performance.now();
      const conversations = await scrollToEnd(page, expected);
      const scrollToEndMs = Math.round(performance.now() - t0);
      const search = await searchFor(page, SEARCH_WORD);
      const heap = await pageHeapBytes(page);
      return {
        messages: n,
        inboxMessages,
        seedMs,
        sync,
        blankPageMs: paint.blankMs,
        blankPageSamplesMs: paint.blankSamplesMs,
        firstPaintMs: paint.inboxMs,
        firstPaintSamplesMs: paint.inboxSamplesMs,
        jToMessageMs: median(jMs),
        jSamplesMs: jMs,
        conversations,
        expectedConversations: expected,
        scrollToEndMs,
        searchMs: search.ms,
        searchResults: search.results,
        profileBytes: folderBytes(profile.dir),
        hostRssBytes: process.memoryUsage().rss,
        pageHeapBytes: heap,
        pageErrors: errors,
      };
    } finally {
      await browser.close();
      app.stop();
      await web.close();
      profile.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const count = (x: number) => x.toLocaleString('en');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function printEndToEnd(r: EndToEndBench | null): void {
  if (!r) {
    console.log(`end to end: not measured (needs Dovecot at ${DOVECOT_BIN} and Chromium at ${CHROMIUM})`);
    return;
  }
  const s = r.sync;
  console.log(
    `end to end, ${count(r.messages)} messages on Dovecot (${count(r.inboxMessages)} in the INBOX; the maildir written ` +
      `in ${seconds(r.seedMs)}): first sync: usable inbox (newest 200 listed) in ${Math.round(s.usableInboxMs)} ms, ` +
      `the newest opened meanwhile (its body fetched on demand) after ${seconds(s.newestOpenedMs)}, ` +
      `the newest 200 readable from the body pass in ${seconds(s.newestReadableMs)}, every message listed in ${seconds(s.listedMs)} ` +
      `(${count(s.listedPerSecond)} msg/s), every body in ${seconds(s.totalMs)} (${count(s.bodiesPerSecond)} bodies/s)`,
  );
  console.log(
    `end to end, in Chromium: first paint ${r.firstPaintMs} ms against a one-line page's ${r.blankPageMs} ms from the same host, in turn ` +
      `(${round(r.firstPaintMs / r.blankPageMs)}×, target ≤ 2×); j → message shown ${r.jToMessageMs} ms (target ≤ 50 ms); ` +
      `${r.conversations === r.expectedConversations ? 'all' : `${count(r.conversations)} of`} ${count(r.expectedConversations)} conversations scrolled through in ${seconds(r.scrollToEndMs)}; ` +
      `a search listed ${count(r.searchResults)} results in ${Math.round(r.searchMs)} ms; ` +
      `profile ${mb(r.profileBytes)} on disk; host process ${mb(r.hostRssBytes)} resident, the page's heap ${mb(r.pageHeapBytes)}`,
  );
  for (const e of r.pageErrors) console.log(`end to end: the page logged: ${e}`);
}

if (process.argv[1]?.endsWith('end-to-end.ts'))
  printEndToEnd(await benchEndToEnd(Number(process.env.E2E_MESSAGES ?? 100_000)));
