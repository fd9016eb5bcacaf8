// The repository layout that README.md, the CI script and the layering lint rules rely on.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
/** eslint.config.js's RENDERER_SHARED, read from its text (the config is untyped JavaScript). */
const RENDERER_SHARED = [
  ...(/RENDERER_SHARED = \[([^\]]*)\]/.exec(readFileSync(join(root, 'eslint.config.js'), 'utf8'))?.[1] ?? '').matchAll(
    /'([^']+)'/g,
  ),
].map((m) => m[1] as string);

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

  // The renderer runs these engine modules itself (one rule on both sides of the bridge), so they
  // must stay leaves: an import would carry engine code the renderer may not run.
  it('lists the engine modules the renderer shares', () => expect(RENDERER_SHARED).toContain('claims/when'));

  it.each(RENDERER_SHARED)('keeps engine/%s.ts, which the renderer shares, free of imports', (name) => {
    const text = readFileSync(join(root, 'engine', `${name}.ts`), 'utf8');
    expect(text).not.toMatch(/^\s*(import|export\s.*\sfrom)\s/m);
    expect(text).not.toMatch(/\b(require|import)\s*\(/);
  });

  it('has up-to-date generated files (scripts/gen-embedded.mjs --check)', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts/gen-embedded.mjs'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
