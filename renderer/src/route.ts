/** Hash routes (contracts.md): #/inbox, #/inbox/ID, #/review, #/review/ID, #/ask, #/audit, #/settings. */
import { useSyncExternalStore } from 'react';

export const SCREENS = ['inbox', 'review', 'ask', 'audit', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

export interface Route {
  readonly screen: Screen;
  readonly id: string | null;
}

export function parseRoute(hash: string): Route {
  const [, screen = 'inbox', ...rest] = hash.replace(/^#/, '').split('/');
  const s = (SCREENS as readonly string[]).includes(screen) ? (screen as Screen) : 'inbox';
  return { screen: s, id: rest.length ? decodeURIComponent(rest.join('/')) : null };
}

export const go = (screen: Screen, id?: string | null): void => {
  window.location.hash = `#/${screen}${id ? `/${encodeURIComponent(id)}` : ''}`;
};

/**
 * The route as the address has it now. `go` changes the address at once, but a screen learns of
 * it only once the hashchange event has been handled and rendered: a key pressed in between (a
 * quick `j x`, or any key on a busy machine) must act where the person already is.
 */
export const currentRoute = (): Route => parseRoute(window.location.hash);

const subscribe = (f: () => void) => {
  window.addEventListener('hashchange', f);
  return () => window.removeEventListener('hashchange', f);
};

/**
 * The route the browser host renders the first screen for (it never sees the address's hash):
 * the page starts on it when it takes over that screen, and moves on to its own hash at once.
 */
export const SERVER_RENDERED_HASH = '#/inbox';

export function useRoute(): Route {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => SERVER_RENDERED_HASH,
  );
  return parseRoute(hash);
}
