/**
 * Optional filters as one WHERE clause with named parameters: a condition joins only when all
 * its values are given, so a list query reads as the filters it supports, not as if-chains.
 */
export type SqlValue = string | number;

export class Where {
  private readonly parts: string[] = [];
  readonly params: Record<string, SqlValue>;

  constructor(params: Record<string, SqlValue> = {}) {
    this.params = { ...params };
  }

  /** Adds `sql` (which names its parameters, `@name`) when every value is defined. */
  when(sql: string, values: Record<string, SqlValue | undefined>): this {
    if (Object.values(values).some((v) => v === undefined)) return this;
    this.parts.push(sql);
    Object.assign(this.params, values);
    return this;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** A page size within [1, max]. */
export const pageSize = (n: number | undefined, fallback: number, max: number): number =>
  Math.min(Math.max(n ?? fallback, 1), max);

/** Text matched literally by `LIKE … ESCAPE '\'`. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
