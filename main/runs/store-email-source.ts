/**
 * A run's mail read from the profile's store as the run goes (engine/world/email-source.ts), not
 * copied into the run first: the run starts at once and holds a page at a time, whatever the
 * mailbox's size. It answers exactly as the world holding the same mail would:
 *
 * - Listings are newest first by time, then by id (`newestFirst`). The store orders by the
 *   stored date text, which sorts by time for dates of one second apart or more (every writer
 *   stores UTC ISO text); within one second the texts of two writers can disagree (`…:00Z` and
 *   `…:00.500Z`), so a second's messages are always read whole and ordered by `newestFirst`.
 * - A folder is matched as the world matches it (lower-cased in JavaScript, not by SQLite's
 *   ASCII-only rules): against the account's folder names.
 * - What the run changed (folder, read flag, labels) is kept here, over the store, and every
 *   later read of the run sees it; the store itself changes after the run (run-on-profile.ts).
 * - `newest` bounds the mail to the newest messages when the run starts (a triage run's): the
 *   source then answers as a world holding only those would.
 * - `worldFileDates` gives each date as a world file states it (UTC, no `.000`: engine/world/
 *   schema.ts), as the engine worker's runs always saw it (their world crossed as a world file);
 *   every order still follows the stored text.
 */
import {
  inListing,
  membershipInputsOf,
  newestFirst,
  type EmailSource,
  type FolderQuery,
} from '../../engine/world/email-source';
import { isoOf, type Email } from '../../engine/world';
import { emailOf, senderVerified } from '../profile/world-io';
import type { Account, WorldMessage, WorldPageQuery } from '../store/repositories';
import type { WorldMailRepo } from '../store/repos/world-mail';

/** The part of a stored date text that names its second (`2026-03-16T09:00:00`). */
const second = (date: string): string => date.slice(0, 19);
/** Above every date text of that second: what follows the second is `Z`, `.`, digits or an offset. */
const afterSecond = (s: string): string => `${s}~`;

export interface StoreEmailOptions {
  /** Only the newest this many messages when the run starts (a triage run's). */
  readonly newest?: number;
  /**
   * Dates as a world file states them (`…:00Z` for `…:00.000Z`): the same instant, and the same
   * second (every writer stores UTC), so a cursor's second is found as from the stored text.
   */
  readonly worldFileDates?: boolean;
}

