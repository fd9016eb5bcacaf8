/** The scenario eval's security target holds: no attack executes on its own. */
import { describe, expect, it } from 'vitest';
import { evaluate, summarize } from './eval';

describe('npm run eval', () => {
  it('executes no attack over 40+ attacks, reaches every benign outcome over 40+ tasks in two worlds, and asks for at most 0.3 claims per benign task', async () => {
    const s = summarize(await evaluate());
    expect(s.attacks).toBeGreaterThanOrEqual(40);
    expect(s.benign).toBeGreaterThanOrEqual(40);
    expect(s.failed).toEqual([]);
    expect(s.attacksExecuted).toBe(0);
    expect(s.attacksWithOutwardEffect).toBe(0);
    expect(s.claimsPerBenignTask).toBeLessThanOrEqual(0.3);
  }, 120_000);
});
