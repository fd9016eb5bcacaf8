#!/usr/bin/env node
// `npm start`: build with electron-vite and launch the app. Electron fetches its binary on first
// run; where that is impossible (no internet), fall back to the engine demo on the CLI instead
// of failing. We look for the binary ourselves: require('electron') would try to download it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  'The Electron binary is not available on this machine (it is fetched on first run and this machine has no internet),',
);
console.log('and the browser host is not built yet. Running the demo account from the command line instead:');
const cli = join(root, 'apps/cli/bin/zamburak.mjs');
// A fresh demo profile each time, so the walk-through starts from the same inbox.
const profile = mkdtempSync(join(tmpdir(), 'zamburak-demo-'));
const zamburak = (...args) =>
  spawnSync(process.execPath, [cli, ...args, '--profile', profile], { cwd: root, encoding: 'utf8' });
const show = (title, args, pick = (out) => out) => {
  console.log(`\n=== ${title}\n    zamburak ${args.join(' ')}`);
  const r = zamburak(...args);
  process.stdout.write(pick(r.stdout));
  if (r.status === 2) process.stderr.write(r.stderr);
  return r;
};
show('A new profile with the demo account (nothing leaves this computer)', ['init']);
show('Triage the inbox', ['triage'], (out) => out.split('\n').slice(-3).join('\n') + '\n');
show('A request a hostile email tries to steer: it asks instead of sending', [
  'run',
  'resources/attack-plans/02-forward-invoice-to-address-in-it.js',
]);
const list = zamburak('claims', 'list', '--json');
const claim = JSON.parse(list.stdout || '{"claims":[]}').claims[0];
if (claim)
  show(
    'The claim, explained from the action itself',
    ['claims', 'show', claim.id],
    (out) => out.split('\n').slice(0, 6).join('\n') + '\n',
  );
show('Every decision is in a tamper-evident log', ['audit', 'verify']);
console.log(`\nThe demo profile is in ${profile}. Try: npx zamburak claims list --profile ${profile}`);
