/**
 * Claims in the profile (semantics §5) and their state machine:
 *
 *   pending ──approve──▶ approved ──(outbox picks it up)──▶ committing ──▶ committed
 *      ▲  │                 │                                    └──────▶ failed
 *      │  └─reject─▶ rejected
 *      └────undo───────────┘   (only while the outbox has not started: the undo window)
 *   pending ──(too old)──▶ expired
 *
 * The action ({tool, args}) is stored as canonical JSON beside its sha256; approval recomputes
 * the hash from the stored action and refuses when it no longer matches, so what a person
 * approved is exactly what the outbox commits. Approval writes the claim's new state, the
 * outbox row (with its Message-ID) and the audit entry in ONE transaction: either all of it
 * survives a crash or none of it does.
 *
 * This module is the only writer of both the claims and the outbox tables: the outbox
 * (main/outbox/outbox.ts) commits through `due`, `take`, `renew` and `finish*` here. A row is
 * committed under a lease taken by compare-and-set (state, attempts and due time unchanged since
 * it was read): while an attempt runs the row is `sending` and its `not_before` is the lease's
 * expiry, renewed as long as the attempt lasts, so no other process — the app's scheduler, a
 * `claims approve`, a run's end — takes it; a lease that expired (its process died) makes the
 * row due again, and the next taker reconciles before anything is sent again.
 */
import { randomUUID } from 'node:crypto';
import type { Json } from '../../engine/ifc/labeled-value';
import { canonicalJson } from '../../engine/run/wire';
import { actionHash, MAIL_TOOLS } from '../../engine/tools';
import type { AuditKind, AuditSink } from '../audit/sink';
import type { Db } from '../store';
import { pageSize, Where } from '../store/where';

export type ClaimState = 'pending' | 'approved' | 'committing' | 'committed' | 'rejected' | 'expired' | 'failed';
export type Risk = 'low' | 'medium' | 'high';

export interface ClaimAction {
  readonly tool: string;
  readonly args: { readonly [key: string]: Json };
}

export interface NewClaim {
  readonly id: string;
  readonly runId?: string;
  readonly seq: number;
  readonly accountId?: string;
  readonly action: ClaimAction;
  readonly rule: string;
  readonly reasons: readonly string[];
  readonly risk: Risk;
  /** Field lineage and the control context, for display (CallRecord.fields / context). */
  readonly fields: Json;
  readonly context: Json;
  readonly explanation?: Json;
  readonly createdAt: string;
}

export interface ClaimRow extends NewClaim {
  readonly contentHash: string;
  readonly state: ClaimState;
  readonly decidedAt: string | null;
  readonly decidedBy: string | null;
  readonly reason: string | null;
  readonly error: string | null;
}

/**
 * The hash of an action with no effect outside the run, or where no store can tell its effect:
 * `sha256:` + hex of the canonical JSON of {tool, args}.
 */
export const contentHashOf = (action: ClaimAction): string => actionHash(action.tool, action.args);

/** What the outbox knows of a queued claim. */
export interface OutboxEntry {
  readonly claimId: string;
  readonly state: 'waiting' | 'sending' | 'sent' | 'failed' | 'cancelled';
  /** Waiting: when it becomes due; sending: when the committer's lease expires. */
  readonly notBefore: string;
  readonly attempts: number;
  readonly messageId: string | null;
  readonly lastError: string | null;
  readonly transport: string;
  readonly result: Json | null;
}

/** A due outbox row with its claim, as read before the compare-and-set that takes it. */
export interface DueCommit {
  readonly claimId: string;
  /** The hash approved (the outbox row's) and the claim's current one. */
  readonly contentHash: string;
  readonly claimHash: string;
  readonly messageId: string | null;
  readonly state: 'waiting' | 'sending';
  readonly attempts: number;
  readonly notBefore: string;
  readonly transport: string;
  readonly action: ClaimAction;
  readonly accountId: string | null;
  readonly runId: string | null;
  readonly tool: string;
}

export class ClaimError extends Error {
  constructor(
    readonly code: 'not-found' | 'wrong-state' | 'hash-mismatch' | 'window-closed' | 'not-editable',
    message: string,
  ) {
    super(message);
  }
}

interface Row {
  id: string;
  run_id: string | null;
  seq: number;
  account_id: string | null;
  tool: string;
  action: string;
  content_hash: string;
  rule: string;
  reasons: string;
  risk: Risk;
  fields: string;
  context: string;
  explanation: string | null;
  state: ClaimState;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  reason: string | null;
  error: string | null;
}

