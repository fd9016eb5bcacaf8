/**
 * Keyboard shortcuts: single keys and `g x` sequences, ignored while typing in a field. Each
 * screen registers its own map while it is shown; one listener serves them all, so a sequence
 * started in any map (`g` of `g k`) holds back the single keys of every other (`k` of the Inbox).
 */
import { useEffect, useRef } from 'react';

export type KeyMap = Readonly<Record<string, (e: KeyboardEvent) => void>>;

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** Enter and Space on a focused button or link press it: they are not shortcuts there. */
const pressing = (e: KeyboardEvent): boolean =>
  (e.key === 'Enter' || e.key === ' ') &&
  e.target instanceof HTMLElement &&
  e.target.closest('button, a[href], summary, [role="button"]') !== null;

/** The maps shown now, the most recently registered first (a dialog's keys before its screen's). */
const maps: { current: KeyMap }[] = [];
let prefix = '';
let timer: number | undefined;

function onKey(e: KeyboardEvent): void {
  if (e.altKey || e.metaKey || typing(e.target) || pressing(e)) return;
  if (e.ctrlKey && e.key !== 'z') return;
  const key = `${prefix}${e.ctrlKey ? 'ctrl+' : ''}${e.key}`;
  const handler = maps.map((m) => m.current[key]).find((f) => f !== undefined);
  window.clearTimeout(timer);
  if (handler) {
    e.preventDefault();
    prefix = '';
    handler(e);
    return;
  }
  const starts = !prefix && maps.some((m) => Object.keys(m.current).some((k) => k.startsWith(`${e.key} `)));
  prefix = starts ? `${e.key} ` : '';
  if (starts) timer = window.setTimeout(() => (prefix = ''), 1200);
}

export function useKeys(map: KeyMap): void {
  const ref = useRef(map);
  useEffect(() => {
    ref.current = map;
  });
  useEffect(() => {
    const entry = ref;
    maps.unshift(entry);
    if (maps.length === 1) window.addEventListener('keydown', onKey);
    return () => {
      maps.splice(maps.indexOf(entry), 1);
      if (maps.length === 0) window.removeEventListener('keydown', onKey);
    };
  }, []);
}
