/**
 * A recurring event as the calendar tools see it: its RRULE text as its server holds it, and
 * whether the series also has exceptions (EXDATE, RDATE, moved or changed occurrences). The
 * event itself is the first occurrence; the claim card says in words how it repeats
 * (engine/claims/repeat-words.ts).
 */

export interface Series {
  /** The RRULE value (`FREQ=WEEKLY;BYDAY=MO`); several RRULEs one a line; empty with RDATEs only. */
  readonly rule: string;
  /** The series has EXDATEs, RDATEs or occurrences of its own (RECURRENCE-ID). */
  readonly exceptions: boolean;
}

/** An RRULE's parts by name (upper case), or null when one repeats or is not `NAME=value`. */
export function ruleParts(rule: string): Map<string, string> | null {
  const parts = new Map<string, string>();
  for (const p of rule.split(';')) {
    const m = /^([A-Za-z-]+)=(.+)$/.exec(p);
    const key = m?.[1]?.toUpperCase();
    if (!m || !key || parts.has(key)) return null;
    parts.set(key, m[2]!);
  }
  return parts;
}

const UNTIL_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/**
 * The series after its start moved by `ms`, as the calendar write keeps it in step
 * (main/calendar/ical.ts `keepInStep`): a UTC date-time UNTIL moves by as much as the start; a
 * date UNTIL and every other part stay. Anything it cannot read stays as written (the commit
 * compares what it wrote with this, and refuses a difference).
 */
export function movedSeries(s: Series, ms: number): Series {
  if (ms === 0 || s.rule.includes('\n')) return s;
  const parts = ruleParts(s.rule);
  const m = UNTIL_TIME.exec(parts?.get('UNTIL') ?? '');
  if (!parts || !m) return s;
  const [, y, mo, d, h, mi, se] = m.map(Number) as number[];
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, se!) + ms).toISOString();
  parts.set('UNTIL', `${t.slice(0, 19).replace(/[-:]/g, '')}Z`);
  return { ...s, rule: [...parts].map(([k, v]) => `${k}=${v}`).join(';') };
}
