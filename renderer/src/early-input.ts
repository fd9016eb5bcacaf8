/**
 * Keys and clicks on the first screen before the app has taken it over. The browser host paints
 * the Inbox from its HTML (./first-screen.tsx) 100–300 ms before React has loaded and hydrated
 * it; a `j` or a click on a row in that gap would reach no handler and be lost. A tiny script in
 * the page (`EARLY_INPUT_SCRIPT`, allowed by its hash in the CSP: apps/web/bootstrap.ts) records
 * them from the moment the rows are in the DOM, and the Inbox replays them once its own handlers
 * listen (`replayEarlyInput`). Only what moves through the list is recorded (j, k, the arrows,
 * Enter, a plain click on a row): nothing that changes mail, and nothing typed into a field.
 */

/** What the page's script recorded, in order: a key, or the id of a row clicked. */
type EarlyInput = { readonly key: string } | { readonly row: string };

/** The recorder's handle on `window`: stops recording and hands over what it saw. */
const GLOBAL = '__zamburakEarlyInput';

/**
 * The recorder, inlined by the browser host right after the rendered screen. Plain JavaScript in
 * a string: it runs as written (no transpiler helpers) and its bytes are what the CSP hash names.
 */
export const EARLY_INPUT_SCRIPT = `(() => {
  const seen = [];
  const field = (t) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  const plain = (e) => !e.altKey && !e.metaKey && !e.ctrlKey && !e.shiftKey;
  const key = (e) => {
    if (plain(e) && !field(e.target) && /^(j|k|Enter|ArrowDown|ArrowUp)$/.test(e.key)) seen.push({ key: e.key });
  };
  const click = (e) => {
    const row = e.target instanceof Element ? e.target.closest('.row[data-id]') : null;
    if (row && e.button === 0 && plain(e)) seen.push({ row: row.getAttribute('data-id') });
  };
  addEventListener('keydown', key, true);
  addEventListener('click', click, true);
  window.${GLOBAL} = () => {
    removeEventListener('keydown', key, true);
    removeEventListener('click', click, true);
    delete window.${GLOBAL};
    return seen;
  };
})();`;

/** Stops the recorder (if the page has one) and takes what it recorded. */
export function takeEarlyInput(): readonly EarlyInput[] {
  const take = (window as unknown as Record<string, unknown>)[GLOBAL];
  return typeof take === 'function' ? (take as () => EarlyInput[])() : [];
}

/** A turn for the app between two replayed inputs: the route changes and the list re-renders. */
const settle = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));

/**
 * Replays what was recorded, in order, as if it came now: keys to the app's key handler
 * (./keys.ts listens on `window`), clicks as the row's own click does. Call once the Inbox's
 * handlers listen.
 */
export async function replayEarlyInput(open: (row: string) => void): Promise<void> {
  for (const input of takeEarlyInput()) {
    if ('key' in input) window.dispatchEvent(new KeyboardEvent('keydown', { key: input.key, bubbles: true }));
    else open(input.row);
    await settle();
  }
}
