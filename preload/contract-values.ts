/**
 * The contract's plain values, without zod: what the renderer's first chunk needs (the schemas
 * in contract.ts load beside the first calls, not before the Inbox's first paint). contract.ts
 * re-exports them, so everything else imports from there.
 */

export const CATEGORIES = ['needs-reply', 'meeting', 'fyi', 'newsletter', 'receipt', 'suspicious'] as const;

/** A refused or failed call, as the renderer sees it (kind from ApiError, or `network`). */
export class ZamburakError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = 'ZamburakError';
  }
}

/**
 * The browser host's page carries the answers to the calls the page makes first (the Inbox's
 * first page, the app's info, settings and accounts), so they need no round trip: a
 * `<script type="application/json">` block of this id holding a list of these. The renderer still
 * parses each value with its call's schema before a screen sees it, and takes each one once.
 */
/** What the Inbox asks for first: every account's Inbox, one page. */
export const FIRST_INBOX_PAGE = { folder: 'INBOX', limit: 200 } as const;

/**
 * The start of that page, which the browser host writes into its page: the rows a first screen
 * shows (18 in a list 1,200 px tall; 30 fill 2,000 px) and the cursor to the rest, which the list
 * asks for as its end comes near, as it does for every later page. The whole first page (80 KB of
 * JSON at 10,000 messages, most of the page's bytes) was parsed before the first frame.
 */
export const WRITTEN_INBOX_PAGE = { ...FIRST_INBOX_PAGE, limit: 30 } as const;

export const BOOTSTRAP_ELEMENT_ID = 'zamburak-bootstrap';

export interface BootstrapAnswer {
  /** `namespace.call`. */
  readonly call: string;
  readonly args: readonly unknown[];
  /** The router's answer, as `POST /api/CALL` would have sent it. */
  readonly value: unknown;
}

/**
 * The most a message the person writes may carry in files, all together (what most mail servers
 * accept): the composer says so when files would pass it, and the bridge's schema refuses a send
 * over it (`SendInput`) before a byte of it is decoded, whatever the renderer sends.
 */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/** How many bytes base64 text decodes to at most, from its length alone (nothing decoded). */
export const base64Bytes = (base64: string): number => {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor(((base64.length - padding) * 3) / 4);
};
