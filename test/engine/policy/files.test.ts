/** The shipped files: preset copies, the generated JSON Schema, the examples and their vectors. */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_TOOLS, loadPolicy, PRESETS, presetPolicy, runVectors, type Policy } from '../../../engine/policy';
import { policyJsonSchema } from '../../../engine/policy/schema';
import { policySchemaFileText } from '../../../scripts/gen-policy-schema';

const root = join(__dirname, '..', '..', '..');
const read = (p: string): string => readFileSync(join(root, p), 'utf8');

const load = (p: string): Policy => {
  const r = loadPolicy(read(p), { knownTools: BUILTIN_TOOLS });
  if (!r.ok) throw new Error(`${p}: ${r.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n')}`);
  return r.policy;
};

describe('shipped policy files', () => {
  it.each(['default', 'strict'])('policies/%s.yaml is identical to the embedded preset', (name) => {
    const canonical = read(`engine/policy/presets/${name}.embed.yaml`);
    expect(read(`policies/${name}.yaml`)).toBe(canonical);
    expect(PRESETS[name]).toBe(canonical);
  });

  it('policies/schema.json is the generated JSON Schema (npx tsx scripts/gen-policy-schema.ts)', async () => {
    expect(read('policies/schema.json')).toBe(await policySchemaFileText());
    expect(JSON.parse(read('policies/schema.json'))).toEqual(policyJsonSchema());
  });

  it('every example policy loads with the built-in tools', () => {
    const files = readdirSync(join(root, 'policies/examples')).filter(
      (f) => f.endsWith('.yaml') && !f.endsWith('.vectors.yaml'),
    );
    expect(files.sort()).toEqual(['calendar-scheduling.yaml', 'inbox-triage.yaml']);
    for (const f of files) expect(load(`policies/examples/${f}`).extends).toBe('default');
  });

  it.each([
    ['policies/examples/default.vectors.yaml', null],
    ['policies/examples/inbox-triage.vectors.yaml', 'policies/examples/inbox-triage.yaml'],
    ['policies/examples/calendar-scheduling.vectors.yaml', 'policies/examples/calendar-scheduling.yaml'],
  ] as const)('%s passes', (vectors, policy) => {
    const p = policy ? load(policy) : presetPolicy('default');
    const r = runVectors(p, read(vectors));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.rows.filter((row) => !row.pass)).toEqual([]);
    expect(r.rows.length).toBeGreaterThan(3);
  });
});
