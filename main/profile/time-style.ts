/**
 * The zone and locale the app writes times in (engine/claims/when.ts): the profile's `timeZone`
 * and `locale` settings when the person pinned them, else the ones the screen reported (its OS or
 * browser, `app.display`), else this process's own. The engine stays pure: it is handed the style.
 * Kept per profile in memory: what a screen reports is where it is now, not a setting.
 */
import type { TimeStyle } from '../../engine/claims/when';
import type { Profile } from './profile';

const shown = new WeakMap<Profile, TimeStyle>();

/** What the screen reported: its locale and zone. */
export function showTimesAs(p: Profile, style: TimeStyle): void {
  shown.set(p, style);
}

export function timeStyleOf(p: Profile): TimeStyle {
  const screen = shown.get(p) ?? {};
  const timeZone = p.setting('timeZone') ?? screen.timeZone;
  const locale = p.setting('locale') ?? screen.locale;
  return { ...(timeZone ? { timeZone } : {}), ...(locale ? { locale } : {}) };
}
