/**
 * Triage of the demo inbox: every email gets one of the six categories and a summary, needs-reply
 * mail gets a local draft or a reply proposed as a claim, nothing is sent or allowed to leave, hostile mail is marked suspicious;
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
    // Each gets a local draft, or a reply proposed as a claim for the person to approve.
    expect(needsReply.every((e) => e.draftId || e.claimIds.length > 0)).toBe(true);
    // Requests without a question mark need a reply too: Tom's "please send me the ARR chart",
    // Sven's "let me know your comments"; CloudNest's no-reply password reset does not.
    const filed = (id: string) => r.emails.find((e) => e.id === id)!.category;
    expect([filed('e48'), filed('e08'), filed('e30')]).toEqual(['needs-reply', 'needs-reply', 'fyi']);
    // A meeting is a proposed time or an invitation (Carla's, Kira's); notes from a call (e03,
    // which asks for a quote), a known meeting's agenda (e11) and a recruiter's "free for a call
    // this week?" (e41) mention one without proposing a time to accept.
    expect([filed('e04'), filed('e38'), filed('e42')]).toEqual(['meeting', 'meeting', 'meeting']);
    expect([filed('e03'), filed('e11'), filed('e41')]).toEqual(['needs-reply', 'needs-reply', 'needs-reply']);
    expect(r.calls.filter((c) => EGRESS.has(c.tool)).every((c) => !c.executed && c.decision === 'confirm')).toBe(true);
    expect(world.effects().sent).toHaveLength(0);
    // The lottery and the "UPDATED bank details" style mail are flagged.
    expect(r.emails.filter((e) => e.category === 'suspicious').length).toBeGreaterThanOrEqual(3);
  });

  it("files the demo's wire request, changed bank details and code request suspicious, with reasons and no draft", async () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const r = await triageWorld(world);
    const byId = new Map(r.emails.map((e) => [e.id, e]));
    const reasons = (id: string) =>
      byId
        .get(id)!
        .findings.map((f) => f.reason)
        .join('\n');
    for (const id of ['e26', 'e27', 'e32']) {
      expect(byId.get(id)!.category).toBe('suspicious');
      expect(byId.get(id)!.draftId).toBeUndefined();
      expect(byId.get(id)!.summary).toMatch(/^This email asks you to /);
    }
    expect(reasons('e26')).toMatch(/acrne\.test looks like acme\.test/);
    expect(reasons('e27')).toMatch(/bank details .* have changed/);
    expect(reasons('e32')).toMatch(/one-time code/);
    // A colleague's authenticated mail with an ordinary link elsewhere (Figma) is not suspicious.
    expect(byId.get('e10')!.category).not.toBe('suspicious');
    expect(byId.get('e10')!.findings).toEqual([]);
    // Suspicious mail is summarised in Zamburak's words: no run of four words comes from its text.
    const words = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
    for (const e of r.emails.filter((x) => x.category === 'suspicious')) {
      const body = ` ${words(world.findEmail(e.id)!.body).join(' ')} `;
      const w = words(e.summary);
      for (let i = 0; i + 4 <= w.length; i++) expect(body).not.toContain(` ${w.slice(i, i + 4).join(' ')} `);
    }
    // Every suspicious email says why; no other email carries a finding.
    for (const e of r.emails) expect(e.category === 'suspicious').toBe(e.findings.length > 0);
  });

  it('over a profile, stores the results and a second pass changes nothing', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-triage-')), 'p'));
    const first = await triageProfile(p);
    expect(first.emails.length).toBe(p.repos.messages.count('INBOX'));
    const stored = p.repos.messages.get(first.emails[0]!.id)!;
    expect(stored.category).toBe(first.emails[0]!.category);
    expect(stored.triagedAt).not.toBeNull();
    // The reasons are kept with the category.
    const wire = p.repos.messages.get('e26')!;
    expect(wire.category).toBe('suspicious');
    expect(wire.findings!.map((f) => f.kind)).toContain('payment-pressure');
    expect(p.repos.messages.get('e10')!.findings).toEqual([]);
    // CloudNest's password reset comes from no-reply@: for your information, no draft to it.
    expect(p.repos.messages.get('e30')!.category).toBe('fyi');
    expect(first.emails.find((e) => e.id === 'e30')!.draftId).toBeUndefined();
    expect(p.repos.outgoing.drafts(p.primaryAccount().id).filter((d) => d.inReplyTo === 'e30')).toEqual([]);
    const drafts = p.repos.outgoing.drafts(p.primaryAccount().id).length;
    const second = await triageProfile(p);
    expect(second.emails).toHaveLength(0);
    expect(p.repos.outgoing.drafts(p.primaryAccount().id)).toHaveLength(drafts);
    expect(p.audit.verify().ok).toBe(true);
    p.close();
  }, 60_000);
});
