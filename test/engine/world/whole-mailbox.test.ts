/**
 * A plan reads every subject of a 10,000-message mailbox page by page, within its limits
 * (engine/world/listing.ts; the limits are test/bench/listing.ts's WHOLE_MAILBOX_LIMITS).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/run/simulate';
import { WorldState } from '../../../engine/world';
import { mailboxWorld, PAGE_PLAN, WHOLE_MAILBOX_LIMITS } from '../../bench/listing';

describe('a whole mailbox', () => {
  it('lists the subjects of 10,000 messages in one plan', async () => {
    const { report } = await simulate({
      plan: PAGE_PLAN,
      // Short bodies: this is about paging and labels; test/bench/listing.ts cuts long ones.
      world: new WorldState(mailboxWorld(10_000, 200)),
      limits: WHOLE_MAILBOX_LIMITS,
    });
    expect(report.error).toBeNull();
    expect(report.status).toBe('completed');
    const subjects = report.result as string[];
    expect(subjects).toHaveLength(10_000);
    expect(subjects[0]).toBe('Subject 9999');
    expect(new Set(subjects).size).toBe(10_000);
  }, 600_000);
});
