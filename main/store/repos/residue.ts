import { COLLECTIONS, type Collection, type StoredLabel } from '../../../engine/world';
import type { Db } from '../database';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** A stored label, or an error naming the row and what it holds instead. */
function labelOf(text: string, where: string): StoredLabel {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = text;
  }
  const o = v as Partial<Record<keyof StoredLabel, unknown>> | null;
  if (
    o !== null &&
    typeof o === 'object' &&
    isStrings(o.sources) &&
    isStrings(o.untrusted) &&
    isStrings(o.caps) &&
    (o.readers === 'public' || isStrings(o.readers))
  )
    return { sources: o.sources, untrusted: o.untrusted, readers: o.readers, caps: o.caps };
  throw new Error(`${where}: expected a label {sources, untrusted, readers, caps}, found ${text.slice(0, 200)}`);
}

/**
 * What runs may have written unseen, per account and collection (engine/world/residue.ts). It
 * only grows: `set` is given the join of the stored label and the new one.
 */
export class ResidueRepo {
  constructor(private readonly db: Db) {}

  get(accountId: string): Partial<Record<Collection, StoredLabel>> {
    const rows = this.db.prepare('SELECT collection, label FROM residue WHERE account_id = ?').all(accountId) as {
      collection: string;
      label: string;
    }[];
    const out: Partial<Record<Collection, StoredLabel>> = {};
    for (const r of rows) {
      const where = `residue of account ${accountId}, collection ${JSON.stringify(r.collection)}`;
      const c = COLLECTIONS.find((x) => x === r.collection);
      if (!c) throw new Error(`${where}: expected one of ${COLLECTIONS.join(', ')}`);
      out[c] = labelOf(r.label, where);
    }
    return out;
  }

  set(accountId: string, collection: Collection, label: StoredLabel): void {
    this.db
      .prepare(
        'INSERT INTO residue (account_id, collection, label) VALUES (?, ?, ?) ON CONFLICT (account_id, collection) DO UPDATE SET label = excluded.label',
      )
      .run(accountId, collection, JSON.stringify(label));
  }
}
