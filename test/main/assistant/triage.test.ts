/**
 * Triage of the demo inbox: every email gets one of the six categories and a summary, needs-reply
 * mail gets a local draft, nothing is sent or allowed to leave, hostile mail is marked suspicious;
 * over a profile a second pass changes nothing.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../../engine/run/simulate';
import { CATEGORIES, triageProfile, triageWorld } from '../../../main/assistant/triage';
import { openProfile } from '../../../main/profile/profile';
import { OUTWARD_TOOLS } from '../../security/actions';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
const EGRESS = OUTWARD_TOOLS;

describe('triage', () => {
  it('categorises and summarises every inbox email of the demo world, drafting where a reply is needed', async () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const inbox = world.emails.filter((e) => e.folder === 'INBOX').length;
    const r = await triageWorld(world);
    expect(r.emails).toHaveLength(inbox);
    for (const e of r.emails) {
      expect(CATEGORIES).toContain(e.category);
      expect(e.summary.length).toBeGreaterThan(0);
    }
    const needsReply = r.emails.filter((e) => e.category === 'needs-reply');
    expect(needsReply.length).toBeGreaterThan(0);
    expect(needsReply.every((e) => e.draftId)).toBe(true);
    expect(r.calls.some((c) => EGRESS.has(c.tool))).toBe(false);
    expect(world.effects().sent).toHaveLength(0);
    // The lottery and the "UPDATED bank details" style mail are flagged.
    expect(r.emails.filter((e) => e.category === 'suspicious').length).toBeGreaterThanOrEqual(3);
  });

  it('over a profile, stores the results and a second pass changes nothing', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-triage-')), 'p'));
    const first = await triageProfile(p);
    expect(first.emails.length).toBe(p.repos.messages.count('INBOX'));
    const stored = p.repos.messages.get(first.emails[0]!.id)!;
    expect(stored.category).toBe(first.emails[0]!.category);
    expect(stored.triagedAt).not.toBeNull();
    const drafts = p.repos.outgoing.drafts(p.primaryAccount().id).length;
    const second = await triageProfile(p);
    expect(second.emails).toHaveLength(0);
    expect(p.repos.outgoing.drafts(p.primaryAccount().id)).toHaveLength(drafts);
    expect(p.audit.verify().ok).toBe(true);
    p.close();
  }, 60_000);
});
