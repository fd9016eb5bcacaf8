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
import type { Router } from '../../main/app/router';
import { renderFirstScreen } from '../../renderer/src/first-screen';
import { BOOTSTRAP_ELEMENT_ID, FIRST_INBOX_PAGE, type BootstrapAnswer } from '../../preload/contract';

/** What the page calls first, with the same arguments (renderer/src/first-page.ts, store.ts refresh). */
const FIRST_CALLS: readonly (readonly [string, readonly unknown[]])[] = [
  ['inbox.page', [FIRST_INBOX_PAGE]],
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

/**
 * The renderer's index.html with the first answers in a JSON block before `</head>` and the first
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
  // Replaced by functions: a replacement string would read `$&` or `$'` in a subject as patterns.
  const withAnswers = html.replace('</head>', () => `${block}</head>`);
  const first = renderFirstScreen(answers);
  if (!first) return withAnswers;
  if (!withAnswers.includes(ROOT_ELEMENT)) throw new Error(`the renderer's index.html has no ${ROOT_ELEMENT}`);
  const themed = first.theme
    ? withAnswers.replace('<html lang="en">', () => `<html lang="en" data-theme="${first.theme}">`)
    : withAnswers;
  return themed.replace(ROOT_ELEMENT, () => `<div id="root">${first.html}</div>`);
}
