/**
 * The shell: a left rail with the screens (Review shows how many claims wait), the global Pause
 * switch, the demo banner, the status line, and the current screen from the hash route.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { MailRail } from './components/MailRail';
import { ShortcutSheet } from './components/ShortcutSheet';
import { DemoBanner, RailAccount } from './components/ShownAccount';
import { useKeys } from './keys';
import { currentRoute, go, useRoute, type Screen } from './route';
import { InboxScreen } from './screens/Inbox';
import { staysOn, statusEnds, keyUndoes } from './status-life';
import { useApp } from './store';

// The Inbox is the first paint; the other screens load when first opened.
const ReviewScreen = lazy(() => import('./screens/Review').then((m) => ({ default: m.ReviewScreen })));
const AskScreen = lazy(() => import('./screens/Ask').then((m) => ({ default: m.AskScreen })));
const AuditScreen = lazy(() => import('./screens/Audit').then((m) => ({ default: m.AuditScreen })));
const SettingsScreen = lazy(() => import('./screens/Settings').then((m) => ({ default: m.SettingsScreen })));

const RAIL: readonly { screen: Screen; label: string; key: string }[] = [
  { screen: 'inbox', label: 'Inbox', key: 'g i' },
  { screen: 'review', label: 'Review', key: 'g r' },
  { screen: 'ask', label: 'Ask', key: 'g k' },
  { screen: 'audit', label: 'Audit', key: 'g a' },
  { screen: 'settings', label: 'Settings', key: 'g s' },
];

/** Set before the browser paints (a layout effect): the first frame is already in the right theme. */
function useTheme(theme: string | undefined): void {
  useLayoutEffect(() => {
    const dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [theme]);
}

export function App() {
  const route = useRoute();
  const { info, settings, status, statusSince, statusScreen, refresh, updateSettings, setStatus, report } = useApp();
  const [sheet, setSheet] = useState(false);
  useTheme(settings?.theme);

  // A message belongs to the screen that made it, and lives as long as ./status-life.ts says.
  useEffect(() => {
    const { status: s, statusScreen: madeOn } = useApp.getState();
    if (s && !staysOn(s, madeOn, route.screen)) setStatus(null);
  }, [route.screen, setStatus]);
  useEffect(() => {
    const ends = status && statusEnds(status, statusSince);
    if (!ends) return;
    const t = window.setTimeout(
      () => useApp.getState().status === status && setStatus(status.afterUndoWindow ?? null),
      Math.max(0, ends - Date.now()),
    );
    return () => window.clearTimeout(t);
  }, [status, statusSince, setStatus]);
  const undo = status?.undo;
  const runUndo = async (by: 'key' | 'button') => {
    const { status: s, statusScreen: madeOn } = useApp.getState();
    if (!s?.undo || (by === 'key' && !keyUndoes(s, madeOn, currentRoute().screen))) return;
    const undoing = { text: 'Undoing…', tone: 'info', busy: true } as const;
    setStatus(undoing);
    try {
      await s.undo();
      // The undo may have said more itself ("Not sent: …").
      if (useApp.getState().status === undoing) setStatus({ text: 'Undone.', tone: 'ok' });
    } catch (e) {
      report(e);
    }
  };

  useEffect(() => {
    void refresh();
    const t = window.setInterval(() => void refresh(), 3000);
    return () => window.clearInterval(t);
  }, [refresh]);

  useKeys({
    'g i': () => go('inbox'),
    'g r': () => go('review'),
    'g k': () => go('ask'),
    'g a': () => go('audit'),
    'g s': () => go('settings'),
    '?': () => setSheet((s) => !s),
    Escape: () => setSheet(false),
    z: () => void runUndo('key'),
    'ctrl+z': () => void runUndo('key'),
  });

  const paused = settings?.paused ?? false;
  return (
    <div className="shell">
      <nav className="rail" aria-label="Screens">
        <div className="brand" aria-hidden="true">
          Zamburak
        </div>
        <ul>
          {RAIL.map((r) => (
            <li key={r.screen}>
              <a
                href={`#/${r.screen}`}
                aria-current={route.screen === r.screen ? 'page' : undefined}
                aria-keyshortcuts={r.key.replace(' ', '+')}
              >
                <span>{r.label}</span>
                {r.screen === 'review' && (info?.pendingClaims ?? 0) > 0 && (
                  <span className="badge" aria-label={`${info!.pendingClaims} waiting`}>
                    {info!.pendingClaims}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        <MailRail onInbox={route.screen === 'inbox'} />
        <div className="rail-foot">
          <RailAccount />
          <label className={`pause ${paused ? 'on' : ''}`}>
            <input
              type="checkbox"
              role="switch"
              checked={paused}
              onChange={(e) => void updateSettings({ paused: e.target.checked })}
            />
            {paused ? 'Paused: nothing automatic runs' : 'Pause everything automatic'}
          </label>
          <button type="button" className="link" onClick={() => setSheet(true)}>
            Shortcuts (?)
          </button>
        </div>
      </nav>
      <div className="main">
        <DemoBanner />
        <main className="screen" id="screen">
          <Suspense fallback={<p className="pane empty">Loading…</p>}>
            {route.screen === 'inbox' && <InboxScreen id={route.id} />}
            {route.screen === 'review' && <ReviewScreen id={route.id} />}
            {route.screen === 'ask' && <AskScreen />}
            {route.screen === 'audit' && <AuditScreen />}
            {route.screen === 'settings' && <SettingsScreen />}
          </Suspense>
        </main>
        <footer className={`status ${status?.tone ?? ''}`} role="status" aria-live="polite">
          <span>{status?.text ?? (paused ? 'Paused.' : 'Ready.')}</span>
          {undo && (
            <button type="button" onClick={() => void runUndo('button')}>
              {statusScreen === route.screen ? 'Undo (z)' : 'Undo'}
            </button>
          )}
        </footer>
      </div>
      {sheet && <ShortcutSheet onClose={() => setSheet(false)} />}
    </div>
  );
}
