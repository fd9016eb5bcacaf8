/**
 * The mail of a run in the engine worker, read by the worker itself: it opens the profile's
 * database read-only, beside the main process that writes it (WAL lets both go on), and reads
 * the mail as the plan asks (store-email-source.ts), exactly as a run in the main thread does.
 * Nothing of the mailbox crosses between the threads, so a worker run starts at once at any
 * mailbox size; the worker still runs the plan on its own heap and clock, so a runaway plan never
 * blocks the main process.
 */
import type { EmailSource } from '../../engine/world/email-source';
import { openReadOnly } from '../store';
import { AccountsRepo } from '../store/repos/accounts';
import { WorldMailRepo } from '../store/repos/world-mail';
import { storeEmailSource } from './store-email-source';

/** Where a run's mail is: what the main process tells the worker (engine-host/protocol.ts). */
export interface StoreMail {
  /** The profile's database file. */
  readonly database: string;
  readonly accountId: string;
  /** Only the newest this many messages (a triage run's). */
  readonly newest?: number;
}

/** The run's mail source over its own read-only connection, and the closing of that connection. */
export function openStoreMail(m: StoreMail): { source: EmailSource; close(): void } {
  const db = openReadOnly(m.database);
  try {
    const account = new AccountsRepo(db).get(m.accountId);
    if (!account) throw new Error(`the run's account ${m.accountId} is not in ${m.database}`);
    // Dates as the worker's runs always gave them: their world used to cross as a world file.
    const source = storeEmailSource(new WorldMailRepo(db), account, {
      worldFileDates: true,
      ...(m.newest !== undefined ? { newest: m.newest } : {}),
    });
    return { source, close: () => db.close() };
  } catch (e) {
    db.close();
    throw e;
  }
}
