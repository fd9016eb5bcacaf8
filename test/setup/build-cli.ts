/**
 * Vitest global setup: the suites that start `apps/cli/bin/zamburak.mjs` run the built bundle
 * (scripts/build-cli.mjs), so it is rebuilt here whenever a source is newer than it: a suite
 * never tests a stale command.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module script without types
import { buildCli, CLI_OUT } from '../../scripts/build-cli.mjs';

const SOURCES = ['apps', 'engine', 'main', 'preload', 'policies', 'package.json'];

function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = s.mtimeMs;
  for (const f of readdirSync(path)) if (f !== 'node_modules') m = Math.max(m, newest(join(path, f)));
  return m;
}

export default async function setup(): Promise<void> {
  const out = join(CLI_OUT as string, 'zamburak.mjs');
  const builtAt = existsSync(out) ? statSync(out).mtimeMs : -1;
  if (builtAt < Math.max(...SOURCES.filter((s) => existsSync(s)).map(newest)))
    await (buildCli as () => Promise<void>)();
}
