#!/usr/bin/env node
// Builds the `zamburak` command into out/cli/ with esbuild: the CLI and the worker scripts it
// starts (mail parsing, the engine host), each one ES module with the project's TypeScript and
// pure dependencies inside, so nothing is transpiled or resolved file by file at run time.
// Kept as imports: better-sqlite3 (a native addon), quickjs-emscripten (loads its .wasm file
// next to its own module), electron and the build tools `serve` runs (vite, electron-vite).
// out/cli/ sits two folders below the repository, as apps/cli/main.ts does, so paths the
// sources compute from import.meta.url (resources/, out/renderer/) still point where they should.
// Run by `npm run build`, `prepare` (npm install / npm ci) and the test setup.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_OUT = join(ROOT, 'out', 'cli');

// The file names the sources look for next to themselves: main/mail/parse-pool.ts starts
// `parse-worker-entry.mjs`, main/engine-host/engine-host.ts prefers a built `engine-worker.js`,
// main/mail/listing-writer.ts a built `listing-writer.js`.
const WORKERS = [
  ['parse-worker-entry.mjs', 'main/mail/parse-worker.ts'],
  ['engine-worker.js', 'main/engine-host/worker.ts'],
  ['listing-writer.js', 'main/mail/listing-writer-worker.ts'],
];

const COMMON = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'quickjs-emscripten', '@jitl/*', 'electron', 'vite', 'electron-vite', 'fsevents'],
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // `serve` renders the renderer's first screen (renderer/src/first-screen.tsx); the styles its
  // lazy screens import belong to the built renderer, not to the command.
  loader: { '.css': 'empty' },
  sourcemap: 'linked',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
  metafile: true,
};

export async function buildCli() {
  const results = await Promise.all([
    // The command, split at each command's dynamic import (apps/cli/commands/index.ts): a process
    // parses and evaluates only the chunks its command needs. The chunks sit next to the entry,
    // so import.meta.url in them points where the entry's does.
    build({
      ...COMMON,
      entryPoints: { zamburak: 'apps/cli/main.ts' },
      outdir: CLI_OUT,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      splitting: true,
    }),
    ...WORKERS.map(([file, entry]) => build({ ...COMMON, entryPoints: [entry], outfile: join(CLI_OUT, file) })),
  ]);
  // Chunks of earlier builds go only now, so a command started during the build still finds its own.
  const built = new Set(results.flatMap((r) => Object.keys(r.metafile.outputs).map((f) => join(ROOT, f))));
  for (const f of readdirSync(CLI_OUT)) if (!built.has(join(CLI_OUT, f))) rmSync(join(CLI_OUT, f), { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
