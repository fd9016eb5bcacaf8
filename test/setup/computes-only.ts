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
import { afterAll, beforeAll, expect } from 'vitest';

/** What the running suite started; the watch is set once per process, which runs suite after suite. */
function watch(): string[] {
  const started: string[] = [];
  // The modules themselves (CommonJS views), whose exports ES imports see after the sync below.
  const cp = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;
  for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const) {
    const original = childProcess[name] as (...a: unknown[]) => unknown;
    cp[name] = (...a: unknown[]) => {
      // esbuild's service is a compiler a suite builds with (engine/reference/imports), not a server.
      if (!/\/esbuild$/.test(String(a[0]))) started.push(`a child process (${name} ${String(a[0])})`);
      return original(...a);
    };
  }
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...a: unknown[]) {
    started.push('a server');
    return listen.apply(this, a as Parameters<typeof listen>);
  } as typeof listen;
  syncBuiltinESMExports();
  return started;
}

const WATCH = Symbol.for('zamburak.test.computes-only');
const holder = globalThis as { [WATCH]?: string[] };
const started = (holder[WATCH] ??= watch());

beforeAll(() => {
  started.length = 0;
});
afterAll(() => {
  if (started.length)
    throw new Error(
      `${expect.getState().testPath} starts ${[...new Set(started)].join(', ')}: it runs two at a time in the ` +
        'computing project, so it must start nothing; add a word of its text to STARTS_SOMETHING (vitest.config.ts)',
    );
});
