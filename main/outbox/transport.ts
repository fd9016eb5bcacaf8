/**
 * How an approved action leaves: the demo account's local transport, SMTP (+ Sent), CalDAV.
 * A transport commits exactly the action it is given (the claim's stored action) and can say
 * whether an earlier attempt already got through (reconcile), which is what makes a retry
 * after a crash safe.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import type { ClaimAction } from '../claims/claim-store';

export interface CommitRequest {
  readonly claimId: string;
  readonly action: ClaimAction;
  readonly contentHash: string;
  /** Fixed at approval for mail; the same on every attempt. */
  readonly messageId: string | null;
  readonly attempt: number;
}

export interface Transport {
  readonly name: string;
  /** Performs the action. Throws TransportError to say whether a retry may help. */
  commit(req: CommitRequest): Promise<Json>;
  /**
   * Did an earlier attempt of this request already take effect? (Mail: is the Message-ID in
   * Sent.) Called before every retry of an attempt that may have reached the server.
   */
  reconcile(req: CommitRequest): Promise<{ done: true; result: Json } | { done: false }>;
}

export class TransportError extends Error {
  constructor(
    /** temporary: try again later (network, 4xx SMTP); permanent: it will never work (5xx, bad address). */
    readonly kind: 'temporary' | 'permanent',
    message: string,
  ) {
    super(message);
  }
}
