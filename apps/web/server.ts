/**
 * The browser host: the same renderer and the same router as the Electron app, over HTTP on
 * 127.0.0.1 — for machines without an Electron binary, and for the UI tests.
 *
 * A web server on loopback is reachable by every web page the person visits, so every request
 * is checked before anything else happens:
 *   - Host must be this server's own address (127.0.0.1:PORT or localhost:PORT): a DNS
 *     rebinding page reaches us under its own host name and is refused (403);
 *   - an Origin, when present, must be ours (403): no CORS, no cross-site calls;
 *   - the access token (random, 256 bits, in the printed URL) must come with the request —
 *     as a cookie set when the page is first opened with it, a bearer header, or `?token=`;
 *     without it: 401.
 * The API is `POST /api/NAMESPACE.CALL` with the argument list as a JSON body; answers are the
 * call's result as JSON, errors `{error: {kind, message}}` with a matching status.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { App } from '../../main/app/app';
import { rendererCsp, rendererFile } from '../../main/app/renderer-files';
import { STATUS } from '../../main/app/router';
import {
  dataStamp,
  EARLY_INPUT_HASH,
  keptWhileUnchanged,
  withBootstrap,
  withEntryScriptLast,
  withInlineStyles,
  withoutModulePreloads,
  type KeptPage,
} from './bootstrap';
import type { ApiErrorKind } from '../../preload/contract';

/** A message with 25 MB of attachments, as base64 inside JSON, fits; only a request with the token is read. */
export const MAX_BODY_BYTES = 36 * 1024 * 1024;
const COOKIE = 'zamburak_token';

export const WEB_CSP = rendererCsp("'self'", [EARLY_INPUT_HASH]);

/** How often the kept first page is checked against the data (`KeptPage.settle`). */
const SETTLE_EVERY_MS = 1000;

/** The build's scripts and styles: named by their content's hash (electron-vite), so cacheable for good. */
const HASHED_ASSET = /^\/assets\/[\w.-]+-[\w-]{8}\.(js|css)$/;

/**
 * What a person sees who opens the address without its token (a bookmark, a typed address, an
 * old tab after a restart): how to get in, not a JSON error. Static: it echoes nothing back.
 */
