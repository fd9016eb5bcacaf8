/**
 * Times on screen, by the one rule the cards are written with (engine/claims/when.ts, a pure
 * module the renderer shares: RENDERER_SHARED in eslint.config.js): the locale's hour cycle
 * ("9:30 AM" in en-US, "09:30" in en-GB), a range on one day written once ("9:30–9:45 AM"). The
 * browser's locale and zone unless a style is given.
 */
export {
  formatClock,
  formatClockRange,
  formatDay,
  formatSpan,
  formatWhen,
  sameDay,
  type TimeStyle,
} from '../../engine/claims/when';

/** What the app is told of this screen (`app.display`), so the times it writes read the same. */
export function screenStyle(): { locale: string; timeZone: string } {
  const o = new Intl.DateTimeFormat().resolvedOptions();
  return { locale: o.locale, timeZone: o.timeZone };
}
