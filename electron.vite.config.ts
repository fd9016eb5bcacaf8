import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * Chunks imported lazily that the page needs at once, fetched beside the entry script instead of
 * after running it: the app's start (renderer/src/start.tsx: React and the Inbox, started once
 * the browser host's first screen is painted) and the contract (zod and the schemas, which every
 * answer over `/api/` waits for).
 */
function preloadChunks(modules: readonly string[]): Plugin {
  return {
    name: 'zamburak:preload-chunks',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        return modules.map((module) => {
          const chunk = Object.values(bundle).find(
            (c) => c.type === 'chunk' && c.moduleIds.includes(resolve(root, module)),
          );
          if (!chunk) throw new Error(`the renderer build has no chunk for ${module} to preload`);
          const href = `./${chunk.fileName}`;
          return { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const };
        });
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The engine worker and the listing writer are their own files next to main.js
      // (main/engine-host/engine-host.ts and main/mail/listing-writer.ts find them).
      rolldownOptions: {
        input: {
          main: resolve(root, 'main/electron/main.ts'),
          'engine-worker': resolve(root, 'main/engine-host/worker.ts'),
          'listing-writer': resolve(root, 'main/mail/listing-writer-worker.ts'),
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
    plugins: [react(), preloadChunks(['renderer/src/start.tsx', 'preload/contract.ts'])],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // Smaller and faster to parse: the Inbox's first paint is measured (npm run bench).
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
