/**
 * A profile's store and services in-process: the demo account as loaded, paging and search
 * (hostile search text is words, never FTS syntax), a run recorded with the gate's input, a policy
 * edit validated at its line, previewed against the recorded calls and saved as an audited
 * version, and firewall findings audited without their text.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { activePolicy, runOnProfile } from '../../../main/runs/run-on-profile';
import { PoliciesService } from '../../../main/services/policies-service';

const fresh = (): Profile => openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-profile-')), 'p'));
const plan = (f: string) => readFileSync(join(process.cwd(), f), 'utf8');

describe('a profile', () => {
  it('made in an empty folder the person chose keeps its files to its owner (the folder was 0755)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-profile-')), 'chosen');
    mkdirSync(dir, { mode: 0o755 });
    const p = openProfile(dir);
    await runOnProfile(p, { plan: plan('resources/demo-plans/01-reply-to-bob.js') });
    for (const f of readdirSync(dir)) {
      const mode = statSync(join(dir, f)).mode & 0o777;
      expect(mode & 0o077, `${f} is ${mode.toString(8)}`).toBe(0);
    }
    p.close();
  });

  it('holds the demo account, paged newest first with a keyset cursor', () => {
    const p = fresh();
    const total = p.repos.messages.count('INBOX');
    expect(total).toBeGreaterThan(20);
    const seen: string[] = [];
    let after = undefined as Parameters<typeof p.repos.messages.page>[0]['after'];
    for (;;) {
      const page = p.repos.messages.page({ folder: 'INBOX', limit: 7, ...(after ? { after } : {}) });
      seen.push(...page.items.map((m) => m.id));
      for (let i = 1; i < page.items.length; i++) expect(page.items[i - 1]!.date >= page.items[i]!.date).toBe(true);
      if (!page.next) break;
      after = page.next;
    }
    expect(new Set(seen).size).toBe(total);
    p.close();
  });

  it('refuses a policy edit naming a tool this installation does not have, and never runs under one saved before', () => {
    const p = fresh();
    const yaml = 'version: 1\nextends: default\nrules:\n  - id: x\n    tools: [sendEmial]\n    decision: allow\n';
    const svc = new PoliciesService(p);
    expect(svc.validate(yaml)).toEqual({
      ok: false,
      errors: [
        { line: 5, column: 13, message: 'rules[0].tools[0]: unknown tool "sendEmial" (did you mean "sendEmail"?)' },
      ],
    });
    expect(svc.save(yaml, { by: 'test' })).toHaveProperty('errors');
    // Saved by a version that let it through: runs fall back to the strict preset, as for any invalid one.
    p.repos.policies.save({ yaml, changedBy: 'old version', changedAt: new Date().toISOString() });
    expect(activePolicy(p).version).toMatch(/^preset:strict/);
    p.close();
  });

  it('treats search text as words, never as FTS syntax', () => {
    const p = fresh();
    for (const q of ['"', '*', 'NOT', 'a AND (b', "'; DROP TABLE messages; --", 'subject:secret', '^', '']) {
      expect(() => p.repos.messages.search(q)).not.toThrow();
    }
    expect(p.repos.messages.search('invoice').length).toBeGreaterThan(0);
    expect(p.repos.messages.count()).toBeGreaterThan(0);
    p.close();
  });

  it('records a run with every call and the gate input, and a policy edit previewed then saved', async () => {
    const p = fresh();
    const r = await runOnProfile(p, { plan: plan('resources/demo-plans/03-archive-newsletters.js') });
    const calls = p.repos.runs.calls(r.runId);
    expect(calls.length).toBe(r.report.calls.length);
    const archive = calls.filter((c) => c.tool === 'archiveEmail');
    expect(archive.length).toBeGreaterThan(0);
    expect(archive.every((c) => c.decision === 'allow' && c.gateInput !== null)).toBe(true);

    const svc = new PoliciesService(p);
    const bad = svc.validate(
      'version: 1\nextends: default\nrules:\n  - id: x\n    tools: [archiveEmail]\n    decison: deny\n',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.find((e) => e.message.includes('decison'))?.line).toBe(6);

    const stricter =
      'version: 1\nextends: default\nrules:\n  - id: organize/ask-me\n    tools: [archiveEmail]\n    decision: confirm\n    risk: low\n    reason: I want to see every archive\n';
    const preview = svc.preview(stricter);
    expect(preview.ok).toBe(true);
    if (preview.ok) {
      expect(preview.changed.length).toBe(archive.length);
      expect(preview.changed[0]).toMatchObject({
        tool: 'archiveEmail',
        before: { decision: 'allow' },
        after: { decision: 'confirm', rule: 'organize/ask-me' },
      });
    }
    expect(svc.save(stricter, { by: 'test', note: 'ask before archiving' })).toEqual({ version: 1 });
    expect(p.audit.list({ kind: 'policy.changed' })).toHaveLength(1);
    const again = await runOnProfile(p, { plan: plan('resources/demo-plans/03-archive-newsletters.js') });
    expect(again.report.calls.filter((c) => c.tool === 'archiveEmail').every((c) => c.decision === 'confirm')).toBe(
      true,
    );
    expect(p.audit.verify().ok).toBe(true);
    p.close();
  });

  it('audits what the firewall found, without the text', async () => {
    const p = fresh();
    await runOnProfile(p, { plan: plan('resources/attack-plans/04-send-code-to-customer.js') });
    const found = p.audit.list({ kind: 'security.firewall' });
    expect(found).toHaveLength(1);
    const text = JSON.stringify(found[0]!.data);
    expect(text).toMatch(/SECRET|PROMPT_INJECTION|PII/);
    expect(text).not.toMatch(/\b\d{6}\b/);
    p.close();
  });
});
