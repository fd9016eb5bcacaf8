/**
 * What the services write to the audit log. The record format, chaining and verification live
 * in `engine/audit` (pure, so an auditor can check a bundle without the app); storage, the HMAC
 * key and the sealed head in this folder. Services depend only on this interface.
 */
import type { Json } from '../../engine/ifc/labeled-value';

export type AuditKind =
  | 'run.started'
  | 'run.finished'
  | 'call.decided'
  | 'claim.created'
  | 'claim.edited'
  | 'claim.approved'
  | 'claim.rejected'
  | 'claim.undone'
  | 'claim.expired'
  | 'commit.attempted'
  | 'commit.succeeded'
  | 'commit.failed'
  | 'policy.changed'
  | 'account.changed'
  | 'mail.changed'
  | 'mail.sent'
  | 'draft.edited'
  | 'settings.changed'
  | 'security.firewall'
  | 'security.limit'
  | 'security.refused-request'
  | 'profile.created';

export interface AuditEventInput {
  readonly kind: AuditKind;
  readonly runId?: string;
  readonly tool?: string;
  readonly decision?: 'allow' | 'deny' | 'confirm';
  readonly rule?: string;
  /** Label sources involved (e.g. `tool:getEmail:e1`), for filtering by source. */
  readonly sources?: readonly string[];
  /**
   * The entry's content. Tool arguments go in as a hash plus a short secret-scrubbed preview
   * (the audit module does that: pass them under `args`), never whole.
   */
  readonly data: { readonly [key: string]: Json };
}

export interface AuditSink {
  /** Appends one entry; returns its sequence number. Synchronous: it joins the caller's transaction. */
  append(event: AuditEventInput): number;
}
