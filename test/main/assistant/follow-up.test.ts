/**
 * "Follow up on unanswered threads": the request maps to the follow-up playbook with the waiting
 * time the person named, and over the startup world it drafts one follow-up per thread where
 * Sam wrote last long enough ago — never a send.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { DEFAULT_FOLLOW_UP_DAYS, matchRequest } from '../../../main/assistant/ask';
import { OUTWARD_TOOLS } from '../../security/actions';

const STARTUP = join(process.cwd(), 'resources/worlds/startup-world.yaml');

async function run(request: string) {
  const m = matchRequest(request);
  if (!m) throw new Error(`no playbook for ${request}`);
  const world = loadWorld(readFileSync(STARTUP, 'utf8'), STARTUP);
  const { report } = await simulate({ plan: m.plan, world, input: m.input as never });
  return { m, report, effects: world.effects() };
}

describe('follow-up playbook', () => {
  it('reads the waiting time from the request', () => {
    expect(matchRequest('follow up on unanswered threads')?.input).toEqual({ days: DEFAULT_FOLLOW_UP_DAYS });
    expect(matchRequest('please follow up on emails with no answer after 8 days')?.input).toEqual({ days: 8 });
    expect(matchRequest('follow-up on threads unanswered for a week')?.input).toEqual({ days: 7 });
    expect(matchRequest('follow up on unanswered mail older than 2 weeks')?.playbook).toBe('follow-up');
  });

  it('drafts a follow-up for each thread Sam wrote last more than N days ago, and sends nothing', async () => {
    const { report, effects } = await run('follow up on unanswered threads older than 5 days');
    expect(report.status).toBe('completed');
    expect(report.claims).toHaveLength(0);
    // s40 (10 days, Greta) and s41 (7 days, Jonas); s42 is 2 days old, s43 got Theo's answer.
    const followed = (report.result as { followsUp: string }[]).map((r) => r.followsUp).sort();
    expect(followed).toEqual(['s40', 's41']);
    expect(effects.drafts.map((d) => d.to).sort()).toEqual([
      ['greta@northwind-ventures.test'],
      ['jonas@brotzeit.test'],
    ]);
    expect(effects.sent).toHaveLength(0);
    expect(report.calls.some((c) => OUTWARD_TOOLS.has(c.tool))).toBe(false);
  });

  it('with a shorter wait, the recent unanswered thread is included too', async () => {
    const { report } = await run('follow up on threads with no reply after 1 day');
    const followed = (report.result as { followsUp: string }[]).map((r) => r.followsUp).sort();
    expect(followed).toEqual(['s40', 's41', 's42']);
  });
});
