/**
 * The desktop app itself, driven by Playwright's Electron support: the locked-down window and
 * the same four jobs as the browser-host suite (jobs.ts) over a fresh demo profile. It runs
 * wherever an Electron binary exists; Electron fetches it on first run, so on a machine without
 * internet there is none and this suite says so (the browser-host suites cover the UI there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openProfile } from '../../main/profile/profile';
import { approveJob, auditJob, policyJob, rejectJob, triageJob } from './jobs';

function electronBinary(): string | null {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const WHY =
  'no Electron binary on this machine: electron fetches it on first run (node_modules/electron/dist), and this machine has no internet';
if (!binary) console.warn(`test/e2e/electron.test.ts: skipped, ${WHY}`);

describe.skipIf(!binary)(`the Electron app (${binary ? 'binary found' : WHY})`, () => {
  it('opens one locked-down window whose only bridge is window.zamburak', async () => {
    if (!existsSync('out/main/main.js'))
      expect(spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status).toBe(0);
    const app = await electron.launch({ executablePath: binary!, args: ['.'] });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      expect(await page.title()).toContain('Zamburak');
      // No Node in the renderer; only the typed bridge.
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => typeof (globalThis as { zamburak?: unknown }).zamburak)).toBe('object');
      const version = await page.evaluate(() =>
        (
          globalThis as unknown as { zamburak: { engine: { version(): Promise<{ electron: string }> } } }
        ).zamburak.engine.version(),
      );
      expect(version.electron).not.toBe('');
      // Navigation away and new windows are refused.
      await page.evaluate(() => window.open('https://example.invalid/'));
      expect(app.windows()).toHaveLength(1);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('does the four jobs: triage, approve and reject, audit, policy', async () => {
    if (!existsSync('out/main/main.js'))
      expect(spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status).toBe(0);
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-electron-')), 'profile');
    // The test reads and seeds the same profile file the app opens (SQLite allows both).
    const profile = openProfile(dir);
    profile.setSetting('undoWindowSeconds', '1');
    const app = await electron.launch({
      executablePath: binary!,
      args: ['.'],
      env: { ...process.env, ZAMBURAK_PROFILE: dir },
    });
    try {
      const page = await app.firstWindow();
      await page.waitForSelector('.rail');
      for (const job of [triageJob, approveJob, rejectJob, auditJob, policyJob]) await job({ page, profile });
    } finally {
      await app.close();
      profile.close();
    }
  }, 300_000);
});
