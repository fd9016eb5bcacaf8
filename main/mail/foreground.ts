/**
 * Mail a person is waiting for goes ahead of a sync's background pages. A first sync of a big
 * mailbox lists and fills pages for minutes, each page a stretch of main-thread work (rows built,
 * a transaction written); a message opened meanwhile is fetched on its own connection, but every
 * one of its round trips (connect, log in, select, fetch) waited for the page in hand to finish,
 * so an open took seconds. Now a reader's fetch runs `inForeground`, and the sync calls
 * `backgroundTurn` between its slices of work: it gives the event loop a turn, then waits while
 * any foreground work on the same store is underway.
 */
import type { Db } from '../store';

interface Waiting {
  count: number;
  /** Resolves when `count` falls to 0. */
  done: Promise<void>;
  release: () => void;
}

/** Foreground work underway, per store (the sync and the reader share the profile's database). */
const underway = new WeakMap<Db, Waiting>();

/** Runs a reader's fetch ahead of the store's background sync work. */
export async function inForeground<T>(db: Db, work: () => Promise<T>): Promise<T> {
  let w = underway.get(db);
  if (!w) {
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    w = { count: 0, done, release };
    underway.set(db, w);
  }
  w.count++;
  try {
    return await work();
  } finally {
    if (--w.count === 0) {
      underway.delete(db);
      w.release();
    }
  }
}

/** A pause between slices of background work: one event-loop turn, then none while a reader waits. */
export async function backgroundTurn(db: Db): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (let w = underway.get(db); w; w = underway.get(db)) await w.done;
}
