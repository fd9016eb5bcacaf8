/**
 * A real Radicale CalDAV server on 127.0.0.1 for the calendar integration tests: a generated
 * config in a temp folder, htpasswd auth with a plain password, filesystem storage. Under
 * CI=true a missing Radicale fails; elsewhere the suite skips and says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onFreePort } from './ports';

export const RADICALE_BIN = '/usr/bin/radicale';

/** Why the Radicale suites cannot run here, or null when they can. Throws under CI=true. */
export function radicaleMissing(): string | null {
  if (existsSync(RADICALE_BIN)) return null;
  const why = `Radicale is not installed (${RADICALE_BIN}); install it with: sudo apt-get install radicale`;
  if (process.env.CI === 'true') throw new Error(why);
  process.stderr.write(`skipping the CalDAV integration tests: ${why}\n`);
  return why;
}

export interface RadicaleServer {
  readonly url: string;
  readonly user: string;
  readonly password: string;
  /** A calendar collection made for this test (MKCALENDAR), ending in `/`. */
  makeCalendar(name: string): Promise<string>;
  stop(): Promise<void>;
}

export const basicAuth = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export async function startRadicale(): Promise<RadicaleServer> {
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-radicale-'));
  const user = 'maya';
  const password = randomBytes(9).toString('base64url');
  writeFileSync(join(dir, 'users'), `${user}:${password}\n`);
  const { url, child } = await onFreePort((port) => listen(dir, port));
  const auth = basicAuth(user, password);
  return {
    url,
    user,
    password,
    async makeCalendar(name) {
      const href = `${url}/${user}/${name}/`;
      const r = await fetch(href, {
        method: 'MKCALENDAR',
        headers: { Authorization: auth, 'Content-Type': 'application/xml' },
        body: `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
      });
      if (r.status !== 201) throw new Error(`MKCALENDAR ${href}: ${r.status} ${await r.text()}`);
      return href;
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const stopChild = async (child: ChildProcess): Promise<void> => {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
};

/**
 * Radicale on the port, once it answers as Radicale: another process's server on the port (it took
 * the port first; this one then exits) is not taken for it. Left running only when it answers.
 */
async function listen(dir: string, port: number): Promise<{ url: string; child: ChildProcess }> {
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
      'mask_passwords = True',
      '',
    ].join('\n'),
  );
  // Output to a file, never a pipe: a pipe nobody reads would block the server.
  const log = openSync(join(dir, 'radicale.log'), 'a');
  const child: ChildProcess = spawn(RADICALE_BIN, ['--config', join(dir, 'config')], {
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`radicale exited with ${child.exitCode}; see ${join(dir, 'radicale.log')}`);
    const up = await fetch(`${url}/.web/`).then(
      async (r) => r.ok && (await r.text()).includes('Radicale'),
      () => false,
    );
    if (up) return { url, child };
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`radicale did not answer on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
