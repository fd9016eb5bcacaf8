/**
 * Red-team round 18: attacks on the app around the engine that held, kept as tests so they keep
 * holding (README.md, "Ideas that held"). Real parts: the router, the browser host on loopback
 * with the built renderer, the attachment store on disk.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../apps/web/server';
import { ensureRendererBuilt } from '../../../apps/web/renderer-build';
import { saveAttachments } from '../../../main/mail/attachments';
import { demoApp } from '../../main/app/app-fixture';

const demo = demoApp({ undoWindowSeconds: 0 });

function call(port: number, path: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('red team round 18: the router', () => {
  it('keeps __proto__ and constructor keys from a JSON body as data, refused by the schemas', async () => {
    for (const [name, body] of [
      ['settings.set', '[{"__proto__":{"paused":true}}]'],
      ['inbox.page', '[{"constructor":{"prototype":{"polluted":1}}}]'],
      ['claims.edit', '["x","sha256:1",{"__proto__":"y","body":"z"}]'],
      ['claims.decideMany', '[[{"id":"x","hash":"h","__proto__":{}}],"approve",""]'],
    ] as const) {
      const r = await demo.app.router.dispatch(name, JSON.parse(body) as unknown, 'http');
      expect(r.ok, `${name} ${body}`).toBe(false);
    }
    expect(({} as Record<string, unknown>).paused).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await demo.app.router.dispatch('settings.get', [], 'http')).ok).toBe(true);
  });

  it('refuses an extra argument and a call name from the prototype chain', async () => {
    for (const [name, args] of [
      ['claims.list', ['pending', 'extra']],
      ['__proto__', []],
      ['toString', []],
      ['claims.__proto__', []],
      ['hasOwnProperty', ['claims']],
    ] as const) {
      const r = await demo.app.router.dispatch(name, args, 'http');
      expect(r.ok, name).toBe(false);
    }
  });
});

describe('red team round 18: the browser host', () => {
  let host: WebHost;
  let ok: Record<string, string>;
  let rendererDir: string;
  beforeAll(() => {
    rendererDir = ensureRendererBuilt();
  }, 120_000);
  // The demo app is made for each test (beforeEach), so the host too.
  beforeEach(async () => {
    host = await startWebHost({ app: demo.app, rendererDir });
    ok = { Host: `127.0.0.1:${host.port}`, Cookie: `zamburak_token=${host.token}`, 'Content-Type': 'application/json' };
  });
  afterEach(() => host.close());

  it('refuses a page on another loopback port (same site: the cookie goes along) by its Origin', async () => {
    const r = await call(host.port, '/api/app.info', 'POST', { ...ok, Origin: 'http://127.0.0.1:1' }, '[]');
    expect(r.status).toBe(403);
    expect((await call(host.port, '/api/app.info', 'POST', { ...ok, Origin: 'null' }, '[]')).status).toBe(403);
    // The control: the same request from the app's own page.
    expect((await call(host.port, '/api/app.info', 'POST', { ...ok, Origin: host.origin }, '[]')).status).toBe(200);
  });

  it('refuses a form post (text/plain), a GET of the API, and look-alike Host headers', async () => {
    expect((await call(host.port, '/api/app.info', 'POST', { ...ok, 'Content-Type': 'text/plain' }, '[]')).status).toBe(
      400,
    );
    expect((await call(host.port, '/api/claims.list', 'GET', ok)).status).toBe(400);
    for (const h of [
      `127.0.0.1.evil.test:${host.port}`,
      `127.0.0.1:${host.port}.evil.test`,
      `127.0.0.1`,
      `LOCALHOST:1`,
    ])
      expect((await call(host.port, '/api/app.info', 'POST', { ...ok, Host: h }, '[]')).status, h).toBe(403);
  });

  it('serves nothing outside the renderer, however the path is written', async () => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/%00',
      '//etc/passwd',
    ])
      expect((await call(host.port, path, 'GET', ok)).status, path).toBe(404);
  });
});

describe('red team round 18: attachment names', () => {
  it('keeps every file inside its message folder, however the sender names it', () => {
    const root = mkdtempSync(join(tmpdir(), 'zamburak-r18-att-'));
    const names = [
      '../../../.bashrc',
      '..\\..\\evil.exe',
      'CON',
      'nul.txt',
      '\u202egnp.exe',
      '.hidden',
      ' ',
      'a/b/c.pdf',
      'x'.repeat(500),
    ];
    const saved = saveAttachments(
      root,
      'msg-1',
      names.map((filename) => ({ filename, contentType: 'application/octet-stream', content: new Uint8Array([1]) })),
    );
    expect(readdirSync(root)).toEqual(['msg-1']);
    expect(readdirSync(join(root, 'msg-1'))).toHaveLength(names.length);
    for (const s of saved) {
      expect(s.path.startsWith('msg-1/')).toBe(true);
      expect(s.filename).not.toMatch(/[/\\\u202e]|^\.|^(con|nul)(\.|$)/i);
    }
  });
});
