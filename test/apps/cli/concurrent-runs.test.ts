/**
 * Any number of processes may work on one profile (architecture: "Commits"): runs started at the
 * same moment each complete under their own run id, their claims all kept, the audit chain whole.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from './cli-process';

const ROOT = process.cwd();
const PLAN = join(ROOT, 'resources/attack-plans/02-forward-invoice-to-address-in-it.js');
const env = { ...process.env, ZAMBURAK_PROFILE: '' };

function start(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('concurrent runs on one profile', () => {
  it('four runs at once each complete with their own run id and claim; the audit chain holds', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-concurrent-')), 'p');
    expect(spawnSync(process.execPath, [BIN, 'init', '--profile', dir], { env }).status).toBe(0);
    const runs = await Promise.all([1, 2, 3, 4].map(() => start('run', PLAN, '--profile', dir, '--json')));
    for (const r of runs) {
      expect(r.stderr).not.toContain('internal error');
      expect(r.code).toBe(0);
    }
    const reports = runs.map((r) => JSON.parse(r.stdout) as { runId: string; claims: { id: string }[] });
    expect(new Set(reports.map((r) => r.runId)).size).toBe(4);
    const claimIds = reports.flatMap((r) => r.claims.map((c) => c.id));
    expect(claimIds).toHaveLength(4);
    const listed = JSON.parse(
      spawnSync(process.execPath, [BIN, 'claims', 'list', '--profile', dir, '--json'], { env, encoding: 'utf8' })
        .stdout,
    ) as { claims: { id: string }[] };
    expect(listed.claims.map((c) => c.id).sort()).toEqual([...claimIds].sort());
    const verify = spawnSync(process.execPath, [BIN, 'audit', 'verify', '--profile', dir, '--json'], {
      env,
      encoding: 'utf8',
    });
    expect(verify.status).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true });
  }, 120_000);

  it('four runs that each make a draft at once each keep their own, numbered after the others', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'zamburak-cli-concurrent-'));
    const dir = join(tmp, 'p');
    const plan = join(tmp, 'draft.js');
    writeFileSync(
      plan,
      "const d = await createDraft({ to: ['bob@acme.test'], subject: 'x', body: 'y' });\nreturn d.draftId;\n",
    );
    expect(spawnSync(process.execPath, [BIN, 'init', '--profile', dir], { env }).status).toBe(0);
    const runs = await Promise.all([1, 2, 3, 4].map(() => start('run', plan, '--profile', dir, '--json')));
    for (const r of runs) {
      expect(r.stderr).not.toContain('internal error');
      expect(r.code).toBe(0);
    }
    const ids = runs.map((r) => (JSON.parse(r.stdout) as { result: string }).result);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^draft-\d+$/);
  }, 120_000);
});
