/**
 * Times on screen, by the one rule of engine/claims/when.ts (which the renderer may not import;
 * test/renderer/time-format.test.ts holds the two alike): the locale's hour cycle ("9:30 AM" in
 * en-US, "09:30" in en-GB), a range on one day written once ("9:30–9:45 AM"). The browser's
 * locale and zone unless a style is given.
 */
export interface TimeStyle {
  readonly timeZone?: string;
  readonly locale?: string;
}

const parse = (iso: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

function formatter(style: TimeStyle, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(style.locale, { ...o, ...(style.timeZone ? { timeZone: style.timeZone } : {}) });
  } catch {
    return new Intl.DateTimeFormat(undefined, o);
  }
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };

function clock(style: TimeStyle): Intl.DateTimeFormatOptions {
  const cycle = formatter(style, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return { hour: cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric', minute: '2-digit' };
}

const plain = (s: string): string => s.replace(/\s*–\s*/g, '–').replace(/\u202f/g, ' ');

/** "Thu, Mar 19, 2026, 4:00 PM". */
export function formatWhen(iso: string, style: TimeStyle = {}): string {
  const d = parse(iso);
  return d ? plain(formatter(style, { ...DAY, ...clock(style) }).format(d)) : iso;
}

/** "9:30 AM" (en-US), "09:30" (en-GB). */
export function formatClock(iso: string, style: TimeStyle = {}): string {
  const d = parse(iso);
  return d ? plain(formatter(style, clock(style)).format(d)) : iso;
}

/** "Mon, Mar 16, 2026"; a date without a time is that day wherever the person is. */
export function formatDay(iso: string, style: TimeStyle = {}): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const d = parse(dateOnly ? `${iso}T00:00:00Z` : iso);
  return d ? formatter(dateOnly ? { ...style, timeZone: 'UTC' } : style, DAY).format(d) : iso;
}

export function sameDay(start: string, end: string, style: TimeStyle = {}): boolean {
  const a = parse(start);
  const b = parse(end);
  const day = formatter(style, DAY);
  return !!a && !!b && day.format(a) === day.format(b);
}

/** "9:30–9:45 AM", "11:30 AM–12:30 PM", "09:30–09:45". */
export function formatClockRange(start: string, end: string, style: TimeStyle = {}): string {
  const a = parse(start);
  const b = parse(end);
  if (!a || !b) return [start, end].filter(Boolean).join('–');
  return plain(formatter(style, clock(style)).formatRange(a, b));
}

/** "Thu, Mar 19, 2026, 4:00–4:30 PM"; over days, "… to …". */
export function formatSpan(start: string, end: string, style: TimeStyle = {}): string {
  const a = parse(start);
  const b = parse(end);
  if (!a || !b) return [start, end].filter(Boolean).join(' to ');
  if (sameDay(start, end, style)) return plain(formatter(style, { ...DAY, ...clock(style) }).formatRange(a, b));
  return `${formatWhen(start, style)} to ${formatWhen(end, style)}`;
}

/** What the app is told of this screen (`app.display`), so the times it writes read the same. */
export function screenStyle(): { locale: string; timeZone: string } {
  const o = new Intl.DateTimeFormat().resolvedOptions();
  return { locale: o.locale, timeZone: o.timeZone };
}
