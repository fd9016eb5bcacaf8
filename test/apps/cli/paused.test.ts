/**
 * The Pause switch stops every automatic action on a profile, from the CLI too: while it is on,
 * `run`, `ask` and `triage` over the profile refuse (exit 1, saying how to turn it off) and
 * leave nothing behind (no run, no claim, no draft); once it is off they run again. With `--json`
 * the refusal is also one JSON object on stdout, as every other `--json` failure is (its `error`
 * shaped as the run report's: contracts.md), so a script reading stdout is never left with nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-paused-')), 'p');
const PLAN = join(process.cwd(), 'resources/demo-plans/01-reply-to-bob.js');

const refusals: [string, string[]][] = [
  ['run', ['run', PLAN, '--profile', dir, '--json']],
  ['ask', ['ask', 'triage my inbox', '--profile', dir, '--json']],
  ['triage', ['triage', '--profile', dir, '--json']],
];

const auditCount = (): number =>
  (
    JSON.parse(zamburak('audit', 'list', '--profile', dir, '--json', '--limit', '1000000').stdout) as {
      entries: unknown[];
    }
  ).entries.length;

describe('a paused profile', () => {
  beforeAll(() => {
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    expect(zamburak('settings', 'set', 'paused', 'true', '--profile', dir).status).toBe(0);
  });

  for (const [name, args] of refusals)
    it(`${name} refuses while paused and leaves nothing behind`, () => {
      const before = auditCount();
      const r = zamburak(...args);
      expect(r.status).toBe(1);
      expect(JSON.parse(r.stdout)).toEqual({
        status: 'failed',
        result: null,
        error: {
          kind: 'Paused',
          message: expect.stringMatching(/^Zamburak is paused: .*zamburak settings set paused false/),
          position: null,
        },
        calls: [],
        claims: [],
      });
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^zamburak: Zamburak is paused: .*zamburak settings set paused false/);
      expect(auditCount()).toBe(before);
      expect(JSON.parse(zamburak('claims', 'list', '--profile', dir, '--json').stdout)).toMatchObject({ claims: [] });
    });

  it('without --json, stdout stays empty', () => {
    const r = zamburak('run', PLAN, '--profile', dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^zamburak: Zamburak is paused: /);
  });

  it('runs again once the pause is off', () => {
    expect(zamburak('settings', 'set', 'paused', 'false', '--profile', dir).status).toBe(0);
    const r = zamburak(...refusals[0]![1]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed' });
  });
});
