// The repository layout that README.md, the CI script and the layering lint rules rely on.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe('repository layout', () => {
  it.each(['apps', 'main', 'renderer', 'preload', 'engine', 'policies', 'test', 'resources'])(
    'has the top-level folder %s/ with a README',
    (folder) => {
      expect(statSync(join(root, folder)).isDirectory()).toBe(true);
      expect(existsSync(join(root, folder, 'README.md'))).toBe(true);
    },
  );

  it.each(['package.json', 'electron-builder.yml', 'tsconfig.json', 'README.md', 'electron.vite.config.ts'])(
    'has the top-level file %s',
    (file) => {
      expect(statSync(join(root, file)).isFile()).toBe(true);
    },
  );

  it('has up-to-date generated files (scripts/gen-embedded.mjs --check)', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts/gen-embedded.mjs'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
