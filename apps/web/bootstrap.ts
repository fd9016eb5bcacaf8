/**
 * The answers the page asks for first, written into its HTML: the Inbox's first page and what
 * the shell shows (app info, settings, accounts). The browser would otherwise ask for them only
 * once its script has loaded and run — a round trip after the script instead of none. They are
 * the router's own answers to the same calls (arguments and results parsed by its schemas), so
 * the page gets nothing it could not have asked for; the renderer parses them again as it does
 * every answer (renderer/src/api.ts).
 *
 * The same answers are rendered into the page's root element (renderer/src/first-screen.tsx): the
 * shell and the Inbox's first rows are in the HTML, painted before the page's script has loaded,
 * and React takes that markup over. A theme the settings pin is set on `<html>`, so the first
 * paint is in it; a "system" theme follows the browser through the stylesheet.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { Router } from '../../main/app/router';
import type { Profile } from '../../main/profile/profile';
import { EARLY_INPUT_SCRIPT } from '../../renderer/src/early-input';
import { renderFirstScreen } from '../../renderer/src/first-screen';
import { BOOTSTRAP_ELEMENT_ID, WRITTEN_INBOX_PAGE, type BootstrapAnswer } from '../../preload/contract';

/**
 * What the page calls first, with the same arguments (renderer/src/first-page.ts, store.ts
 * refresh); of the Inbox's first page, the rows of a first screen (`WRITTEN_INBOX_PAGE`).
 */
const FIRST_CALLS: readonly (readonly [string, readonly unknown[]])[] = [
  ['inbox.page', [WRITTEN_INBOX_PAGE]],
  ['app.info', []],
  ['settings.get', []],
  ['accounts.list', []],
];

/**
 * JSON that stays data inside a script element: `<` is escaped, so no `</script>` or `<!--` in
 * a subject can end the block (JSON.parse reads `\u003c` back as `<`).
 */
const inertJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The one inline script a page may run: the recorder of keys and clicks made on the rendered
 * screen before the app takes it over (renderer/src/early-input.ts), named by its hash in the
 * page's CSP (`script-src 'self' 'sha256-…'`), so no other inline script runs.
 */
export const EARLY_INPUT_HASH = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/** index.html's own CSP (a meta element, enforced beside the host's header) lets the page's scripts only. */
const META_SCRIPT_SRC = /(<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*script-src 'self')/;

/** A stylesheet of the build linked from index.html (`./assets/NAME-HASH.css`). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * index.html with the build's stylesheets written into it: the first screen is in the HTML, but
 * a browser paints nothing before the stylesheets a page links have arrived, a second round trip
 * to this same process (80–480 ms on a loaded machine). The CSP allows inline styles; these are
 * the build's own (16 KB), never mail's, which lives in a sandboxed frame.
 */
export const withInlineStyles = (html: string, readAsset: (path: string) => string): string =>
  html.replace(STYLESHEET_LINK, (_, path: string) => `<style>${readAsset(path)}</style>`);

/** A chunk the build preloads beside the entry script (`<link rel="modulepreload" … href="./assets/…">`). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * index.html without the build's module preloads. They are for Electron, whose page starts the
 * app at once. Here the first screen is in the HTML and the app starts only once it is painted
 * (renderer/src/main.tsx imports it then): fetched and compiled beside the page, its chunks
 * (390 KB: React, the Inbox, the contract) took the same cores as the first screen's layout and
 * paint, and the loads they queued ran ahead of the frame that shows the rows.
 */
export const withoutModulePreloads = (html: string): string => html.replace(MODULE_PRELOAD, '');

/** The build's entry script in the head (`<script type="module" … src="./assets/…">`). */
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>\s*/;

/**
 * index.html with the build's entry script moved from the head to the end of the body. A module
 * script runs once the whole page is parsed wherever it stands, but the parser stops at its
 * element to ask for it (4–5 ms of the page's main thread in the traces) and then often yields:
 * the browser then ran a frame of an empty body, and painted the rows only in the frame after it.
 * At the end, the parser reaches the element after the rendered screen.
 */
