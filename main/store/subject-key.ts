/**
 * A conversation's subject key: the subject without its reply and forward prefixes
 * (`Re: Fwd: AW: x` is `x`), lower-cased. Stored per message (`messages.subject_key`) so the list
 * and the conversation view group by it through an index.
 */
export const baseSubject = (s: string): string =>
  s
    .replace(/^\s*((re|fwd?|aw|wg|sv|vs|tr)(\[\d+\])?\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();
