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
