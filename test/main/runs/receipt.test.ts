/**
 * A run's receipt covers exactly the audit entries the run wrote — from its `run.started` to its
 * `run.finished` — whatever else it wrote in between: the firewall's findings, claims, the
 * approvals of what the policy allowed. Checked on a run whose tool outputs the firewall flags
 * (the demo mailbox holds injected text) and that makes a claim.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProfile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';

const PLAN = readFileSync(
  join(import.meta.dirname, '../../../resources/attack-plans/01-reply-invoice-requester.js'),
  'utf8',
);

describe('run receipts', () => {
  it('cover exactly the entries of a run with firewall findings and a claim', async () => {
    const p = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-receipt-')));
    const before = p.audit.lastSeq();
    const { runId, receipt, report } = await runOnProfile(p, { plan: PLAN });
    const after = p.audit.lastSeq();
    expect(report.claims.length).toBeGreaterThan(0);
    const entries = p.audit.list({ limit: 1000 }).filter((e) => e.seq > before);
    expect(entries.map((e) => e.kind)).toContain('security.firewall');
    expect(receipt.firstSeq).toBe(before + 1);
    expect(receipt.lastSeq).toBe(after);
    expect(entries.every((e) => e.runId === runId)).toBe(true);
    expect(p.audit.get(receipt.firstSeq)!.kind).toBe('run.started');
    expect(p.audit.get(receipt.lastSeq)!.kind).toBe('run.finished');
    p.close();
  });
});
