import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Suites that only compute (the engine, the security rounds, the scenarios, the app's services in
 * this process) run two at a time; every suite that starts a server, a browser or a child process
 * runs alone after them, as all did before: on CI's 2-core runner their waits and undo windows
 * assume a core of their own. (A worker thread only computes, as the engine's and the parser's do;
 * a suite whose text names worker_threads runs alone all the same, and so do the suites of the app
 * behind its router, app-fixture: at load 28 their engine runs and 100,000-entry set-ups passed
 * vitest's 30 s two at a time.) A suite counts as computing
 * only when it lives in one of these folders and its text names nothing of the kinds below, so a
 * new suite that starts something runs alone without anyone listing it; and
 * `setup/computes-only.ts` fails a computing suite that starts a server or a child process anyway
 * (through a helper, say), naming what it started.
 *
 * The computing suites run in one process a worker, and the suites that run alone (`alone`),
 * then the UI suites (`e2e/`, `ui`), one at a time each in one process (`isolate: false`): a fresh
 * process a file imported the engine, the app and playwright-core anew, 150 s of 1,036 for `e2e/`
 * at load 22 against 16 s of 744 in one process; 16 alone suites took 187–194 s in a process each
 * against 58–62 s in one, at load 19–30 (test/README.md). What one suite leaves would meet the
 * next, so `setup/leaves-nothing.ts` fails a suite that leaves a server or a child process
 * running, or an environment variable, the working folder, fake timers, a global or a method of
 * `console` changed; a suite that replaces a module (`vi.mock`) cannot share a process and runs
 * in a process of its own (`computing apart`, two at a time, or `own process` after the rest),
 * found by its text as the computing suites are. What the engine and the app keep between calls
 * in a module (compiled plans, loaded policies, the sandbox's QuickJS slots, whose memory is put
 * back after every run) is what the app keeps between runs too: a suite after another meets it
 * as the app's second run meets the first's.
 */
const COMPUTING = ['test/engine', 'test/security', 'test/scenarios', 'test/repo', 'test/renderer', 'test/main'];
const STARTS_SOMETHING =
  /\/(e2e|integration|apps)\/|\/main\/(outbox|runs|engine-host)\/|child_process|worker_threads|playwright|createServer|startScripted|startHostile|app-fixture/;

const EXCLUDE = ['node_modules/**', 'out/**', 'dist/**', 'test/fixtures/**'];
const suites = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.test.ts')).map((f) => join(dir, f));
const text = (file: string): string => readFileSync(file, 'utf8');

/**
 * A suite that replaces a module (or drops the loaded ones), or watches what a module sees as it
 * is loaded (its text says `fresh process`, and why), needs a process of its own: in a shared
 * process the module is loaded already, and vitest puts mocks back only between isolated files.
 */
const NEEDS_FRESH_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(|\bfresh process\b/;
const fresh = (f: string): boolean => NEEDS_FRESH_MODULES.test(text(f));
const startsNothing = COMPUTING.flatMap(suites).filter((f) => !STARTS_SOMETHING.test(text(f)));
const computing = startsNothing.filter((f) => !fresh(f));
/** Computing suites that need fresh modules: two at a time still, each in a process of its own. */
const computingApart = startsNothing.filter(fresh);
const ownProcess = suites('test').filter((f) => !startsNothing.includes(f) && fresh(f));

export default defineConfig({
  test: {
    exclude: EXCLUDE,
    environment: 'node',
    // The CLI suites run the built command: rebuilt here when its sources changed.
    globalSetup: ['test/setup/build-cli.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A poll waits for a condition and ends as soon as it holds; vitest's default ceiling (1 s) is
    // a fast machine's: on CI's loaded 2-core runner a page's answer or a kept edit took longer.
    expect: { poll: { timeout: 5_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'computing',
          include: computing,
          setupFiles: ['test/setup/computes-only.ts', 'test/setup/leaves-nothing.ts'],
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'computing apart',
          include: computingApart,
          setupFiles: ['test/setup/computes-only.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ['test/**/*.test.ts'],
          exclude: [...EXCLUDE, 'test/e2e/**', ...startsNothing, ...ownProcess],
          setupFiles: ['test/setup/leaves-nothing.ts'],
          maxWorkers: 1,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...EXCLUDE, ...ownProcess],
          setupFiles: ['test/setup/leaves-nothing.ts'],
          maxWorkers: 1,
          isolate: false,
          // The harness's own ceiling (test/e2e/harness.ts sets it as it is imported, once per
          // process here: vitest sets the config back after each file).
          testTimeout: 60_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          name: 'own process',
          include: ownProcess,
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
