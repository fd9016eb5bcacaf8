import { useEffect, useState } from 'react';

const SCREENS = ['Inbox', 'Review', 'Audit', 'Settings'] as const;
type Screen = (typeof SCREENS)[number];

/** Placeholder shell: the screens arrive in a later issue. */
export function App() {
  const [screen, setScreen] = useState<Screen>('Inbox');
  const [version, setVersion] = useState<string>('');

  useEffect(() => {
    let live = true;
    window.zamburak?.engine
      .version()
      .then((v) => live && setVersion(`v${v.app} · Electron ${v.electron}`))
      .catch(() => live && setVersion('bridge unavailable'));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div style={{ fontFamily: 'system-ui, sans-serif', margin: '2rem', maxWidth: '48rem' }}>
      <h1>Zamburak</h1>
      <nav aria-label="Screens" style={{ display: 'flex', gap: '0.5rem' }}>
        {SCREENS.map((name, i) => (
          <span key={name}>
            {i > 0 && <span aria-hidden="true"> · </span>}
            <button type="button" aria-current={screen === name ? 'page' : undefined} onClick={() => setScreen(name)}>
              {name}
            </button>
          </span>
        ))}
      </nav>
      <main>
        <h2>{screen}</h2>
        <p>The user interface arrives in a later issue. The engine can already be driven from the CLI:</p>
        <pre>npx zamburak --help</pre>
      </main>
      {version && <footer style={{ color: 'gray', fontSize: 'small' }}>{version}</footer>}
    </div>
  );
}
