/**
 * The Inbox's first page: its first rows written into the page by the browser host
 * (`./bootstrap.ts`), so the Inbox renders them in its first frame and asks for the rest as its
 * end comes near; else (Electron) the whole page asked for as the script starts,
 * before React renders the shell, so the server reads it while the page renders. Taken once, by
 * the Inbox's first read of the same query; any other query (another folder, a search, a
 * reload) asks anew.
 */
import type { InboxPage, InboxQuery } from '../../preload/contract';
import { FIRST_INBOX_PAGE, WRITTEN_INBOX_PAGE } from '../../preload/contract-values';
import { api } from './api';
import { takeBootstrapped } from './bootstrap';

/** What the Inbox asks for first: every account's Inbox, one page. */
export const FIRST_PAGE: InboxQuery = FIRST_INBOX_PAGE;

/**
 * What the browser host writes in of it: its first rows, with the cursor to the rest (the Inbox
 * asks for the rest as for any later page, as its end comes near).
 */
export const WRITTEN_PAGE: InboxQuery = WRITTEN_INBOX_PAGE;

let early: {
  readonly key: string;
  readonly page: Promise<InboxPage>;
  /** The page itself when the host wrote it in: no need to wait for it. */
  readonly written: InboxPage | null;
} | null = null;

export function askFirstPage(): void {
  const written = takeBootstrapped<InboxPage>('inbox.page', [WRITTEN_PAGE]) ?? null;
  const page = written ? Promise.resolve(written) : api.inbox.page(FIRST_PAGE);
  // Whoever takes it sees a failure; untaken, it must not be an unhandled rejection.
  page.catch(() => undefined);
  early = { key: JSON.stringify(FIRST_PAGE), page, written };
}

/** The first page, when it is already here for the same query as `q` (the Inbox's first render). */
export const writtenFirstPage = (q: InboxQuery): InboxPage | null =>
  early && early.key === JSON.stringify(q) ? early.written : null;

/** The page asked for early when `q` is the same query, once; else null. */
export function takeFirstPage(q: InboxQuery): Promise<InboxPage> | null {
  const taken = early;
  early = null;
  return taken && taken.key === JSON.stringify(q) ? taken.page : null;
}
