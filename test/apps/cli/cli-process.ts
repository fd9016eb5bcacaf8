/** The built command as the suites run it: a fresh Node process, outside any profile the environment names. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');

export const zamburak = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    timeout: 90_000,
    // triage --json over the demo world prints more than the default 1 MB.
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ZAMBURAK_PROFILE: '' },
  });
