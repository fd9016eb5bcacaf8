#!/usr/bin/env node
// The Debian packages the test suites need: real servers for the integration tests and a real
// browser for the UI tests. Run as root (CI, a fresh machine), missing ones are installed with
// apt-get; otherwise this prints exactly what to install. Under CI=true a package that is still
// missing fails the run: a suite that needs a server never skips silently there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const SYSTEM_DEPS = [
  { what: 'Dovecot IMAP server (mail integration tests)', path: '/usr/sbin/dovecot', pkg: 'dovecot-imapd' },
  { what: 'Radicale CalDAV server (calendar integration tests)', path: '/usr/bin/radicale', pkg: 'radicale' },
  { what: 'Chromium (UI tests through the browser host)', path: '/usr/bin/chromium', pkg: 'chromium' },
];

export function missingDeps() {
  return SYSTEM_DEPS.filter((d) => !existsSync(d.path));
}

export function ensureSystemDeps() {
  let missing = missingDeps();
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const pkgs = missing.map((d) => d.pkg);
  if (isRoot && hasApt) {
    console.log(`Installing the Debian packages the tests need: ${pkgs.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
    missing = missingDeps();
    if (missing.length === 0) return true;
  }
  console.error('These tests need Debian packages that are not installed:');
  for (const d of missing) console.error(`  ${d.pkg.padEnd(14)} ${d.what}`);
  console.error(`Install them with:  sudo apt-get install ${missing.map((d) => d.pkg).join(' ')}`);
  if (process.env.CI === 'true') return false;
  console.error('(Outside CI the suites that need them say why they were skipped.)');
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureSystemDeps() ? 0 : 1);
