/**
 * The outbox commits approved claims exactly once, across crashes.
 *
 * Every step that matters is written (synchronous=FULL) before the step it guards:
 *   1. approval: claim `approved` + outbox row `waiting` with the hash and Message-ID (ClaimStore);
 *   2. before the network: claim `committing`, outbox `sending`, attempts+1, an attempt row;
 *   3. after the network: `sent`/`committed`, or a retry time, or `failed`.
 * A crash between 2 and 3 leaves `sending` with an unfinished attempt. Every attempt after the
 * first is reconciled first (is the Message-ID already in Sent?) and only re-sent when the
 * earlier one is not there. Before each attempt the stored action is checked against the approved hash again.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import type { AuditSink } from '../audit/sink';
import { contentHashOf, type ClaimAction } from '../claims/claim-store';
import type { Db } from '../store';
import { TransportError, type CommitRequest, type Transport } from './transport';

export interface OutboxOptions {
  /** Attempts before a temporary failure becomes permanent. */
  readonly maxAttempts?: number;
  /** First retry delay; doubles each attempt, capped at `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly now?: () => Date;
}

interface DueRow {
  claim_id: string;
  content_hash: string;
  message_id: string | null;
  state: 'waiting' | 'sending';
  attempts: number;
  transport: string;
  action: string;
  claim_hash: string;
  run_id: string | null;
  tool: string;
}

export interface OutboxEntry {
  readonly claimId: string;
  readonly state: 'waiting' | 'sending' | 'sent' | 'failed' | 'cancelled';
  readonly notBefore: string;
  readonly attempts: number;
  readonly messageId: string | null;
  readonly lastError: string | null;
  readonly transport: string;
  readonly result: Json | null;
}

export type CommitOutcome =
  | { claimId: string; outcome: 'sent' | 'reconciled'; result: Json }
  | { claimId: string; outcome: 'retry'; error: string; notBefore: string }
  | { claimId: string; outcome: 'failed'; error: string };

export class Outbox {
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly transports: ReadonlyMap<string, Transport>,
    private readonly audit: AuditSink,
    opts: OutboxOptions = {},
  ) {
    this.maxAttempts = opts.maxAttempts ?? 6;
    this.backoffMs = opts.backoffMs ?? 2_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 10 * 60_000;
    this.now = opts.now ?? (() => new Date());
  }

  entry(claimId: string): OutboxEntry | undefined {
    const r = this.db
      .prepare(
        `SELECT claim_id, state, not_before, attempts, message_id, last_error, transport, result
         FROM outbox WHERE claim_id = ?`,
      )
      .get(claimId) as
      | {
          claim_id: string;
          state: OutboxEntry['state'];
          not_before: string;
          attempts: number;
          message_id: string | null;
          last_error: string | null;
          transport: string;
          result: string | null;
        }
      | undefined;
    return (
      r && {
        claimId: r.claim_id,
        state: r.state,
        notBefore: r.not_before,
        attempts: r.attempts,
        messageId: r.message_id,
        lastError: r.last_error,
        transport: r.transport,
        result: r.result === null ? null : (JSON.parse(r.result) as Json),
      }
    );
  }

  /** When the next row becomes due (for a scheduler), or null when nothing waits. */
  nextDue(): string | null {
    const r = this.db
      .prepare(`SELECT min(not_before) AS t FROM outbox WHERE state IN ('waiting', 'sending')`)
      .get() as { t: string | null };
    return r.t;
  }

  /** Commits every due row once, oldest first. Safe to call concurrently with approvals. */
  async processDue(): Promise<CommitOutcome[]> {
    const due = this.db
      .prepare(
        `SELECT o.claim_id, o.content_hash, o.message_id, o.state, o.attempts, o.transport,
                c.action, c.content_hash AS claim_hash, c.run_id, c.tool
         FROM outbox o JOIN claims c ON c.id = o.claim_id
         WHERE o.state IN ('waiting', 'sending') AND o.not_before <= ?
         ORDER BY o.not_before, o.claim_id`,
      )
      .all(this.now().toISOString()) as DueRow[];
    const out: CommitOutcome[] = [];
    for (const row of due) out.push(await this.commitOne(row));
    return out;
  }

  private async commitOne(row: DueRow): Promise<CommitOutcome> {
    const action = JSON.parse(row.action) as ClaimAction;
    // The approved hash, the claim's hash and the stored action must all agree.
    if (row.content_hash !== row.claim_hash || contentHashOf(action) !== row.content_hash)
      return this.finishFailed(row, row.attempts, 'the action no longer matches the approved content hash');
    const transport = this.transports.get(row.transport);
    if (!transport) return this.finishFailed(row, row.attempts, `no transport "${row.transport}" is configured`);

    // Any earlier attempt may have reached the server — a crash mid-send, or an error after the
    // data went out (a timeout waiting for the final reply): look before sending again.
    const mayHaveGoneOut = row.attempts > 0;
    const attempt = this.begin(row);
    const req: CommitRequest = {
      claimId: row.claim_id,
      action,
      contentHash: row.content_hash,
      messageId: row.message_id,
      attempt,
    };
    try {
      if (mayHaveGoneOut) {
        const seen = await transport.reconcile(req);
        if (seen.done) return this.finishSent(row, attempt, seen.result, 'reconciled');
      }
      const result = await transport.commit(req);
      return this.finishSent(row, attempt, result, 'sent');
    } catch (e) {
      const err = e instanceof TransportError ? e : new TransportError('temporary', (e as Error).message);
      if (err.kind === 'permanent' || attempt >= this.maxAttempts)
        return this.finishFailed(row, attempt, err.message, attempt);
      return this.finishRetry(row, attempt, err.message);
    }
  }

  /** Step 2: recorded before any network call. */
  private begin(row: DueRow): number {
    return this.db
      .transaction(() => {
        const now = this.now().toISOString();
        const attempt = row.attempts + 1;
        this.db
          .prepare(`UPDATE outbox SET state = 'sending', attempts = ?, updated_at = ? WHERE claim_id = ?`)
          .run(attempt, now, row.claim_id);
        this.db
          .prepare(`UPDATE claims SET state = 'committing' WHERE id = ? AND state IN ('approved', 'committing')`)
          .run(row.claim_id);
        this.db
          .prepare(`INSERT INTO outbox_attempts (claim_id, attempt, started_at) VALUES (?, ?, ?)`)
          .run(row.claim_id, attempt, now);
        this.audit.append({
          kind: 'commit.attempted',
          ...(row.run_id ? { runId: row.run_id } : {}),
          tool: row.tool,
          data: { claimId: row.claim_id, attempt, messageId: row.message_id, transport: row.transport },
        });
        return attempt;
      })
      .immediate();
  }

  private finishSent(row: DueRow, attempt: number, result: Json, outcome: 'sent' | 'reconciled'): CommitOutcome {
    this.db
      .transaction(() => {
        const now = this.now().toISOString();
        this.db
          .prepare(`UPDATE outbox SET state = 'sent', result = ?, last_error = NULL, updated_at = ? WHERE claim_id = ?`)
          .run(JSON.stringify(result), now, row.claim_id);
        this.db.prepare(`UPDATE claims SET state = 'committed', error = NULL WHERE id = ?`).run(row.claim_id);
        this.db
          .prepare(`UPDATE outbox_attempts SET finished_at = ?, outcome = ? WHERE claim_id = ? AND attempt = ?`)
          .run(now, outcome, row.claim_id, attempt);
        this.audit.append({
          kind: 'commit.succeeded',
          ...(row.run_id ? { runId: row.run_id } : {}),
          tool: row.tool,
          data: { claimId: row.claim_id, attempt, outcome, contentHash: row.content_hash, messageId: row.message_id },
        });
      })
      .immediate();
    return { claimId: row.claim_id, outcome, result };
  }

  private finishRetry(row: DueRow, attempt: number, error: string): CommitOutcome {
    const delay = Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs);
    const notBefore = new Date(this.now().getTime() + delay).toISOString();
    this.db
      .transaction(() => {
        const now = this.now().toISOString();
        // Back to `waiting`: this attempt is known not to have gone out (the transport said so).
        this.db
          .prepare(
            `UPDATE outbox SET state = 'waiting', not_before = ?, last_error = ?, updated_at = ? WHERE claim_id = ?`,
          )
          .run(notBefore, error, now, row.claim_id);
        this.db
          .prepare(
            `UPDATE outbox_attempts SET finished_at = ?, outcome = 'temporary', error = ? WHERE claim_id = ? AND attempt = ?`,
          )
          .run(now, error, row.claim_id, attempt);
        this.audit.append({
          kind: 'commit.failed',
          ...(row.run_id ? { runId: row.run_id } : {}),
          tool: row.tool,
          data: { claimId: row.claim_id, attempt, permanent: false, error, retryAt: notBefore },
        });
      })
      .immediate();
    return { claimId: row.claim_id, outcome: 'retry', error, notBefore };
  }

  private finishFailed(row: DueRow, attempts: number, error: string, attempt?: number): CommitOutcome {
    this.db
      .transaction(() => {
        const now = this.now().toISOString();
        this.db
          .prepare(`UPDATE outbox SET state = 'failed', last_error = ?, updated_at = ? WHERE claim_id = ?`)
          .run(error, now, row.claim_id);
        this.db.prepare(`UPDATE claims SET state = 'failed', error = ? WHERE id = ?`).run(error, row.claim_id);
        if (attempt !== undefined)
          this.db
            .prepare(
              `UPDATE outbox_attempts SET finished_at = ?, outcome = 'permanent', error = ? WHERE claim_id = ? AND attempt = ?`,
            )
            .run(now, error, row.claim_id, attempt);
        this.audit.append({
          kind: 'commit.failed',
          ...(row.run_id ? { runId: row.run_id } : {}),
          tool: row.tool,
          data: { claimId: row.claim_id, attempts, permanent: true, error },
        });
      })
      .immediate();
    return { claimId: row.claim_id, outcome: 'failed', error };
  }
}
