// Writes policies/schema.json, the JSON Schema of a policy document, from the zod schema in
// engine/policy/schema.ts (editors use it for completion and validation of policy YAML). The
// text is formatted with the repository's prettier settings so that `prettier --check` agrees.
//   npx tsx scripts/gen-policy-schema.ts          write it
//   npx tsx scripts/gen-policy-schema.ts --check  exit 1 when it is stale
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { policyJsonSchemaText } from '../engine/policy/schema';

export const SCHEMA_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'policies', 'schema.json');

/** The exact text policies/schema.json must have. */
export async function policySchemaFileText(): Promise<string> {
  const options = (await prettier.resolveConfig(SCHEMA_FILE)) ?? {};
  return prettier.format(policyJsonSchemaText(), { ...options, filepath: SCHEMA_FILE });
}

async function main(): Promise<void> {
  const text = await policySchemaFileText();
  const current = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error('policies/schema.json is stale: run npx tsx scripts/gen-policy-schema.ts');
      process.exit(1);
    }
  } else if (current !== text) writeFileSync(SCHEMA_FILE, text);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
