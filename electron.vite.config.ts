import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * The contract's chunk (zod and the schemas) is imported lazily, yet every answer over `/api/`
 * waits for it to be parsed: the page fetches it beside the entry script instead of after running it.
 */
function preloadContractChunk(): Plugin {
  return {
    name: 'zamburak:preload-contract-chunk',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const chunk = Object.values(ctx.bundle).find(
          (c) => c.type === 'chunk' && c.moduleIds.includes(resolve(root, 'preload/contract.ts')),
        );
        if (!chunk) throw new Error('the renderer build has no chunk for preload/contract.ts to preload');
        const href = `./${chunk.fileName}`;
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The engine worker is its own file next to main.js (main/engine-host/engine-host.ts finds it).
      rolldownOptions: {
        input: {
          main: resolve(root, 'main/electron/main.ts'),
          'engine-worker': resolve(root, 'main/engine-host/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load node_modules or ES modules: bundle zod and the
      // contract into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react(), preloadContractChunk()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // Smaller and faster to parse: the Inbox's first paint is measured (npm run bench).
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
