/**
 * The one way the renderer reaches the app: `window.zamburak` (set by the Electron preload), or
 * in the browser host the same typed client over `POST /api/NAMESPACE.CALL` (same origin; the
 * access token travels as an HttpOnly cookie the page never sees).
 *
 * The browser host's client does not wait for the contract before its first calls: zod and the
 * schemas are a third of the page's script, so they load beside the Inbox's first requests
 * instead of before its first paint. Every answer is still parsed with its call's schema before
 * a screen sees it; the arguments are parsed where they land, by the router in main/.
 */
import type { specOf, ZamburakApi } from '../../preload/contract';
import { ZamburakError } from '../../preload/contract-values';
import { screenStyle } from './time-format';

type Call = (...args: unknown[]) => Promise<unknown>;

interface Contract {
  readonly specOf: typeof specOf;
}

async function send(contract: Promise<Contract>, namespace: string, name: string, args: unknown[]): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`/api/${namespace}.${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
      credentials: 'same-origin',
    });
  } catch (e) {
    // The browser's own words ("Failed to fetch") say nothing to a person: what it means, and what to do.
    throw new ZamburakError(
      'network',
      `Zamburak is not reachable (${(e as Error).message}): if it has stopped, start it again and reload this page`,
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as { error?: { kind?: string; message?: string } } | null)?.error;
    throw new ZamburakError(
      err?.kind ?? 'internal',
      err?.message ?? `Zamburak answered with an error (HTTP ${res.status})`,
    );
  }
  const spec = (await contract).specOf(namespace, name);
  if (!spec) throw new ZamburakError('bad-request', `unknown call "${namespace}.${name}"`);
  const parsed = spec.result.safeParse(body);
  // zod's message is a JSON list of issues: not for the status line. Most likely the page is
  // older than the app that serves it.
  if (!parsed.success)
    throw new ZamburakError(
      'internal',
      `Zamburak's answer to ${namespace}.${name} is not what this page expects: reload the page`,
    );
  return parsed.data;
}

/** `api.NAMESPACE.CALL(...)` for any name; the same function each time it is read. */
function httpClient(): ZamburakApi {
  const contract = import('../../preload/contract');
  const namespaces = new Map<string, Record<string, Call>>();
  const namespaceOf = (namespace: string) => {
    const calls = new Map<string, Call>();
    const callOf = (name: string): Call => {
      const known = calls.get(name);
      if (known) return known;
      const made: Call = (...args) => send(contract, namespace, name, args);
      calls.set(name, made);
      return made;
    };
    // Not a promise: awaiting a namespace must not look for a `then` call.
    return new Proxy({} as Record<string, Call>, {
      get: (_, name) => (typeof name === 'string' && name !== 'then' ? callOf(name) : undefined),
    });
  };
  return new Proxy({} as ZamburakApi, {
    get: (_, namespace) => {
      if (typeof namespace !== 'string' || namespace === 'then') return undefined;
      let calls = namespaces.get(namespace);
      if (!calls) namespaces.set(namespace, (calls = namespaceOf(namespace)));
      return calls;
    },
  });
}

// `globalThis.window`: the browser host also renders the first screen in Node (./first-screen.tsx),
// where no call is made but this module is loaded.
const transport: ZamburakApi = globalThis.window?.zamburak ?? httpClient();

/**
 * The namespaces whose answers carry times the app wrote (the cards' "when", Ask's agenda): before
 * the first of their calls, the app hears this screen's locale and zone (`app.display`), so those
 * times read as the screen's own do. Told once, and only when needed (the Inbox never waits).
 */
const WRITES_TIMES = new Set(['claims', 'ask']);
let told: Promise<unknown> | null = null;
const tell = () => (told ??= transport.app.display(screenStyle()).catch(() => null));

/** A namespace's calls, each waiting for `tell` first; the same function each time it is read. */
function toldFirst(calls: Record<string, Call>): Record<string, Call> {
  const made = new Map<string, Call>();
  return new Proxy(calls, {
    get(inner, name) {
      const f: unknown = Reflect.get(inner, name);
      if (typeof name !== 'string' || typeof f !== 'function') return f;
      let g = made.get(name);
      if (!g) made.set(name, (g = (...args) => tell().then(() => (f as Call)(...args))));
      return g;
    },
  });
}

const wrapped = new Map<string, Record<string, Call>>();
export const api: ZamburakApi = new Proxy(transport, {
  get(target, namespace) {
    const calls: unknown = Reflect.get(target, namespace);
    if (typeof namespace !== 'string' || !WRITES_TIMES.has(namespace)) return calls;
    let w = wrapped.get(namespace);
    if (!w) wrapped.set(namespace, (w = toldFirst(calls as Record<string, Call>)));
    return w;
  },
});

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
