/**
 * The audit log over the `audit_log` table (record format and verification: engine/audit).
 *
 * Append joins the caller's transaction, so an audited change and its entry commit together.
 * The head (last sequence number and hash, with its MAC) is sealed to a file outside the
 * database once the entry is committed; after a crash between the two, `recover` re-seals a
 * head that is behind, but only over entries whose MACs prove this profile wrote them — an
 * entry nobody could have MACed is never blessed, and a head that is ahead means a truncated tail.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import * as z from 'zod';
import {
  GENESIS_HASH,
  entryMac,
  headMac,
  sealEntry,
  sealHead,
  storedEntry,
  verifyChain,
  verifyRows,
  type AuditRecord,
  type SealedHead,
  type StoredEntry,
  type StoredRow,
  type VerifyResult,
} from '../../engine/audit/chain';
import { summarizeArgs } from '../../engine/audit/preview';
import type { Json } from '../../engine/ifc/labeled-value';
import { writePrivateFile, type KeyProvider } from '../secrets';
import type { Db } from '../store';
import { likeLiteral, pageSize, Where } from '../store/where';
import type { AuditEventInput, AuditSink } from './sink';

const Head = z.strictObject({ seq: z.number().int().nonnegative(), hash: z.string(), mac: z.string() });

export interface AuditEntry {
  readonly seq: number;
  readonly at: string;
  readonly kind: string;
  readonly runId: string | null;
  readonly tool: string | null;
  readonly decision: string | null;
  readonly rule: string | null;
  readonly sources: readonly string[];
  readonly data: Json;
}

export interface AuditFilter {
  readonly kind?: string;
  /** Entries whose kind starts with this (`claim.`). */
  readonly kindPrefix?: string;
  readonly tool?: string;
  /** Entries whose tool is any of these (the Audit's tool filter, after words became ids). */
  readonly tools?: readonly string[];
  readonly decision?: string;
  readonly rule?: string;
  /** Entries whose rule is any of these (the Audit's rule filter, after words became ids). */
  readonly rules?: readonly string[];
  readonly runId?: string;
  /** A label source, e.g. `tool:getEmail:e1`. */
  readonly source?: string;
  /** Entries that name any of these label sources. */
  readonly anySource?: readonly string[];
  /** ISO times, inclusive / exclusive. */
  readonly from?: string;
  readonly to?: string;
  /** Entries with a smaller sequence number (paging backwards from the newest). */
  readonly before?: number;
  readonly limit?: number;
}

interface Row {
  seq: number;
  at: string;
  kind: string;
  run_id: string | null;
  tool: string | null;
  decision: string | null;
  rule: string | null;
  sources: string;
  body: string;
  prev_hash: string;
  hash: string;
  mac: string;
}

export class AuditLog implements AuditSink {
  private sealPending = false;
  /** What `named` has read so far: up to the entry `seq` (whose hash it was). */
  private namedSoFar: {
    seq: number;
    hash: string;
    tools: Set<string>;
    rules: Set<string>;
    sources: Set<string>;
  } | null = null;
  private readonly lastStmt;
  private readonly insertStmt;
  private readonly allRowsStmt;

