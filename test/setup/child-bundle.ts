/**
 * A child process script a suite starts many times (the outbox's crash and race children), built
 * once per file into one ES module under out/test/ with esbuild. Started as
 * `node --import tsx child.ts`, each start spent about 1.8 s of CPU transpiling the app's
 * modules file by file; the bundle starts in about 0.25 s (measured at load ~15 on two cores,
 * `/usr/bin/time node …`). The children run the same sources: only how they are loaded differs.
 */
import { renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

const OUT = join(process.cwd(), 'out', 'test');

/** The path of `entry` (a .ts file) bundled, for `spawn(process.execPath, [path, …args])`. */
export async function bundledChild(entry: string): Promise<string> {
  const out = join(OUT, `${basename(entry, '.ts')}.mjs`);
  // Written aside, then renamed: a suite in another process starting the same child never reads
  // a half-written file.
  const part = `${out}.${process.pid}.part`;
  await build({
    entryPoints: [entry],
    outfile: part,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // As scripts/build-cli.mjs bundles the command: pure dependencies inside (Node's ES module
    // loader cannot resolve their deep imports, such as nodemailer/lib/mail-composer), the native
    // addon and the sandbox's wasm loader from node_modules (out/ is in the repository).
    external: ['better-sqlite3', 'quickjs-emscripten', '@jitl/*', 'electron'],
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  renameSync(part, out);
  return out;
}
