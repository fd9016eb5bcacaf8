/**
 * Where a first sync's listings are written. A listing costs the main thread its share of the
 * fetch (imapflow reading the socket), its header block and snippet, and its row; the rows (an
 * INSERT into a table with eight indexes, the conversation lookup, the search index, the commit)
 * are the biggest part. A sync of more than one page hands them, slice by slice, to a writer
 * thread with its own connection to the profile's database (WAL: the main connection keeps
 * reading and writing beside it), so the two cores overlap: this thread reads and builds the next
 * slice while the writer commits the last one. One writer thread serves the whole process, started
 * at the first big sync and kept (idle, it holds nothing open and does not keep the process
 * alive); each sync pass has its own session, a connection opened as the pass starts and closed
 * at its end.
 *
 * Slices are written in the order given, a few in one transaction with the folder's progress
 * after the last of them (`HANDOVER_ROWS`); after a failed slice nothing more of that session is
 * written, and the sync fails with that error, so a later pass lists again whatever is missing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { commitWithoutFsync, type Db } from '../store';
import type { FolderState, Repositories, StoredMessage } from '../store/repositories';
import { packStarts, withSnippets } from './listing-starts';
import type { MessageStart } from './message-start';

/** One slice of listings and the folder's progress after it, written in one transaction. */
export interface ListingSlice {
  readonly rows: readonly StoredMessage[];
  /**
   * Where given, each row's start (by index; none: an empty snippet), whose snippet the sink
   * makes the row's body (`withSnippets`): a session's in the writer thread when it has nothing
   * left to do, else in the sync's thread as it hands the rows over (whichever has time).
   */
  readonly starts?: readonly (MessageStart | undefined)[];
  readonly progress: Pick<FolderState, 'accountId' | 'folder' | 'updatedAt'> & { readonly syncedThrough: number };
}

/** A slice as the writer thread is sent it: JSON, with the starts' `bounds` in `bytes`, if any. */
export interface SliceText {
  readonly rows: readonly StoredMessage[];
  readonly progress: ListingSlice['progress'];
  readonly bounds?: readonly number[];
}

/** A sync pass's way to store its slices. */
export interface ListingSink {
  /**
   * Writes a slice, or hands it on; resolves when the next one may be given (a few wait at most).
   * Rejects with the first failure.
   */
  write(slice: ListingSlice): Promise<void>;
  /**
   * Resolves when every slice given so far is committed (not those given after the call); rejects
   * with the first failure.
   */
  flush(): Promise<void>;
  /** Waits for every slice given to be committed or refused, then lets the connection go. Never rejects. */
  close(): Promise<void>;
  /** Whether a slice given now is written at once (the writer's connection is open, nothing failed). */
  ready(): boolean;
}

/**
 * Slices handed to the writer and not committed yet, at most: the one it writes and those after,
 * so that this thread builds on while the writer catches up (and the other way round).
 */
const AHEAD = 4;

/**
 * Rows handed to the writer together while it is busy, at least (but for a page's last): each
 * transaction of the writer, and each statement that indexes rows for search (FTS5 writes a
 * segment at each and merges them later), costs about what fifty rows do, so three of the sync's
 * slices go as one. A writer with nothing to do gets each slice at once (waiting for 600 rows left
 * it idle for a third of a pass, and its last transaction after this thread's end). The rows are
 * still built a slice at a time, between foreground turns; the writer holds the write lock a few
 * tens of milliseconds at most.
 */
const HANDOVER_ROWS = 600;

/** Writes each slice in this thread, at once. */
export function inThreadSink(db: Db, repos: Pick<Repositories, 'messages' | 'folderState'>): ListingSink {
  const done = Promise.resolve();
  return {
    write(slice) {
      // Not waited onto the disk: a page a power cut takes is listed again by the next pass.
      commitWithoutFsync(db, () => {
        repos.messages.upsertMany(withSnippets(slice));
        repos.folderState.put(slice.progress);
      });
      return done;
    },
    flush: () => done,
    close: () => done,
    ready: () => true,
  };
}

/**
 * A session's start (its connection opened, and the schema read, before its first slice comes), a
 * slice of it (as JSON: one string is copied to the thread in a fraction of the time a structured
 * clone of its rows takes, on the thread that also reads the socket), or the session's end.
 */
type Job =
  | { readonly session: number; readonly path: string; readonly open: true }
  | { readonly session: number; readonly path: string; readonly slice: string; readonly bytes?: ArrayBuffer }
  | { readonly session: number; readonly close: true };

/** What the writer thread is sent: a job and the id its answer names. */
export type ToWriter = Job & { readonly id: number };

