/**
 * The answers the page asks for first, written into its HTML: the Inbox's first page and what
 * the shell shows (app info, settings, accounts). The browser would otherwise ask for them only
 * once its script has loaded and run — a round trip after the script instead of none. They are
 * the router's own answers to the same calls (arguments and results parsed by its schemas), so
 * the page gets nothing it could not have asked for; the renderer parses them again as it does
 * every answer (renderer/src/api.ts).
 */
import type { Router } from '../../main/app/router';
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

/** The renderer's index.html with the first answers in a JSON block before `</head>`; a call that fails is left out (the page asks for it itself). */
export async function withBootstrap(html: string, router: Router): Promise<string> {
  const answers: BootstrapAnswer[] = [];
  for (const [call, args] of FIRST_CALLS) {
    const r = await router.dispatch(call, args, 'http');
    if (r.ok) answers.push({ call, args, value: r.value ?? null });
  }
  const block = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${inertJson(answers)}</script>`;
  return html.replace('</head>', `${block}</head>`);
}
