/**
 * A plan reads every subject of a 10,000-message mailbox page by page within the default limits
 * (engine/world/listing.ts; run/types.ts DEFAULT_LIMITS): every limit but the wall clock, which
 * is the machine's load here and is measured by test/bench/listing.ts instead.
 *
 * And what its labels take does not grow with the mailbox: every label joined with a listing's
 * structure names every email, but the guest keeps source sets as shared, hash-consed nodes
 * (engine README "Limits"), so the same 1,000 subjects read out of 1,500 or 15,000 messages make
 * as many labels, and their sets take about as many words (counted by the run, not timed; both
 * mailboxes fill the three pages the plan fetches).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/run/simulate';
import { DEFAULT_LIMITS } from '../../../engine/run/types';
import { WorldState } from '../../../engine/world';
import { firstSubjectsPlan, mailboxWorld, PAGE_PLAN, WHOLE_MAILBOX_LIMITS } from '../../bench/listing';

describe('a whole mailbox', () => {
  it('lists the subjects of 10,000 messages in one plan, within the default limits', async () => {
    const { report } = await simulate({
      plan: PAGE_PLAN,
      // Short bodies: this is about paging and labels; test/bench/listing.ts cuts long ones.
      world: new WorldState(mailboxWorld(10_000, 200)),
      limits: { wallMs: WHOLE_MAILBOX_LIMITS.wallMs },
    });
    expect(report.error).toBeNull();
    // About five labels per subject read (engine README "Limits"), inside the default bound.
    expect(report.stats.labels).toBeLessThanOrEqual(5 * 10_000 + 10);
    expect(report.stats.labels).toBeLessThan(DEFAULT_LIMITS.labels);
    expect(report.stats.steps).toBeLessThan(DEFAULT_LIMITS.steps);
    expect(report.status).toBe('completed');
    const subjects = report.result as string[];
    expect(subjects).toHaveLength(10_000);
    expect(subjects[0]).toBe('Subject 9999');
    expect(new Set(subjects).size).toBe(10_000);
  }, 600_000);

  it("keeps a listing's labels as small whatever the mailbox's size", async () => {
    const stats = async (messages: number) => {
      const { report } = await simulate({
        plan: firstSubjectsPlan(1_000),
        world: new WorldState(mailboxWorld(messages, 200)),
        limits: WHOLE_MAILBOX_LIMITS,
      });
      expect(report.status).toBe('completed');
      expect(report.result).toHaveLength(1_000);
      return report.stats;
    };
    const small = await stats(1_500);
    const large = await stats(15_000);
    expect(large.labels).toBeLessThanOrEqual(small.labels + 10);
    // Every label there names every email of its mailbox: a bitset per label would take ten
    // times the words at ten times the mailbox.
    expect(large.sourceWords).toBeDefined();
    expect(large.sourceWords!).toBeLessThan(2 * small.sourceWords!);
  }, 600_000);
});
