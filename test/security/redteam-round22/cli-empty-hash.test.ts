/**
 * Red-team round 22: round 18 made an empty hash match nothing in the service and the bridge
 * (`claims.approve(id, '')` had approved whatever the claim held). The CLI kept the old reading:
 * `claims approve ID --hash ""` (a script whose hash came out empty) was "no hash given", and
 * approved, or edited, whatever the claim held by then. Now a `--hash` given is a hash to match,
 * even an empty one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { zamburak } from '../../apps/cli/cli-process';

const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-r22-hash-')), 'p');
const PLAN = join(process.cwd(), 'resources/attack-plans/02-forward-invoice-to-address-in-it.js');
let id = '';
let hash = '';

const claim = () =>
  JSON.parse(zamburak('claims', 'show', id, '--profile', dir, '--json').stdout) as {
    state: string;
    contentHash: string;
  };

describe('red team round 22: an empty --hash on the command line', () => {
  beforeAll(() => {
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    const run = JSON.parse(zamburak('run', PLAN, '--profile', dir, '--json').stdout) as {
      claims: { id: string; contentHash: string }[];
    };
    expect(run.claims.length).toBeGreaterThan(0);
    ({ id, contentHash: hash } = run.claims[0]!);
  }, 60_000);

  it('approves nothing: the claim stays pending at its hash', () => {
    const r = zamburak('claims', 'approve', id, '--hash', '', '--no-wait', '--profile', dir, '--json');
    expect(r.status).not.toBe(0);
    expect(claim()).toMatchObject({ state: 'pending', contentHash: hash });
  });

  it('edits nothing', () => {
    const r = zamburak('claims', 'edit', id, '--hash', '', '--body', 'changed', '--profile', dir, '--json');
    expect(r.status).not.toBe(0);
    expect(claim()).toMatchObject({ state: 'pending', contentHash: hash });
  });

  it('the hash shown still approves', () => {
    const r = zamburak('claims', 'approve', id, '--hash', hash, '--no-wait', '--profile', dir, '--json');
    expect(r.status).toBe(0);
    expect(claim().state).toBe('approved');
  });
});
