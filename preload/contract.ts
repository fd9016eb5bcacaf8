/**
 * The typed API between the renderer and the rest of the app (`window.zamburak`).
 *
 * Every call is declared once here with a zod schema for its arguments and its result. The
 * preload script (and later the browser host's client) and the router in main/ are derived
 * from this table, and both ends parse what crosses the boundary: a compromised renderer can
 * send anything, and the renderer should not trust a malformed answer either.
 *
 * Pure: zod and types only (no electron, no Node), so every side can import it.
 */
import { z } from 'zod';

export const EngineVersion = z.object({
  /** The app's version (package.json). */
  app: z.string().min(1),
  /** Runtime versions, for bug reports and the Settings screen. */
  electron: z.string(),
  chrome: z.string(),
  node: z.string(),
});
export type EngineVersion = z.infer<typeof EngineVersion>;

/** One call: the schema of its argument list and of its result. */
interface CallSpec<A extends z.ZodTuple = z.ZodTuple, R extends z.ZodType = z.ZodType> {
  readonly args: A;
  readonly result: R;
}

const call = <A extends z.ZodTuple, R extends z.ZodType>(args: A, result: R): CallSpec<A, R> => ({ args, result });

/** Namespaces match folders in main/ and screens in renderer/ (style.md, "feature-owned"). */
export const contract = {
  engine: {
    version: call(z.tuple([]), EngineVersion),
  },
} as const;

export type Contract = typeof contract;
export type Namespace = keyof Contract;
export type CallName<N extends Namespace> = keyof Contract[N] & string;

/** The IPC channel of one call, e.g. `zamburak:engine.version`. */
export const channelOf = (namespace: string, name: string): string => `zamburak:${namespace}.${name}`;

/** Every call of the contract as `[namespace, name, spec]`, for the router and the clients. */
export function listCalls(): [string, string, CallSpec][] {
  return Object.entries(contract).flatMap(([namespace, calls]) =>
    Object.entries(calls as Record<string, CallSpec>).map(([name, spec]): [string, string, CallSpec] => [
      namespace,
      name,
      spec,
    ]),
  );
}

type Fn<S> = S extends CallSpec<infer A, infer R> ? (...args: z.input<A>) => Promise<z.output<R>> : never;

/** What `window.zamburak` looks like to the renderer. */
export type ZamburakApi = { readonly [N in Namespace]: { readonly [C in CallName<N>]: Fn<Contract[N][C]> } };

/** What main/ implements: the same calls, receiving already-parsed arguments. */
export type ZamburakHandlers = {
  readonly [N in Namespace]: {
    readonly [C in CallName<N>]: Contract[N][C] extends CallSpec<infer A, infer R>
      ? (...args: z.output<A>) => z.input<R> | Promise<z.input<R>>
      : never;
  };
};
