/**
 * Whatever the mail holds, a run ends `completed`, `failed` or `limit` with a message a person
 * can act on: never an exception, never an internal error (extreme-worlds.ts for what is
 * generated; `npm run fuzz` runs the same property longer and larger).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsCleanly, planArb, TEST_SCALE, worldArb } from './extreme-worlds';

describe('runs over mailboxes of extreme mail', () => {
  it('end completed, failed or limit, with a message', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, worldArb(TEST_SCALE), async (plan, world) => {
        expect(await endsCleanly(plan, world)).toBeNull();
      }),
      { numRuns: 40, seed: Number(process.env.FC_SEED ?? 23) },
    );
  }, 300_000);
});
