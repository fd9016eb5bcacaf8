/**
 * The listing writer thread (./listing-writer.ts): each session's slices written in the order
 * they come, one transaction each (or one for those that wait together), on a connection of its
 * own to the profile's database. After a failed slice the session refuses the rest, so nothing
 * is written past a gap.
 */
import { parentPort, receiveMessageOnPort } from 'node:worker_threads';
import { openSecondWriter, type Db } from '../store';
import { FolderStateRepo } from '../store/repos/folder-state';
import { MessagesRepo } from '../store/repos/messages';
import type { FromWriter, SliceText, ToWriter } from './listing-writer';
import { unpackStarts, withSnippets } from './listing-starts';

interface Session {
  readonly db: Db;
  readonly messages: MessagesRepo;
  readonly folderState: FolderStateRepo;
}

const port = parentPort;
if (!port) throw new Error('listing-writer-worker.ts runs in a worker thread');

const sessions = new Map<number, Session>();
/** Why a session's earlier slice (or its connection) failed. */
const failed = new Map<number, string>();

function open(path: string): Session {
  const db = openSecondWriter(path);
  return { db, messages: new MessagesRepo(db), folderState: new FolderStateRepo(db) };
}

type SliceJob = Extract<ToWriter, { slice: string }>;

/**
 * Slices of a session that wait together are written in one transaction, up to this many: a
 * commit costs about what 50 rows do (the random-keyed indexes dirty most of their pages again at
 * each one), and when slices wait the writer is the slower thread.
 */
const MERGED = 5;

/** Opens a session's connection and reads the schema (the first statement would), before its first slice. */
function start(job: Extract<ToWriter, { open: true }>): FromWriter {
  try {
    const s = open(job.path);
    sessions.set(job.session, s);
    s.db.prepare('SELECT 1 FROM messages LIMIT 0').all();
    return { id: job.id };
  } catch (e) {
    const error = (e as Error).message;
    failed.set(job.session, error);
    return { id: job.id, error };
  }
}

function close(job: Extract<ToWriter, { close: true }>): FromWriter {
  sessions.get(job.session)?.db.close();
  sessions.delete(job.session);
  failed.delete(job.session);
  return { id: job.id };
}

/** Writes slices of one session in one transaction, their folder's progress that of the last one. */
function write(jobs: readonly SliceJob[]): FromWriter[] {
  const { session, path } = jobs[0]!;
  const refused = failed.get(session);
  if (refused !== undefined) return jobs.map((j) => ({ id: j.id, error: refused }));
  try {
    let s = sessions.get(session);
    if (!s) sessions.set(session, (s = open(path)));
    const { messages, folderState } = s;
    const slices = jobs.map((j) => {
      const { rows, progress, bounds } = JSON.parse(j.slice) as SliceText;
      // The snippets are read here (the sync's thread handed over their bytes).
      return { rows: withSnippets({ rows, starts: j.bytes && bounds && unpackStarts(j.bytes, bounds) }), progress };
    });
    // IMMEDIATE: the write lock is taken at BEGIN, so a write on the main connection meanwhile
    // makes this one wait (busy_timeout), where a read first and a write after would fail at once.
    s.db
      .transaction(() => {
        // One call for them all: the search index takes their terms in one statement (FTS5 writes a
        // segment at each, and merges them later: per slice, about a tenth of a slice's cost).
        messages.upsertMany(slices.flatMap((slice) => slice.rows));
        folderState.put(slices[slices.length - 1]!.progress);
      })
      .immediate();
    return jobs.map((j) => ({ id: j.id }));
  } catch (e) {
    // The whole transaction is rolled back: none of its slices is written, nor any after them.
    const error = (e as Error).message;
    failed.set(session, error);
    return jobs.map((j) => ({ id: j.id, error }));
  }
}

/** Each job in the order sent; slices of one session that are already waiting, together. */
port.on('message', (job: ToWriter) => {
  for (let next: ToWriter | undefined = job; next;) {
    if (!('slice' in next)) {
      port.postMessage('open' in next ? start(next) : close(next));
      next = undefined;
      continue;
    }
    const together: SliceJob[] = [next];
    next = undefined;
    while (together.length < MERGED) {
      const waiting = receiveMessageOnPort(port)?.message as ToWriter | undefined;
      if (!waiting) break;
      if (!('slice' in waiting) || waiting.session !== together[0]!.session) {
        next = waiting;
        break;
      }
      together.push(waiting);
    }
    for (const answer of write(together)) port.postMessage(answer);
  }
});
