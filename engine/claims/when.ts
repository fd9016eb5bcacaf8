/**
 * Times as a person reads them: in their zone and their locale's format, one rule app-wide (the
 * renderer imports this module: it must stay a pure leaf, importing nothing; RENDERER_SHARED in
 * eslint.config.js, test/repo/layout.test.ts). A clock time follows the
 * locale's hour cycle: "9:30 AM" (en-US), "09:30" (en-GB, de). A range on one day is written
 * once, with the day and the AM/PM said once: "9:30–9:45 AM", "Thu, Mar 19, 2026, 9:30–9:45 AM";
 * "09:30–09:45" in en-GB. Pure: the zone and locale are passed in (the host's own when absent:
 * the app passes the ones its screen reports), and a value that is not a time stays as it was.
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

/** Intl's formatter in the style's zone and locale; an unknown zone or locale falls back to the host's. */
export function formatter(style: TimeStyle, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(style.locale, { ...o, ...(style.timeZone ? { timeZone: style.timeZone } : {}) });
  } catch {
    // An unknown zone or locale: the host's own, rather than no time at all.
    return new Intl.DateTimeFormat(undefined, o);
  }
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };

/**
 * The clock's options: a 24-hour locale writes the hour with two digits ("09:30"), as its ranges
 * do (Intl writes "9:30" alone but "09:30–09:45" in en-GB); a 12-hour one does not ("9:30 AM").
 */
export function clock(style: TimeStyle): Intl.DateTimeFormatOptions {
  const cycle = formatter(style, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return { hour: cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric', minute: '2-digit' };
}

/**
 * One spelling whichever call and ICU wrote it: Intl's range dash comes with thin spaces in some
 * locales ("9:30 – 9:45 AM"), written without; and "AM" after a narrow no-break space in some
 * calls and versions, a plain one in others: always a plain space.
 */
export const plain = (s: string): string => s.replace(/\s*–\s*/g, '–').replace(/\u202f/g, ' ');

/** "Thu, Mar 19, 2026, 4:00 PM" in the person's zone; anything unparseable unchanged. */
export function formatWhen(iso: string, style: TimeStyle = {}): string {
  const d = parse(iso);
  return d ? plain(formatter(style, { ...DAY, ...clock(style) }).format(d)) : iso;
}

/** A time of day alone: "9:30 AM" (en-US), "09:30" (en-GB); anything unparseable unchanged. */
export function formatClock(iso: string, style: TimeStyle = {}): string {
  const d = parse(iso);
  return d ? plain(formatter(style, clock(style)).format(d)) : iso;
}

/**
 * A day alone, as the card's times write it ("Mon, Mar 16, 2026"): one format app-wide, the Ask
 * screen's dates and the cards' alike. A date without a time ("2026-03-16") is that day wherever
 * the person is.
 */
export function formatDay(iso: string, style: TimeStyle = {}): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const d = parse(dateOnly ? `${iso}T00:00:00Z` : iso);
  return d ? formatter(dateOnly ? { ...style, timeZone: 'UTC' } : style, DAY).format(d) : iso;
}

/** Do two times fall on the same day where the person is? */
export function sameDay(start: string, end: string, style: TimeStyle = {}): boolean {
  const a = parse(start);
  const b = parse(end);
  const day = formatter(style, DAY);
  return !!a && !!b && day.format(a) === day.format(b);
}

/** The clock times of a span within one day: "9:30–9:45 AM", "11:30 AM–12:30 PM", "09:30–09:45". */
export function formatClockRange(start: string, end: string, style: TimeStyle = {}): string {
  const a = parse(start);
  const b = parse(end);
  if (!a || !b) return [start, end].filter(Boolean).join('–');
  return plain(formatter(style, clock(style)).formatRange(a, b));
}

/** A start and end: the day once when both fall on it ("Thu, Mar 19, 2026, 4:00–4:30 PM"). */
export function formatSpan(start: string, end: string, style: TimeStyle = {}): string {
  const a = parse(start);
  const b = parse(end);
  if (!a || !b) return [start, end].filter(Boolean).join(' to ');
  if (sameDay(start, end, style)) return plain(formatter(style, { ...DAY, ...clock(style) }).formatRange(a, b));
  return `${formatWhen(start, style)} to ${formatWhen(end, style)}`;
}