const NEEDS_TOKEN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zamburak: open it from its address</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#1d2330;background:#fff}
@media (prefers-color-scheme: dark){body{color:#e4e7ee;background:#15181e}}code{font-size:.95em}</style></head>
<body><main><h1>Open Zamburak from the address it printed</h1>
<p>This page needs the access key that comes with Zamburak's own address, so that no other web page can reach your mail.</p>
<p>In the terminal where you ran <code>npm start</code> or <code>zamburak serve</code>, find the line
<q>Zamburak is running at&nbsp;…</q> and open that whole address (it ends in <code>?token=…</code>).
If Zamburak has restarted since, the old address no longer works: use the new one.</p></main></body></html>
`;

export interface WebHostOptions {
  readonly app: App;
  /** The built renderer (out/renderer). */
  readonly rendererDir: string;
  readonly port?: number;
  /** Fixed token (tests); default: 32 random bytes. */
  readonly token?: string;
}

export interface WebHost {
  /** The URL to open, with the token. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  readonly server: Server;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

const fail = (res: ServerResponse, kind: ApiErrorKind, message: string) =>
  send(res, STATUS[kind], JSON.stringify({ error: { kind, message } }), 'application/json; charset=utf-8');

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((done, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        // Stop keeping it, answer, then drop the connection (main: the response closes it).
        chunks.length = 0;
        done(null);
      } else chunks.push(c);
    });
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startWebHost(o: WebHostOptions): Promise<WebHost> {
  const token = o.token ?? randomBytes(32).toString('base64url');
  const root = resolve(o.rendererDir);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`the renderer is not built (${join(root, 'index.html')} is missing): run npm run build`);
  let port = 0;
  const hosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const api = async (req: IncomingMessage, res: ServerResponse, call: string) => {
    if (req.method !== 'POST') return fail(res, 'bad-request', 'the API takes POST only');
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      return fail(res, 'bad-request', 'the body must be JSON (Content-Type: application/json)');
    const body = await readBody(req);
    if (body === null) {
      o.app.refused(call, `body larger than ${MAX_BODY_BYTES} bytes`, 'http');
      res.on('finish', () => req.destroy());
      res.setHeader('Connection', 'close');
      return fail(res, 'bad-request', `the body is larger than ${MAX_BODY_BYTES} bytes`);
    }
    let args: unknown;
    try {
      args = body.length ? JSON.parse(body.toString('utf8')) : [];
    } catch (e) {
      o.app.refused(call, 'the body is not valid JSON', 'http');
      return fail(res, 'bad-request', `the body is not valid JSON: ${(e as Error).message}`);
    }
    const r = await o.app.router.dispatch(call, args, 'http');
    if (!r.ok) return fail(res, r.error.kind, r.error.message);
    send(res, 200, JSON.stringify(r.value ?? null), 'application/json; charset=utf-8');
  };

  // The page with its stylesheets inlined, no chunk preloaded and its entry script last, read once (the build does not change under a running
  // host), and with its first answers and screen, made again only when the data behind them has moved.
  const stamp = dataStamp(o.app.profile);
  const pages = new Map<string, KeptPage>();
  const settling = setInterval(() => {
    for (const kept of pages.values()) kept.settle();
  }, SETTLE_EVERY_MS);
  settling.unref();
  const page = (file: string): Promise<string> => {
    let made = pages.get(file);
    if (made === undefined) {
      const template = withEntryScriptLast(
        withoutModulePreloads(withInlineStyles(readFileSync(file, 'utf8'), (p) => readFileSync(join(root, p), 'utf8'))),
      );
      made = keptWhileUnchanged(() => withBootstrap(template, o.app.router), stamp);
      pages.set(file, made);
    }
    return made();
  };

  const asset = async (res: ServerResponse, path: string, setCookie: boolean) => {
    const found = rendererFile(root, path);
    if (!found) return send(res, 404, 'Not found', 'text/plain');
    const { file, type } = found;
    const html = type.startsWith('text/html');
    // The page carries its first answers (mail: never stored); the hashed scripts and styles
    // never change under their name, so a reload reads them from the browser's cache.
    const body = html ? await page(file) : readFileSync(file);
    send(res, 200, body, type, {
      ...(html ? { 'Content-Security-Policy': WEB_CSP } : {}),
      ...(HASHED_ASSET.test(path) ? { 'Cache-Control': 'private, max-age=31536000, immutable' } : {}),
      ...(setCookie ? { 'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/` } : {}),
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://placeholder');
      if (!hosts().has(req.headers.host ?? '')) return fail(res, 'forbidden', 'wrong Host header');
      const origin = req.headers.origin;
      if (origin !== undefined && !origins().has(origin)) return fail(res, 'forbidden', 'foreign Origin');
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const fromQuery = url.searchParams.get('token') ?? undefined;
      const authorized = [bearer, fromQuery, cookieToken(req)].some((t) => sameToken(t, token));
      if (!authorized)
        return url.pathname.startsWith('/api/') || req.method !== 'GET'
          ? fail(res, 'unauthorized', 'missing or wrong access token (open the URL zamburak serve printed)')
          : send(res, 401, NEEDS_TOKEN_PAGE, 'text/html; charset=utf-8', { 'Content-Security-Policy': WEB_CSP });
      if (url.pathname.startsWith('/api/')) return api(req, res, url.pathname.slice(5));
      if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 'bad-request', 'method not allowed');
      await asset(res, url.pathname, fromQuery !== undefined);
    })().catch((e: unknown) => {
      if (!res.headersSent) fail(res, 'internal', (e as Error).message);
    });
  });
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(o.port ?? 0, '127.0.0.1', () => ok());
  });
  port = (server.address() as { port: number }).port;
  const originUrl = `http://127.0.0.1:${port}`;
  return {
    url: `${originUrl}/?token=${token}#/inbox`,
    origin: originUrl,
    port,
    token,
    server,
    close: () =>
      new Promise<void>((ok) => {
        clearInterval(settling);
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
