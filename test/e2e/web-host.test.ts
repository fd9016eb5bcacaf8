/**
 * The browser host from an attacker's side: a web page the person visits can reach 127.0.0.1,
 * so without the token, with another Host (DNS rebinding) or from another Origin, every request
 * is refused before any service runs; payloads outside the schemas are refused with where they
 * went wrong, and audited.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../apps/web/renderer-build';
import { MAX_BODY_BYTES } from '../../apps/web/server';
import { BOOTSTRAP_ELEMENT_ID, type BootstrapAnswer } from '../../preload/contract';
import { shortFrom } from '../../renderer/src/format';
import { message } from '../main/store/message-fixture';
import { hostDemo, runDemoPlan, type Hosted } from './harness';

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function call(
  port: number,
  o: { path: string; method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Reply> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, path: o.path, method: o.method ?? 'POST', headers: o.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
      },
    );
    req.on('error', (e) =>
      /ECONNRESET|EPIPE|socket hang up/.test(e.message) ? done({ status: 0, body: '', headers: {} }) : fail(e),
    );
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

describe('the browser host refuses what it must', () => {
  let h: Hosted;
  let port: number;
  let ok: Record<string, string>;
  beforeAll(async () => {
    h = await hostDemo();
    port = h.host.port;
    ok = { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${h.host.token}`, 'Content-Type': 'application/json' };
  });
  afterAll(() => h.close());

  const api = (name: string, args: unknown, headers: Record<string, string> = ok) =>
    call(port, { path: `/api/${name}`, headers, body: JSON.stringify(args) });
  /** A message newer than the rest: the first row of the Inbox's first page. */
  const putNewest = (subject: string, from = 'Mallory <m@evil.example>') =>
    h.profile.repos.messages.upsert(
      message('nasty-subject', {
        accountId: h.profile.primaryAccount().id,
        messageId: null,
        threadId: 'nasty-subject',
        to: ['maya@acme.test'],
        subject,
        from,
        date: new Date(Date.UTC(2099, 0, 1)).toISOString(),
        body: 'x',
        unread: true,
      }),
    );
  const openInbox = () => call(port, { path: `/?token=${h.host.token}`, method: 'GET', headers: { Host: ok.Host! } });
  const refusals = () => h.profile.audit.list({ kind: 'security.refused-request', limit: 1000 });

  it('prints a loopback URL that carries the token, and answers a well-formed call', async () => {
    expect(h.host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=${h.host.token}#/inbox$`));
    expect(h.host.token.length).toBeGreaterThanOrEqual(43);
    const r = await api('app.info', []);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ host: 'browser', demo: true });
    expect(h.host.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('refuses every request without the right token (401), API and page alike', async () => {
    const { Authorization: _, ...noToken } = ok;
    for (const headers of [
      noToken,
      { ...noToken, Authorization: 'Bearer wrong' },
      { ...noToken, Cookie: 'zamburak_token=x' },
    ]) {
      expect((await api('app.info', [], headers)).status).toBe(401);
      expect((await call(port, { path: '/', method: 'GET', headers })).status).toBe(401);
      expect((await call(port, { path: '/?token=nope', method: 'GET', headers })).status).toBe(401);
    }
    // With the token in the URL, the page loads and sets an HttpOnly, SameSite=Strict cookie.
    const page = await call(port, { path: `/?token=${h.host.token}`, method: 'GET', headers: { Host: ok.Host! } });
    expect(page.status).toBe(200);
    expect(String(page.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    expect(
      (await api('app.info', [], { Host: ok.Host!, Cookie: cookie, 'Content-Type': 'application/json' })).status,
    ).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin even with the token (403)', async () => {
    for (const host of [`evil.example:${port}`, 'localhost', `127.0.0.1:${port + 1}`, `127.0.0.1.nip.io:${port}`])
      expect((await api('app.info', [], { ...ok, Host: host })).status).toBe(403);
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port + 1}`, 'null', `https://127.0.0.1:${port}`])
      expect((await api('app.info', [], { ...ok, Origin: origin })).status).toBe(403);
    expect((await api('app.info', [], { ...ok, Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    // No CORS: nothing invites another origin to read an answer.
    const r = await api('app.info', [], ok);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses payloads outside the schemas with where they went wrong, and audits them', async () => {
    const before = refusals().length;
    const cases: [string, unknown, RegExp][] = [
      ['inbox.page', [{ limit: 'ten' }], /argument 0\.limit/],
      ['inbox.page', [{ limit: 10, injected: true }], /injected/],
      ['inbox.get', [], /arguments: Too small/],
      ['claims.approve', ['c1', 'h', 'extra'], /arguments|argument/],
      ['settings.set', [{ undoWindowSeconds: -1 }], /undoWindowSeconds/],
      ['settings.set', [{ paused: 'yes' }], /paused/],
      ['policies.validate', ['x'.repeat(200_001)], /argument 0/],
      ['inbox.page', { limit: 1 }, /arguments/],
      ['no.such', [], /unknown call/],
      ['__proto__.constructor', [], /unknown call/],
    ];
    for (const [name, args, where] of cases) {
      const r = await api(name, args);
      expect(r.status, name).toBe(400);
      expect(JSON.parse(r.body).error.message).toMatch(where);
    }
    const notJson = await call(port, { path: '/api/app.info', headers: ok, body: '{not json' });
    expect(notJson.status).toBe(400);
    const wrongType = await call(port, {
      path: '/api/app.info',
      headers: { ...ok, 'Content-Type': 'text/plain' },
      body: '[]',
    });
    expect(wrongType.status).toBe(400);
    const huge = await call(port, {
      path: '/api/policies.validate',
      headers: ok,
      body: Buffer.alloc(MAX_BODY_BYTES + 10, 0x61),
    });
    expect([0, 400]).toContain(huge.status);
    expect(refusals().length - before).toBeGreaterThanOrEqual(cases.length + 1);
    // The log keeps what was refused and where, not the payload.
    const latest = refusals()[0]!;
    expect(JSON.stringify(latest.data).length).toBeLessThan(1000);
    expect((await api('app.info', [])).status).toBe(200);
  });

  it('answers a known refusal with its kind: a claim that does not exist is 404, a wrong hash 409', async () => {
    const missing = await api('claims.get', ['no-such-claim']);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error.kind).toBe('not-found');
    const [claimId] = await runDemoPlan(h.profile, '01-reply-to-bob');
    const wrong = await api('claims.approve', [claimId, 'sha256:' + '0'.repeat(64)]);
    expect(wrong.status).toBe(409);
    expect(h.profile.claims.get(claimId!).state).toBe('pending');
  });

  it("writes the first answers into the page as inert data, the router's own, for the token holder only", async () => {
    // A subject that would end the block and run a script if the JSON were pasted in as it is.
    const subject = '</script><script src="/evil.js"></script><!-- <SCRIPT> \u2028 & done';
    putNewest(subject);
    const page = await openInbox();
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const open = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">`;
    expect(page.body.split(open)).toHaveLength(2);
    const block = page.body.split(open)[1]!.split('</script>')[0]!;
    // Nothing in the block can open or close an element; the only scripts are the built ones and
    // the host's own early-input recorder, which the CSP names by its hash (no 'unsafe-inline').
    expect(block).not.toContain('<');
    expect([...page.body.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0])).toEqual([
      '<script>',
      expect.stringMatching(/^<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js">$/),
      open,
    ]);
    const scriptSrc = (csp: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!
        .trim();
    const inline = page.body.split('<script>')[1]!.split('</script>')[0]!;
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(scriptSrc(String(page.headers['content-security-policy']))).toBe(`script-src 'self' ${hash}`);
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page.body)![1]!;
    expect(scriptSrc(meta)).toBe(`script-src 'self' ${hash}`);
    const answers = JSON.parse(block) as BootstrapAnswer[];
    expect(answers.map((a) => a.call)).toEqual(['inbox.page', 'app.info', 'settings.get', 'accounts.list']);
    for (const a of answers) {
      const asked = await api(a.call, a.args);
      expect(a.value, a.call).toEqual(JSON.parse(asked.body));
    }
    expect((answers[0]!.value as { items: { subject: string }[] }).items[0]!.subject).toBe(subject);
    // Without the token: the static page that says how to get in, with no mail in it.
    const refused = await call(port, { path: '/', method: 'GET', headers: { Host: ok.Host! } });
    expect(refused.status).toBe(401);
    expect(refused.body).not.toContain(BOOTSTRAP_ELEMENT_ID);
    expect(refused.body).not.toContain('evil');
  });

  it('renders the first screen into the page with every string as text, for the token holder only', async () => {
    // Any text a sender chooses: markup, entities, comment and CDATA ends, replacement patterns.
    const piece = fc.constantFrom(
      '<',
      '>',
      '&',
      '"',
      "'",
      '/',
      '=',
      '`',
      '$&',
      "$'",
      '$`',
      '$1',
      '<!--',
      '-->',
      ']]>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '&lt;',
      '&#60;',
      '\u2028',
      'é',
      'a',
      ' ',
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 12 }).map((xs) => xs.join('').trim() || 'x');
    await fc.assert(
      fc.asyncProperty(text, text, async (subject, name) => {
        putNewest(subject, `${name} <m@evil.example>`);
        const body = (await openInbox()).body;
        const root = DomUtils.getElementById('root', parseDocument(body).children)!;
        const elements = DomUtils.findAll(() => true, root.children);
        // Only the app's own elements and attributes: nothing a sender wrote became markup.
        expect(elements.filter((e) => ['img', 'script', 'iframe', 'object'].includes(e.name))).toEqual([]);
        expect(elements.flatMap((e) => Object.keys(e.attribs).filter((a) => /^on/i.test(a)))).toEqual([]);
        const row = elements.find((e) => e.attribs['data-id'] === 'nasty-subject')!;
        const part = (cls: string) => DomUtils.textContent(DomUtils.findOne((e) => e.attribs.class === cls, [row])!);
        expect(part('subject')).toBe(subject);
        expect(part('from')).toBe(shortFrom(`${name} <m@evil.example>`));
      }),
      { numRuns: 40 },
    );
    const refused = await call(port, { path: '/', method: 'GET', headers: { Host: ok.Host! } });
    expect(refused.status).toBe(401);
    expect(refused.body).not.toContain('class="row');
  });

  it("writes the build's stylesheet into the page, so its first screen paints without asking for it", async () => {
    const page = await openInbox();
    expect(page.body).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const dir = join(ensureRendererBuilt(), 'assets');
    const built = readdirSync(dir).filter((f) => /^index-[\w-]+\.css$/.test(f));
    expect(built).toHaveLength(1);
    const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([readFileSync(join(dir, built[0]!), 'utf8')]);
  });

  it('lets the browser keep the hashed scripts and styles, and nothing else', async () => {
    const page = await call(port, { path: `/?token=${h.host.token}`, method: 'GET', headers: { Host: ok.Host! } });
    const linked = [...page.body.matchAll(/(?:src|href)="\.(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThanOrEqual(1);
    // The page links its entry only; the chunks the app loads after the first paint are cached alike.
    const built = readdirSync(join(ensureRendererBuilt(), 'assets')).map((f) => `/assets/${f}`);
    const assets = [...new Set([...linked, ...built])];
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const path of assets) {
      const r = await call(port, { path, method: 'GET', headers: ok });
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('private, max-age=31536000, immutable');
    }
    expect((await api('app.info', [])).headers['cache-control']).toBe('no-store');
  });

  it('serves no file outside the built renderer', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json', '/..%2fpackage.json'])
      expect(
        (await call(port, { path: `${path}?token=${h.host.token}`, method: 'GET', headers: { Host: ok.Host! } }))
          .status,
      ).not.toBe(200);
  });
});
