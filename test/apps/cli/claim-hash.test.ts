/**
 * A claim from `zamburak run --world` is bound to what its call would do, as a profile's claim
 * is: its `contentHash` is the hash of the call's effect on that world (who a reply-all reaches,
 * its subject and body), not of the arguments that described it. The same plan over a world
 * where the email answered has one more Cc gives the same arguments and a different hash.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from './cli-process';
import type { Json } from '../../../engine/ifc/labeled-value';
import { actionHash, effectHash, effectOf } from '../../../engine/tools';
import { WorldState } from '../../../engine/world';
import { worldLookups } from '../../../engine/world/effect-lookups';

const dir = mkdtempSync(join(tmpdir(), 'zamburak-claim-hash-'));

const worldWithCc = (cc: string[]): string =>
  [
    'user: { name: Lee Moreau, email: lee@fernhill.test, addresses: [lee@fernhill.test] }',
    "now: '2026-05-11T07:45:00Z'",
    'contacts: [{ name: Ada Brun, email: ada@fernhill.test }]',
    'emails:',
    '  - id: e1',
    '    folder: INBOX',
    "    from: 'Nina Park <nina@northwind.test>'",
    '    to: [lee@fernhill.test]',
    `    cc: ${JSON.stringify(cc)}`,
    "    subject: 'Quarterly numbers'",
    "    date: '2026-05-10T15:00:00Z'",
    "    body: 'Can you send the numbers?'",
    '    unread: true',
    'events: []',
  ].join('\n');

interface Claim {
  id: string;
  tool: string;
  args: Record<string, Json>;
  contentHash: string;
}

function runOver(name: string, world: string): { claim: Claim; world: string } {
  const worldFile = join(dir, `${name}.yaml`);
  const planFile = join(dir, 'reply-all.js');
  writeFileSync(worldFile, world);
  writeFileSync(planFile, "await replyToEmail('e1', { body: 'They follow on Monday.', replyAll: true });\n");
  const r = spawnSync(process.execPath, [BIN, 'run', planFile, '--world', worldFile, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const claims = (JSON.parse(r.stdout) as { claims: Claim[] }).claims;
  expect(claims).toHaveLength(1);
  return { claim: claims[0]!, world };
}

describe('the claim hash of a world run', () => {
  it('is the hash of the effect on that world, not of the arguments', () => {
    const { claim, world } = runOver('two-cc', worldWithCc(['ada@fernhill.test', 'Sam Roe <sam@northwind.test>']));
    const lookups = worldLookups(WorldState.fromText(world, 'two-cc.yaml'));
    const effect = effectOf(claim.tool, claim.args, lookups);
    expect(effect).toMatchObject({ kind: 'mail', subject: 'Re: Quarterly numbers' });
    expect(claim.contentHash).toBe(effectHash(effect));
    expect(claim.contentHash).not.toBe(actionHash(claim.tool, claim.args));
  }, 60_000);

  it('changes with who the call reaches when the arguments do not', () => {
    const two = runOver('two-cc', worldWithCc(['ada@fernhill.test', 'Sam Roe <sam@northwind.test>'])).claim;
    const three = runOver(
      'three-cc',
      worldWithCc(['ada@fernhill.test', 'Sam Roe <sam@northwind.test>', 'drop@elsewhere.test']),
    ).claim;
    expect(three.args).toEqual(two.args);
    // The handle the plan sees names the call; the hash binds what it does.
    expect(three.id).toBe(two.id);
    expect(three.contentHash).not.toBe(two.contentHash);
  }, 60_000);
});
