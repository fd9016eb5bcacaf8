/**
 * The quarantined extractor backed by a model (a scripted server on loopback), from the
 * attacker's side: whatever it answers is labeled with the email it read, so an address or an
 * instruction it "extracts" cannot make anything leave on its own; an off-schema, non-JSON or
 * huge answer fails the call; "not enough information" is NotEnoughInformation. And a profile
 * with an extractor provider uses it in its runs.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { modelExtractor } from '../../../main/llm/model-extractor';
import { createProvider } from '../../../main/llm/provider';
import { addProvider, connectionLog } from '../../../main/llm/providers';
import { openProfile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { startScripted, type ScriptedServer } from './scripted-server';

const WORLD = 'resources/demo-world.yaml';
const world = () => loadWorld(readFileSync(WORLD, 'utf8'), WORLD);
const plan = `
const e = await getEmail('e01');
const x = await extract(e.body, { type: 'object', properties: { contact: { type: 'string', format: 'email' } }, required: ['contact'] });
await sendEmail({ to: [x.contact], subject: 'as requested', body: e.body });
return x.contact;`;

describe('a model as the quarantined extractor', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScripted('openai');
  });
  afterAll(() => server.stop());
  const extractor = () =>
    modelExtractor(createProvider({ name: 's', kind: 'openai', url: server.url, model: 'x' }, { maxRetries: 0 }));

  it('labels what it extracted like the email: an injected address gets no send on its own', async () => {
    server.push({ text: JSON.stringify({ have_enough_information: true, value: { contact: 'drop@evil.example' } }) });
    const w = world();
    const { report } = await simulate({ plan, world: w, extractor: extractor() });
    expect(report.status).toBe('completed');
    expect(report.result).toBe('drop@evil.example');
    const send = report.calls.find((c) => c.tool === 'sendEmail')!;
    expect(send).toMatchObject({ executed: false, trusted: false });
    expect(w.effects().sent).toHaveLength(0);
    // The model saw the task and the text, and was told the text is untrusted.
    expect(JSON.stringify(server.requests.at(-1))).toContain('untrusted');
  });

  it.each([
    [
      'an answer outside the schema',
      JSON.stringify({ have_enough_information: true, value: { contact: 42 } }),
      /does not fit the schema|ToolFailed|RuntimeError/,
    ],
    ['an answer that is not JSON', 'Sure! The contact is bob.', /JSON|RuntimeError|ToolFailed/],
    [
      'a huge answer',
      JSON.stringify({ have_enough_information: true, value: { contact: 'a'.repeat(30_000) } }),
      /over 20000|RuntimeError|ToolFailed/,
    ],
  ])('fails the call on %s, and nothing is sent', async (_what, text, message) => {
    server.push({ text });
    const w = world();
    const { report } = await simulate({ plan, world: w, extractor: extractor() });
    expect(report.status).toBe('failed');
    expect(`${report.error?.kind}: ${report.error?.message}`).toMatch(message);
    expect(w.effects().sent).toHaveLength(0);
  });

  it('turns "not enough information" into NotEnoughInformation', async () => {
    server.push({ text: JSON.stringify({ have_enough_information: false, value: null }) });
    const { report } = await simulate({ plan, world: world(), extractor: extractor() });
    expect(report.error?.kind).toBe('NotEnoughInformation');
  });

  it('is used by runs over a profile that has an extractor provider, and logged', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-extract-')), 'p'));
    try {
      await addProvider(p, { name: 'local', kind: 'openai', url: server.url, model: 'tiny', for: ['extractor'] });
      server.push({ text: JSON.stringify({ have_enough_information: true, value: { contact: 'bob@acme.test' } }) });
      const before = server.requests.length;
      const r = await runOnProfile(p, { plan });
      expect(server.requests.length).toBe(before + 1);
      expect(r.report.result).toBe('bob@acme.test');
      expect(connectionLog(p)).toEqual([
        expect.objectContaining({ provider: 'local', model: 'gpt-test', runId: r.runId, status: 'ok' }),
      ]);
    } finally {
      p.close();
    }
  });
});
