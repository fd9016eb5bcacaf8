/**
 * A triage that stops part way tells the person how far it got, why in plain words, and what to
 * do — not the engine's message (its limit's name, its setting), which stays for the audit.
 */
import { describe, expect, it } from 'vitest';
import { TriageStopped } from '../../../main/assistant/triage';

const limit = (name: 'wallMs' | 'memoryBytes') => ({
  status: 'limit' as const,
  error: {
    kind: 'LimitExceeded' as const,
    message: `the run did not finish in time: raise limits.${name}`,
    fullMessage: '',
    position: null,
    limit: name,
  },
});

describe('a triage that stops', () => {
  it('says how far it got, why, and that pressing triage again goes on', () => {
    expect(new TriageStopped(24, 49, limit('wallMs')).sentence).toBe(
      'Triage stopped after sorting 24 emails of 49: the assistant took too long on a batch of emails. The sorted ones are kept; press Triage new mail to go on.',
    );
    expect(new TriageStopped(1, 49, limit('memoryBytes')).sentence).toMatch(
      /^Triage stopped after sorting 1 email of 49: the assistant needed more memory/,
    );
    expect(new TriageStopped(0, 49, { status: 'failed', error: null }).sentence).toBe(
      'Triage stopped before sorting any email: the assistant ran into an error (the Audit has the details). Press Triage new mail to try again.',
    );
  });

  it('keeps the engine words out of what the person reads, and in the error for the log', () => {
    const e = new TriageStopped(0, 49, limit('wallMs'));
    expect(e.sentence).not.toMatch(/limits\.|wallMs|run\b/);
    expect(e.message).toContain('limits.wallMs');
  });
});
