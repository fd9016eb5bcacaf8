/**
 * The Inbox's first page, asked for as the script starts, before React renders the shell: the
 * server reads it while the page renders instead of after. Taken once, by the Inbox's first
 * read of the same query; any other query (another folder, a search, a reload) asks anew.
 */
import type { InboxPage, InboxQuery } from '../../preload/contract';
import { FIRST_INBOX_PAGE } from '../../preload/contract-values';
import { api } from './api';

/** What the Inbox asks for first: every account's Inbox, one page (the browser host writes its answer into the page). */
export const FIRST_PAGE: InboxQuery = FIRST_INBOX_PAGE;

let early: { readonly key: string; readonly page: Promise<InboxPage> } | null = null;

export function askFirstPage(): void {
  const page = api.inbox.page(FIRST_PAGE);
  // Whoever takes it sees a failure; untaken, it must not be an unhandled rejection.
  page.catch(() => undefined);
  early = { key: JSON.stringify(FIRST_PAGE), page };
}

/** The page asked for early when `q` is the same query, once; else null. */
export function takeFirstPage(q: InboxQuery): Promise<InboxPage> | null {
  const taken = early;
  early = null;
  return taken && taken.key === JSON.stringify(q) ? taken.page : null;
}