export function withEntryScriptLast(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[0];
  if (!entry) throw new Error('the renderer\'s index.html has no <script type="module"> entry');
  return html.replace(entry, '').replace('</body>', () => `${entry.trim()}</body>`);
}

/**
 * The renderer's index.html with the first answers in a JSON block before `</body>` and the first
 * screen rendered from them in its root element; a call that fails is left out (the page asks
 * for it itself, and renders the first screen itself).
 */
export async function withBootstrap(html: string, router: Router): Promise<string> {
  const answers: BootstrapAnswer[] = [];
  for (const [call, args] of FIRST_CALLS) {
    const r = await router.dispatch(call, args, 'http');
    if (r.ok) answers.push({ call, args, value: r.value ?? null });
  }
  const block = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${inertJson(answers)}</script>`;
  // At the end of the body, after the rendered screen: the parser reaches the rows first (the
  // answers were 80 KB of a 116 KB page when they held the Inbox's whole first page; with the rows
  // of a first screen, 15 KB of 47). The app reads the block after the whole page is parsed (its
  // module script is deferred).
  // Replaced by functions: a replacement string would read `$&` or `$'` in a subject as patterns.
  const withAnswers = html.replace('</body>', () => `${block}</body>`);
  const first = renderFirstScreen(answers);
  if (!first) return withAnswers;
  if (!withAnswers.includes(ROOT_ELEMENT)) throw new Error(`the renderer's index.html has no ${ROOT_ELEMENT}`);
  const themed = first.theme
    ? withAnswers.replace('<html lang="en">', () => `<html lang="en" data-theme="${first.theme}">`)
    : withAnswers;
  return themed
    .replace(META_SCRIPT_SRC, (allowed: string) => `${allowed} ${EARLY_INPUT_HASH}`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${first.html}</div><script>${EARLY_INPUT_SCRIPT}</script>`);
}

/**
 * What the first answers are read from, as a string that moves whenever any of it may have
 * changed: the database (a write of this connection moves `total_changes()`, a commit of any
 * other, the CLI's or a run's worker's, moves `PRAGMA data_version`) and the secrets file (an
 * account's "sign in again" lives there). Cheap: two reads of SQLite's counters and one stat.
 */
export function dataStamp(profile: Profile): () => string {
  const changes = profile.db.prepare('SELECT total_changes() AS n');
  return () => {
    const secrets = statSync(profile.files.secrets, { bigint: true, throwIfNoEntry: false });
    return [
      String(profile.db.pragma('data_version', { simple: true })),
      String((changes.get() as { n: number }).n),
      secrets ? `${secrets.mtimeNs}:${secrets.size}` : '-',
    ].join(':');
  };
}

/** A page kept while its data is unchanged (`keptWhileUnchanged`). */
export interface KeptPage {
  /** The page for the data as it is now. */
  (): Promise<string>;
  /**
   * Called now and then (the host: every second): once a page has been asked for and the data
   * has changed since but has held still from one call to the next, makes the page anew, so the
   * next load after new mail or a read message is served from memory too. Data that keeps
   * changing (a first sync) is not rendered after every write.
   */
  settle(): void;
}

/**
 * `make()`'s page, made again only when `stamp()` has moved: a reload of an unchanged mailbox is
 * served from memory, with no query and no render before its first byte, and a page made before
 * a change is never served after it (its stamp is the one read before it was made). A page that
 * failed is not kept.
 */
export function keptWhileUnchanged(make: () => Promise<string>, stamp: () => string): KeptPage {
  let kept: { readonly stamp: string; readonly page: Promise<string> } | null = null;
  let asked = false;
  let last = '';
  const page = (): Promise<string> => {
    asked = true;
    const now = stamp();
    if (kept?.stamp !== now) {
      const made = make();
      kept = { stamp: now, page: made };
      made.catch(() => {
        if (kept?.page === made) kept = null;
      });
    }
    return kept.page;
  };
  const settle = () => {
    const now = stamp();
    if (asked && now === last && kept?.stamp !== now) page().catch(() => undefined);
    last = now;
  };
  return Object.assign(page, { settle });
}
