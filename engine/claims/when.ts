/**
 * Times as a person reads them: in their zone and their locale's format, a span on one day
 * written once ("Thu 19 Mar, 16:00–16:30"). Pure: the zone and locale are passed in (the host's
 * own when absent), and a value that is not a time stays as it was.
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
    // An unknown zone or locale: the host's own, rather than no time at all.
    return new Intl.DateTimeFormat(undefined, o);
  }
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** "Thu, 19 Mar 2026, 16:00" in the person's zone; anything unparseable unchanged. */
export function formatWhen(iso: string, style: TimeStyle = {}): string {
  const d = parse(iso);
  return d ? formatter(style, { ...DAY, ...TIME }).format(d) : iso;
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

/** A start and end: the day once when both fall on it ("Thu, 19 Mar 2026, 16:00–16:30"). */
export function formatSpan(start: string, end: string, style: TimeStyle = {}): string {
  const a = parse(start);
  const b = parse(end);
  if (!a || !b) return [start, end].filter(Boolean).join(' to ');
  const day = formatter(style, DAY);
  if (day.format(a) === day.format(b))
    return `${formatter(style, { ...DAY, ...TIME }).format(a)}–${formatter(style, TIME).format(b)}`;
  return `${formatWhen(start, style)} to ${formatWhen(end, style)}`;
}