/** Its answer to each: done, or why not. */
export interface FromWriter {
  readonly id: number;
  readonly error?: string;
}

/** The built worker next to the bundled code (the CLI's out/cli, Electron's out/main), else the source through tsx. */
function workerScript(): URL {
  const built = new URL('./listing-writer.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./listing-writer-entry.mjs', import.meta.url);
}

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
}

export class ListingWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 1;
  private nextSession = 1;

  /**
   * A sync pass's sink writing into the database at `path`; the thread starts now if it is not
   * running, and opens the session's connection at once: while this thread fetches and writes the
   * first page, the writer gets ready for the second (`ready()`: the first page goes to the writer
   * too once it is).
   */
  session(path: string): ListingSink {
    const session = this.nextSession++;
    /** Jobs handed over and not answered yet, oldest first. */
    const waiting: Promise<void>[] = [];
    let failure: Error | undefined;
    /** Hands a job over; returns its answer, whose failure is also kept in `failure`. */
    const handOver = (job: Job): Promise<void> => {
      const sent = this.send(job);
      const answered = sent.then(
        () => {
          waiting.splice(waiting.indexOf(answered), 1);
          // The writer has nothing left: what this thread holds goes now rather than at 600 rows.
          if (!waiting.length && !failure) handOverHeld();
        },
        (e: Error) => {
          waiting.splice(waiting.indexOf(answered), 1);
          failure ??= e;
        },
      );
      waiting.push(answered);
      // Its failure is read through `failure`; meanwhile it is not unhandled.
      sent.catch(() => undefined);
      return sent;
    };
    /** Settles when every job given so far is answered: the thread answers in order. */
    let last = handOver({ session, path, open: true });
    let opened = false;
    void last.then(() => (opened = true)).catch(() => undefined);
    /** Slices given and not handed over yet (fewer than HANDOVER_ROWS rows). */
    let held: ListingSlice[] = [];
    /**
     * The held slices as one, written with the last one's progress. The snippets are read by
     * whichever thread has time: the writer when it has nothing left to do, else this thread (the
     * writer still busy with earlier hand-overs is then the slower one).
     */
    const handOverHeld = () => {
      if (!held.length) return;
      const here = waiting.length > 0;
      const rows = held.flatMap((h) => (here ? withSnippets(h) : h.rows));
      const starts =
        !here && held.some((h) => h.starts) ? held.flatMap((h) => h.starts ?? h.rows.map(() => undefined)) : null;
      const progress = held.at(-1)!.progress;
      held = [];
      if (!starts) return void (last = handOver({ session, path, slice: JSON.stringify({ rows, progress }) }));
      const { bytes, bounds } = packStarts(starts);
      last = handOver({ session, path, slice: JSON.stringify({ rows, progress, bounds } satisfies SliceText), bytes });
    };
    return {
      write: async (slice) => {
        if (failure) throw failure;
        held.push(slice);
        if (!waiting.length || held.reduce((n, h) => n + h.rows.length, 0) >= HANDOVER_ROWS) handOverHeld();
        while (waiting.length >= AHEAD && !failure) await waiting[0];
        if (failure) throw failure;
      },
      flush: async () => {
        handOverHeld();
        await last.catch(() => undefined);
        if (failure) throw failure;
      },
      close: async () => {
        handOverHeld();
        await Promise.all(waiting);
        await this.send({ session, close: true }).catch(() => undefined);
      },
      ready: () => opened && !failure,
    };
  }

  /** Stops the thread (its sessions' unwritten slices fail). */
  async terminate(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.failAll('the listing writer was stopped');
    await w?.terminate();
  }

  private send(job: Job): Promise<void> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...job, id } satisfies ToWriter, 'bytes' in job && job.bytes ? [job.bytes] : []);
    });
  }

  private spawn(): Worker {
    const worker = new Worker(workerScript());
    worker.on('message', (m: FromWriter) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error === undefined) w?.resolve();
      else w?.reject(new Error(`listings not written: ${m.error}`));
      // Idle, the thread does not keep the process alive.
      if (!this.waiting.size) worker.unref();
    });
    const gone = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(why);
      void worker.terminate();
    };
    worker.on('error', (e) => gone(`the listing writer crashed: ${e.message}`));
    worker.on('exit', (code) => gone(`the listing writer stopped (exit code ${code})`));
    worker.unref();
    return worker;
  }

  private failAll(why: string): void {
    for (const w of this.waiting.values()) w.reject(new Error(why));
    this.waiting.clear();
  }
}

let shared: ListingWriter | undefined;

/** The process's writer thread (started at its first session). */
export const sharedListingWriter = (): ListingWriter => (shared ??= new ListingWriter());
