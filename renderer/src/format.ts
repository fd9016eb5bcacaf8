/** How numbers, dates, sizes and addresses read on screen: in words a person would use. */
import { formatClock, formatWhen } from './time-format';

/** "1 result", "2 results" (the plural given when it is not just an added s). */
export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** A list date as mail clients show it: the time today, the day this year, else the full date. */
export function listDate(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (d.toDateString() === now.toDateString()) return formatClock(iso);
  if (d.getFullYear() === now.getFullYear()) return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return d.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** "Thu, Mar 19, 2026, 3:00 PM": the cards' and the Ask answers' format (./time-format.ts). */
export const longDate = (iso: string): string => formatWhen(iso);

/** 1 byte, 12 KB, 3.4 MB. */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return 'size unknown';
  if (bytes < 1024) return count(bytes, 'byte');
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The display name of `"Name" <addr>`, else the address. */
export const shortFrom = (f: string): string => (/^\s*"?([^"<]+?)"?\s*</.exec(f)?.[1] ?? f).trim();

/** The bare address of `Name <addr>`, lower-cased. */
export const bare = (f: string): string => (/<([^<>]+)>/.exec(f)?.[1] ?? f).trim().toLowerCase();

/** What a person calls an account: the demo's internal name ("demo") is never shown. */
export const accountName = (a: { readonly name: string; readonly demo: boolean }): string =>
  a.demo ? 'Demo account' : a.name;

/** A triage category as a person reads it: "needs reply" and "FYI", not the stored "needs-reply"/"fyi". */
// Capitalised like "All" beside them and the Audit's decisions ("Allowed").
const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  'needs-reply': 'Needs reply',
  meeting: 'Meeting',
  fyi: 'FYI',
  newsletter: 'Newsletter',
  receipt: 'Receipt',
  suspicious: 'Suspicious',
};
export const categoryName = (c: string): string => CATEGORY_NAMES[c] ?? c;

/** A claim's risk as its chip reads: "High". */
/** "reading, which changes nothing" as a table's cell starts it: every other cell starts with a capital. */
export const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
export const riskName = capitalised;

// What happened to a claim, in words ("committed" is the outbox's word: for a person it is done).
const CLAIM_STATE_NAMES: Readonly<Record<string, string>> = {
  pending: 'Waiting for you',
  approved: 'Approved',
  committing: 'Being carried out',
  committed: 'Done',
  rejected: 'Rejected',
  expired: 'Expired',
  failed: 'Failed',
};
export const claimStateName = (s: string): string => CLAIM_STATE_NAMES[s] ?? s;
