/**
 * The one router behind both front doors — Electron IPC and the browser host's HTTP API.
 *
 * A call is looked up by name in preload/contract.ts, its arguments parsed with the call's zod
 * schema (an unknown call or a payload outside the schema is refused with where it went wrong,
 * and audited: a renderer sending junk is either a bug or an attack), the handler runs, and its
 * answer is parsed against the result schema (a service bug becomes a clear internal error,
 * never a malformed answer). Nothing here knows about Electron or HTTP.
 */
import type { z } from 'zod';
import { listCalls, type ApiErrorKind, type CallSpec, type ZamburakHandlers } from '../../preload/contract';
import { ClaimError } from '../claims/claim-store';
import { PausedError } from '../runs/paused';
import { MailServiceError } from '../services/mail-service';
import { claimErrorWords } from './claim-error-words';

/** A service refusing a call for a reason the person can act on. */
export class ServiceError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export type Dispatched =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly kind: ApiErrorKind; readonly message: string } };

export const STATUS: Readonly<Record<ApiErrorKind, number>> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  internal: 500,
};

export interface RouterOptions {
  /** A refused call (unknown, or outside its schema): the app audits it. */
  readonly onRefused?: (call: string, message: string, origin: string) => void;
  /** A handler that failed unexpectedly (logged without the payload). */
  readonly onFailure?: (call: string, error: unknown) => void;
}

type Handler = (...args: unknown[]) => unknown;

export interface Router {
  /** Every call name, `namespace.call`. */
  readonly calls: readonly string[];
  dispatch(call: string, args: unknown, origin: string): Promise<Dispatched>;
}

const describeIssues = (e: z.ZodError): string =>
  e.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? `argument ${i.path.map(String).join('.')}` : 'arguments'}: ${i.message}`)
    .join('; ');

function errorOf(e: unknown): { kind: ApiErrorKind; message: string } | null {
  if (e instanceof ServiceError) return { kind: e.kind, message: e.message };
  if (e instanceof ClaimError)
    return {
      kind: e.code === 'not-found' ? 'not-found' : e.code === 'not-editable' ? 'bad-request' : 'conflict',
      message: claimErrorWords(e),
    };
  // The mail server refused or could not be reached: the person's change was not made.
  if (e instanceof MailServiceError) return { kind: e.kind === 'server' ? 'conflict' : e.kind, message: e.message };
  // Paused between the handler's check and the run (main/runs/paused.ts): running while paused is 409.
  if (e instanceof PausedError) return { kind: 'conflict', message: e.message };
  return null;
}

export function createRouter(handlers: ZamburakHandlers, o: RouterOptions = {}): Router {
  const table = new Map<string, { spec: CallSpec; handler: Handler }>();
  for (const [namespace, name, spec] of listCalls()) {
    const handler = (handlers as unknown as Record<string, Record<string, Handler | undefined>>)[namespace]?.[name];
    if (!handler) throw new Error(`No handler in main/ for contract call ${namespace}.${name}`);
    table.set(`${namespace}.${name}`, { spec, handler });
  }
  const refuse = (call: string, message: string, origin: string): Dispatched => {
    o.onRefused?.(call, message, origin);
    return { ok: false, error: { kind: 'bad-request', message } };
  };
  return {
    calls: [...table.keys()],
    async dispatch(call, args, origin) {
      const entry = table.get(call);
      if (!entry) return refuse(call.slice(0, 100), `unknown call ${JSON.stringify(call.slice(0, 100))}`, origin);
      const parsed = entry.spec.args.safeParse(args);
      if (!parsed.success) return refuse(call, `${call}: ${describeIssues(parsed.error)}`, origin);
      try {
        const value = await entry.handler(...(parsed.data as unknown[]));
        const result = entry.spec.result.safeParse(value);
        if (!result.success) {
          o.onFailure?.(call, result.error);
          return { ok: false, error: { kind: 'internal', message: `${call} produced an answer outside its schema` } };
        }
        return { ok: true, value: result.data };
      } catch (e) {
        const known = errorOf(e);
        if (known) return { ok: false, error: known };
        o.onFailure?.(call, e);
        return { ok: false, error: { kind: 'internal', message: `${call} failed: ${(e as Error).message}` } };
      }
    },
  };
}
