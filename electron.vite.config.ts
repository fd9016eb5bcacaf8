import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

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
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // Smaller and faster to parse: the Inbox's first paint is measured (npm run bench).
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
