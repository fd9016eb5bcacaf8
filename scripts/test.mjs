#!/usr/bin/env node
// `npm test`: the whole gate, in order, stopping at the first failure (exit code preserved).
//   system     the Debian servers and Chromium the suites need (installed when run as root)
//   gen:check  generated files are up to date
//   typecheck  tsc over every environment
//   lint       eslint (incl. layering rules) and prettier --check
//   build      electron-vite build (the UI suites drive the built renderer through the browser host)
//   vitest     every suite under test/ (extra arguments go to vitest: npm test -- test/engine)
import { spawnSync } from 'node:child_process';
import { ensureSystemDeps } from './system-deps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  ['gen:check', [npm, ['run', '--silent', 'gen:check']]],
  ['typecheck', [npm, ['run', '--silent', 'typecheck']]],
  ['lint', [npm, ['run', '--silent', 'lint']]],
  ['build', [npm, ['run', '--silent', 'build']]],
  ['vitest', [npm, ['run', '--silent', 'test:unit', '--', ...process.argv.slice(2)]]],
];

console.log('\n▶ system');
if (!ensureSystemDeps()) {
  console.error("\n✖ npm test: step 'system' failed (missing Debian packages, see above)");
  process.exit(1);
}

for (const [name, [cmd, args]] of steps) {
  console.log(`\n▶ ${name}`);
  const { status, signal } = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (status !== 0) {
    console.error(`\n✖ npm test: step '${name}' failed (${signal ?? `exit ${status}`})`);
    process.exit(status || 1);
  }
}
console.log('\n✔ npm test: all steps passed');
