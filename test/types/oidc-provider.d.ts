/**
 * The part of oidc-provider 8's API the test authorization server uses (the package ships no
 * type declarations).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    readonly uid: string;
    readonly params: Readonly<Record<string, unknown>>;
  }

  class Grant {
    constructor(o: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    rejectOIDCScope(scope: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
    static find(id: string): Promise<Grant | undefined>;
  }

  interface Configuration {
    clients: readonly Readonly<Record<string, unknown>>[];
    scopes: readonly string[];
    claims: Readonly<Record<string, readonly string[]>>;
    findAccount: (
      ctx: unknown,
      id: string,
    ) => { accountId: string; claims: () => Readonly<Record<string, unknown>> } | undefined;
    interactions: { url: (ctx: unknown, interaction: Interaction) => string };
    features: Readonly<
      Record<string, { enabled: boolean; allowedPolicy?: (ctx: unknown, client: { clientId: string }) => boolean }>
    >;
    pkce: { required: () => boolean; methods: readonly string[] };
    issueRefreshToken: () => boolean;
    rotateRefreshToken: () => boolean;
    ttl: Readonly<Record<string, () => number>>;
    cookies: { keys: readonly string[] };
    jwks: { keys: readonly Readonly<Record<string, unknown>>[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Readonly<Record<string, unknown>>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
