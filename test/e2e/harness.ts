/**
 * The browser host on a fresh demo profile, and Debian's Chromium driving it (playwright-core).
 * Chromium missing fails under CI=true and skips elsewhere, saying what to install.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { createApp, type App } from '../../main/app/app';
import { openProfile, type Profile } from '../../main/profile/profile';
import { runOnProfile } from '../../main/runs/run-on-profile';
import { ensureRendererBuilt, REPO_ROOT } from '../../apps/web/renderer-build';
import type { Screen } from '../../renderer/src/route';
import { startWebHost, type WebHost } from '../../apps/web/server';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const CHROMIUM_WHY = `no Chromium at ${CHROMIUM} (apt-get install chromium; npm test installs it when run as root)`;
if (!hasChromium && process.env.CI === 'true') throw new Error(`the UI suites need Chromium under CI: ${CHROMIUM_WHY}`);

export const SCREENSHOTS = join(REPO_ROOT, 'test', 'e2e', 'screenshots');

/**
 * A UI test's own ceiling, for the files that use this harness: a test of a dozen steps took 16 s
 * at a load of 9 on 2 cores, past vitest's 30 s when twice as slow. A test past its ceiling goes on
 * running beside the next ones, on the same page, so one slow test failed several.
 */
// Only under vitest: the benchmarks (test/bench) use this harness outside it, where vi has no state.
// The e2e suites have it from their project too (vitest.config.ts `ui`): they share one process, so
// this runs for the first only, and vitest sets the config back after each file.
if (process.env.VITEST) vi.setConfig({ testTimeout: 60_000 });

/**
 * How long one step (a click, a wait for an element) may take before it fails naming itself,
 * well before the test's ceiling; Playwright's own default is 30 s.
 */
export const STEP_TIMEOUT = 15_000;

export interface Hosted {
  readonly profile: Profile;
  readonly app: App;
  readonly host: WebHost;
  close(): Promise<void>;
}

export async function hostDemo(o: { undoWindowSeconds?: number } = {}): Promise<Hosted> {
  const profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-e2e-')));
  profile.setSetting('undoWindowSeconds', String(o.undoWindowSeconds ?? 1));
  const app = createApp(profile, {
    host: 'browser',
    versions: { app: 'test', electron: '', chrome: '', node: process.versions.node },
    tickMs: 100,
  });
  const host = await startWebHost({ app, rendererDir: ensureRendererBuilt() });
  return {
    profile,
    app,
    host,
    async close() {
      app.stop();
      await host.close();
      profile.close();
    },
  };
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/**
 * How long a test waits for the demo model to triage the demo inbox (49 emails): 10 s on an idle
 * machine, past 20 s on a loaded 2-core CI machine.
 */
export const TRIAGE_TIMEOUT = 60_000;

/** The window the screenshots of the UI suites are taken at. */
export const SCREEN = { width: 1280, height: 800 } as const;

/** A page that records console errors and uncaught exceptions (a test fails on any). */
export async function openPage(
  browser: Browser,
  url: string,
  theme: 'light' | 'dark' = 'light',
  viewport: { width: number; height: number } = { width: 1400, height: 900 },
  /** The browser's language and zone (as `--lang` and the OS would set them); Chromium's own when absent. */
  place: { locale?: string; timezoneId?: string } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, colorScheme: theme, ...place });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const slowdown = Number(process.env.ZAMBURAK_E2E_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1) {
    // Chromium's CPU throttling (DevTools' "slowdown"): the page's work as on a loaded CI machine.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  await page.goto(url);
  // Keys other than moves through the list, pressed before the app takes over the rendered
  // first screen, reach no handler (renderer/src/early-input.ts): a test presses them after.
  if (/^https?:/.test(url)) await appTookOver(page);
  return { page, errors };
}

