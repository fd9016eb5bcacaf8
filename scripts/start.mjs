#!/usr/bin/env node
// `npm start`: build with electron-vite and launch the app. Electron fetches its binary on first
// run; where that is impossible (no internet), the same app runs in the browser host instead:
// `zamburak serve` on 127.0.0.1, which prints the URL (with its access token) and opens a
// browser when the desktop has one. Both use the profile in ZAMBURAK_PROFILE or the OS's
// app-data folder, which holds the demo account until a real account is added.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const built = run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
if (built !== 0) process.exit(built);

// We look for the binary ourselves: require('electron') would try to download it.
function electronBinary() {
  try {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const electron = electronBinary();
if (electron) process.exit(run(electron, ['.']));

console.log(
  'No Electron binary on this machine (Electron fetches it on first run, and this machine cannot download it).\n' +
    'Starting the same app in your browser instead — open the URL below; Ctrl+C stops it.',
);
process.exit(run(process.execPath, [join(root, 'apps/cli/bin/zamburak.mjs'), 'serve', ...process.argv.slice(2)]));
