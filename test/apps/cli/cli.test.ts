import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../../../apps/cli/commands/specs';
import { SETTING_KEYS } from '../../../main/services/settings-service';
import { BIN } from './cli-process';

const SAMPLES = join(process.cwd(), 'test/fixtures/contract');
// The environment as it is (cli-process's zamburak clears ZAMBURAK_PROFILE): usage without one.
const zamburak = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
const tmp = mkdtempSync(join(tmpdir(), 'zamburak-cli-'));
const file = (name: string, text: string): string => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};
const WORLD = join(SAMPLES, 'world.yaml');
const firstPlan = (): string => readdirSync(join(SAMPLES, 'plans')).sort()[0]!;

describe('zamburak CLI', () => {
  it('lists its commands with --help', () => {
    const r = zamburak('--help');
    expect(r.status).toBe(0);
    for (const cmd of ['run', 'validate', 'test-policy', 'audit', 'serve']) expect(r.stdout).toContain(cmd);
  });

  it('finishes quietly when the reader of its output stops reading (| head)', async () => {
    const child = spawn(process.execPath, [
      BIN,
      'run',
      join(SAMPLES, 'plans', firstPlan()),
      '--world',
      WORLD,
      '--json',
    ]);
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).not.toBe(2);
  });

  it('names every setting the contract has in settings --help (written out so --help loads no schema)', () => {
    expect([...SETTING_NAMES]).toEqual(SETTING_KEYS);
  });

  it('prints exactly one JSON report in the shape of contracts.md', () => {
    const plan = file(
      'p.js',
      `await sendEmail({ to: ['tomas@fernhill.test'], subject: 'Late', body: 'Running late.' });\nreturn 'ok';`,
    );
    const r = zamburak('run', plan, '--world', WORLD, '--json');
    expect(r.status).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(Object.keys(rep)).toEqual(
      expect.arrayContaining(['status', 'mode', 'result', 'error', 'calls', 'claims', 'world']),
    );
    expect(rep).toMatchObject({ status: 'completed', mode: 'strict', result: 'ok', error: null });
    expect(rep.calls[0]).toMatchObject({
      seq: 1,
      tool: 'sendEmail',
      decision: 'allow',
      sources: ['plan'],
      trusted: true,
      executed: true,
    });
    expect(typeof rep.calls[0].rule).toBe('string');
    expect(rep.world.sent).toHaveLength(1);
    expect(rep.world).toHaveProperty('drafts');
    expect(rep.world).toHaveProperty('trash');
  });

  it('exits 1 with an error object when the plan fails, 1 on a limit', () => {
    const bad = zamburak('run', file('bad.js', 'const x = 1;\nx.y.z;'), '--world', WORLD, '--json');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).error).toMatchObject({ kind: 'RuntimeError', position: { line: 2, column: 1 } });
    const rejected = zamburak('run', file('rej.js', 'class A {}'), '--world', WORLD, '--json');
    expect(rejected.status).toBe(1);
    expect(JSON.parse(rejected.stdout)).toMatchObject({
      status: 'failed',
      error: { kind: 'PlanRejected', position: { line: 1, column: 1 } },
    });
    const limit = zamburak('run', join(SAMPLES, 'plans/09-limit-loop.js'), '--world', WORLD, '--json');
    expect(limit.status).toBe(1);
    expect(JSON.parse(limit.stdout)).toMatchObject({ status: 'limit', error: { kind: 'LimitExceeded' } });
  });

  it('exits 2 with a clear message on bad usage and bad files', () => {
    expect(zamburak('run').status).toBe(2);
    const noWorld = zamburak('run', join(SAMPLES, 'plans/06-control-literal.js'));
    expect(noWorld.status).toBe(2);
    expect(noWorld.stderr).toContain('--world');
    const badWorld = zamburak(
      'run',
      join(SAMPLES, 'plans/06-control-literal.js'),
      '--world',
      file('w.yaml', 'user: {name: 1}\nnow: 12\n'),
    );
    expect(badWorld.status).toBe(2);
    expect(badWorld.stderr).toMatch(/w\.yaml:\d+:\d+: /);
    const missing = zamburak('run', join(tmp, 'nope.js'), '--world', WORLD);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('nope.js');
    expect(
      zamburak('run', join(SAMPLES, 'plans/06-control-literal.js'), '--world', WORLD, '--mode', 'loose').status,
    ).toBe(2);
    expect(zamburak('frobnicate').status).toBe(2);
  });

  it('passes the request as input, labeled as the user`s', () => {
    const plan = file(
      'in.js',
      `await sendEmail({ to: [input.to], subject: 'Hi', body: input.body }); return input.body;`,
    );
    const r = zamburak(
      'run',
      plan,
      '--world',
      WORLD,
      '--input',
      '{"to":"ada@fernhill.test","body":"see you"}',
      '--json',
    );
    const rep = JSON.parse(r.stdout);
    expect(rep.result).toBe('see you');
    expect(rep.calls[0]).toMatchObject({ decision: 'allow', sources: ['user'] });
  });

  it('validate: ok, or file:line:col lines and exit 1', () => {
    expect(zamburak('validate', 'policies/default.yaml').status).toBe(0);
    const bad = file('bad.yaml', 'version: 1\nrules:\n  - id: x\n    tools: [sendEmail]\n    decision: alow\n');
    const r = zamburak('validate', bad);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:15: `));
  });

  it('test-policy prints a table and the failure count', () => {
    const r = zamburak('test-policy', 'policies/examples/default.vectors.yaml', '--policy', 'policies/default.yaml');
    expect(r.stdout).toMatch(/\d+ passed, 0 failed/);
    expect(r.status).toBe(0);
  });
});
