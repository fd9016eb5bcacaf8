import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { askFirstPage } from './first-page';
import { parseRoute } from './route';
import './styles.css';

// The browser host's address carries the access token; the page that came back has set it as an
// HttpOnly cookie, so the address bar (history, a shared screen) need not show it any longer.
const address = new URL(window.location.href);
if (address.searchParams.has('token')) {
  address.searchParams.delete('token');
  window.history.replaceState(null, '', `${address.pathname}${address.search}${address.hash}`);
}

// Before React renders: the server reads the Inbox's first rows meanwhile.
if (parseRoute(window.location.hash).screen === 'inbox') askFirstPage();

const root = document.getElementById('root');
if (!root) throw new Error('renderer/index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
