/**
 * Where a run's mail comes from. A world file holds its mail in memory (`memoryEmailSource`); a
 * run over a profile reads it from the store a page at a time (main/runs/store-email-source.ts),
 * so the run starts in a time and memory that do not grow with the mailbox. The tools see only
 * this interface, and both sources answer exactly alike: same order, same cursor rule, same
 * items, so a plan (and every label) cannot tell them apart.
 *
 * What a run changes (folder, read flag, labels) goes through `change`: the source keeps it, and
 * every later read of the run sees it.
 */
import type { Email } from './schema';
import { msOf } from './time';

/** Which emails a listing holds: one folder (compared case-insensitively) or every one but Trash. */
export interface FolderQuery {
  /** A folder name, lower-cased; `null` for every folder but Trash. */
  readonly folder: string | null;
  readonly unreadOnly: boolean;
}

/** What never changes during a run: what an email's labels and a sender filter read. */
export type EmailHeaders = Pick<Email, 'id' | 'from' | 'to' | 'cc' | 'authenticated'>;

/**
 * What every email's membership in a listing depends on (labels.ts `mailboxMembership`): its id
 * and who it is from and to. None of it changes during a run, and the address sets repeat (a
 * mailbox of 100,000 messages has a few thousand at most), so a listing's structure label is made
 * from this summary, once per run, not from every email's headers on every page.
 */
export interface MembershipInputs {
  /** Every email's id, the trash included. */
  readonly ids: readonly string[];
  /** The distinct address sets (from, to, cc) of those emails. */
  readonly addressed: readonly Addresses[];
}
export interface Addresses {
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
}

/** The membership inputs of these emails (a source that holds its emails in memory). */
export function membershipInputsOf(emails: Iterable<Pick<Email, 'id' | 'from' | 'to' | 'cc'>>): MembershipInputs {
  const ids: string[] = [];
  const addressed = new Map<string, Addresses>();
  for (const { id, from, to, cc } of emails) {
    ids.push(id);
    const key = JSON.stringify([from, to, cc]);
    if (!addressed.has(key)) addressed.set(key, { from, to: [...to], cc: [...cc] });
  }
  return { ids, addressed: [...addressed.values()] };
}

/** What an effect may change on a stored email. */
export type EmailChange = Partial<Pick<Email, 'folder' | 'unread' | 'labels'>>;

export interface EmailSource {
  /** How many emails the account holds, the trash included. */
  count(): number;
  get(id: string): Email | undefined;
  /**
   * The emails of a listing, newest first (`newestFirst`), those after `after` only (an email of
   * the listing), at most `limit`.
   */
  page(query: FolderQuery, after: Email | undefined, limit: number): Email[];
  /** Every email, the trash included, in the world's order (a scan: searches, snapshots). */
  all(): Iterable<Email>;
  /** `all()`'s headers only (cheaper to read: no body). */
  headers(): Iterable<EmailHeaders>;
  /** `headers()` summarized to what a listing's structure label depends on (one read per run). */
  membershipInputs(): MembershipInputs;
  /**
   * Who sent an email, and whether the receiving server authenticated it: what a gate asks of
   * every email a call's label names (thousands after a listing), so it must be quick.
   */
  sender(id: string): Pick<Email, 'from' | 'authenticated'> | undefined;
  change(id: string, change: EmailChange): void;
  /** Orders emails as `all()` does (what a run moved to the trash is reported in that order). */
  worldOrder(a: Email, b: Email): number;
}

/** The order of every listing: newest first, then by id. */
export const newestFirst = (a: Email, b: Email): number => msOf(b.date) - msOf(a.date) || a.id.localeCompare(b.id);

export const inListing = (q: FolderQuery, e: Email): boolean =>
  (q.folder === null ? e.folder !== 'Trash' : e.folder.toLowerCase() === q.folder) && (!q.unreadOnly || e.unread);

/** A world file's mail, held in memory (the emails given are the source's own, changed in place). */
export function memoryEmailSource(emails: Email[]): EmailSource {
  let index: Map<string, number> | undefined;
  const at = (id: string): number | undefined => (index ??= new Map(emails.map((e, i) => [e.id, i]))).get(id);
  const get = (id: string): Email | undefined => {
    const i = at(id);
    return i === undefined ? undefined : emails[i];
  };
  return {
    count: () => emails.length,
    get,
    page(query, after, limit) {
      const sorted = emails.filter((e) => inListing(query, e)).sort(newestFirst);
      const from = after ? sorted.findIndex((e) => e.id === after.id) + 1 : 0;
      return sorted.slice(from, from + limit);
    },
    all: () => emails,
    headers: () => emails,
    membershipInputs: () => membershipInputsOf(emails),
    sender: get,
    change(id, change) {
      const e = get(id);
      if (e) Object.assign(e, change);
    },
    worldOrder: (a, b) => (at(a.id) ?? 0) - (at(b.id) ?? 0),
  };
}
