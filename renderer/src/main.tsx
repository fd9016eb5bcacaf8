/**
 * The page's entry: small, so it runs as soon as the page is parsed. The browser host renders
 * the first screen into the page (./first-screen.tsx); the app itself (React, the screens: most of
 * the page's script, fetched beside this one) starts after the browser has painted that screen,
 * so the rows are on screen while it parses and runs. Without that markup (Electron) it starts at once.
 */
import './styles.css';

// The browser host's address carries the access token; the page that came back has set it as an
// HttpOnly cookie, so the address bar (history, a shared screen) need not show it any longer.
const address = new URL(window.location.href);
if (address.searchParams.has('token')) {
  address.searchParams.delete('token');
  window.history.replaceState(null, '', `${address.pathname}${address.search}${address.hash}`);
}

const start = () => void import('./start');
if (document.getElementById('root')?.firstChild) requestAnimationFrame(() => setTimeout(start));
else start();
