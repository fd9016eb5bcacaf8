/**
 * The page's entry: small, so the app's own start (./start.tsx: React and the screens, most of
 * the page's script) is fetched only when this runs. The browser host renders the first screen
 * into the page (./first-screen.tsx) and imports this script only after that screen is painted
 * (apps/web/bootstrap.ts), so the rows are on screen while the app loads; Electron's page loads
 * it at once and the app renders on its own.
 */
import './styles.css';

// The browser host's address carries the access token; the page that came back has set it as an
// HttpOnly cookie, so the address bar (history, a shared screen) need not show it any longer.
const address = new URL(window.location.href);
if (address.searchParams.has('token')) {
  address.searchParams.delete('token');
  window.history.replaceState(null, '', `${address.pathname}${address.search}${address.hash}`);
}

void import('./start');
