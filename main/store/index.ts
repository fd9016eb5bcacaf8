export {
  commitWithoutFsync,
  openDatabase,
  openReadOnly,
  openSecondWriter,
  APPLICATION_ID,
  type Db,
  type OpenOptions,
} from './database';
export { StoreError, type StoreErrorKind } from './errors';
export { migrate, schemaVersion, type Migration } from './migrate';
export { MIGRATIONS } from './migrations';