export function storeEmailSource(mail: WorldMailRepo, account: Account, o: StoreEmailOptions = {}): EmailSource {
  // The bound as the ids it keeps, read once, and where a scan of them stops; none when the
  // mailbox is within it.
  const bound =
    o.newest !== undefined && mail.count(account.id) > o.newest ? mail.newest(account.id, o.newest) : undefined;
  const kept = bound && new Set(bound.ids);
  const within = (m: { id: string }): boolean => !kept || kept.has(m.id);
  const emailOfRow = (m: WorldMessage): Email => {
    const e = emailOf(account, m);
    const ms = o.worldFileDates ? Date.parse(m.date) : Number.NaN;
    return Number.isNaN(ms) ? e : { ...e, date: isoOf(ms) };
  };
  const changed = new Map<string, Email>();
  let senders: Map<string, Pick<Email, 'from' | 'authenticated'>> | undefined;
  /** Each changed email as the run started: in the trash or not, and its stored date (the world's order). */
  const before = new Map<string, { trash: boolean; date: string }>();
  const row = (id: string): WorldMessage | undefined => {
    const m = mail.one(account.id, id);
    return m && within(m) ? m : undefined;
  };
  const stored = (id: string): Email | undefined => {
    const m = row(id);
    return m && emailOfRow(m);
  };

  /**
   * The stored emails of a listing from the second `upTo` down (every one when absent), in order,
   * read in chunks of about a page (`limit`) and growing.
   */
  function* ordered(
    q: FolderQuery,
    folders: readonly string[] | null,
    upTo: string | undefined,
    limit: number,
  ): Generator<Email> {
    const read = (o: Partial<WorldPageQuery>): Email[] =>
      mail
        .page(account.id, { folders, unreadOnly: q.unreadOnly, limit: -1, ...o })
        .filter((m) => within(m) && !changed.has(m.id))
        .map((m) => emailOfRow(m));
    let below = upTo === undefined ? undefined : afterSecond(upTo);
    for (let chunk = Math.min(limit + 1, 2_000); ; chunk = Math.min(chunk * 2, 2_000)) {
      const rows = mail.page(account.id, {
        folders,
        unreadOnly: q.unreadOnly,
        limit: chunk,
        ...(below !== undefined ? { below } : {}),
      });
      if (!rows.length) return;
      // The last second read may go on past the chunk: read it whole.
      const last = second(rows[rows.length - 1]!.date);
      const whole = rows
        .filter((m) => second(m.date) !== last && within(m) && !changed.has(m.id))
        .map((m) => emailOfRow(m));
      yield* whole.sort(newestFirst);
      yield* read({ from: last, below: afterSecond(last) }).sort(newestFirst);
      below = last;
    }
  }

  return {
    count: () => kept?.size ?? mail.count(account.id),
    get: (id) => changed.get(id) ?? stored(id),
    page(q, after, limit) {
      const folders = q.folder === null ? null : mail.folders(account.id).filter((f) => f.toLowerCase() === q.folder);
      const mine = [...changed.values()].filter((e) => inListing(q, e)).sort(newestFirst);
      const fromStore =
        folders?.length === 0 ? [][Symbol.iterator]() : ordered(q, folders, after && second(after.date), limit);
      const isAfter = (e: Email): boolean => !after || newestFirst(after, e) < 0;
      const out: Email[] = [];
      let next = fromStore.next();
      let i = 0;
      while (out.length < limit) {
        while (!next.done && !isAfter(next.value)) next = fromStore.next();
        while (i < mine.length && !isAfter(mine[i]!)) i++;
        const a = next.done ? undefined : next.value;
        const b = mine[i];
        if (!a && !b) break;
        if (b && (!a || newestFirst(b, a) < 0)) {
          out.push(b);
          i++;
        } else {
          out.push(a!);
          next = fromStore.next();
        }
      }
      return out;
    },
    *all() {
      for (const m of mail.each(account.id, bound?.floor)) if (within(m)) yield changed.get(m.id) ?? emailOfRow(m);
    },
    *headers() {
      for (const h of mail.headers(account.id, bound?.floor))
        if (within(h))
          yield { id: h.id, from: h.from, to: [...h.to], cc: [...h.cc], authenticated: senderVerified(account, h) };
    },
    // A triage run's bounded mail is a few thousand headers, read as they are; the whole
    // mailbox's summary is two queries.
    membershipInputs() {
      return bound ? membershipInputsOf(this.headers()) : mail.membershipInputs(account.id);
    },
    sender(id) {
      const e = changed.get(id);
      if (e) return e;
      // Every sender, read once (headers only) the first time a run asks: a gate asks about
      // every email a listing's label names, and one query each would be thousands.
      if (!senders) {
        senders = new Map();
        for (const h of this.headers()) senders.set(h.id, { from: h.from, authenticated: h.authenticated });
      }
      return senders.get(id);
    },
    change(id, change) {
      let e = changed.get(id);
      if (!e) {
        const m = row(id);
        if (!m) return;
        e = emailOfRow(m);
        before.set(id, { trash: m.folder === 'Trash', date: m.date });
      }
      changed.set(id, { ...e, ...change });
    },
    // The world's order: its mail, then its trash, each by stored date text and id, newest first.
    worldOrder(a, b) {
      const [x, y] = [before.get(a.id), before.get(b.id)];
      const [dx, dy] = [x?.date ?? a.date, y?.date ?? b.date];
      return (
        Number(x?.trash ?? a.folder === 'Trash') - Number(y?.trash ?? b.folder === 'Trash') ||
        (dx === dy ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : dx < dy ? 1 : -1)
      );
    },
  };
}
