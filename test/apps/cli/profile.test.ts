/**
 * The CLI over a profile, end to end as a person scripts it: init, a run that a hostile email
 * steers (it asks instead of acting), the claim approved and committed into the demo outbox
 * exactly once, another rejected, the audit chain intact and exported to an auditor who checks
 * it with nothing but the bundle and a key.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

const ROOT = process.cwd();
const json = <T>(r: { stdout: string }): T => JSON.parse(r.stdout) as T;

interface ClaimSummary {
  id: string;
  state: string;
  tool: string;
  args: { to?: string[] };
  contentHash: string;
}

describe('zamburak over a profile', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-profile-')), 'p');

  it('init creates the demo account', () => {
    const r = zamburak('init', '--profile', dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/account demo <maya@acme\.test>/);
    expect(zamburak('init', '--profile', dir).stdout).toMatch(/Already a profile/);
  });

  it('a hostile request becomes a claim; approving sends it into the demo outbox exactly once', () => {
    const run = zamburak(
      'run',
      join(ROOT, 'resources/attack-plans/02-forward-invoice-to-address-in-it.js'),
      '--profile',
      dir,
      '--json',
    );
    expect(run.status).toBe(0);
    const rep = json<{
      runId: string;
      claims: { id: string; contentHash: string }[];
      calls: { tool: string; decision: string; executed: boolean }[];
    }>(run);
    expect(rep.runId).toMatch(/^run-/);
    expect(rep.calls.filter((c) => c.tool === 'sendEmail').every((c) => c.decision !== 'allow' && !c.executed)).toBe(
      true,
    );
    const list = json<{ claims: ClaimSummary[] }>(zamburak('claims', 'list', '--profile', dir, '--json')).claims;
    expect(list.map((c) => c.id)).toEqual(rep.claims.map((c) => c.id));
    // The hash the run reported is the one the profile binds (its effect) and approval takes.
    expect(list.map((c) => c.contentHash)).toEqual(rep.claims.map((c) => c.contentHash));
    const claim = list[0]!;
    expect(claim.state).toBe('pending');
    // The card in words, for scripts: what, at most three whys, every recipient, the preview, each field.
    const shown = json<{
      explanation: {
        what: string;
        why: string[];
        recipients: string[];
        preview: { kind: string; to: string[]; subject: string; body: string };
        fields: { label: string; sentence: string; untrusted: boolean }[];
      };
    }>(zamburak('claims', 'show', claim.id, '--profile', dir, '--json')).explanation;
    expect(shown.what).toBe('Send an email to ap-desk@cloudnest-billing.test (outside your company).');
    expect(shown.why.length).toBeGreaterThan(0);
    expect(shown.why.length).toBeLessThanOrEqual(3);
    expect(shown.recipients).toEqual(['ap-desk@cloudnest-billing.test']);
    expect(shown.preview).toMatchObject({ kind: 'mail', to: ['ap-desk@cloudnest-billing.test'] });
    expect(shown.preview.subject).toMatch(/^Fwd: UPDATED bank details/);
    expect(shown.fields.map((f) => f.label)).toEqual(['Recipient', 'Subject', 'Message']);
    // For a person, the policy's reasons are sentences: fields in words, no reader sets or paths.
    const reasons = zamburak('claims', 'show', claim.id, '--profile', dir)
      .stdout.split('\n')
      .filter((l) => l.startsWith('  reason '));
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r).toMatch(/^ {2}reason {3}[^`{}]+[.!?]$/);

    const approved = zamburak(
      'claims',
      'approve',
      claim.id,
      '--undo-window',
      '0',
      '--hash',
      claim.contentHash,
      '--profile',
      dir,
      '--json',
    );
    expect(approved.status).toBe(0);
    expect(json<ClaimSummary>(approved).state).toBe('committed');
    // Approving again is refused: it is no longer pending.
    expect(zamburak('claims', 'approve', claim.id, '--profile', dir).status).toBe(1);

    const db = new Database(join(dir, 'zamburak.db'), { readonly: true });
    const sent = db.prepare('SELECT claim_id, to_addrs, message_id FROM sent').all() as {
      claim_id: string;
      to_addrs: string;
      message_id: string;
    }[];
    db.close();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.claim_id).toBe(claim.id);
    expect(JSON.parse(sent[0]!.to_addrs)).toEqual(claim.args.to);
    expect(sent[0]!.message_id).toMatch(/^<.+@acme\.test>$/);
  }, 120_000);

  it("edits a pending claim's text; the old hash no longer approves, the new one does", () => {
    // A profile of its own: the audit test below counts the first profile's commits.
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-edit-')), 'p');
    const run = zamburak(
      'run',
      join(ROOT, 'resources/attack-plans/01-reply-invoice-requester.js'),
      '--profile',
      dir,
      '--json',
    );
    const claim = json<{ claims: { id: string; contentHash: string }[] }>(run).claims[0]!;
    const bodyFile = join(dir, '..', 'reply.txt');
    writeFileSync(bodyFile, 'Hi Nina, our accounts team will send it.\n');
    const edited = zamburak('claims', 'edit', claim.id, '--body-file', bodyFile, '--profile', dir, '--json');
    expect(edited.status).toBe(0);
    const after = json<ClaimSummary & { args: { body?: string } }>(edited);
    expect(after.args.body).toBe('Hi Nina, our accounts team will send it.\n');
    expect(after.contentHash).not.toBe(claim.contentHash);
    const stale = zamburak('claims', 'approve', claim.id, '--hash', claim.contentHash, '--no-wait', '--profile', dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/no longer matches what was shown/);
    expect(zamburak('claims', 'edit', claim.id, '--to', 'x@evil.example', '--profile', dir).status).toBe(2);
    expect(
      zamburak('claims', 'approve', claim.id, '--hash', after.contentHash, '--no-wait', '--profile', dir).status,
    ).toBe(0);
  }, 120_000);

  it('a claim whose stored content was changed behind it cannot be approved', () => {
    const run = zamburak('run', join(ROOT, 'resources/demo-plans/01-reply-to-bob.js'), '--profile', dir, '--json');
    const id = json<{ claims: { id: string }[] }>(run).claims[0]!.id;
    const db = new Database(join(dir, 'zamburak.db'));
    const action = JSON.parse(
      (db.prepare('SELECT action FROM claims WHERE id = ?').get(id) as { action: string }).action,
    );
    action.args.body = 'Please wire the money to the new account.';
    db.prepare('UPDATE claims SET action = ? WHERE id = ?').run(JSON.stringify(action), id);
    db.close();
    const r = zamburak('claims', 'approve', id, '--undo-window', '0', '--profile', dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no longer matches/);
    const rej = zamburak('claims', 'reject', id, '--reason', 'tampered', '--profile', dir, '--json');
    expect(json<{ state: string; reason: string }>(rej)).toMatchObject({ state: 'rejected', reason: 'tampered' });
  }, 120_000);

  it('the audit log holds every decision, verifies, and exports to an auditor', () => {
    const list = json<{ entries: { kind: string }[] }>(
      zamburak('audit', 'list', '--profile', dir, '--limit', '1000', '--json'),
    );
    const kinds = new Set(list.entries.map((e) => e.kind));
    for (const k of [
      'run.started',
      'call.decided',
      'claim.created',
      'claim.approved',
      'commit.succeeded',
      'claim.rejected',
      'run.finished',
    ])
      expect(kinds).toContain(k);
    expect(zamburak('audit', 'verify', '--profile', dir).status).toBe(0);
    const keys = mkdtempSync(join(tmpdir(), 'zamburak-auditor-'));
    expect(zamburak('keygen', '--out', keys).status).toBe(0);
    const bundle = join(keys, 'bundle.json');
    expect(
      zamburak('audit', 'export', '--recipient', join(keys, 'audit.pub'), '--out', bundle, '--profile', dir).status,
    ).toBe(0);
    const ok = zamburak('audit', 'verify-bundle', bundle, '--key', join(keys, 'audit.key'), '--json');
    expect(ok.status).toBe(0);
    expect(json<{ ok: boolean; receipts: number }>(ok)).toMatchObject({ ok: true, receipts: 2 });
    const text = readFileSync(bundle, 'utf8');
    writeFileSync(bundle, text.slice(0, 100) + (text[100] === 'A' ? 'B' : 'A') + text.slice(101));
    expect(zamburak('audit', 'verify-bundle', bundle, '--key', join(keys, 'audit.key')).status).toBe(1);
  }, 120_000);

  it('a foreign or corrupted database is refused with exit 2 and left untouched', () => {
    const other = join(mkdtempSync(join(tmpdir(), 'zamburak-foreign-')), 'p');
    spawnSync('mkdir', ['-p', join(other, 'keys')]);
    writeFileSync(join(other, 'zamburak.db'), 'not a database at all\n'.repeat(10));
    const before = createHash('sha256')
      .update(readFileSync(join(other, 'zamburak.db')))
      .digest('hex');
    const r = zamburak('claims', 'list', '--profile', other);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not a SQLite database/);
    expect(
      createHash('sha256')
        .update(readFileSync(join(other, 'zamburak.db')))
        .digest('hex'),
    ).toBe(before);
  });
});
