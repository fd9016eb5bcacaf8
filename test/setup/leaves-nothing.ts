/**
 * Set-up of the `ui` project (vitest.config.ts): its suites run one after another in one process
 * (`isolate: false`, so each does not import the app and playwright-core again), so a suite that
 * left a server or a child process (Chromium, the CLI) running would meet the next one. This fails
 * it, naming what it left: what runs after its own `afterAll` hooks (this one runs last) against
 * what ran before its first. (Node lists no handle for a worker thread; the app's stop with its
 * server.)
 */
import { afterAll, beforeAll, expect } from 'vitest';

/** Node's names for the handles a suite may start and must stop (process.getActiveResourcesInfo). */
const KINDS: Readonly<Record<string, string>> = {
  TCPServerWrap: 'a server',
  PipeServerWrap: 'a server on a pipe',
  ProcessWrap: 'a child process',
};

const running = (): Map<string, number> => {
  const n = new Map<string, number>();
  for (const r of process.getActiveResourcesInfo()) if (r in KINDS) n.set(r, (n.get(r) ?? 0) + 1);
  return n;
};

const left = (before: Map<string, number>): string[] =>
  [...running()].flatMap(([r, n]) => (n > (before.get(r) ?? 0) ? [`${n - (before.get(r) ?? 0)} × ${KINDS[r]}`] : []));

let before = new Map<string, number>();
beforeAll(() => {
  before = running();
});
afterAll(async () => {
  // A stopped child or server lets go of its handle as its exit or close is handled: not
  // necessarily in the same turn as the promise that stopped it.
  for (let i = 0; i < 50 && left(before).length; i++) await new Promise((r) => setTimeout(r, 100));
  const still = left(before);
  if (still.length)
    throw new Error(
      `${expect.getState().testPath} leaves ${still.join(', ')} running after its last hook: the ui project ` +
        'runs its suites one after another in one process (isolate: false), so the next suite would meet it',
    );
});
