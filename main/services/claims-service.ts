/**
 * What a person does with claims, for every front end (CLI, app, browser host): list, show,
 * approve (into the outbox, after the undo window), undo, reject. Commits go through the
 * outbox with the account's transport.
 */
import { explainAction } from '../claims/explain-stored';
import type { Json } from '../../engine/ifc/labeled-value';
import type { Profile } from '../profile/profile';
import { editedAction } from '../claims/claim-edit';
import { ClaimError, type ClaimRow, type ClaimState } from '../claims/claim-store';
import { outboxOf, transportNameOf } from '../accounts/transports';
import type { CommitOutcome, Outbox } from '../outbox/outbox';
import { readSettings } from './settings-service';
import type { Transport } from '../outbox/transport';

/** The rule a person's own sends carry, where an assistant's claims carry a policy rule. */
export const OWN_RULE = 'you';

export class ClaimsService {
  readonly outbox: Outbox;

  constructor(
    private readonly p: Profile,
    transports?: ReadonlyMap<string, Transport>,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.outbox = outboxOf(p, { clock, ...(transports ? { transports } : {}) });
  }

  undoWindowMs(): number {
    return readSettings(this.p).undoWindowSeconds * 1000;
  }

  list(state?: ClaimState, limit?: number): ClaimRow[] {
    return this.p.claims.list({ ...(state ? { state } : {}), ...(limit ? { limit } : {}) });
  }

  get(id: string): ClaimRow {
    return this.p.claims.get(id);
  }

  transportOf(c: ClaimRow): string {
    return transportNameOf(c.accountId ? this.p.repos.accounts.get(c.accountId) : undefined);
  }

  approve(id: string, o: { by: string; expectedHash?: string; undoWindowMs?: number }) {
    const c = this.p.claims.get(id);
    const account = c.accountId ? this.p.repos.accounts.get(c.accountId) : undefined;
    return this.p.claims.approve(id, {
      by: o.by,
      now: this.clock(),
      undoWindowMs: o.undoWindowMs ?? this.undoWindowMs(),
      transport: this.transportOf(c),
      // An empty hash is one that matches nothing, never "no hash given" (redteam-round18).
      ...(o.expectedHash !== undefined ? { expectedHash: o.expectedHash } : {}),
      messageIdDomain: account?.email.split('@')[1] ?? 'zamburak.invalid',
    });
  }

  /** A person rewrites a pending claim's text (bound to the hash they saw); approval then binds to the edit. */
  edit(id: string, patch: Readonly<Record<string, string>>, o: { by: string; expectedHash?: string }): ClaimRow {
    const c = this.p.claims.get(id);
    const { action, fields, edited } = editedAction(c, patch);
    const account = (c.accountId && this.p.repos.accounts.get(c.accountId)) || this.p.primaryAccount();
    const explanation = explainAction(this.p, account, { ...action, fields, reasons: c.reasons });
    return this.p.claims.edit(id, {
      action,
      fields: fields as unknown as Json,
      explanation: explanation as unknown as Json,
      edited,
      by: o.by,
      now: this.clock(),
      ...(o.expectedHash !== undefined ? { expectedHash: o.expectedHash } : {}),
    });
  }

  /**
   * Undo inside the undo window. An assistant's claim goes back to pending; a message the person
   * wrote (`OWN_RULE`) is withdrawn for good and its draft offered again, whichever call undid
   * it: back to pending, it became a claim a later approve (or "approve all") sent after the
   * person had undone it (red-team round 22).
   */
  undo(id: string, by: string): void {
    const own = this.p.claims.get(id).rule === OWN_RULE;
    this.p.db.transaction(() => {
      this.p.claims.undo(id, { by, now: this.clock(), ...(own ? { withdraw: true } : {}) });
      if (own) this.p.repos.outgoing.restoreDraftsOf(id);
    })();
  }

  reject(id: string, o: { by: string; reason?: string }): void {
    this.p.claims.reject(id, { by: o.by, now: this.clock(), ...(o.reason ? { reason: o.reason } : {}) });
  }

  /** Commits whatever is due. */
  commitDue(): Promise<CommitOutcome[]> {
    return this.outbox.processDue();
  }

  /** Waits out the claim's undo window, then commits it (the CLI's approve). */
  async commitWhenDue(id: string, onWait?: (ms: number) => void): Promise<ClaimRow> {
    for (;;) {
      const e = this.outbox.entry(id);
      if (!e || e.state === 'sent' || e.state === 'failed' || e.state === 'cancelled') break;
      const wait = new Date(e.notBefore).getTime() - this.clock().getTime();
      if (wait > 0) {
        onWait?.(wait);
        await new Promise((r) => setTimeout(r, Math.min(wait, 1000)));
        continue;
      }
      await this.outbox.processDue();
      const after = this.outbox.entry(id);
      if (after && after.state === 'waiting') {
        const retry = new Date(after.notBefore).getTime() - this.clock().getTime();
        await new Promise((r) => setTimeout(r, Math.max(50, Math.min(retry, 5000))));
      }
    }
    return this.p.claims.get(id);
  }
}

export { ClaimError };
