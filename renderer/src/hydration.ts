/**
 * Whether the page is past the markup the browser host rendered (`./first-screen.tsx`): false
 * on the host and while React takes that markup over (hydration), true after and whenever the
 * page renders on its own (Electron, another screen). What depends on where it renders (the
 * time zone and language of dates) waits for true, so the two renders agree.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
