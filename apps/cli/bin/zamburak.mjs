#!/usr/bin/env node
// The `zamburak` command: the bundle scripts/build-cli.mjs builds into out/cli/ (npm install and
// npm ci build it through `prepare`; `npm run build` and the test setup rebuild it). Nothing is
// transpiled at run time; a checkout that was never built is told how to build it.
import { existsSync } from 'node:fs';

const bundle = new URL('../../../out/cli/zamburak.mjs', import.meta.url);
if (existsSync(bundle)) await import(bundle.href);
else {
  process.stderr.write('zamburak: the command is not built yet: run `npm run build:cli` (npm install runs it)\n');
  process.exitCode = 2;
}
