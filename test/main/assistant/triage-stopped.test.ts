/**
 * A triage (or a request in Ask) that stops part way tells the person how far it got, why in plain words, and what to
 * do — not the engine's message (its limit's name, its setting), which stays for the audit.
 */
import { describe, expect, it } from 'vitest';
import { TriageStopped } from '../../../main/assistant/triage';
import { askError } from '../../../main/app/ask';

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

describe('a request in Ask that stops at a limit', () => {
  it('says why in words and what to do, never the name or setting of the limit', () => {
    expect(askError(limit('wallMs'))).toBe(
      'It stopped: the assistant took too long. Ask again, or ask for less at once (such as the mail from one person).',
    );
    expect(askError(limit('memoryBytes'))).toMatch(/^It stopped: the assistant needed more memory than it may use\. /);
    for (const name of ['wallMs', 'memoryBytes'] as const)
      expect(askError(limit(name))).not.toMatch(/LimitExceeded|limits\.|wallMs|memoryBytes|engine|worker/);
    expect(askError({ status: 'completed', error: null })).toBeNull();
  });
});
