/**
 * Each top-level part of a plan's result keeps its own label: a brief's date computed from the
 * clock is not "from an email" because the same result lists mail; an item of a list says where
 * it came from and the order that put it there, not what the other items hold; and the parts are
 * capped for a huge result.
 */
import { describe, expect, it } from 'vitest';
import { sourceLabel } from '../../../engine/ifc/label';
import { labelDeep, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { resultParts } from '../../../engine/run/result-parts';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');

describe('result parts', () => {
  it('labels the top-level entries and the items of top-level lists, each on its own', async () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const plan = `
      const today = (await now()).slice(0, 10);
      const mail = await listEmails({ folder: 'INBOX', limit: 3 });
      const subjects = [];
      for (const e of mail) subjects.push(e.subject);
      return { date: today, subjects: subjects };`;
    const { report } = await simulate({ plan, world });
    expect(report.status).toBe('completed');
    const parts = new Map((report.resultParts ?? []).map((p) => [p.path, p.label]));
    expect(parts.get('date')!.untrusted).toEqual([]);
    expect(parts.get('subjects')!.untrusted.length).toBeGreaterThan(0);
    // The first subject carries the first email's content, and the listing's order: which email
    // came first decided what landed at [0] (a loop that fills a list sees the order), but not the
    // content of the others.
    const first = world.emails
      .filter((e) => e.folder === 'INBOX')
      .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))[0]!.id;
    const firstPart = parts.get('subjects[0]')!.untrusted;
    expect(firstPart).toContain(`tool:listEmails:${first}`);
    expect(firstPart.filter((s) => !s.endsWith('#listed'))).toEqual([`tool:listEmails:${first}`]);
    // The whole result's label still joins everything.
    expect(report.resultLabel!.untrusted.length).toBeGreaterThan(parts.get('subjects[0]')!.untrusted.length);
  });

  it('stops at the cap', () => {
    const label = sourceLabel('tool:x', { trusted: false });
    const big: LabeledValue = labelDeep({ items: Array.from({ length: 1000 }, (_, i) => i) }, label);
    expect(resultParts(big, 50)).toHaveLength(50);
    expect(resultParts(labelDeep([1, 2, 3], label)).map((p) => p.path)).toEqual(['[0]', '[1]', '[2]']);
  });
});
