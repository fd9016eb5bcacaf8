/**
 * The first screen as HTML, rendered by the browser host (apps/web/bootstrap.ts) from the same
 * answers it writes into the page: the shell and the Inbox's first rows are in the HTML, so the
 * browser paints them before the page's script has loaded, and React then takes that markup over
 * (`hydrateRoot` in ./main.tsx) with the same components and the same answers. React escapes
 * every string it writes. Electron loads the page from a file and renders it on its own.
 *
 * Runs in Node: it renders synchronously through the renderer's own modules (the store, the
 * first page), which it fills with the answers first and empties after, so one render cannot
 * leak into the next.
 */
import { renderToString } from 'react-dom/server';
import type { AppInfo, AccountView, BootstrapAnswer, Settings } from '../../preload/contract';
import { holdBootstrapped, takeBootstrapped } from './bootstrap';
import { askFirstPage, FIRST_PAGE, takeFirstPage, WRITTEN_PAGE } from './first-page';
import { Root } from './root';
import { startShell } from './store';

export interface FirstScreen {
  /** What goes inside the page's root element. */
  readonly html: string;
  /** The theme the settings pin (a "system" theme follows the browser through the stylesheet). */
  readonly theme: 'light' | 'dark' | null;
}

/** The Inbox screen for these answers, or null when one of them is missing (the page then renders on its own). */
export function renderFirstScreen(answers: readonly BootstrapAnswer[]): FirstScreen | null {
  holdBootstrapped(answers);
  try {
    const info = takeBootstrapped<AppInfo>('app.info', []);
    const settings = takeBootstrapped<Settings>('settings.get', []);
    const accounts = takeBootstrapped<AccountView[]>('accounts.list', []);
    const page = answers.some(
      (a) => a.call === 'inbox.page' && JSON.stringify(a.args) === JSON.stringify([WRITTEN_PAGE]),
    );
    if (!info || !settings || !accounts || !page) return null;
    askFirstPage();
    startShell({ info, settings, accounts });
    const html = renderToString(<Root />);
    return { html, theme: settings.theme === 'system' ? null : settings.theme };
  } finally {
    takeFirstPage(FIRST_PAGE);
    holdBootstrapped([]);
    startShell({ info: null, settings: null, accounts: [] });
  }
}