const fromRow = (r: Row): ClaimRow => ({
  id: r.id,
  ...(r.run_id ? { runId: r.run_id } : {}),
  seq: r.seq,
  ...(r.account_id ? { accountId: r.account_id } : {}),
  action: JSON.parse(r.action) as ClaimAction,
  contentHash: r.content_hash,
  rule: r.rule,
  reasons: JSON.parse(r.reasons) as string[],
  risk: r.risk,
  fields: JSON.parse(r.fields) as Json,
  context: JSON.parse(r.context) as Json,
  ...(r.explanation ? { explanation: JSON.parse(r.explanation) as Json } : {}),
  createdAt: r.created_at,
  state: r.state,
  decidedAt: r.decided_at,
  decidedBy: r.decided_by,
  reason: r.reason,
  error: r.error,
});

export interface ApproveOptions {
  /** Who approved (`user`, `cli`, a device name): recorded with the decision. */
  readonly by: string;
  readonly now: Date;
  /** The undo window: the outbox waits this long before the first attempt. */
  readonly undoWindowMs: number;
  /** How the outbox will commit it (`local`, `smtp`, `caldav`). */
  readonly transport: string;
  /** The hash the person saw; refused when the stored action no longer has it. */
  readonly expectedHash?: string;
  /** Message-ID domain for mail actions. */
  readonly messageIdDomain?: string;
}

/**
 * What approval is bound to for an action of an account: in a profile, the hash of its effect
 * (engine/tools/effect.ts: what leaves, not the arguments that described it). Throws when the
 * effect can no longer be worked out (the email it answers is gone).
 */
export type ClaimHasher = (action: ClaimAction, accountId: string | null) => string;

