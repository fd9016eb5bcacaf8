/**
 * Dates and times in free text, resolved against the world's current time. Everything is UTC:
 * world files carry UTC times, and a rule-based extractor has no way to know a writer's zone.
 *
 * Recognised: ISO (`2026-03-18`, `2026-03-18T14:00:00Z`, `2026-03-18 14:00`); month names
 * (`March 18`, `Mar 18th, 2026`, `18 March`, `Tuesday, March 17`); `today`, `tomorrow`,
 * `the day after tomorrow`; weekdays (`Tuesday`, `on Tuesday`, `this Tuesday`, `next Tuesday`).
 * Numeric dates when the order is unmistakable: `18.03.2026` (day first), `2026/03/18`, and
 * `18/03/2026` or `03/18/2026` only when one side is over 12 (`03/04/2026` is left alone: it
 * could be either). Relative spans: `in 3 days`, `in a week`, `next week` (its Monday), `end of
 * the week` (Friday), `end of the month`.
 *
 * A time may follow or precede the day (`at 3pm`, `15:00`, `at 10`, `2-3pm`, `from 14:00 to
 * 15:30`, `3pm tomorrow`, `15h30`, `3 o'clock`, `half past 3`, `quarter to 4`), or be a part of
 * the day (`tomorrow morning` 09:00, `Friday afternoon` 14:00, `this evening` 18:00, `tonight`
 * 19:00, `end of day`/`EOD` 17:00). A bare hour from 1 to 6 without am/pm is read as afternoon.
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

/** Times written in words or the continental way: `half past 3`, `quarter to 4`, `3 o'clock`, `15h30`. */
const WORDY =
  "(?:(?:half past|quarter past|quarter to)\\s+\\d{1,2}(?!\\d)(?:\\s*(?:am|pm))?|\\d{1,2}\\s*o'?clock(?:\\s*(?:am|pm))?|\\d{1,2}h(?:\\d{2})?(?![\\p{L}\\d]))";
/** A time token that is unmistakably a time. */
const T = `(?:\\d{1,2}(?::\\d{2})?(?!\\d)\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)|\\d{1,2}:\\d{2}(?!\\d)|${WORDY}|noon|midday|midnight)`;
/** A time token after `at`/`from`, or at the start of a range: a bare hour is allowed. */
const TB = `(?:${WORDY}|\\d{1,2}(?::\\d{2})?(?!\\d)(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?|noon|midday|midnight)`;
const RANGE = `(?:\\s*(?:-|–|—|to|until|till)\\s*${TB})?`;
const TIME_AFTER = new RegExp(
  `^\\s*,?\\s*(?:(?:at|@|from|um|à|om|,)\\s*${TB}${RANGE}|${T}${RANGE}|${TB}\\s*(?:-|–|—|to|until|till)\\s*${TB})`,
  'iu',
);
const TIME_BEFORE = new RegExp(`(?:(?:at|@|from)\\s+${TB}${RANGE}|${T}${RANGE})\\s*,?\\s*(?:on\\s+)?$`, 'iu');
const TOKEN = new RegExp(
  `${WORDY}|\\d{1,2}(?::\\d{2})?(?!\\d)(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?|noon|midday|midnight`,
  'giu',
);
/** A part of the day right after the day (`tomorrow morning`) or before it (`this evening`), in minutes. */
const PARTS: Record<string, number> = { morning: 540, afternoon: 840, evening: 1080, night: 1140, eod: 1020 };
const PART_AFTER = /^\s*,?\s*(?:in the\s+|at\s+)?(morning|afternoon|evening|night|eod|end of (?:the )?day)\b/i;

interface ClockTime {
  readonly h: number;
  readonly m: number;
  readonly meridiem: 'am' | 'pm' | null;
}

