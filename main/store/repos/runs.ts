/**
 * Runs and their calls. A call row keeps the gate's whole input (its arguments with their
 * labels, the control context, the counters) so a later policy can be replayed against exactly
 * what the gate saw (Settings' "Preview changes").
 */
import type { CallRecord } from '../../../engine/run/types';
import type { Db } from '../database';
import { fromJson, toJson } from './json';

export interface RunRow {
  readonly id: string;
  readonly kind: string;
  readonly request: string | null;
  readonly plan: string;
  readonly planHash: string;
  readonly input: unknown;
  readonly inputHash: string;
  readonly mode: string;
  readonly policyId: string | null;
  readonly status: string;
  readonly result: unknown;
  readonly outputHash: string | null;
  readonly error: unknown;
  readonly transcript: readonly string[];
  readonly startedAt: string;
  readonly finishedAt: string | null;
}

export interface StoredCall {
  readonly runId: string;
  readonly seq: number;
  readonly tool: string;
  readonly args: unknown;
  readonly decision: string;
  readonly rule: string;
  readonly reasons: readonly string[];
  readonly sources: readonly string[];
  readonly trusted: boolean;
  readonly executed: boolean;
  readonly claimId: string | null;
  readonly fields: unknown;
  /** The GateCall as the gate received it (labels included), as JSON. */
  readonly gateInput: unknown;
}

interface Row {
  id: string;
  kind: string;
  request: string | null;
  plan: string;
  plan_hash: string;
  input: string | null;
  input_hash: string;
  mode: string;
  policy_id: string | null;
  status: string;
  result: string | null;
  output_hash: string | null;
  error: string | null;
  transcript: string;
  started_at: string;
  finished_at: string | null;
}

interface CallRow {
  run_id: string;
  seq: number;
  tool: string;
  args: string;
  decision: string;
  rule: string;
  reasons: string;
  sources: string;
  trusted: number;
  executed: number;
  claim_id: string | null;
  fields: string;
  gate_input: string;
}

const runFromRow = (r: Row): RunRow => ({
  id: r.id,
  kind: r.kind,
  request: r.request,
  plan: r.plan,
  planHash: r.plan_hash,
  input: fromJson<unknown>(r.input, null),
  inputHash: r.input_hash,
  mode: r.mode,
  policyId: r.policy_id,
  status: r.status,
  result: fromJson<unknown>(r.result, null),
  outputHash: r.output_hash,
  error: fromJson<unknown>(r.error, null),
  transcript: fromJson<string[]>(r.transcript, []),
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

const callFromRow = (r: CallRow): StoredCall => ({
  runId: r.run_id,
  seq: r.seq,
  tool: r.tool,
  args: fromJson<unknown>(r.args, {}),
  decision: r.decision,
  rule: r.rule,
  reasons: fromJson<string[]>(r.reasons, []),
  sources: fromJson<string[]>(r.sources, []),
  trusted: r.trusted === 1,
  executed: r.executed === 1,
  claimId: r.claim_id,
  fields: fromJson<unknown>(r.fields, []),
  gateInput: fromJson<unknown>(r.gate_input, null),
});

/** What a run is when it starts: its plan, input and policy. */
export interface RunStart {
  readonly id: string;
  readonly kind: string;
  readonly request?: string;
  readonly plan: string;
  readonly planHash: string;
  readonly input: unknown;
  readonly inputHash: string;
  readonly mode: string;
  readonly policyId?: string;
  readonly startedAt: string;
}

export class RunsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Starts a run under the next free id (`run-000001`, …: readable in the audit log) and returns
   * it. Picking the id and taking it are one write transaction: other processes on the profile
   * (the app, other commands) start runs too, and each must get its own.
   */
  start(r: Omit<RunStart, 'id'>): string {
    return this.db.transaction(() => {
      const last = this.db
        .prepare(`SELECT max(CAST(substr(id, 5) AS INTEGER)) AS n FROM runs WHERE id GLOB 'run-[0-9]*'`)
        .get() as { n: number | null };
      const id = `run-${String((last.n ?? 0) + 1).padStart(6, '0')}`;
      this.insert({ ...r, id });
      return id;
    })();
  }

  private insert(r: RunStart): void {
    this.db
      .prepare(
        `INSERT INTO runs (id, kind, request, plan, plan_hash, input, input_hash, mode, policy_id, status, started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)`,
      )
      .run(
        r.id,
        r.kind,
        r.request ?? null,
        r.plan,
        r.planHash,
        toJson(r.input),
        r.inputHash,
        r.mode,
        r.policyId ?? null,
        r.startedAt,
      );
  }

  finish(
    id: string,
    f: {
      status: string;
      result: unknown;
      outputHash: string;
      error: unknown;
      transcript: readonly string[];
      finishedAt: string;
    },
  ): void {
    this.db
      .prepare(
        'UPDATE runs SET status = ?, result = ?, output_hash = ?, error = ?, transcript = ?, finished_at = ? WHERE id = ?',
      )
      .run(f.status, toJson(f.result), f.outputHash, toJson(f.error), toJson(f.transcript), f.finishedAt, id);
  }

  addCall(runId: string, c: CallRecord, claimId: string | null, gateInput: unknown): void {
    this.db
      .prepare(
        `INSERT INTO calls (run_id, seq, tool, args, decision, rule, reasons, sources, trusted, executed, claim_id, fields, gate_input)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        runId,
        c.seq,
        c.tool,
        toJson(c.args),
        c.decision,
        c.rule,
        toJson(c.reasons),
        toJson(c.sources),
        c.trusted ? 1 : 0,
        c.executed ? 1 : 0,
        claimId,
        toJson(c.fields),
        toJson(gateInput),
      );
  }

  get(id: string): RunRow | undefined {
    const r = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as Row | undefined;
    return r && runFromRow(r);
  }

  list(limit = 50): RunRow[] {
    return (this.db.prepare('SELECT * FROM runs ORDER BY started_at DESC, id DESC LIMIT ?').all(limit) as Row[]).map(
      runFromRow,
    );
  }

  calls(runId: string): StoredCall[] {
    return (this.db.prepare('SELECT * FROM calls WHERE run_id = ? ORDER BY seq').all(runId) as CallRow[]).map(
      callFromRow,
    );
  }

  /** The most recent calls of every run (newest first), for replaying a policy against them. */
  recentCalls(limit = 500): StoredCall[] {
    return (
      this.db
        .prepare('SELECT c.* FROM calls c JOIN runs r ON r.id = c.run_id ORDER BY r.started_at DESC, c.seq LIMIT ?')
        .all(limit) as CallRow[]
    ).map(callFromRow);
  }
}
