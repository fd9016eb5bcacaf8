/**
 * The app's start (loaded by ./main.tsx): React takes over the first screen the browser host
 * rendered into the page, or renders on its own (Electron, another screen's address).
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeEarlyInput } from './early-input';
import { askFirstPage } from './first-page';
import { Root } from './root';
import { parseRoute, SERVER_RENDERED_HASH } from './route';

// Before React renders: the server reads the Inbox's first rows meanwhile.
if (parseRoute(window.location.hash).screen === 'inbox') askFirstPage();

const root = document.getElementById('root');
if (!root) throw new Error('renderer/index.html has no #root element');

// The browser host rendered the Inbox into the page (./first-screen.tsx): React takes that markup
// over. Another screen's address renders on its own, as Electron's page always does.
const onServerScreen = parseRoute(window.location.hash).screen === parseRoute(SERVER_RENDERED_HASH).screen;
if (root.firstChild && onServerScreen) hydrateRoot(root, <Root />);
else {
  // Input on the markup about to be replaced has nothing to land on.
  takeEarlyInput();
  root.replaceChildren();
  createRoot(root).render(<Root />);
}
