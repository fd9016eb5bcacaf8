/**
 * Keyboard shortcuts: single keys and `g x` sequences, ignored while typing in a field. Each
 * screen registers its own map while it is shown.
 */
import { useEffect, useRef } from 'react';

export type KeyMap = Readonly<Record<string, (e: KeyboardEvent) => void>>;

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

export function useKeys(map: KeyMap): void {
  const ref = useRef(map);
  useEffect(() => {
    ref.current = map;
  });
  useEffect(() => {
    let prefix = '';
    let timer: number | undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.metaKey || typing(e.target)) return;
      if (e.ctrlKey && e.key !== 'z') return;
      const key = `${prefix}${e.ctrlKey ? 'ctrl+' : ''}${e.key}`;
      const f = ref.current[key];
      if (f) {
        e.preventDefault();
        prefix = '';
        f(e);
        return;
      }
      if (!prefix && Object.keys(ref.current).some((k) => k.startsWith(`${e.key} `))) {
        prefix = `${e.key} `;
        window.clearTimeout(timer);
        timer = window.setTimeout(() => (prefix = ''), 1200);
      } else prefix = '';
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
