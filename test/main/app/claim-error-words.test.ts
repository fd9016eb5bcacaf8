/**
 * A claim's refusals in the app's words (main/app/claim-error-words.ts): no claim id, state name or
 * hash reaches the status line, through the router and through a batch decision alike.
 */
import { describe, expect, it } from 'vitest';
import { ClaimError } from '../../../main/claims/claim-store';
import { claimErrorWords } from '../../../main/app/claim-error-words';

/** What the claim store says (main/claims/claim-store.ts), for the CLI and the logs. */
const STORE_SAYS: [ClaimError['code'], string][] = [
  ['not-found', 'no claim "c-0123abcd"'],
  ['wrong-state', 'claim c-0123abcd is committing; it can be approved only when pending'],
  ['hash-mismatch', 'claim c-0123abcd: its content no longer matches what was shown (sha256:9f2c1e); approval refused'],
  ['window-closed', 'claim c-0123abcd is already being committed; it can no longer be undone'],
  ['not-editable', 'claim c-0123abcd: body is over 100,000 characters'],
];

describe('claim refusals in words', () => {
  it('says each without the id, the state or the hash', () => {
    for (const [code, message] of STORE_SAYS) {
      const words = claimErrorWords(new ClaimError(code, message));
      expect(words, code).not.toMatch(/c-0123abcd|sha256|committing|pending/);
      expect(words.length, code).toBeGreaterThan(10);
    }
  });

  it('keeps the field a refused edit names', () => {
    expect(claimErrorWords(new ClaimError('not-editable', 'claim c-1: to cannot be edited here'))).toBe(
      'to cannot be edited here',
    );
  });
});
