import type { Migration } from '../migrate';
import { m001Initial } from './001-initial';

/** Every migration, in order. Append only. */
export const MIGRATIONS: readonly Migration[] = [m001Initial];
