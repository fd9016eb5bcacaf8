/**
 * The project's own contract fixture (test/fixtures/contract) through the CLI, as a user would
 * run it: untrusted data never reaches sendEmail as allowed, in the modes each case names; a
 * reply to a reader is allowed; an escape fails; a runaway loop is a limit.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(process.cwd(), 'test/fixtures/contract');
const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');

interface Case {
  plan: string;
  modes: string[];
  expect: 'allow' | 'not-allow' | 'failed' | 'limit';
  sourcesInclude?: string;
}
interface Report {
  status: string;
  calls: { tool: string; decision: string; sources: string[] }[];
}

const cases = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Case[];

describe('contract fixture through the CLI', () => {
  for (const c of cases)
    for (const mode of c.modes)
      it(`${c.plan} (${mode}): ${c.expect}`, () => {
        const r = spawnSync(
          process.execPath,
          [BIN, 'run', join(DIR, 'plans', c.plan), '--world', join(DIR, 'world.yaml'), '--mode', mode, '--json'],
          { encoding: 'utf8', timeout: 60_000 },
        );
        const rep = JSON.parse(r.stdout) as Report;
        const send = rep.calls.find((x) => x.tool === 'sendEmail');
        if (c.expect === 'allow') {
          expect(rep.status).toBe('completed');
          expect(send?.decision).toBe('allow');
        } else if (c.expect === 'not-allow') {
          if (send) {
            expect(send.decision).not.toBe('allow');
            expect(send.sources.join(' ')).toContain(c.sourcesInclude!);
          }
        } else expect(rep.status).toBe(c.expect);
      }, 60_000);
});