/** Reloads the page, then waits as `openPage` does until the app has taken over its first screen. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await appTookOver(page);
}

/**
 * Waits until the app has taken over the first screen the browser host rendered: until then only
 * moves through the list are recorded for it (renderer/src/early-input.ts), so a `c` would be lost.
 */
export const appTookOver = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => !('__zamburakEarlyInput' in window));

/**
 * Waits until the app shows a screen (its link in the rail is the current one). The address
 * changes first and the screen follows only once the app has handled it: a key pressed in between
 * still reaches the screen being left (the Inbox's `z` undoes, Settings' does not).
 */
export const onScreen = (page: Page, screen: Screen): Promise<void> =>
  page.getByRole('navigation', { name: 'Screens' }).locator(`a[href="#/${screen}"][aria-current="page"]`).waitFor();

/** Runs a plan of resources/FOLDER over the profile (as the assistant would) and returns its claim ids. */
async function runResourcePlan(profile: Profile, folder: string, name: string): Promise<string[]> {
  const plan = readFileSync(join(REPO_ROOT, 'resources', folder, `${name}.js`), 'utf8');
  const r = await runOnProfile(profile, { plan, kind: 'plan' });
  return r.report.claims.map((c) => c.id);
}

/** A demo plan of resources/demo-plans. */
export const runDemoPlan = (profile: Profile, name: string) => runResourcePlan(profile, 'demo-plans', name);
/** An attack plan of resources/attack-plans: what it tries ends as claims (their ids). */
export const runAttackPlan = (profile: Profile, name: string) => runResourcePlan(profile, 'attack-plans', name);

/**
 * The axe rules a theme can change the outcome of: the dark theme differs from the light one in
 * colours only (renderer/src/styles.css: every colour is light-dark(LIGHT, DARK), and data-theme
 * sets the color-scheme), so on the same screen every other rule finds in dark what it found in
 * light, where the whole set runs.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
let axeSource: string | undefined;

/**
 * axe-core's serious and critical violations on the page as it is now: every rule in the light
 * theme, the rules about colour in the dark one (each suite checks a screen in both, and the whole
 * set took half of their time again in dark).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Through the debugger protocol: the page's CSP forbids inline scripts, rightly. Once per page:
  // the app changes screens without loading another.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const result = await page.evaluate(async (colourRules) => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const dark = document.documentElement.dataset.theme === 'dark';
    return axe.run({
      resultTypes: ['violations'],
      ...(dark ? { runOnly: { type: 'rule', values: colourRules } } : {}),
    });
  }, COLOUR_RULES);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

export interface DemoSuite {
  browser: Browser;
  hosted: Hosted;
}

interface DemoOptions {
  undoWindowSeconds?: number;
  /** Changes the profile before the suite's tests run (a second account, more mail, a triage). */
  prepare?: (hosted: Hosted) => unknown;
}

/**
 * Vitest hooks for a suite: Chromium, and the browser host on a fresh demo profile — started
 * before the suite, stopped after it. The fields are filled in beforeAll, so read them inside
 * hooks and tests.
 */
export const demoSuite = (o: DemoOptions = {}): DemoSuite => startDemo({} as DemoSuite, o);

function startDemo<T extends DemoSuite>(suite: T, o: DemoOptions): T {
  beforeAll(async () => {
    suite.browser = await launchChromium();
    suite.hosted = await hostDemo(o);
    await o.prepare?.(suite.hosted);
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.hosted?.close();
  });
  return suite;
}

export interface HostedSuite<S> extends DemoSuite {
  /** The server the suite tests against (Dovecot, a scripted model…). */
  server: S;
}

/** A demo suite with a server it needs: the server starts before Chromium and the host, and stops after them. */
export function hostedSuite<S extends { stop(): Promise<void> }>(startServer: () => Promise<S>): HostedSuite<S> {
  const suite = {} as HostedSuite<S>;
  beforeAll(async () => {
    suite.server = await startServer();
  }, 60_000);
  afterAll(async () => {
    await suite.server?.stop();
  });
  return startDemo(suite, {});
}
