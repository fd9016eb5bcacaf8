/**
 * The outbox commits approved claims exactly once, across crashes and across processes.
 *
 * Every step that matters is written (synchronous=FULL) before the step it guards, by the claim
 * lifecycle's one owner (main/claims/claim-store.ts):
 *   1. approval: claim `approved` + outbox row `waiting` with the hash and Message-ID;
 *   2. before the network: the row taken by compare-and-set under a lease (`sending`, attempts+1,
 *      an attempt row, claim `committing`) — a committer that loses the race sends nothing;
 *   3. after the network: `sent`/`committed`, or a retry time, or `failed`.
 * While the transport works the lease is renewed; a process that dies leaves `sending` with a
 * lease that expires, and the next committer reconciles first (is the Message-ID already in
 * Sent?) and only re-sends when the earlier attempt is not there. Before each attempt the stored
 * action is checked against the approved hash again.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import type { ClaimStore, DueCommit, OutboxEntry } from '../claims/claim-store';
import { TransportError, type CommitRequest, type Transport } from './transport';

export type { OutboxEntry };

export interface OutboxOptions {
  /** Attempts before a temporary failure becomes permanent. */
  readonly maxAttempts?: number;
  /** First retry delay; doubles each attempt, capped at `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /**
   * How long an attempt holds its row before another committer may take it over (it is renewed
   * every third of this while the attempt runs, so only a dead process lets it expire).
   */
  readonly leaseMs?: number;
  readonly now?: () => Date;
}

export type CommitOutcome =
  | { claimId: string; outcome: 'sent' | 'reconciled'; result: Json }
  | { claimId: string; outcome: 'retry'; error: string; notBefore: string }
  | { claimId: string; outcome: 'failed'; error: string };

export class Outbox {
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly claims: ClaimStore,
    private readonly transports: ReadonlyMap<string, Transport>,
    opts: OutboxOptions = {},
  ) {
    this.maxAttempts = opts.maxAttempts ?? 6;
    this.backoffMs = opts.backoffMs ?? 2_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 10 * 60_000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.now = opts.now ?? (() => new Date());
  }

  entry(claimId: string): OutboxEntry | undefined {
    return this.claims.outboxEntry(claimId);
  }

  /** When the next row becomes due (for a scheduler), or null when nothing waits. */
  nextDue(): string | null {
    return this.claims.nextDue();
  }

  /**
   * Commits every due row once, oldest first. Safe to call at the same time from any number of
   * processes: a row another committer holds is skipped. Returns what this call committed.
   */
  async processDue(): Promise<CommitOutcome[]> {
    const out: CommitOutcome[] = [];
    for (const d of this.claims.due(this.now())) {
      const r = await this.commitOne(d);
      if (r) out.push(r);
    }
    return out;
  }

  private async commitOne(d: DueCommit): Promise<CommitOutcome | null> {
    // The approved hash, the claim's hash and the stored action must all agree.
    const problem =
      d.contentHash !== d.claimHash
        ? 'the action no longer matches the approved content hash'
        : this.claims.mismatch(d.action, d.accountId, d.contentHash);
    if (problem) return this.failed(d, null, problem);
    const transport = this.transports.get(d.transport);
    if (!transport) return this.failed(d, null, `no transport "${d.transport}" is configured`);

    const attempt = this.claims.take(d, this.now(), this.leaseMs);
    if (attempt === null) return null; // another committer has it
    // Any earlier attempt may have reached the server — a crash mid-send, or an error after the
    // data went out (a timeout waiting for the final reply): look before sending again.
    const mayHaveGoneOut = d.attempts > 0;
    const req: CommitRequest = {
      claimId: d.claimId,
      action: d.action,
      contentHash: d.contentHash,
      messageId: d.messageId,
      attempt,
    };
    const renewal = setInterval(
      () => this.claims.renew(d.claimId, attempt, this.now(), this.leaseMs),
      this.leaseMs / 3,
    );
    try {
      if (mayHaveGoneOut) {
        const seen = await transport.reconcile(req);
        if (seen.done) return this.sent(d, attempt, seen.result, 'reconciled');
      }
      const result = await transport.commit(req);
      return this.sent(d, attempt, result, 'sent');
    } catch (e) {
      const err = e instanceof TransportError ? e : new TransportError('temporary', (e as Error).message);
      if (err.kind === 'permanent' || attempt >= this.maxAttempts) return this.failed(d, attempt, err.message);
      const delay = Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs);
      const notBefore = new Date(this.now().getTime() + delay).toISOString();
      return this.claims.finishRetry(d, attempt, err.message, notBefore, this.now())
        ? { claimId: d.claimId, outcome: 'retry', error: err.message, notBefore }
        : null;
    } finally {
      clearInterval(renewal);
    }
  }

  private sent(d: DueCommit, attempt: number, result: Json, outcome: 'sent' | 'reconciled'): CommitOutcome | null {
    return this.claims.finishSent(d, attempt, result, outcome, this.now())
      ? { claimId: d.claimId, outcome, result }
      : null;
  }

  private failed(d: DueCommit, attempt: number | null, error: string): CommitOutcome | null {
    return this.claims.finishFailed(d, attempt, error, this.now())
      ? { claimId: d.claimId, outcome: 'failed', error }
      : null;
  }
}
