/**
 * Set-up of the `computing` project (vitest.config.ts): its suites run two at a time, so none may
 * start a child process or a server, whose waits assume a core of their own. vitest.config.ts
 * sorts suites by their text; this checks what they do: a suite that starts one fails, naming it,
 * and belongs in the `alone` project (a word of its text in STARTS_SOMETHING puts it there).
 * Worker threads are allowed: the engine's and the parser's only compute, as the suite's thread would.
 */
import * as childProcess from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import * as net from 'node:net';
import { afterAll, expect } from 'vitest';

const started: string[] = [];
// The modules themselves (CommonJS views), whose exports ES imports see after the sync below.
const require = createRequire(import.meta.url);
const cp = require('node:child_process') as Record<string, unknown>;
for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const) {
  const original = childProcess[name] as (...a: unknown[]) => unknown;
  cp[name] = (...a: unknown[]) => {
    started.push(`a child process (${name} ${String(a[0])})`);
    return original(...a);
  };
}
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...a: unknown[]) {
  started.push('a server');
  return listen.apply(this, a as Parameters<typeof listen>);
} as typeof listen;
syncBuiltinESMExports();

afterAll(() => {
  if (started.length)
    throw new Error(
      `${expect.getState().testPath} starts ${[...new Set(started)].join(', ')}: it runs two at a time in the ` +
        'computing project, so it must start nothing; add a word of its text to STARTS_SOMETHING (vitest.config.ts)',
    );
});
