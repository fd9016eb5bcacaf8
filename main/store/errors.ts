/**
 * Why a database file could not be opened. Each kind says what was found and that the file was
 * left as it is: a store never "repairs" a file it does not understand by overwriting it.
 */
export type StoreErrorKind = 'corrupted' | 'foreign' | 'newer' | 'locked' | 'io';

export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}