function clock(token: string): ClockTime | null {
  const t = token.toLowerCase().replace(/\./g, '').trim();
  if (t === 'noon' || t === 'midday') return { h: 12, m: 0, meridiem: 'pm' };
  if (t === 'midnight') return { h: 0, m: 0, meridiem: 'am' };
  const words = /^(half past|quarter past|quarter to)\s+(\d{1,2})\s*(am|pm)?$/.exec(t);
  if (words) {
    const h = Number(words[2]);
    const meridiem = (words[3] as 'am' | 'pm' | undefined) ?? null;
    if (h < 1 || h > 12) return null;
    if (words[1] === 'quarter to') return { h: h === 1 ? 12 : h - 1, m: 45, meridiem };
    return { h, m: words[1] === 'half past' ? 30 : 15, meridiem };
  }
  const continental = /^(\d{1,2})h(\d{2})?$/.exec(t);
  if (continental) {
    const h = Number(continental[1]);
    const min = continental[2] ? Number(continental[2]) : 0;
    return h > 23 || min > 59 ? null : { h, m: min, meridiem: h >= 13 || h === 0 ? null : h === 12 ? 'pm' : 'am' };
  }
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(?:o'?clock)?\s*(am|pm)?$/.exec(t);
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
  /** Minutes after midnight the expression implies when no time follows (`this evening`). */
  part?: number;
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
  for (const m of text.matchAll(/\b(the day after tomorrow|today|tomorrow)\b/gi)) {
    const w = (m[1] ?? '').toLowerCase();
    const offset = w === 'tomorrow' ? 1 : w === 'the day after tomorrow' ? 2 : 0;
    add(fromMs(m.index, m[0].length, today + offset * DAY_MS));
  }
  // Parts of today: "this morning", "this evening", "tonight"; and "by EOD" on its own.
  for (const m of text.matchAll(/\b(?:this\s+(morning|afternoon|evening)|(tonight))\b/gi)) {
    add({ ...fromMs(m.index, m[0].length, today), part: PARTS[(m[1] ?? 'night').toLowerCase()]! });
  }
  for (const m of text.matchAll(
    /(?<!(?:day|tomorrow|today|night)\s*,?\s*)\b(?:by\s+)?(?:eod|end of (?:the )?day)\b(?!\s*,?\s*(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|today))/gi,
  )) {
    add({ ...fromMs(m.index, m[0].length, today), part: PARTS.eod! });
  }

  // Numeric dates, only when the order is unmistakable.
  for (const m of text.matchAll(/(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.]\d)/g)) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
    if (validDay(y, mo, d)) add({ index: m.index, length: m[0].length, y, mo, d });
  }
  for (const m of text.matchAll(/(?<![\d/])(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\d/])/g)) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
    if (validDay(y, mo, d)) add({ index: m.index, length: m[0].length, y, mo, d });
  }
  for (const m of text.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g)) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // 03/04/2026 is March 4 to some and 3 April to others: not a guess to make.
    const dayFirst = a > 12 && b <= 12;
    const monthFirst = b > 12 && a <= 12;
    if (!dayFirst && !monthFirst) continue;
    const [d, mo] = dayFirst ? [a, b - 1] : [b, a - 1];
    if (validDay(y, mo, d)) add({ index: m.index, length: m[0].length, y, mo, d });
  }

  // Relative spans: "in 3 days", "in a week", "next week", "end of the week/month".
  const COUNT: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10 };
  for (const m of text.matchAll(/\bin\s+(\d{1,2}|an?|one|two|three|four|five|ten)\s+(days?|weeks?)\b/gi)) {
    const n = COUNT[(m[1] ?? '').toLowerCase()] ?? Number(m[1]);
    add(fromMs(m.index, m[0].length, today + n * (/^w/i.test(m[2] ?? '') ? 7 : 1) * DAY_MS));
  }
  const todayWd = now.getUTCDay();
  for (const m of text.matchAll(/\bnext week\b/gi)) {
    add(fromMs(m.index, m[0].length, today + (7 - ((todayWd + 6) % 7)) * DAY_MS));
  }
  for (const m of text.matchAll(/\b(?:the\s+)?end of (?:the|this)\s+(week|month)\b/gi)) {
    const endOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0);
    add(fromMs(m.index, m[0].length, /week/i.test(m[1] ?? '') ? today + ((5 - todayWd + 7) % 7) * DAY_MS : endOfMonth));
  }

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
    // "tomorrow evening at 7": the part of the day, then perhaps a time that it puts in the afternoon.
    const partMatch = PART_AFTER.exec(text.slice(day.index + day.length, day.index + day.length + 30));
    const partName = partMatch?.[1]?.toLowerCase();
    const part = partName ? PARTS[partName.startsWith('end') ? 'eod' : partName] : day.part;
    const dayEnd = day.index + day.length + (partMatch?.[0].length ?? 0);
    const after = TIME_AFTER.exec(text.slice(dayEnd, dayEnd + 40));
    const beforeText = text.slice(Math.max(0, day.index - 40), day.index);
    const before = after ? null : TIME_BEFORE.exec(beforeText);
    const times = after ? timesOf(after[0]) : before ? timesOf(before[0]) : null;
    if (!times) {
      out.push({
        index: day.index,
        length: dayEnd - day.index,
        start: midnight + (part ?? 0) * 60_000,
        hasTime: part !== undefined,
      });
      continue;
    }
    const pm = part !== undefined && part >= 720 && times.start < 720 ? 720 : 0;
    const index = before ? day.index - (beforeText.length - before.index) : day.index;
    const length = after ? dayEnd - day.index + after[0].length : dayEnd - index;
    out.push({
      index,
      length,
      start: midnight + (times.start + pm) * 60_000,
      ...(times.end !== undefined ? { end: midnight + (times.end + pm) * 60_000 } : {}),
      hasTime: true,
    });
  }
  return out;
}
