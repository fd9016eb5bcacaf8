/**
 * The reference monitor is the specification the fast path is tested against, so it must not run
 * any of it: it may load the engine's tables, labels, front end (the checker), tools and gate, but
 * not the plan compiler, the sandbox or the engine's run loop.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const FAST_PATH = [
  /^engine\/sandbox\//,
  /^engine\/plan\/(compile|effects|emit-[a-z-]+|plain-[a-z-]+|field-functions)\.ts$/,
  /^engine\/run\/run-plan\.ts$/,
];

describe('the reference monitor', () => {
  it('loads none of the fast path it checks', async () => {
    const out = await build({
      entryPoints: ['engine/reference/index.ts'],
      bundle: true,
      platform: 'node',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const loaded = Object.keys(out.metafile.inputs);
    expect(loaded).toContain('engine/reference/builtins.ts');
    expect(loaded.filter((f) => FAST_PATH.some((p) => p.test(f)))).toEqual([]);
  }, 30_000);
});
