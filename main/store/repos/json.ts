/** JSON columns: written with JSON.stringify, read back with a type the writer guarantees. */
export const toJson = (v: unknown): string => JSON.stringify(v ?? null);
export const fromJson = <T>(s: string | null | undefined, fallback: T): T => (s ? (JSON.parse(s) as T) : fallback);
