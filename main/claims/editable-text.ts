/**
 * The text fields of a pending claim a person may rewrite before approving (claim-edit.ts). A
 * module of its own so the command line can name them as flags without loading the claim store.
 */
export const EDITABLE_TEXT: readonly string[] = ['subject', 'body', 'comment', 'title', 'description'];
