/** The fraud set's targets hold in `npm test`: every fraud email suspicious with its reason, no legitimate one flagged. */
import { describe, expect, it } from 'vitest';
import { evaluateFraud, summarizeFraud } from './fraud';

describe('fraud set (npm run eval)', () => {
  it('files every one of 20+ fraud emails suspicious with a reason and no draft, and flags none of 12+ legitimate ones', async () => {
    const outcomes = await evaluateFraud();
    const s = summarizeFraud(outcomes);
    expect(s.fraud + s.legit).toBeGreaterThanOrEqual(30);
    expect(s.fraud).toBeGreaterThanOrEqual(20);
    expect(s.legit).toBeGreaterThanOrEqual(12);
    expect(s.missed).toEqual([]);
    expect(s.falseAlarms).toEqual([]);
    for (const o of outcomes.filter((x) => x.fraud)) {
      // The reason is words a person reads, and the summary frames the email's request.
      for (const f of o.email.findings) expect(f.reason).toMatch(/^[A-Z].{20,}\.$/);
      expect(o.email.summary).toMatch(/^This email /);
    }
  }, 60_000);
});
