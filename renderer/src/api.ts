/**
 * The one way the renderer reaches the app: `window.zamburak` (set by the Electron preload), or
 * in the browser host the same typed client over `POST /api/NAMESPACE.CALL` (same origin; the
 * access token travels as an HttpOnly cookie the page never sees).
 */
import { buildClient, ZamburakError, type ZamburakApi } from '../../preload/contract';

function httpClient(): ZamburakApi {
  return buildClient(async (namespace, name, args) => {
    let res: Response;
    try {
      res = await fetch(`/api/${namespace}.${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
        credentials: 'same-origin',
      });
    } catch (e) {
      throw new ZamburakError('network', `Zamburak is not reachable: ${(e as Error).message}`);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const err = (body as { error?: { kind?: string; message?: string } } | null)?.error;
      throw new ZamburakError(err?.kind ?? 'internal', err?.message ?? `HTTP ${res.status}`);
    }
    return body;
  });
}

export const api: ZamburakApi = window.zamburak ?? httpClient();

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
