import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

// The browser host's address carries the access token; the page that came back has set it as an
// HttpOnly cookie, so the address bar (history, a shared screen) need not show it any longer.
const address = new URL(window.location.href);
if (address.searchParams.has('token')) {
  address.searchParams.delete('token');
  window.history.replaceState(null, '', `${address.pathname}${address.search}${address.hash}`);
}

const root = document.getElementById('root');
if (!root) throw new Error('renderer/index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
