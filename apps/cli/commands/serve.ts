/**
 * `zamburak serve`: the app in a browser. The same renderer and router as the Electron app,
 * over HTTP on 127.0.0.1 with an access token (apps/web/server.ts). Prints one line,
 * `Zamburak is running at URL`, and serves until interrupted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../../main/app/app';
import { openProfile } from '../../../main/profile/profile';
import { StoreError } from '../../../main/store';
import { ensureRendererBuilt, REPO_ROOT } from '../../web/renderer-build';
import { startWebHost } from '../../web/server';
import { readFileSync } from 'node:fs';
import { InputError, str, UsageError } from '../args';
import { openProfileArg } from '../profile-arg';
import type { Command } from './types';
import { serveSpec } from './specs';

const version = (): string =>
  (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Opens the URL in the desktop's browser when there is a desktop; never fails the command.
 * False when there is no desktop to open it on.
 */
export function openBrowser(url: string): boolean {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return false;
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(cmd, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
  return true;
}

export const serveCommand: Command = {
  ...serveSpec,
  async run(p) {
    if (p.positional.length) throw new UsageError('serve takes no positional arguments');
    const portText = str(p, '--port');
    const port = portText === undefined ? 0 : Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError('--port takes a port number (0–65535)');
    const world = str(p, '--world');
    if (world && (str(p, '--profile') || str(p, '--db')))
      throw new UsageError('serve takes --world or --profile, not both');
    let profile;
    try {
      profile = world
        ? openProfile(mkdtempSync(join(tmpdir(), 'zamburak-serve-')), { demoWorld: resolve(world) })
        : openProfileArg(p);
    } catch (e) {
      if (e instanceof StoreError) throw new InputError(`zamburak serve: ${e.message}`);
      throw e;
    }
    const app = createApp(profile, {
      host: 'browser',
      versions: { app: version(), electron: '', chrome: '', node: process.versions.node },
    });
    const host = await startWebHost({ app, rendererDir: ensureRendererBuilt(), port });
    process.stdout.write(`Zamburak is running at ${host.url}\n`);
    if (!p.flags.has('--no-open')) openBrowser(host.url);
    await new Promise<void>((done) => {
      const stop = () => done();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    app.stop();
    await host.close();
    profile.close();
    return 0;
  },
};
