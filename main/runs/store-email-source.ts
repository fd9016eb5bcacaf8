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
 */
import { inListing, newestFirst, type EmailSource, type FolderQuery } from '../../engine/world/email-source';
import type { Email } from '../../engine/world';
import { emailOf, senderVerified } from '../profile/world-io';
import type { Account, Repositories, WorldPageQuery } from '../store/repositories';

/** The part of a stored date text that names its second (`2026-03-16T09:00:00`). */
const second = (date: string): string => date.slice(0, 19);
/** Above every date text of that second: what follows the second is `Z`, `.`, digits or an offset. */
const afterSecond = (s: string): string => `${s}~`;

export function storeEmailSource(repos: Repositories, account: Account): EmailSource {
  const mail = repos.worldMail;
  const changed = new Map<string, Email>();
  let senders: Map<string, Pick<Email, 'from' | 'authenticated'>> | undefined;
  /** Whether each changed email was in the trash when the run started (the world's order). */
  const trashBefore = new Map<string, boolean>();
  const stored = (id: string): Email | undefined => {
    const m = mail.one(account.id, id);
    return m && emailOf(account, m);
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
        .filter((m) => !changed.has(m.id))
        .map((m) => emailOf(account, m));
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
      const whole = rows.filter((m) => second(m.date) !== last && !changed.has(m.id)).map((m) => emailOf(account, m));
      yield* whole.sort(newestFirst);
      yield* read({ from: last, below: afterSecond(last) }).sort(newestFirst);
      below = last;
    }
  }

  return {
    count: () => mail.count(account.id),
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
      for (const m of mail.each(account.id)) yield changed.get(m.id) ?? emailOf(account, m);
    },
    *headers() {
      for (const h of mail.headers(account.id))
        yield { id: h.id, from: h.from, to: [...h.to], cc: [...h.cc], authenticated: senderVerified(account, h) };
    },
    membershipInputs: () => mail.membershipInputs(account.id),
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
      const e = changed.get(id) ?? stored(id);
      if (!e) return;
      if (!trashBefore.has(id)) trashBefore.set(id, e.folder === 'Trash');
      changed.set(id, { ...e, ...change });
    },
    // The world's order: its mail, then its trash, each by date text and id, newest first.
    worldOrder: (a, b) =>
      Number(trashBefore.get(a.id) ?? a.folder === 'Trash') - Number(trashBefore.get(b.id) ?? b.folder === 'Trash') ||
      (a.date === b.date ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.date < b.date ? 1 : -1),
  };
}
