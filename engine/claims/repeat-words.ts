/**
 * How a series repeats, in plain words for the claim card, from its RRULE as the server holds it:
 * "Every Monday", "Every 2 weeks on Tuesday and Thursday", "Daily, 10 times", "Monthly on the
 * last Friday until 31 Mar 2027". Only rules whose every part is phrased exactly are put in
 * words; any other (BYSETPOS, BYMONTH, hourly, a week start that changes which weeks…) is shown
 * as written: "Repeats (rule: …)". A phrase is never a guess.
 */
import { ruleParts, type Series } from '../tools/series';
import { clock, formatter, plain, type TimeStyle } from './when';

const DAYS: Readonly<Record<string, string>> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const WEEK = Object.keys(DAYS);
const NTH: Readonly<Record<string, string>> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '5': 'fifth',
  '-1': 'last',
};
/** The parts a phrase can say; any other part means the rule is shown as written. */
const PHRASED = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'WKST']);
const UNITS: Readonly<Record<string, readonly [string, string]>> = {
  DAILY: ['Daily', 'day'],
  WEEKLY: ['Weekly', 'week'],
  MONTHLY: ['Monthly', 'month'],
  YEARLY: ['Yearly', 'year'],
};
const POSITIVE = /^[1-9]\d{0,5}$/;

const and = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** "Monday, Wednesday and Friday" for plain days in week order, each once; null otherwise. */
function weekdays(byday: string): string | null {
  const days = byday.toUpperCase().split(',');
  if (days.some((d) => !WEEK.includes(d)) || new Set(days).size !== days.length) return null;
  return and(WEEK.filter((d) => days.includes(d)).map((d) => DAYS[d]!));
}

/** " on the first Monday", " on the 15th", " on the last day" (one of them); null otherwise. */
function dayOfMonth(parts: ReadonlyMap<string, string>): string | null {
  const byday = parts.get('BYDAY');
  const bymonthday = parts.get('BYMONTHDAY');
  if (byday !== undefined && bymonthday !== undefined) return null;
  if (byday !== undefined) {
    const m = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/i.exec(byday);
    const nth = m && NTH[m[1]!.replace(/^\+/, '')];
    return nth ? ` on the ${nth} ${DAYS[m[2]!.toUpperCase()]}` : null;
  }
  if (bymonthday !== undefined) {
    if (bymonthday === '-1') return ' on the last day';
    return /^\+?([1-9]|[12]\d|3[01])$/.test(bymonthday) ? ` on the ${ordinal(Number(bymonthday))}` : null;
  }
  return '';
}

/** "until 31 Mar 2027" (a date) or "until 31 Mar 2027, 15:00" (a UTC time, in the person's zone). */
function untilWords(until: string, style: TimeStyle): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z))?$/.exec(until);
  if (!m || (m[4] !== undefined && m[7] !== 'Z')) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => Number(x ?? 0));
  const time = m[4] !== undefined;
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
  if (at.getUTCDate() !== d || at.getUTCMonth() !== mo! - 1) return null;
  const o: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
  // A date is that day wherever one is; a time is shown in the person's zone, as every time is.
  return time
    ? `until ${plain(formatter(style, { ...o, ...clock(style) }).format(at))}`
    : `until ${formatter({ ...style, timeZone: 'UTC' }, o).format(at)}`;
}

/** One RRULE in words, or null when any part of it is not phrased exactly. */
export function ruleWords(rule: string, style: TimeStyle = {}): string | null {
  const parts = ruleParts(rule);
  if (!parts || [...parts.keys()].some((k) => !PHRASED.has(k))) return null;
  const freq = parts.get('FREQ')?.toUpperCase() ?? '';
  const unit = UNITS[freq];
  const intervalText = parts.get('INTERVAL') ?? '1';
  if (!unit || !POSITIVE.test(intervalText)) return null;
  const interval = Number(intervalText);
  const byday = parts.get('BYDAY');
  // The week start changes which weeks a rule of several days every n weeks keeps.
  const wkst = parts.get('WKST')?.toUpperCase();
  if (wkst !== undefined && (!WEEK.includes(wkst) || (freq === 'WEEKLY' && interval > 1 && wkst !== 'MO'))) return null;
  const every = interval === 1 ? unit[0] : `Every ${interval} ${unit[1]}s`;
  let base: string;
  if (freq === 'WEEKLY' && byday !== undefined) {
    if (parts.has('BYMONTHDAY')) return null;
    const days = weekdays(byday);
    if (!days) return null;
    base = interval === 1 ? `Every ${days}` : `Every ${interval} weeks on ${days}`;
  } else if (freq === 'MONTHLY') {
    const on = dayOfMonth(parts);
    if (on === null) return null;
    base = `${every}${on}`;
  } else {
    if (byday !== undefined || parts.has('BYMONTHDAY')) return null;
    base = every;
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return null;
  if (count !== undefined) {
    if (!POSITIVE.test(count)) return null;
    return `${base}, ${count === '1' ? 'once' : `${count} times`}`;
  }
  if (until !== undefined) {
    const words = untilWords(until, style);
    return words && `${base} ${words}`;
  }
  return base;
}

/** How a series repeats, for the card: its rule in words, else as written; and its exceptions. */
export function seriesWords(s: Series, style: TimeStyle = {}): string {
  const rules = s.rule.split('\n').filter(Boolean);
  const words = rules.length === 1 ? ruleWords(rules[0]!, style) : null;
  const base =
    words ??
    (rules.length === 0
      ? 'Repeats on dates of its own'
      : `Repeats (${rules.length === 1 ? 'rule' : 'rules'}: ${rules.join('; ')})`);
  return s.exceptions ? `${base}, with some occurrences changed, added or cancelled` : base;
}
