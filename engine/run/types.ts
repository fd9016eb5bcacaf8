/**
 * The engine API's records: what a run is given and what it gives back. The CLI report of
 * contracts.md is a direct rendering of `RunReport`.
 */
import type { Risk } from '../gate/types';
import type { Label } from '../ifc/label';
import type { Json } from '../ifc/labeled-value';
import type { ResultPart } from './result-parts';

export type Mode = 'strict' | 'normal';

export interface Limits {
  /** Wall-clock budget for the whole run, tool time included (ms). */
  readonly wallMs: number;
  /** Interpreter steps: loop iterations and function entries. */
  readonly steps: number;
  /** QuickJS heap (bytes). */
  readonly memoryBytes: number;
  /** QuickJS stack (bytes); larger than 256 KiB can overflow the host instead of raising. */
  readonly stackBytes: number;
  readonly toolCalls: number;
  /** Longest string (UTF-16 units) and longest array any operation may produce. */
  readonly stringLength: number;
  readonly arrayLength: number;
  /** Dependency-graph nodes kept with full lineage; beyond it lineage is summarised per label. */
  readonly graphNodes: number;
  /**
   * Distinct labels in a run: the hard bound on the graph's memory. Sized so that a plan listing
   * 10,000 emails fits (about 5 labels per item read) while the labels' tables stay well inside
   * `memoryBytes` (engine README "Limits").
   */
  readonly labels: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  wallMs: 10_000,
  steps: 5_000_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  toolCalls: 500,
  stringLength: 1_000_000,
  arrayLength: 100_000,
  graphNodes: 200_000,
  labels: 100_000,
});

export type ErrorKind = 'PolicyDenied' | 'NotEnoughInformation' | 'LimitExceeded' | 'PlanRejected' | 'RuntimeError';

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface PlanError {
  readonly kind: ErrorKind;
  /** Safe for a planner: untrusted text replaced by a placeholder (semantics.md §6). */
  readonly message: string;
  /** The full text, for the user's eyes only (always rendered as text). */
  readonly fullMessage: string;
  readonly position: Position | null;
  /** Which limit, for `LimitExceeded`. */
  readonly limit?: keyof Limits;
  readonly label?: Label;
}

/** One step of a field's lineage: an operation and where its inputs came from. */
export interface LineageNode {
  readonly op: string;
  readonly sources?: readonly string[];
  readonly from?: readonly LineageNode[];
}

export interface FieldLineage {
  /** Path of the field inside the named arguments: `to[0]`, `body`. */
  readonly path: string;
  readonly sources: readonly string[];
  readonly untrusted: readonly string[];
  readonly readers: Label['readers'];
  readonly caps: readonly string[];
  readonly verified?: string;
  readonly lineage: LineageNode | null;
}

export interface CallRecord {
  readonly seq: number;
  readonly tool: string;
  /** Named arguments as plain JSON. */
  readonly args: Record<string, Json>;
  readonly decision: 'allow' | 'deny' | 'confirm';
  readonly rule: string;
  readonly reasons: readonly string[];
  /** Union of the sources of every argument and of the control context. */
  readonly sources: readonly string[];
  readonly trusted: boolean;
  readonly executed: boolean;
  readonly context: Label;
  readonly fields: readonly FieldLineage[];
  readonly claimId?: string;
  /** Tool failure, if it ran and failed. */
  readonly error?: string;
}

export interface Claim {
  readonly id: string;
  readonly tool: string;
  readonly args: Record<string, Json>;
  readonly rule: string;
  readonly reasons: readonly string[];
  readonly risk: Risk;
  /**
   * What approval commits: `sha256:` + hex of the canonical bytes of the call's effect
   * (engine/tools/effect.ts `claimHash`); of {tool, args} for a call with no effect outside the run.
   */
  readonly contentHash: string;
  readonly fields: readonly FieldLineage[];
  readonly context: Label;
  readonly seq: number;
}

export type RunStatus = 'completed' | 'failed' | 'limit';
export interface RunReport {
  readonly status: RunStatus;
  readonly mode: Mode;
  readonly result: Json | null;
  readonly resultLabel: Label | null;
  /** The label of each top-level part of the result, bounded (./result-parts.ts). */
  readonly resultParts?: readonly ResultPart[];
  readonly error: PlanError | null;
  readonly calls: readonly CallRecord[];
  readonly claims: readonly Claim[];
  /** Lines added by `log(...)`. */
  readonly transcript: readonly string[];
  readonly stats: RunStats;
}

export interface RunStats {
  readonly steps: number;
  readonly graphNodes: number;
  readonly labels: number;
  /**
   * Words and children the labels' source sets hold in all (engine README "Limits"): with the
   * labels, what a run's labels take; it does not grow with the mailbox a listing names.
   */
  readonly sourceWords?: number;
  readonly ms: number;
}
