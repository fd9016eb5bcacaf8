/**
 * A run in the engine worker that the worker cannot finish (its heap runs out and it dies) still
 * ends, as a recorded `limit` with what to do, never as an error thrown at the person.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineHost } from '../../../main/engine-host/engine-host';
import { openProfile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';

describe('a run whose engine worker dies', () => {
  // Too small a heap for the worker to even load the engine: it dies on the run.
  const engine = new EngineHost({ maxHeapMb: 2, graceMs: 2_000 });
  const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-stopped-')), 'p'));
  afterAll(async () => {
    await engine.close();
    p.close();
  });

  it('ends as a memory limit, recorded, with advice', async () => {
    const { runId, report } = await runOnProfile(p, { plan: 'return (await listEmails({})).length;', engine });
    expect(report.status).toBe('limit');
    expect(report.error).toMatchObject({ kind: 'LimitExceeded', limit: 'memoryBytes' });
    expect(report.error?.message).toMatch(/more memory than the engine has.*page with limit and before/);
    expect(p.repos.runs.get(runId)).toMatchObject({ status: 'limit' });
  }, 60_000);
});
