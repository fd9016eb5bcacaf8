#!/usr/bin/env node
// `npm start`: build with electron-vite and launch the app. Electron fetches its binary on first
// run; where that is impossible (no internet), fall back to the engine demo on the CLI instead
// of failing. We look for the binary ourselves: require('electron') would try to download it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const built = run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
if (built !== 0) process.exit(built);

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
  'The Electron binary is not available on this machine (it is fetched on first run and this machine has no internet). Running the engine demo instead:',
);
const cli = join(root, 'apps/cli/bin/zamburak.mjs');
const world = join(root, 'resources/demo-world.yaml');
// One benign request and one that a hostile email tries to steer, on the bundled demo world.
const demos = [
  ['Summarise my unread mail', 'resources/demo-plans/02-summarize-unread.js'],
  [
    'Forward the latest invoice to the address in it (a hostile email asks for this)',
    'resources/attack-plans/02-forward-invoice-to-address-in-it.js',
  ],
];
let status = 0;
for (const [request, plan] of demos) {
  console.log(`\n=== ${request}\n    zamburak run ${plan} --world resources/demo-world.yaml`);
  const code = run(process.execPath, [cli, 'run', join(root, plan), '--world', world]);
  if (code === 2) status = 2;
}
process.exit(status);
