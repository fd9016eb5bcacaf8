/**
 * Dates and times in free text, resolved against the world's current time. Everything is UTC:
 * world files carry UTC times, and a rule-based extractor has no way to know a writer's zone.
 *
 * Recognised: ISO (`2026-03-18`, `2026-03-18T14:00:00Z`, `2026-03-18 14:00`); month names
 * (`March 18`, `Mar 18th, 2026`, `18 March`, `Tuesday, March 17`); `today`, `tomorrow`,
 * `the day after tomorrow`; weekdays (`Tuesday`, `on Tuesday`, `this Tuesday`, `next Tuesday`).
 * A time may follow or precede the day (`at 3pm`, `15:00`, `at 10`, `2-3pm`, `from 14:00 to
 * 15:30`, `3pm tomorrow`). A bare hour from 1 to 6 without am/pm is read as afternoon.
 *
 * Weekdays: `Tuesday` / `on Tuesday` is the next Tuesday after today; `this Tuesday` may be
 * today; `next Tuesday` is the Tuesday of next week (weeks start on Monday).
 */

export interface DateMention {
  /** Where the day expression starts in the text, and how long the whole mention is. */
  readonly index: number;
  readonly length: number;
  /** Epoch milliseconds (UTC). */
  readonly start: number;
  /** When a range was given (`2-3pm`). */
  readonly end?: number;
  readonly hasTime: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WD_PREFIX = '(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\\.?,?\\s+)?';

/** A time token that is unmistakably a time. */
const T = '(?:\\d{1,2}(?::\\d{2})?(?!\\d)\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)|\\d{1,2}:\\d{2}(?!\\d)|noon|midday|midnight)';
/** A time token after `at`/`from`, or at the start of a range: a bare hour is allowed. */
const TB = '(?:\\d{1,2}(?::\\d{2})?(?!\\d)(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?|noon|midday|midnight)';
const RANGE = `(?:\\s*(?:-|–|—|to|until|till)\\s*${TB})?`;
const TIME_AFTER = new RegExp(
  `^\\s*,?\\s*(?:(?:at|@|from|,)\\s*${TB}${RANGE}|${T}${RANGE}|${TB}\\s*(?:-|–|—|to|until|till)\\s*${TB})`,
  'i',
);
const TIME_BEFORE = new RegExp(`(?:(?:at|@|from)\\s+${TB}${RANGE}|${T}${RANGE})\\s*,?\\s*(?:on\\s+)?$`, 'i');
const TOKEN = /\d{1,2}(?::\d{2})?(?!\d)(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|noon|midday|midnight/gi;

interface ClockTime {
  readonly h: number;
  readonly m: number;
  readonly meridiem: 'am' | 'pm' | null;
}

function clock(token: string): ClockTime | null {
  const t = token.toLowerCase().replace(/\./g, '').trim();
  if (t === 'noon' || t === 'midday') return { h: 12, m: 0, meridiem: 'pm' };
  if (t === 'midnight') return { h: 0, m: 0, meridiem: 'am' };
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const meridiem = (m[3] as 'am' | 'pm' | undefined) ?? null;
  if (min > 59 || h > 23 || (meridiem && (h < 1 || h > 12))) return null;
  return { h, m: min, meridiem };
}

function minutesOf(c: ClockTime, inherit: 'am' | 'pm' | null): number {
  let h = c.h;
  const mer = c.meridiem ?? (c.h <= 12 ? inherit : null);
  if (mer === 'pm' && h < 12) h += 12;
  else if (mer === 'am' && h === 12) h = 0;
  else if (!mer && h >= 1 && h <= 6) h += 12;
  return h * 60 + c.m;
}

/** Start (and end) in minutes after midnight from a matched time expression. */
function timesOf(matched: string): { start: number; end?: number } | null {
  const toks = (matched.match(TOKEN) ?? []).map(clock);
  const [a, b] = toks;
  if (!a) return null;
  if (!b) return { start: minutesOf(a, null) };
  const end = minutesOf(b, null);
  const start = minutesOf(a, b.meridiem);
  return end > start ? { start, end } : { start };
}

interface Day {
  index: number;
  length: number;
  y: number;
  mo: number;
  d: number;
  /** Set when the expression itself carried a time (ISO date-times). */
  exact?: number;
}

const DAY_MS = 86_400_000;

function validDay(y: number, mo: number, d: number): boolean {
  const t = new Date(Date.UTC(y, mo, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo && t.getUTCDate() === d;
}

const monthIndex = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

export function findDates(text: string, nowIso: string): DateMention[] {
  const now = new Date(Date.parse(nowIso));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: Day[] = [];
  const taken: [number, number][] = [];
  const free = (s: number, e: number): boolean => taken.every(([a, b]) => e <= a || s >= b);
  const add = (day: Day): void => {
    if (!free(day.index, day.index + day.length)) return;
    taken.push([day.index, day.index + day.length]);
    days.push(day);
  };
  const fromMs = (index: number, length: number, ms: number): Day => {
    const t = new Date(ms);
    return { index, length, y: t.getUTCFullYear(), mo: t.getUTCMonth(), d: t.getUTCDate() };
  };

  // ISO dates and date-times.
  for (const m of text.matchAll(
    /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?(?!\d)/g,
  )) {
    const [all, y, mo, d, hh, mm] = m;
    if (!validDay(Number(y), Number(mo) - 1, Number(d))) continue;
    const day: Day = { index: m.index, length: all.length, y: Number(y), mo: Number(mo) - 1, d: Number(d) };
    if (hh !== undefined && mm !== undefined) {
      const zone = m[7] ?? 'Z';
      const iso = `${y}-${mo}-${d}T${hh}:${mm}:${m[6] ?? '00'}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
      const ms = Date.parse(iso);
      if (Number.isNaN(ms)) continue;
      day.exact = ms;
    }
    add(day);
  }

  // Month names: "March 18", "Tue, Mar 17th, 2026", "18 March", "the 18th of March".
  const year = now.getUTCFullYear();
  for (const m of text.matchAll(
    new RegExp(`\\b${WD_PREFIX}${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d|:)(?:,?\\s+(\\d{4})(?!\\d))?`, 'gi'),
  )) {
    const mo = monthIndex(m[1] ?? '');
    const d = Number(m[2]);
    const y = m[3] ? Number(m[3]) : year;
    if (mo >= 0 && validDay(y, mo, d)) add({ index: m.index, length: m[0].length, y, mo, d });
  }
  for (const m of text.matchAll(
    new RegExp(
      `\\b${WD_PREFIX}(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b\\.?(?:,?\\s+(\\d{4})(?!\\d))?`,
      'gi',
    ),
  )) {
    const d = Number(m[1]);
    const mo = monthIndex(m[2] ?? '');
    const y = m[3] ? Number(m[3]) : year;
    if (mo >= 0 && validDay(y, mo, d)) add({ index: m.index, length: m[0].length, y, mo, d });
  }

  // Relative days.
  for (const m of text.matchAll(/\b(the day after tomorrow|today|tonight|tomorrow)\b/gi)) {
    const w = (m[1] ?? '').toLowerCase();
    const offset = w === 'tomorrow' ? 1 : w === 'the day after tomorrow' ? 2 : 0;
    add(fromMs(m.index, m[0].length, today + offset * DAY_MS));
  }
  const todayWd = now.getUTCDay();
  for (const m of text.matchAll(
    /\b(?:(next|this|coming|on)\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
  )) {
    const which = (m[1] ?? '').toLowerCase();
    const wd = WEEKDAYS.indexOf((m[2] ?? '').toLowerCase());
    let ahead: number;
    if (which === 'next') {
      // The given weekday in the week after this one (weeks start on Monday).
      const sinceMonday = (todayWd + 6) % 7;
      ahead = 7 - sinceMonday + ((wd + 6) % 7);
    } else if (which === 'this') {
      ahead = (wd - todayWd + 7) % 7;
    } else {
      ahead = (wd - todayWd + 7) % 7 || 7;
    }
    add(fromMs(m.index, m[0].length, today + ahead * DAY_MS));
  }

  const out: DateMention[] = [];
  for (const day of days.sort((a, b) => a.index - b.index)) {
    const midnight = Date.UTC(day.y, day.mo, day.d);
    if (day.exact !== undefined) {
      out.push({ index: day.index, length: day.length, start: day.exact, hasTime: true });
      continue;
    }
    const after = TIME_AFTER.exec(text.slice(day.index + day.length, day.index + day.length + 40));
    const beforeText = text.slice(Math.max(0, day.index - 40), day.index);
    const before = after ? null : TIME_BEFORE.exec(beforeText);
    const times = after ? timesOf(after[0]) : before ? timesOf(before[0]) : null;
    if (!times) {
      out.push({ index: day.index, length: day.length, start: midnight, hasTime: false });
      continue;
    }
    const index = before ? day.index - (beforeText.length - before.index) : day.index;
    const length = after ? day.length + after[0].length : day.index + day.length - index;
    out.push({
      index,
      length,
      start: midnight + times.start * 60_000,
      ...(times.end !== undefined ? { end: midnight + times.end * 60_000 } : {}),
      hasTime: true,
    });
  }
  return out;
}
