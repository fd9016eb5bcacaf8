/** Time helpers: everything in the world is UTC and ISO 8601. */

/** Canonical ISO form: UTC, `Z`, milliseconds only when not zero. */
export function isoOf(ms: number): string {
  const s = new Date(ms).toISOString();
  return s.endsWith('.000Z') ? `${s.slice(0, -5)}Z` : s;
}

const ISO_PREFIX = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;

/** Epoch ms of an ISO 8601 date or date-time, or NaN. */
export const msOf = (s: string): number => (ISO_PREFIX.test(s) ? Date.parse(s) : Number.NaN);

export const isIso = (s: string): boolean => !Number.isNaN(msOf(s));

export const DAY_MS = 86_400_000;

/** Midnight (UTC) of the day containing `ms`. */
export const startOfDay = (ms: number): number => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
