import type { Db } from '../database';

export interface PolicyVersion {
  readonly version: number;
  readonly yaml: string;
  readonly changedBy: string;
  readonly changedAt: string;
  readonly note: string;
}

/** Policies, versioned: a save is a new version (who, when, why); the newest is in force. */
export class PoliciesRepo {
  constructor(private readonly db: Db) {}

  save(p: { yaml: string; changedBy: string; changedAt: string; note?: string }): number {
    return Number(
      this.db
        .prepare('INSERT INTO policies (yaml, changed_by, changed_at, note) VALUES (?, ?, ?, ?)')
        .run(p.yaml, p.changedBy, p.changedAt, p.note ?? '').lastInsertRowid,
    );
  }

  active(): PolicyVersion | undefined {
    return this.db
      .prepare(
        'SELECT version, yaml, changed_by AS changedBy, changed_at AS changedAt, note FROM policies ORDER BY version DESC LIMIT 1',
      )
      .get() as PolicyVersion | undefined;
  }

  history(limit = 50): PolicyVersion[] {
    return this.db
      .prepare(
        'SELECT version, yaml, changed_by AS changedBy, changed_at AS changedAt, note FROM policies ORDER BY version DESC LIMIT ?',
      )
      .all(limit) as PolicyVersion[];
  }
}
