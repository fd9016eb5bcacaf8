/**
 * Serving the built renderer, for both hosts (Electron's app:// scheme and the browser host):
 * the one CSP the page runs under, content types, and a path resolver that never leaves the
 * renderer's folder.
 */
import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

/**
 * The page may load its own scripts and styles and frame only its own (sandboxed) email frames.
 * `connect` is what it may fetch: nothing in Electron (IPC is not a fetch), itself in a browser.
 * `inlineScripts`: hashes (`'sha256-…'`) of the inline scripts the host itself writes into the page.
 */
export function rendererCsp(connect: "'none'" | "'self'", inlineScripts: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The file a URL path names inside `root` (`/` is index.html), or null: missing, or outside. */
export function rendererFile(root: string, pathname: string): { file: string; type: string } | null {
  const base = resolve(root);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = normalize(join(base, pathname === '/' ? 'index.html' : decoded));
  if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return { file, type: TYPES[extname(file)] ?? 'application/octet-stream' };
}
