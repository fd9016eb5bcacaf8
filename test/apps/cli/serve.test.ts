/**
 * `zamburak serve` as a person starts it: one line with the URL (token included), an API that
 * answers with the token and refuses without it, and a clean stop on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'apps/cli/bin/zamburak.mjs');

describe('zamburak serve', () => {
  it('prints "Zamburak is running at URL" on 127.0.0.1 and serves the profile until stopped', async () => {
    const profile = join(mkdtempSync(join(tmpdir(), 'zamburak-serve-')), 'p');
    const child = spawn(process.execPath, [BIN, 'serve', '--profile', profile, '--no-open'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DISPLAY: '' },
    });
    try {
      const line = await new Promise<string>((done, fail) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /Zamburak is running at (\S+)\n/.exec(out);
          if (m) done(m[1]!);
        });
        child.on('exit', (code) => fail(new Error(`serve exited with ${code}`)));
      });
      const url = new URL(line);
      expect(url.hostname).toBe('127.0.0.1');
      const token = url.searchParams.get('token')!;
      expect(token.length).toBeGreaterThanOrEqual(43);
      const api = (headers: Record<string, string>) =>
        fetch(`${url.origin}/api/accounts.list`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: '[]',
        });
      expect((await api({})).status).toBe(401);
      const r = await api({ Authorization: `Bearer ${token}` });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual([expect.objectContaining({ id: 'demo', demo: true })]);
    } finally {
      child.kill('SIGTERM');
      expect(await new Promise((done) => child.on('exit', done))).toBe(0);
    }
  }, 60_000);

  it('refuses a bad port with a usage error (exit 2)', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', 'eighty'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await new Promise((done) => child.on('exit', done))).toBe(2);
    expect(err).toMatch(/--port/);
  }, 30_000);
});
