/**
 * Where the built renderer lives, building it (electron-vite, ~2 s) when it is missing or older
 * than its sources — so `zamburak serve` and the UI tests never show a stale build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');
const SOURCES = [join(REPO_ROOT, 'renderer'), join(REPO_ROOT, 'preload', 'contract.ts')];

function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

export function ensureRendererBuilt(): string {
  const index = join(RENDERER_DIR, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : -1;
  // Only a checkout has sources to compare with; an installed app ships the build alone.
  const stale = SOURCES.every(existsSync) && Math.max(...SOURCES.map(newest)) > builtAt;
  if (builtAt >= 0 && !stale) return RENDERER_DIR;
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('building the renderer failed (npm run build shows why)');
  return RENDERER_DIR;
}