export class ClaimStore {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditSink,
    private readonly hashOf: ClaimHasher = contentHashOf,
  ) {}

  /** Why the claim's stored action no longer has its approved hash, or null when it still does. */
  mismatch(action: ClaimAction, accountId: string | null, approvedHash: string): string | null {
    try {
      return this.hashOf(action, accountId) === approvedHash
        ? null
        : 'the action no longer matches the approved content hash';
    } catch (e) {
      return `what the action does can no longer be worked out (${(e as Error).message})`;
    }
  }

  create(c: NewClaim): ClaimRow {
    this.db
      .prepare(
        `INSERT INTO claims (id, run_id, seq, account_id, tool, action, content_hash, rule, reasons, risk, fields,
                             context, explanation, state, created_at)
         VALUES (@id, @run_id, @seq, @account_id, @tool, @action, @content_hash, @rule, @reasons, @risk, @fields,
                 @context, @explanation, 'pending', @created_at)`,
      )
      .run({
        id: c.id,
        run_id: c.runId ?? null,
        seq: c.seq,
        account_id: c.accountId ?? null,
        tool: c.action.tool,
        action: canonicalJson(c.action as unknown as Json),
        content_hash: this.hashOf(c.action, c.accountId ?? null),
        rule: c.rule,
        reasons: JSON.stringify(c.reasons),
        risk: c.risk,
        fields: JSON.stringify(c.fields),
        context: JSON.stringify(c.context),
        explanation: c.explanation === undefined ? null : JSON.stringify(c.explanation),
        created_at: c.createdAt,
      });
    return this.get(c.id);
  }

  find(id: string): ClaimRow | undefined {
    const r = this.db.prepare('SELECT * FROM claims WHERE id = ?').get(id) as Row | undefined;
    return r && fromRow(r);
  }

  get(id: string): ClaimRow {
    const c = this.find(id);
    if (!c) throw new ClaimError('not-found', `no claim ${JSON.stringify(id)}`);
    return c;
  }

  /** Newest first, keyset-paged by (created_at, id). */
  list(opts: { state?: ClaimState; limit?: number; before?: { createdAt: string; id: string } } = {}): ClaimRow[] {
    const where = new Where({ limit: pageSize(opts.limit, 50, 500) })
      .when('state = @state', { state: opts.state })
      .when('(created_at, id) < (@bc, @bi)', { bc: opts.before?.createdAt, bi: opts.before?.id });
    const rows = this.db
      .prepare(`SELECT * FROM claims ${where} ORDER BY created_at DESC, id DESC LIMIT @limit`)
      .all(where.params) as Row[];
    return rows.map(fromRow);
  }

  countPending(): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM claims WHERE state = 'pending'`).get() as { n: number }).n;
  }

  /** The stored action, checked against its hash (and the hash the person saw). */
  private verifiedAction(c: ClaimRow, expectedHash?: string): void {
    const problem = this.mismatch(c.action, c.accountId ?? null, c.contentHash);
    if (problem !== null || (expectedHash !== undefined && expectedHash !== c.contentHash))
      throw new ClaimError(
        'hash-mismatch',
        `claim ${c.id}: its content no longer matches what was shown (${expectedHash ?? c.contentHash}); approval refused`,
      );
  }

  private transition(id: string, from: readonly ClaimState[], to: ClaimState, set: Record<string, string | null>) {
    const c = this.get(id);
    if (!from.includes(c.state))
      throw new ClaimError('wrong-state', `claim ${id} is ${c.state}; it can be ${to} only when ${from.join(' or ')}`);
    const cols = Object.keys(set).map((k) => `, ${k} = @${k}`);
    const r = this.db
      .prepare(`UPDATE claims SET state = @to${cols.join('')} WHERE id = @id AND state = @from`)
      .run({ ...set, id, to, from: c.state });
    if (r.changes !== 1) throw new ClaimError('wrong-state', `claim ${id} changed while it was being ${to}`);
    return c;
  }

  /**
   * Approves a pending claim and queues it in the outbox, in one transaction. Returns the
   * outbox's Message-ID for mail (fixed now, so a restart can find the message in Sent).
   */
  approve(id: string, o: ApproveOptions): { messageId: string | null; notBefore: string } {
    return this.db
      .transaction(() => {
        const c = this.get(id);
        this.verifiedAction(c, o.expectedHash);
        this.transition(id, ['pending'], 'approved', { decided_at: o.now.toISOString(), decided_by: o.by });
        const queued = this.queue(c, o);
        this.audit.append({
          kind: 'claim.approved',
          ...(c.runId ? { runId: c.runId } : {}),
          tool: c.action.tool,
          data: {
            claimId: id,
            contentHash: c.contentHash,
            by: o.by,
            undoUntil: queued.notBefore,
            messageId: queued.messageId,
          },
        });
        return queued;
      })
      .immediate();
  }

  /**
   * A person's own action (a message they wrote): created already approved and queued, in one
   * transaction with its one audit entry (`entry`, to which the claim id and hash are added).
   */
  createApproved(
    c: NewClaim,
    o: ApproveOptions,
    entry: { kind: AuditKind; data: { readonly [key: string]: Json } },
  ): { claim: ClaimRow; messageId: string | null; notBefore: string } {
    return this.db
      .transaction(() => {
        const created = this.create(c);
        this.transition(c.id, ['pending'], 'approved', { decided_at: o.now.toISOString(), decided_by: o.by });
        const queued = this.queue(created, o);
        this.audit.append({
          kind: entry.kind,
          tool: c.action.tool,
          data: { ...entry.data, claimId: c.id, contentHash: created.contentHash, by: o.by, ...queued },
        });
        return { claim: this.get(c.id), ...queued };
      })
      .immediate();
  }

  /** The outbox row of an approved claim (its Message-ID fixed now, so a restart finds it in Sent). */
  private queue(c: ClaimRow, o: ApproveOptions): { messageId: string | null; notBefore: string } {
    const messageId = MAIL_TOOLS.has(c.action.tool)
      ? `<${randomUUID()}@${o.messageIdDomain ?? 'zamburak.invalid'}>`
      : null;
    const notBefore = new Date(o.now.getTime() + Math.max(0, o.undoWindowMs)).toISOString();
    // A claim approved, undone and approved again reuses its row: one outbox row per claim.
    this.db
      .prepare(
        `INSERT INTO outbox (claim_id, content_hash, message_id, state, not_before, transport, updated_at)
         VALUES (@id, @hash, @mid, 'waiting', @nb, @transport, @now)
         ON CONFLICT (claim_id) DO UPDATE SET content_hash = @hash, message_id = @mid, state = 'waiting',
           not_before = @nb, transport = @transport, updated_at = @now, last_error = NULL`,
      )
      .run({
        id: c.id,
        hash: c.contentHash,
        mid: messageId,
        nb: notBefore,
        transport: o.transport,
        now: o.now.toISOString(),
      });
    return { messageId, notBefore };
  }

  /**
   * Replaces a pending claim's action with a person's edit of it (claim-edit.ts decides what may
   * change), bound to the version they saw: the new hash, lineage and explanation, and the audit
   * entry, in one transaction.
   */
  edit(
    id: string,
    o: {
      readonly action: ClaimAction;
      readonly fields: Json;
      readonly explanation: Json;
      readonly edited: readonly string[];
      readonly expectedHash?: string;
      readonly by: string;
      readonly now: Date;
    },
  ): ClaimRow {
    return this.db
      .transaction(() => {
        const c = this.get(id);
        if (c.state !== 'pending')
          throw new ClaimError('wrong-state', `claim ${id} is ${c.state}; only a pending claim can be edited`);
        this.verifiedAction(c, o.expectedHash);
        const hash = this.hashOf(o.action, c.accountId ?? null);
        this.db
          .prepare(
            `UPDATE claims SET action = @action, content_hash = @hash, fields = @fields, explanation = @explanation
             WHERE id = @id AND state = 'pending' AND content_hash = @before`,
          )
          .run({
            id,
            action: canonicalJson(o.action as unknown as Json),
            hash,
            fields: JSON.stringify(o.fields),
            explanation: JSON.stringify(o.explanation),
            before: c.contentHash,
          });
        this.audit.append({
          kind: 'claim.edited',
          ...(c.runId ? { runId: c.runId } : {}),
          tool: c.action.tool,
          data: { claimId: id, before: c.contentHash, after: hash, fields: [...o.edited], by: o.by },
        });
        return this.get(id);
      })
      .immediate();
  }

  reject(id: string, o: { by: string; now: Date; reason?: string }): void {
    this.db
      .transaction(() => {
        const c = this.transition(id, ['pending'], 'rejected', {
          decided_at: o.now.toISOString(),
          decided_by: o.by,
          reason: o.reason ?? null,
        });
        this.audit.append({
          kind: 'claim.rejected',
          ...(c.runId ? { runId: c.runId } : {}),
          tool: c.action.tool,
          data: { claimId: id, contentHash: c.contentHash, by: o.by, reason: o.reason ?? null },
        });
      })
      .immediate();
  }

  /**
   * Undo during the undo window: the outbox row is cancelled only if no attempt has started.
   * A claim goes back to pending; a person's own message (`withdraw`) is withdrawn for good
   * (rejected, "undone"): nothing asked for it but them.
   */
  undo(id: string, o: { by: string; now: Date; withdraw?: boolean }): void {
    this.db
      .transaction(() => {
        const ob = this.db.prepare(`SELECT state, attempts FROM outbox WHERE claim_id = ?`).get(id) as
          { state: string; attempts: number } | undefined;
        const claim = this.get(id);
        if (!ob)
          throw new ClaimError('wrong-state', `claim ${id} is ${claim.state}: only an approved claim can be undone`);
        if (ob.state !== 'waiting' || ob.attempts > 0 || claim.state !== 'approved')
          throw new ClaimError('window-closed', `claim ${id} is already being committed; it can no longer be undone`);
        this.db
          .prepare(`UPDATE outbox SET state = 'cancelled', updated_at = ? WHERE claim_id = ?`)
          .run(o.now.toISOString(), id);
        const c = o.withdraw
          ? this.transition(id, ['approved'], 'rejected', { decided_at: o.now.toISOString(), reason: 'undone' })
          : this.transition(id, ['approved'], 'pending', { decided_at: null, decided_by: null });
        this.audit.append({
          kind: 'claim.undone',
          ...(c.runId ? { runId: c.runId } : {}),
          tool: c.action.tool,
          data: { claimId: id, by: o.by, ...(o.withdraw ? { withdrawn: true } : {}) },
        });
      })
      .immediate();
  }

  /** Approved claims of one rule still in the outbox (waiting out their undo window or leaving). */
  queuedOwn(rule: string): (ClaimRow & { notBefore: string; outboxState: 'waiting' | 'sending' })[] {
    const rows = this.db
      .prepare(
        `SELECT c.*, o.not_before AS ob_not_before, o.state AS ob_state FROM claims c JOIN outbox o ON o.claim_id = c.id
         WHERE c.rule = ? AND o.state IN ('waiting', 'sending') ORDER BY o.not_before, c.id`,
      )
      .all(rule) as (Row & { ob_not_before: string; ob_state: 'waiting' | 'sending' })[];
    return rows.map((r) => ({ ...fromRow(r), notBefore: r.ob_not_before, outboxState: r.ob_state }));
  }

  // ---- the outbox: the lifecycle of an approved claim until it is committed ------------------

  outboxEntry(claimId: string): OutboxEntry | undefined {
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

  /** When the next row becomes due (a waiting row, or a lease that expires), or null. */
  nextDue(): string | null {
    const r = this.db
      .prepare(`SELECT min(not_before) AS t FROM outbox WHERE state IN ('waiting', 'sending')`)
      .get() as { t: string | null };
    return r.t;
  }

  /** Rows due at `now`, oldest first: waiting ones whose time came, and expired leases. */
  due(now: Date): DueCommit[] {
    const rows = this.db
      .prepare(
        `SELECT o.claim_id, o.content_hash, o.message_id, o.state, o.attempts, o.not_before, o.transport,
                c.action, c.content_hash AS claim_hash, c.account_id, c.run_id, c.tool
         FROM outbox o JOIN claims c ON c.id = o.claim_id
         WHERE o.state IN ('waiting', 'sending') AND o.not_before <= ?
         ORDER BY o.not_before, o.claim_id`,
      )
      .all(now.toISOString()) as {
      claim_id: string;
      content_hash: string;
      message_id: string | null;
      state: 'waiting' | 'sending';
      attempts: number;
      not_before: string;
      transport: string;
      action: string;
      claim_hash: string;
      account_id: string | null;
      run_id: string | null;
      tool: string;
    }[];
    return rows.map((r) => ({
      claimId: r.claim_id,
      contentHash: r.content_hash,
      claimHash: r.claim_hash,
      messageId: r.message_id,
      state: r.state,
      attempts: r.attempts,
      notBefore: r.not_before,
      transport: r.transport,
      action: JSON.parse(r.action) as ClaimAction,
      accountId: r.account_id,
      runId: r.run_id,
      tool: r.tool,
    }));
  }

  /**
   * Takes a due row for one attempt, if nobody took it since it was read (compare-and-set on
   * its state, attempts and due time): `sending` under a lease until `now + leaseMs`, the claim
   * `committing`, the attempt and its audit entry written before any network call. Returns the
   * attempt number, or null when another committer got there first.
   */
  take(d: DueCommit, now: Date, leaseMs: number): number | null {
    return this.db
      .transaction(() => {
        const at = now.toISOString();
        const attempt = d.attempts + 1;
        const r = this.db
          .prepare(
            `UPDATE outbox SET state = 'sending', attempts = @attempt, not_before = @lease, updated_at = @at
             WHERE claim_id = @id AND state = @state AND attempts = @attempts AND not_before = @nb AND not_before <= @at`,
          )
          .run({
            id: d.claimId,
            attempt,
            lease: new Date(now.getTime() + leaseMs).toISOString(),
            at,
            state: d.state,
            attempts: d.attempts,
            nb: d.notBefore,
          });
        if (r.changes !== 1) return null;
        this.db
          .prepare(`UPDATE claims SET state = 'committing' WHERE id = ? AND state IN ('approved', 'committing')`)
          .run(d.claimId);
        this.db
          .prepare(`INSERT INTO outbox_attempts (claim_id, attempt, started_at) VALUES (?, ?, ?)`)
          .run(d.claimId, attempt, at);
        this.audit.append({
          kind: 'commit.attempted',
          ...(d.runId ? { runId: d.runId } : {}),
          tool: d.tool,
          data: { claimId: d.claimId, attempt, messageId: d.messageId, transport: d.transport },
        });
        return attempt;
      })
      .immediate();
  }

  /** Extends a lease this attempt still holds; false when it was lost (it expired and was taken). */
  renew(claimId: string, attempt: number, now: Date, leaseMs: number): boolean {
    const r = this.db
      .prepare(`UPDATE outbox SET not_before = ? WHERE claim_id = ? AND state = 'sending' AND attempts = ?`)
      .run(new Date(now.getTime() + leaseMs).toISOString(), claimId, attempt);
    return r.changes === 1;
  }

  /** The attempt went through: `sent` and `committed`, audited; false when the lease was lost. */
  finishSent(d: DueCommit, attempt: number, result: Json, outcome: 'sent' | 'reconciled', now: Date): boolean {
    return this.finish(d, attempt, () => {
      const at = now.toISOString();
      this.db
        .prepare(`UPDATE outbox SET state = 'sent', result = ?, last_error = NULL, updated_at = ? WHERE claim_id = ?`)
        .run(JSON.stringify(result), at, d.claimId);
      this.db.prepare(`UPDATE claims SET state = 'committed', error = NULL WHERE id = ?`).run(d.claimId);
      this.db
        .prepare(`UPDATE outbox_attempts SET finished_at = ?, outcome = ? WHERE claim_id = ? AND attempt = ?`)
        .run(at, outcome, d.claimId, attempt);
      this.audit.append({
        kind: 'commit.succeeded',
        ...(d.runId ? { runId: d.runId } : {}),
        tool: d.tool,
        data: { claimId: d.claimId, attempt, outcome, contentHash: d.contentHash, messageId: d.messageId },
      });
    });
  }

  /** A temporary failure known not to have gone out: `waiting` again until `notBefore`. */
  finishRetry(d: DueCommit, attempt: number, error: string, notBefore: string, now: Date): boolean {
    return this.finish(d, attempt, () => {
      const at = now.toISOString();
      this.db
        .prepare(
          `UPDATE outbox SET state = 'waiting', not_before = ?, last_error = ?, updated_at = ? WHERE claim_id = ?`,
        )
        .run(notBefore, error, at, d.claimId);
      this.db
        .prepare(
          `UPDATE outbox_attempts SET finished_at = ?, outcome = 'temporary', error = ? WHERE claim_id = ? AND attempt = ?`,
        )
        .run(at, error, d.claimId, attempt);
      this.audit.append({
        kind: 'commit.failed',
        ...(d.runId ? { runId: d.runId } : {}),
        tool: d.tool,
        data: { claimId: d.claimId, attempt, permanent: false, error, retryAt: notBefore },
      });
    });
  }

  /**
   * It will never work: `failed` on the row and the claim. `attempt` is the attempt this
   * committer holds, or null when it refuses a row before taking it (its hash no longer matches).
   */
  finishFailed(d: DueCommit, attempt: number | null, error: string, now: Date): boolean {
    const body = () => {
      const at = now.toISOString();
      this.db
        .prepare(`UPDATE outbox SET state = 'failed', last_error = ?, updated_at = ? WHERE claim_id = ?`)
        .run(error, at, d.claimId);
      this.db.prepare(`UPDATE claims SET state = 'failed', error = ? WHERE id = ?`).run(error, d.claimId);
      if (attempt !== null)
        this.db
          .prepare(
            `UPDATE outbox_attempts SET finished_at = ?, outcome = 'permanent', error = ? WHERE claim_id = ? AND attempt = ?`,
          )
          .run(at, error, d.claimId, attempt);
      this.audit.append({
        kind: 'commit.failed',
        ...(d.runId ? { runId: d.runId } : {}),
        tool: d.tool,
        data: { claimId: d.claimId, attempts: attempt ?? d.attempts, permanent: true, error },
      });
    };
    if (attempt !== null) return this.finish(d, attempt, body);
    // Not taken: only if the row is still exactly as it was read.
    return this.db
      .transaction(() => {
        const still = this.db
          .prepare(`SELECT 1 FROM outbox WHERE claim_id = ? AND state = ? AND attempts = ? AND not_before = ?`)
          .get(d.claimId, d.state, d.attempts, d.notBefore);
        if (!still) return false;
        body();
        return true;
      })
      .immediate();
  }

  /** Runs `body` only while this attempt still holds the row's lease (one transaction). */
  private finish(d: DueCommit, attempt: number, body: () => void): boolean {
    return this.db
      .transaction(() => {
        const held = this.db
          .prepare(`SELECT 1 FROM outbox WHERE claim_id = ? AND state = 'sending' AND attempts = ?`)
          .get(d.claimId, attempt);
        if (!held) return false;
        body();
        return true;
      })
      .immediate();
  }

  /** Pending claims older than `maxAgeMs` expire (a stale approval request is not a decision). */
  expireOlderThan(now: Date, maxAgeMs: number): number {
    const cutoff = new Date(now.getTime() - maxAgeMs).toISOString();
    return this.db
      .transaction(() => {
        const stale = this.db
          .prepare(`SELECT id, run_id, tool FROM claims WHERE state = 'pending' AND created_at < ?`)
          .all(cutoff) as { id: string; run_id: string | null; tool: string }[];
        for (const s of stale) {
          this.db
            .prepare(`UPDATE claims SET state = 'expired', decided_at = ? WHERE id = ?`)
            .run(now.toISOString(), s.id);
          this.audit.append({
            kind: 'claim.expired',
            ...(s.run_id ? { runId: s.run_id } : {}),
            tool: s.tool,
            data: { claimId: s.id },
          });
        }
        return stale.length;
      })
      .immediate();
  }
}
