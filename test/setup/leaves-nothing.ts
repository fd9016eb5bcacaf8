/**
 * Set-up of the projects whose suites run one after another in one process (`computing`, `alone`
 * and `ui`, vitest.config.ts: `isolate: false`, so each does not import the app, the engine and
 * playwright-core again): what a suite leaves behind meets the next one. This fails a suite that
 * leaves a server or a child process (Dovecot, Chromium, the CLI) running after its own `afterAll`
 * hooks (this one runs last), or that changed what every suite of the process shares: an
 * environment variable, the working folder, vitest's fake timers, a global added or removed, a
 * method of `console` replaced (a spy not restored). It names what it left. (Node lists no handle
 * for a worker thread; the app's stop with its server.)
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';

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

/** A number for each function seen, so one replaced (a spy left on `console.error`) reads as a change. */
const seen = new WeakMap<object, string>();
const idOf = (f: unknown): string | undefined => {
  if (typeof f !== 'function') return undefined;
  let id = seen.get(f);
  if (id === undefined) seen.set(f, (id = `function ${(numbered += 1)}`));
  return id;
};
let numbered = 0;

/** The process-wide state a suite may change only for as long as it runs. */
const shared = (): Map<string, string | undefined> =>
  new Map<string, string | undefined>([
    ...Object.keys(process.env).map((k) => [`the environment variable ${k}`, process.env[k]] as const),
    ['the working folder', process.cwd()],
    ["vitest's fake timers", vi.isFakeTimers() ? 'on' : undefined],
    // Present or not: reading every global's value would run lazy getters. Node's own fetch
    // (undici) puts its default dispatcher on a symbol at its first request, whichever suite
    // makes it: the same dispatcher for every suite after, not state a suite left.
    ...Reflect.ownKeys(globalThis)
      .filter((k) => !(typeof k === 'symbol' && k.description?.startsWith('undici.')))
      .map((k) => [`the global ${String(k)}`, 'set'] as const),
    ...Object.keys(console).map(
      (k) => [`console.${k}`, idOf((console as unknown as Record<string, unknown>)[k])] as const,
    ),
  ]);

const changed = (before: Map<string, string | undefined>): string[] => {
  const now = shared();
  return [...new Set([...before.keys(), ...now.keys()])].filter((k) => before.get(k) !== now.get(k));
};

let before = new Map<string, number>();
let sharedBefore = new Map<string, string | undefined>();
beforeAll(() => {
  before = running();
  sharedBefore = shared();
});
afterAll(async () => {
  const touched = changed(sharedBefore);
  // The wait below needs the real clock.
  vi.useRealTimers();
  // A stopped child or server lets go of its handle as its exit or close is handled: not
  // necessarily in the same turn as the promise that stopped it.
  for (let i = 0; i < 50 && left(before).length; i++) await new Promise((r) => setTimeout(r, 100));
  const still = left(before);
  const what = [
    ...(still.length ? [`leaves ${still.join(', ')} running`] : []),
    ...(touched.length ? [`changes ${touched.join(', ')}`] : []),
  ];
  if (what.length)
    throw new Error(
      `${expect.getState().testPath} ${what.join(' and ')} after its last hook: its project runs its suites ` +
        'one after another in one process (isolate: false), so the next suite would meet it',
    );
});