  constructor(
    private readonly db: Db,
    private readonly key: KeyProvider,
    private readonly headPath: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.lastStmt = db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1');
    this.insertStmt = db.prepare(
      `INSERT INTO audit_log (seq, at, kind, run_id, tool, decision, rule, sources, body, prev_hash, hash, mac)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Raw rows (arrays): a full-chain verification reads every entry, and objects cost twice as
    // much; `verify` streams them, so each row dies young.
    this.allRowsStmt = db.prepare('SELECT seq, body, prev_hash, hash, mac FROM audit_log ORDER BY seq').raw();
  }

  append(e: AuditEventInput): number {
    const last = this.db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    const seq = (last?.seq ?? 0) + 1;
    const data = 'args' in e.data ? { ...e.data, args: summarizeArgs(e.data.args ?? null) as unknown as Json } : e.data;
    const record: AuditRecord = {
      seq,
      at: this.clock().toISOString(),
      kind: e.kind,
      ...(e.runId ? { runId: e.runId } : {}),
      ...(e.tool ? { tool: e.tool } : {}),
      ...(e.decision ? { decision: e.decision } : {}),
      ...(e.rule ? { rule: e.rule } : {}),
      ...(e.sources?.length ? { sources: [...e.sources] } : {}),
      data,
    };
    const entry = sealEntry(record, last?.hash ?? GENESIS_HASH, this.key.key());
    this.insertStmt.run(
      seq,
      record.at,
      e.kind,
      e.runId ?? null,
      e.tool ?? null,
      e.decision ?? null,
      e.rule ?? null,
      e.sources?.length ? ` ${e.sources.join(' ')} ` : '',
      entry.body,
      entry.prevHash,
      entry.hash,
      entry.mac,
    );
    // Seal once the entry is committed: now, or once the caller's transaction has ended. A head
    // left behind by a crash in between is moved forward by `recover` (the MACs prove the
    // entries past it are ours); only a head AHEAD of the log means entries were removed.
    if (!this.db.inTransaction) this.sealHeadNow();
    else if (!this.sealPending) {
      this.sealPending = true;
      setImmediate(() => {
        this.sealPending = false;
        if (this.db.open) this.sealHeadNow();
      });
    }
    return seq;
  }

  /**
   * Seals the committed tail (a rolled-back append is simply not there). Only a head this profile
   * sealed is moved on: a head that is missing while the log has entries, unreadable or not MACed
   * with the key is what `verify` reports, and a new seal over it would bless whatever the log
   * holds now (a cut tail). Such a head is left as it is; the returned one is then not written.
   */
  sealHeadNow(): SealedHead {
    const last = this.db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    const key = this.key.key();
    const head = sealHead(key, last?.seq ?? 0, last?.hash ?? GENESIS_HASH);
    // Several processes may seal one profile's head (the app, the CLI): each writes its own
    // temporary file, and a head never moves back behind one another process sealed.
    const current = this.head();
    if (current && current.seq > head.seq) return current;
    const ours = current ? current.seq >= 0 && current.mac === headMac(key, current.seq, current.hash) : !last;
    if (!ours) return head;
    const tmp = `${this.headPath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writePrivateFile(tmp, JSON.stringify(head) + '\n');
    renameSync(tmp, this.headPath);
    return head;
  }

  head(): SealedHead | null {
    if (!existsSync(this.headPath)) return null;
    try {
      return Head.parse(JSON.parse(readFileSync(this.headPath, 'utf8')));
    } catch {
      return { seq: -1, hash: '', mac: '' };
    }
  }

  /**
   * After a crash between a commit and its seal: a head behind the log is moved forward over
   * entries that carry this profile's MACs. Nothing else is changed.
   */
  recover(): void {
    const head = this.head();
    if (!head || head.seq < 0) {
      if (!head && this.count() === 0) this.sealHeadNow();
      return;
    }
    const key = this.key.key();
    // Only an authentic head is moved forward, and only over our own entries that continue it.
    if (head.mac !== headMac(key, head.seq, head.hash)) return;
    const extra = this.db
      .prepare('SELECT seq, prev_hash, hash, mac FROM audit_log WHERE seq > ? ORDER BY seq')
      .all(head.seq) as { seq: number; prev_hash: string; hash: string; mac: string }[];
    if (extra.length === 0) return;
    const continues = extra.every(
      (e, i) =>
        e.seq === head.seq + i + 1 &&
        e.prev_hash === (i === 0 ? head.hash : extra[i - 1]!.hash) &&
        e.mac === entryMac(key, e.seq, e.hash),
    );
    if (continues) this.sealHeadNow();
  }

  /** The seq of the newest entry (0 when the log is empty). */
  lastSeq(): number {
    return (this.db.prepare('SELECT coalesce(max(seq), 0) AS s FROM audit_log').get() as { s: number }).s;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
  }

  entries(range?: { from: number; to: number }): StoredEntry[] {
    const rows = range
      ? this.db
          .prepare('SELECT seq, body, prev_hash, hash, mac FROM audit_log WHERE seq BETWEEN ? AND ? ORDER BY seq')
          .raw()
          .all(range.from, range.to)
      : this.allRowsStmt.all();
    return (rows as StoredRow[]).map(storedEntry);
  }

  /** The whole chain against the key and the sealed head. */
  verify(): VerifyResult {
    this.recover();
    const head = this.head();
    const stored = head ? 0 : this.count();
    if (!head)
      return stored === 0
        ? { ok: true, checked: 0, lastSeq: 0, lastHash: GENESIS_HASH }
        : {
            ok: false,
            checked: 0,
            lastSeq: 0,
            lastHash: GENESIS_HASH,
            problem: { seq: stored, kind: 'head', message: 'the sealed head of the log is missing' },
          };
    if (head.seq < 0)
      return {
        ok: false,
        checked: 0,
        lastSeq: 0,
        lastHash: GENESIS_HASH,
        problem: { seq: 0, kind: 'head', message: 'the sealed head of the log is unreadable' },
      };
    const o = { key: this.key.key(), head };
    return verifyRows(this.allRowsStmt.iterate() as Iterable<StoredRow>, o) ?? verifyChain(this.entries(), o);
  }

  list(f: AuditFilter = {}): AuditEntry[] {
    const where = new Where({ limit: pageSize(f.limit, 100, 1000) })
      .when('kind = @kind', { kind: f.kind })
      .when(`kind LIKE @kindPrefix ESCAPE '\\'`, {
        kindPrefix: f.kindPrefix ? `${likeLiteral(f.kindPrefix)}%` : undefined,
      })
      .when('tool = @tool', { tool: f.tool })
      .when('tool IN (SELECT value FROM json_each(@tools))', { tools: f.tools && JSON.stringify(f.tools) })
      .when('decision = @decision', { decision: f.decision })
      .when('rule = @rule', { rule: f.rule })
      .when('rule IN (SELECT value FROM json_each(@rules))', { rules: f.rules && JSON.stringify(f.rules) })
      .when('run_id = @runId', { runId: f.runId })
      .when(`sources LIKE @source ESCAPE '\\'`, { source: f.source ? `% ${likeLiteral(f.source)} %` : undefined })
      .when(`EXISTS (SELECT 1 FROM json_each(@anySource) j WHERE sources LIKE j.value ESCAPE '\\')`, {
        anySource: f.anySource && JSON.stringify(f.anySource.map((s) => `% ${likeLiteral(s)} %`)),
      })
      .when('at >= @from', { from: f.from })
      .when('at < @to', { to: f.to })
      .when('seq < @before', { before: f.before });
    const rows = this.db
      .prepare(`SELECT * FROM audit_log ${where} ORDER BY seq DESC LIMIT @limit`)
      .all(where.params) as Row[];
    return rows.map(toEntry);
  }

  /**
   * Every tool and rule the log names, and every label source: what a filter in words can mean.
   * Kept up as the log grows (it is append-only): each call reads only the entries past the last
   * one it read, so a long log is scanned once, not on every filter typed. Another process's
   * entries are read alike; the lists are read afresh when the entry last read is no longer the
   * same (rolled back, or the log was rebuilt).
   */
  named(): { tools: string[]; rules: string[]; sources: string[] } {
    const last = this.db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    let n = this.namedSoFar;
    const readUpTo = n?.seq
      ? (this.db.prepare('SELECT hash FROM audit_log WHERE seq = ?').pluck().get(n.seq) as string | undefined)
      : undefined;
    if (!n || (n.seq > 0 && readUpTo !== n.hash))
      n = { seq: 0, hash: '', tools: new Set(), rules: new Set(), sources: new Set() };
    if (last && last.seq > n.seq) {
      const rows = this.db
        .prepare('SELECT tool, rule, sources FROM audit_log WHERE seq > ? AND seq <= ?')
        .raw()
        .iterate(n.seq, last.seq) as Iterable<[string | null, string | null, string]>;
      for (const [tool, rule, sources] of rows) {
        if (tool !== null) n.tools.add(tool);
        if (rule !== null) n.rules.add(rule);
        for (const one of sources.split(' ')) if (one) n.sources.add(one);
      }
    }
    this.namedSoFar = { ...n, seq: last?.seq ?? 0, hash: last?.hash ?? '' };
    return { tools: [...n.tools], rules: [...n.rules], sources: [...n.sources] };
  }

  get(seq: number): AuditEntry | undefined {
    const r = this.db.prepare('SELECT * FROM audit_log WHERE seq = ?').get(seq) as Row | undefined;
    return r && toEntry(r);
  }
}

function toEntry(r: Row): AuditEntry {
  const body = JSON.parse(r.body) as { data?: Json };
  return {
    seq: r.seq,
    at: r.at,
    kind: r.kind,
    runId: r.run_id,
    tool: r.tool,
    decision: r.decision,
    rule: r.rule,
    sources: r.sources.trim() ? r.sources.trim().split(' ') : [],
    data: body.data ?? null,
  };
}
