import type { Migration } from '../migrate';
import { m001Initial } from './001-initial';
import { m002CalendarSync } from './002-calendar-sync';

/** Every migration, in order. Append only. */
export const MIGRATIONS: readonly Migration[] = [m001Initial, m002CalendarSync];
