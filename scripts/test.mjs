#!/usr/bin/env node
// `npm test`: the whole gate, in order, stopping at the first failure (exit code preserved).
//   system     the Debian servers and Chromium the suites need (installed when run as root)
//   gen:check  generated files are up to date
//   typecheck  tsc over every environment          ┐ at the same time: each is one thread (tsc
//   lint       eslint (incl. layering rules) and   │ about 35 s of CPU, lint about 60, the build
//              prettier --check                    │ a few), so on CI's 2-core runner the three
//   build      electron-vite build (the UI suites  ┘ take about as long as lint alone; each one's
//              drive the built renderer through      output is printed whole once it ends
//              the browser host)
//   vitest     every suite under test/ (extra arguments go to vitest: npm test -- test/engine)
import { spawn } from 'node:child_process';
import { ensureSystemDeps } from './system-deps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const script = (name, ...extra) => [npm, ['run', '--silent', name, ...extra]];
/** Each entry runs after the one before has passed; the steps of one entry run at the same time. */
const stages = [
  [['gen:check', script('gen:check')]],
  [
    ['typecheck', script('typecheck')],
    ['lint', script('lint')],
    ['build', script('build')],
  ],
  [['vitest', script('test:unit', '--', ...process.argv.slice(2))]],
];

const fail = (name, why, code = 1) => {
  console.error(`\n✖ npm test: step '${name}' failed (${why})`);
  process.exit(code || 1);
};

/** Runs one step; a step alone in its stage writes straight to the terminal, others are held. */
function run(name, [cmd, args], alone) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Held output keeps its colours when it is printed to a terminal.
      env: !alone && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
      shell: process.platform === 'win32',
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('error', (e) => resolve({ name, out, why: e.message, status: 1 }));
    child.on('close', (status, signal) => resolve({ name, out, status, why: signal ?? `exit ${status}` }));
  });
}

console.log('\n▶ system');
if (!ensureSystemDeps()) fail('system', 'missing Debian packages, see above');

for (const stage of stages) {
  const alone = stage.length === 1;
  if (alone) console.log(`\n▶ ${stage[0][0]}`);
  const results = await Promise.all(stage.map(([name, command]) => run(name, command, alone)));
  for (const r of results) {
    if (!alone) {
      console.log(`\n▶ ${r.name}`);
      process.stdout.write(Buffer.concat(r.out));
    }
  }
  const failed = results.find((r) => r.status !== 0);
  if (failed) fail(failed.name, failed.why, failed.status);
}
console.log('\n✔ npm test: all steps passed');
