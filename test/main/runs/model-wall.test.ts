/**
 * A run whose extractor is a language model waits on it: `wallMs` counts tool time, and one
 * answer of a real model can take seconds, so the plan's default 10 s would stop a triage batch a
 * few questions in. Such a run gets the model's time (main/runs/run-on-profile.ts); a limit the
 * request names still wins. The model is a real HTTP server on loopback answering late.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProvider } from '../../../main/llm/providers';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { startScripted, type ScriptedServer } from '../llm/scripted-server';

const label = (value: string, delayMs: number) => ({
  text: JSON.stringify({ have_enough_information: true, value }),
  delayMs,
});
const PLAN = "return await classify('Can we move our call to Friday?', ['meeting', 'other']);";

describe('the wall clock of a run that asks a language model', () => {
  let server: ScriptedServer;
  let p: Profile;
  beforeAll(async () => {
    server = await startScripted('openai');
    p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-wall-')), 'p'));
    await addProvider(p, { name: 'local', kind: 'openai', url: server.url, model: 'tiny', for: ['extractor'] });
  });
  afterAll(async () => {
    p.close();
    await server.stop();
  });

  it('waits past the default 10 s for a model that answers slowly', async () => {
    server.push(label('meeting', 10_500));
    const { report } = await runOnProfile(p, { plan: PLAN });
    expect([report.status, report.result, report.error]).toEqual(['completed', 'meeting', null]);
  }, 30_000);

  it('keeps a wall clock the request names', async () => {
    server.push(label('meeting', 3_000));
    const { report } = await runOnProfile(p, { plan: PLAN, limits: { wallMs: 1_000 } });
    expect(report.status).toBe('limit');
    expect(report.error?.limit).toBe('wallMs');
  });
});
